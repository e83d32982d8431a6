// @vitest-environment jsdom
// The page's one live region: added to document.body on first use, shared by every checkout on
// the page, and keeping each announcement for at least ten seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MS, announce, resetLiveRegion } from '../../src/checkout/live-region.js';

const regions = () => document.querySelectorAll('[role="status"]');
const ENGLISH = { lang: 'en', dir: 'ltr' } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetLiveRegion();
  vi.useRealTimers();
});

describe('announce', () => {
  it('adds one polite region to the body on first use, and no more after', () => {
    expect(regions()).toHaveLength(0);
    announce('Ready to pay.', ENGLISH);
    announce('Processing your payment.', ENGLISH);
    expect(regions()).toHaveLength(1);
    const region = regions()[0]!;
    expect(region.parentElement).toBe(document.body);
    expect(region.getAttribute('aria-live')).toBe('polite');
    // Only what is added is read, not the whole region again.
    expect(region.getAttribute('aria-atomic')).toBe('false');
    expect(region.textContent).toBe('Ready to pay.Processing your payment.');
  });

  it('keeps each announcement for ten seconds, whatever comes after it', () => {
    expect(ANNOUNCEMENT_MS).toBeGreaterThanOrEqual(10_000);
    announce('Processing your payment.', ENGLISH);
    vi.advanceTimersByTime(4_000);
    announce('Payment submitted.', ENGLISH);
    vi.advanceTimersByTime(ANNOUNCEMENT_MS - 4_001);
    expect(regions()[0]?.textContent).toBe('Processing your payment.Payment submitted.');
    vi.advanceTimersByTime(1);
    expect(regions()[0]?.textContent).toBe('Payment submitted.');
    vi.advanceTimersByTime(4_000);
    expect(regions()[0]?.textContent).toBe('');
    // The region itself stays, ready for the next checkout on the page.
    expect(regions()).toHaveLength(1);
  });

  it('says each line in its own language and direction, for the screen reader to choose its voice', () => {
    announce('Pago enviado.', { lang: 'es', dir: 'ltr' });
    announce('أُرسلت الدفعة.', { lang: 'ar', dir: 'rtl' });
    const lines = [...regions()[0]!.children].map((line) => [
      line.getAttribute('lang'),
      line.getAttribute('dir'),
    ]);
    expect(lines).toEqual([
      ['es', 'ltr'],
      ['ar', 'rtl'],
    ]);
  });

  it('shares the region with another copy of the library on the page', async () => {
    announce('First.', ENGLISH);
    const existing = regions()[0];
    vi.resetModules();
    const otherCopy = await import('../../src/checkout/live-region.js');
    otherCopy.announce('Second.', ENGLISH);
    expect(regions()).toHaveLength(1);
    expect(regions()[0]).toBe(existing);
    expect(existing?.textContent).toBe('First.Second.');
  });
});
