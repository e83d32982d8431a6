// @vitest-environment jsdom
// The script loader works on the page's <script> tags, so it runs in jsdom.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptLoadError } from '../../src/core/errors.js';
import { loadScript, resetScriptCache } from '../../src/checkout/script-loader.js';

const SRC = 'https://fingerprint.example.test/device.js';

const tags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script'));
const fire = (type: 'load' | 'error') =>
  tags().forEach((tag) => tag.dispatchEvent(new Event(type)));

/** Whether a promise has settled, without waiting on a clock. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

afterEach(() => {
  resetScriptCache();
  tags().forEach((tag) => tag.remove());
});

describe('loadScript', () => {
  it('adds nothing to the page at import', async () => {
    await import('../../src/index.js');
    expect(tags()).toHaveLength(0);
  });

  it('injects one async tag per src, however often it is called', async () => {
    const first = loadScript(SRC);
    const second = loadScript(SRC);
    expect(second).toBe(first);
    expect(tags()).toHaveLength(1);
    expect(tags()[0]).toHaveAttribute('src', SRC);
    expect(tags()[0]?.async).toBe(true);
    fire('load');
    await expect(first).resolves.toBeUndefined();
    expect(loadScript(SRC)).toBe(first);
    expect(tags()).toHaveLength(1);
  });

  it('sets the CSP nonce on the tag', () => {
    void loadScript(SRC, { nonce: 'n0nce' });
    expect(tags()[0]?.getAttribute('nonce') ?? tags()[0]?.nonce).toBe('n0nce');
  });

  it('reuses a tag already on the page without assuming it has loaded', async () => {
    const existing = document.createElement('script');
    existing.src = SRC;
    document.head.appendChild(existing);
    const loading = loadScript(SRC)!;
    expect(tags()).toHaveLength(1);
    expect(await settled(loading)).toBe(false);
    existing.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('treats an existing tag as loaded when its script says so', async () => {
    const existing = document.createElement('script');
    existing.src = SRC;
    document.head.appendChild(existing);
    await expect(loadScript(SRC, { isLoaded: () => true })).resolves.toBeUndefined();
    expect(tags()).toHaveLength(1);
  });

  it('joins a tag another copy of the library has already loaded', async () => {
    const other = document.createElement('script');
    other.src = SRC;
    other.setAttribute('data-sc-status', 'loaded');
    document.head.appendChild(other);
    await expect(loadScript(SRC)).resolves.toBeUndefined();
    expect(tags()).toEqual([other]);
  });

  it("keeps a merchant's failed tag until the next call replaces it", async () => {
    const merchantTag = document.createElement('script');
    merchantTag.src = SRC;
    document.head.appendChild(merchantTag);
    const failed = loadScript(SRC, { nonce: 'n0nce' })!;
    merchantTag.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(ScriptLoadError);
    expect(tags()).toEqual([merchantTag]);

    void loadScript(SRC, { nonce: 'n0nce' });
    expect(tags()).toHaveLength(1);
    expect(tags()[0]).not.toBe(merchantTag);
    expect(tags()[0]?.getAttribute('nonce') ?? tags()[0]?.nonce).toBe('n0nce');
  });

  it('a failure rejects with ScriptLoadError, drops its tag and lets the next call retry', async () => {
    const failed = loadScript(SRC)!;
    fire('error');
    await expect(failed).rejects.toBeInstanceOf(ScriptLoadError);
    await expect(failed).rejects.toMatchObject({ kind: 'script_load', src: SRC });
    expect(tags()).toHaveLength(0);

    const retried = loadScript(SRC)!;
    expect(retried).not.toBe(failed);
    expect(tags()).toHaveLength(1);
    fire('load');
    await expect(retried).resolves.toBeUndefined();
  });

  it('gives up after the timeout, and a later call tries again', async () => {
    const stalled = loadScript(SRC, { timeoutMs: 5 })!;
    await expect(stalled).rejects.toThrow(/no load event within 5 ms/);
    expect(tags()).toHaveLength(0);
    void loadScript(SRC);
    expect(tags()).toHaveLength(1);
  });
});
