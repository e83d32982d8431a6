// <Checkout jwtToken>: the purchase the merchant's server signed is what the payer sees and
// what is charged; props beside the token may only repeat it.
import { screen, within } from '@testing-library/react';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, type CheckoutProps } from '../../src/index.js';
import {
  checkoutRegion,
  checkoutRequests,
  mountCheckout,
  purchase,
  setupSandbox,
} from './helpers.js';

const { sandbox, requests } = setupSandbox();

/** What the merchant's server decided: two lines that add up to $74.98. */
const signedPurchase = {
  subtotal: { cents: 7498, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Starter bundle', price: '74.98', quantity: 1, orderId: 'ord_1' },
  email: 'alice@example.com',
} as const;

async function mountWithToken(
  checkout: Partial<CheckoutProps>,
  options: { strict?: boolean; customerId?: string } = {},
) {
  const jwtToken = await sandbox.mintCheckoutToken({
    ...signedPurchase,
    customerId: options.customerId ?? 'alice',
  });
  const mounted = await mountWithProps({ jwtToken, ...checkout }, options.strict);
  return { ...mounted, jwtToken };
}

/** A checkout with exactly these purchase props (the helpers' standard purchase left out). */
function mountWithProps(checkout: Partial<CheckoutProps>, strict = false) {
  const cleared = Object.fromEntries(Object.keys(purchase).map((name) => [name, undefined]));
  return mountCheckout(sandbox, 'alice', {
    strict,
    checkout: { ...cleared, ...checkout } as Partial<CheckoutProps>,
  });
}

async function payOnce(user: { click: (element: Element) => Promise<void> }, amount: string) {
  await user.click(await screen.findByRole('button', { name: `Pay ${amount}` }));
  await screen.findByText('Payment submitted');
}

describe('<Checkout jwtToken>', () => {
  it("shows the token's purchase and charges exactly it, sending the token", async () => {
    const { user, onSuccess, jwtToken } = await mountWithToken({});
    expect(await screen.findByText('Starter bundle')).toBeInTheDocument();
    expect(within(checkoutRegion()).getByText('alice@example.com')).toBeInTheDocument();
    await payOnce(user, '$74.98');

    expect(sandbox.payments).toHaveLength(1);
    expect(sandbox.payments[0]!.subtotal).toEqual({ cents: 7498, currency: 'USD' });
    const sent = JSON.parse(checkoutRequests(requests)[0]!.body) as Record<string, unknown>;
    expect(sent.jwtToken).toBe(jwtToken);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({
      subtotal: signedPurchase.subtotal,
      webhookInfo: { orderId: 'ord_1' },
    });
  });

  it('pays once under StrictMode', async () => {
    const { user, onSuccess } = await mountWithToken({}, { strict: true });
    await payOnce(user, '$74.98');
    expect(checkoutRequests(requests)).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("takes props that repeat the token's, and order lines that add up to it", async () => {
    const { user } = await mountWithToken({
      subtotal: { cents: 7498, currency: 'USD' },
      email: 'alice@example.com',
      items: [
        { name: 'Gold pack', quantity: 2, amount: { cents: 3998, currency: 'USD' } },
        { name: 'Silver pack', quantity: 1, amount: { cents: 3500, currency: 'USD' } },
      ],
    });
    expect(await screen.findByText('Silver pack')).toBeInTheDocument();
    await payOnce(user, '$74.98');
    expect(sandbox.payments[0]!.subtotal.cents).toBe(7498);
  });

  it('refuses a prop that differs from the token, naming it, and sends no purchase', async () => {
    const { onError } = await mountWithToken({
      subtotal: { cents: 100, currency: 'USD' },
      settlementType: 'USDC',
    });
    const region = checkoutRegion();
    expect(within(region).getByText('This checkout is not set up correctly')).toBeInTheDocument();
    expect(region).toHaveTextContent("subtotal differs from the jwtToken's");
    expect(region).not.toHaveTextContent('settlementType');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ConfigError);
    expect(checkoutRequests(requests)).toHaveLength(0);
  });

  it('refuses order lines that do not add up to the signed amount', async () => {
    await mountWithToken({
      items: [{ name: 'Gold pack', quantity: 1, amount: { cents: 100, currency: 'USD' } }],
    });
    expect(checkoutRegion()).toHaveTextContent('items must add up to the subtotal, $74.98');
  });

  it('refuses a token that is not a JWT, without repeating it', async () => {
    const { onError } = await mountWithProps({ jwtToken: 'not-a-token-secret' });
    const region = checkoutRegion();
    expect(region).toHaveTextContent('jwtToken a JWT has three dot-separated parts');
    expect(region).not.toHaveTextContent('not-a-token-secret');
    expect(String(onError.mock.calls[0]![0])).not.toContain('not-a-token-secret');
  });

  it('refuses a token made for another merchant', async () => {
    const other = await new SignJWT({ ...signedPurchase, merchantId: 'merchant_other' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      // Copied into this realm's Uint8Array: jose refuses the test environment's own.
      .sign(new Uint8Array(new TextEncoder().encode('another merchant')));
    await mountWithProps({ jwtToken: other });
    expect(checkoutRegion()).toHaveTextContent(
      `jwtToken was made for another merchant than merchantId "${sandbox.merchantId}"`,
    );
  });

  it('without a token, the purchase props are required as before', async () => {
    await mountWithProps({ email: 'alice@example.com' });
    expect(checkoutRegion()).toHaveTextContent('subtotal');
    expect(checkoutRegion()).toHaveTextContent('settlementType');
  });

  it("a token bound to another customer is the service's refusal, reported once", async () => {
    const { user, onError } = await mountWithToken({}, { customerId: 'bob' });
    await user.click(await screen.findByRole('button', { name: 'Pay $74.98' }));
    expect(await screen.findByText("The payment didn't go through")).toBeInTheDocument();
    expect(sandbox.payments).toHaveLength(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(String(onError.mock.calls[0]![0])).toContain('403');
  });
});
