// Every view of the checkout under `style-src 'self'`: no `style` attribute and no <style>
// element, which such a policy refuses. (Every other component test is watched for them too, by
// setupSandbox; this file makes sure each view is reached at least once.)
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutView } from '../../src/index.js';
import { ChargebackScript } from '../../src/index.js';
import { BASE_URL, checkoutRegion, mountCheckout, payButton, setupSandbox } from './helpers.js';

const { sandbox, server } = setupSandbox();
const PURCHASE = `${BASE_URL}/api/checkout/ach/:merchantId`;

const mount = (customerId: string, options?: Parameters<typeof mountCheckout>[2]) =>
  mountCheckout(sandbox, customerId, options);

async function pay(customerId: string): Promise<void> {
  const { user } = await mount(customerId);
  await user.click(await payButton());
}

// How a payer meets each view. `satisfies` makes a new view a type error until it is placed here.
const reachView = {
  invalid: async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount('alice', { checkout: { email: 'not-an-email' } });
  },
  loading: () => mount('alice'),
  'load-error': async () => {
    server.use(http.get(`${BASE_URL}/api/customer/v2`, () => HttpResponse.error()));
    await mount('alice');
  },
  expired: () => mount(`test_expired-${crypto.randomUUID()}`),
  blocked: () => mount('test_blocked-1'),
  verification: () => pay('test_verify-1'),
  'no-bank-accounts': () => mount('test_no_bank-1'),
  'device-required': () => mount('test_cbp-1', { extra: <ChargebackScript /> }),
  ready: () => mount('alice'),
  submitting: async () => {
    server.use(http.post(PURCHASE, () => delay('infinite')));
    await pay('alice');
  },
  declined: () => pay('test_decline-1'),
  unconfirmed: async () => {
    server.use(http.post(PURCHASE, () => HttpResponse.error()));
    await pay('alice');
  },
  failed: async () => {
    server.use(
      http.post(PURCHASE, () =>
        HttpResponse.json({ message: 'slow down', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    await pay('alice');
  },
  success: () => pay('alice'),
} satisfies Record<CheckoutView, () => Promise<unknown>>;

describe('the checkout under a strict style-src', () => {
  it.each(Object.keys(reachView) as CheckoutView[])(
    'has no style attribute and no <style> element when %s',
    async (view) => {
      await reachView[view]();
      await waitFor(() => expect(checkoutRegion()).toHaveAttribute('data-state', view));
      expect(document.querySelectorAll('[style], style')).toHaveLength(0);
      vi.restoreAllMocks();
    },
  );
});
