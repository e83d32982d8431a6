// A paid order whose payment the bank returns days after it settled, in Debian's Chromium: the
// player watches the gems arrive in their inventory when the payment settles, and go when a
// signed late ACH Returned reaches the shop's webhook route; the order, the orders list and the
// staff page say why and when, and axe finds nothing on them. The sandbox cannot return a settled
// payment by itself yet, so the test delivers the return the service would send, built from the
// payment's Settled event and signed with the webhook key at the shop's clock.
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { lateReturnOf } from '../support/payment-events.js';
import {
  axeViolations,
  inventoryGems,
  movableClock,
  orderStatus,
  payForProduct,
  signIn,
} from './steps.js';

const WEBHOOK_URL = '/api/webhooks/payments';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let shop: Storefront;
const clock = movableClock();

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // Steps an hour apart: a payment waits until the test moves time.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR, now: clock.now }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const inventory = (page: Page) => page.getByRole('region', { name: 'Your inventory' });

describe('a paid order the bank returns late', () => {
  it('delivers its gems and item when the payment settles, and takes them back when it is reversed', async () => {
    // Without the page's CSP, which refuses axe's inline script.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const customerId = `e2e_reversal_${process.pid}`;
    await signIn(page, shop.url, { customerId });
    await page.goto(`${shop.url}/orders`);
    await expect.poll(() => inventoryGems(page), { timeout: 20_000 }).toBe('0 gems');

    const orderId = await payForProduct(page, shop.url, 'dragon-vault');
    const orderUrl = `${shop.url}/orders/${encodeURIComponent(orderId)}`;

    // The orders page, open while the payment is on its way, sees the inventory grow.
    await page.goto(`${shop.url}/orders`);
    await inventory(page).getByText('0 gems').waitFor();
    await clock.advance(shop, 2 * HOUR);
    await expect.poll(() => inventoryGems(page), { timeout: 20_000 }).toBe('8,000 gems');
    await inventory(page)
      .getByRole('listitem')
      .filter({ hasText: 'Vault-keeper profile frame' })
      .waitFor();
    await page.goto(orderUrl);
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    await page
      .getByText('8,000 gems and Vault-keeper profile frame delivered to your account', {
        exact: false,
      })
      .waitFor();

    // Five days later the payer's bank returns the settled payment: R10, not authorized.
    await clock.advance(shop, 5 * DAY);
    const [payment] = shop.sandbox.payments.filter((each) => each.customerId === customerId);
    const settled = shop.sandbox.deliveries.find(
      (delivery) => delivery.paymentId === payment!.paymentId && delivery.eventType === 'Settled',
    );
    const returnedAt = new Date(clock.now()).toISOString();
    const lateReturn = lateReturnOf(settled!.body, { id: `evt_late_${orderId}`, returnedAt });
    const delivered = await fetch(`${shop.url}${WEBHOOK_URL}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'service-signature': await signWebhookPayload(lateReturn, shop.sandbox.webhookKey, {
          timestamp: Math.floor(clock.now() / 1000),
        }),
      },
      body: lateReturn,
    });
    expect(delivered.status).toBe(200);

    const reason =
      /Payment reversed by the bank \(R10\) on .+: we took back 8,000 gems and Vault-keeper profile frame\./;
    await page.reload();
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Payment reversed');
    await page.getByRole('heading', { name: 'Your payment was reversed' }).waitFor();
    await page.getByText(reason).waitFor();
    const onOrder = await axeViolations(page);

    await page.goto(`${shop.url}/orders`);
    await expect.poll(() => inventoryGems(page), { timeout: 20_000 }).toBe('0 gems');
    await inventory(page).getByText('No items yet.').waitFor();
    await page.getByRole('row').filter({ hasText: orderId }).getByText(reason).waitFor();
    const onOrders = await axeViolations(page);
    await context.close();

    const staffContext = await browser.newContext({ bypassCSP: true });
    const staff = await staffContext.newPage();
    await signIn(staff, shop.url, STAFF);
    await staff.goto(`${shop.url}/merchant`);
    const reversed = staff.getByRole('region', { name: 'Reversed orders' });
    await reversed.getByRole('listitem').filter({ hasText: orderId }).getByText(reason).waitFor();
    const onMerchant = await axeViolations(staff);
    await staffContext.close();

    expect({ onOrder, onOrders, onMerchant }).toEqual({
      onOrder: [],
      onOrders: [],
      onMerchant: [],
    });
  });
});
