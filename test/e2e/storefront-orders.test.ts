// The storefront as a merchant's backend, in Debian's Chromium: the server prices the order,
// and only the service's signed webhooks move it to paid, returned or failed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import {
  checkoutWithProduct,
  closeContexts,
  movableClock,
  orderStatus,
  payButton,
  signIn,
} from './steps.js';

const WEBHOOK_URL = '/api/webhooks/payments';
const HOUR = 3_600_000;

let browser: Browser;
let shop: Storefront;
let shopper = 0;
const clock = movableClock();

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // Steps an hour apart: an order waits until a test moves time (settle), then is paid.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR, now: clock.now }),
    launchChromium(),
  ]);
}, 240_000);

/** Moves time past the payments' last step (pending, batched, then settled or returned). */
const settle = () => clock.advance(shop, 2 * HOUR);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

afterEach(() => closeContexts(browser));

/** A new shopper with the product in the cart, on the checkout page, Pay enabled. */
async function checkoutWith(productId: string): Promise<{ page: Page; customerId: string }> {
  const page = await (await browser.newContext()).newPage();
  const customerId = `e2e_orders_${process.pid}_${++shopper}`;
  await signIn(page, shop.url, { customerId });
  await checkoutWithProduct(page, shop.url, productId);
  await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
  return { page, customerId };
}

async function payAndOpenOrder(page: Page): Promise<string> {
  await payButton(page).click();
  await page.waitForURL((url) => url.pathname.startsWith('/orders/'), { timeout: 20_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

const paymentsOf = (customerId: string) =>
  shop.sandbox.payments.filter((payment) => payment.customerId === customerId);

describe('an order on the demo storefront', () => {
  it('waits for the payment, then is paid once the Settled webhook arrives', async () => {
    const { page, customerId } = await checkoutWith('gem-pouch');
    await payAndOpenOrder(page);
    expect(await orderStatus(page)).toMatch(/^(Awaiting payment|Payment submitted)$/);
    await settle();
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    const [payment] = paymentsOf(customerId);
    expect(payment?.subtotal).toEqual({ cents: 499, currency: 'USD' });
    expect(await page.getByTestId('payment-id').textContent()).toBe(payment?.paymentId);
    await page.context().close();
  });

  it('charges what the server signed, whatever the page changes', async () => {
    const { page, customerId } = await checkoutWith('gem-pouch');

    // The checkout's props rewritten to charge 2 USD beside the signed 4.99: no Pay at all.
    await page.route('**/api/orders', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.checkout.subtotal = { cents: 200, currency: 'USD' };
      body.checkout.items = [
        { ...body.checkout.items[0], amount: { cents: 200, currency: 'USD' } },
      ];
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const refusal = page.getByText("subtotal differs from the jwtToken's");
    await expect.poll(() => refusal.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await payButton(page).count()).toBe(0);
    await page.unroute('**/api/orders');

    // The purchase rewritten on its way to the service, with the token and without it.
    const purchases = '**/api/checkout/ach/**';
    for (const rewrite of [
      (body: Record<string, unknown>) => ({ ...body, subtotal: { cents: 200, currency: 'USD' } }),
      ({ jwtToken: _dropped, ...body }: Record<string, unknown>) => ({
        ...body,
        subtotal: { cents: 200, currency: 'USD' },
      }),
    ]) {
      await page.route(purchases, (route) =>
        route.request().method() === 'POST'
          ? route.continue({ postData: JSON.stringify(rewrite(route.request().postDataJSON())) })
          : route.continue(),
      );
      await page.reload();
      await expect.poll(() => payButton(page).textContent(), { timeout: 20_000 }).toBe('Pay $4.99');
      await payButton(page).click();
      // The service refused it for certain: nothing charged, and Pay is offered again.
      const state = () => page.getByRole('region', { name: 'Checkout' }).getAttribute('data-state');
      await expect.poll(state, { timeout: 20_000 }).toBe('failed');
      await page.unroute(purchases);
    }
    expect(paymentsOf(customerId)).toEqual([]);

    // Left alone, the same page pays the signed amount.
    await payButton(page).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'), { timeout: 20_000 });
    await settle();
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    expect(paymentsOf(customerId).map((payment) => payment.subtotal.cents)).toEqual([499]);
    await page.context().close();
  });

  it('a forged webhook and a replayed delivery change nothing', async () => {
    const { page, customerId } = await checkoutWith('gem-pouch');
    const orderId = await payAndOpenOrder(page);
    await settle();
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    const [initiated] = shop.sandbox.deliveries.filter(
      (delivery) => delivery.body.includes(customerId) && delivery.eventType === 'ACH Initiated',
    );
    const returned = initiated!.body
      .replace('"ACH Initiated"', '"ACH Returned"')
      .replace(/"id":"[^"]+"/, '"id":"evt_forged"');

    const post = (body: string, signature: string) =>
      fetch(`${shop.url}${WEBHOOK_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'service-signature': signature },
        body,
      });
    // Signed at the shop's clock, which the tests have moved.
    const timestamp = Math.floor(clock.now() / 1000);
    const forged = await post(
      returned,
      await signWebhookPayload(returned, 'not-the-webhook-key', { timestamp }),
    );
    expect(forged.status).toBe(400);
    // A genuine event delivered again, with a fresh valid signature: acknowledged, no change.
    const replay = await post(
      initiated!.body,
      await signWebhookPayload(initiated!.body, shop.sandbox.webhookKey, { timestamp }),
    );
    expect(replay.status).toBe(200);

    await page.reload();
    expect(await orderStatus(page)).toBe('Paid');
    const own = await fetch(`${shop.url}/api/orders/${orderId}`);
    expect(own.status).toBe(401);
    await page.context().close();
  });

  it("the sandbox's magic amount 2.22 ends as returned, with its code", async () => {
    const { page } = await checkoutWith('returned-payment-test');
    await payAndOpenOrder(page);
    await settle();
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Payment returned');
    await page.getByText('(return code R01)').waitFor();
    await page.context().close();
  });

  it("a customer sees only their own orders: another's or a made-up id is a 404", async () => {
    const first = await checkoutWith('gem-pouch');
    const orderId = await payAndOpenOrder(first.page);
    const second = await checkoutWith('gem-pouch');
    for (const id of [orderId, 'ord_made-up']) {
      await second.page.goto(`${shop.url}/orders/${id}`);
      await second.page.getByText('No such order', { exact: true }).waitFor();
    }
    await first.page.context().close();
    await second.page.context().close();
  });

  /**
   * Runs `test` with `shop` kept in a fresh data directory; `restart` stops it and starts another
   * on the same directory, which becomes `shop`.
   */
  async function withKeptShop(
    settleStepMs: number,
    test: (restart: () => Promise<Storefront>) => Promise<void>,
  ): Promise<void> {
    const dataDir = await mkdtemp(join(tmpdir(), 'storefront-e2e-'));
    const shopBefore = shop;
    const start = () => startStorefront({ port: 0, sandboxPort: 0, settleStepMs, dataDir });
    let kept = await start();
    try {
      shop = kept;
      await test(async () => {
        await kept.close();
        kept = await start();
        shop = kept;
        return kept;
      });
    } finally {
      shop = shopBefore;
      await kept.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  /** The customer signs in afresh at the current shop and sees the order paid. */
  async function expectPaidAfterSignIn(customerId: string, orderId: string): Promise<void> {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, shop.url, { customerId });
    await page.goto(`${shop.url}/orders/${orderId}`);
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    await page.context().close();
  }

  it('pays an order whose payment was still settling when the shop and its sandbox restarted', async () => {
    // Steps an hour apart: the payment is pending when the shop stops.
    await withKeptShop(3_600_000, async (restart) => {
      const { page, customerId } = await checkoutWith('gem-pouch');
      const orderId = await payAndOpenOrder(page);
      expect(await orderStatus(page)).toMatch(/^(Awaiting payment|Payment submitted)$/);
      const [payment] = shop.sandbox.payments;
      await page.context().close();

      const kept = await restart();
      // The sandbox kept the payment; moved along now, its webhooks reach the new shop.
      kept.sandbox.advancePayment(payment!.paymentId, 'settled');
      await expectPaidAfterSignIn(customerId, orderId);
    });
  });

  it('survives a restart: the account signs in again and its paid order is still paid', async () => {
    await withKeptShop(200, async (restart) => {
      const { page, customerId } = await checkoutWith('gem-pouch');
      const orderId = await payAndOpenOrder(page);
      await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
      await page.context().close();

      await restart();
      await expectPaidAfterSignIn(customerId, orderId);
    });
  });

  it('says at start that the API key it holds was revoked in the console, and how to start afresh', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'storefront-e2e-'));
    const lines: string[] = [];
    const start = () =>
      startStorefront({ port: 0, sandboxPort: 0, dataDir, log: (line) => lines.push(line) });
    try {
      const first = await start();
      const seeded = first.sandbox.apiKeys.find((key) => key.name === 'Default')!;
      first.sandbox.revokeApiKey(seeded.id);
      await first.close();
      expect(lines.join('\n')).not.toMatch(/revoked/);

      const second = await start();
      await second.close();
      expect(lines).toContainEqual(
        expect.stringContaining(
          `revoked in the sandbox console: delete ${join(dataDir, 'sandbox')} to start the sandbox afresh`,
        ),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
