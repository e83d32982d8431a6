// Server rendering: the browser entry imports and renders under Node with no DOM at all.
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionKey } from '../support/jwt.js';

const sessionKey = fakeSessionKey({
  customerId: 'alice',
  merchantId: 'merchant_sandbox',
  iat: 1_700_000_000,
  exp: 4_102_444_800,
});

const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
  email: 'alice@example.com',
} as const;

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.reject(new Error('no network on the server')));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe('server rendering', () => {
  it('runs in an environment without window or document', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('imports the entry without touching browser globals', async () => {
    const entry = await import('../../src/index.js');
    expect(typeof entry.Checkout).toBe('function');
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders a provider with a checkout and the chargeback script: loading, no request, no script', async () => {
    const { Checkout, CheckoutProvider, ChargebackScript, loadScript } =
      await import('../../src/index.js');
    const onSuccess = vi.fn();
    const html = renderToString(
      <StrictMode>
        <CheckoutProvider
          sessionKey={sessionKey}
          merchantId="merchant_sandbox"
          env="local"
          locale="en"
        >
          <ChargebackScript />
          <Checkout {...purchase} onSuccess={onSuccess} />
        </CheckoutProvider>
      </StrictMode>,
    );
    expect(html).toContain('class="sc-checkout"');
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('Loading your payment details');
    expect(html).not.toContain('<script');
    expect(html).not.toContain(sessionKey);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(loadScript('https://example.test/device.js')).toBeNull();
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it("renders with the app's QueryClient and leaves its cache without a fetched customer", async () => {
    const { Checkout, CheckoutProvider } = await import('../../src/index.js');
    const queryClient = new QueryClient();
    renderToString(
      <CheckoutProvider
        sessionKey={sessionKey}
        merchantId="merchant_sandbox"
        env="local"
        queryClient={queryClient}
      >
        <Checkout {...purchase} onSuccess={() => {}} />
      </CheckoutProvider>,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    const states = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.status);
    expect(states.every((status) => status === 'pending')).toBe(true);
  });

  it('renders invalid props as the visible error state, without throwing', async () => {
    const { Checkout, CheckoutProvider } = await import('../../src/index.js');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(
      <CheckoutProvider
        sessionKey={sessionKey}
        merchantId="merchant_sandbox"
        env="local"
        locale="en"
      >
        <Checkout {...purchase} email="nope" onSuccess={() => {}} />
      </CheckoutProvider>,
    );
    expect(html).toContain('data-state="invalid"');
    consoleError.mockRestore();
  });

  it('renders, for the browser\'s languages ("auto", the default), a loading view without a word', async () => {
    const { Checkout, CheckoutProvider } = await import('../../src/index.js');
    const html = renderToString(
      <CheckoutProvider sessionKey={sessionKey} merchantId="merchant_sandbox" env="local">
        <Checkout {...purchase} onSuccess={() => {}} />
      </CheckoutProvider>,
    );
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('aria-busy="true"');
    // No language is known yet: no word, and no lang to claim one.
    expect(html.replace(/<[^>]*>/g, '')).toBe('');
    expect(html).not.toContain('lang=');
  });
});
