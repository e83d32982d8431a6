// What the payer and staff read of an order, in Debian's Chromium, against a shop whose payments
// take an hour a step: nothing looks paid until it is, an order that can no longer be paid says
// so, a reload of the checkout makes no new order, and a payment with no order shows as refunded.
// Time moves on the shop's clock and the sandbox's together (POST /api/sandbox/clock).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { payForNoOrder } from '../support/pay-with-token.js';
import {
  checkoutWithProduct,
  movableClock,
  orderStatus,
  payButton,
  payForProduct,
  signIn,
} from './steps.js';

let browser: Browser;
let shop: Storefront;
const clock = movableClock();
let shopper = 0;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // An hour between steps: a payment stays processing until the test moves it.
    startStorefront({
      port: 0,
      sandboxPort: 0,
      settleStepMs: 3_600_000,
      now: clock.now,
    }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const advance = (ms: number) => clock.advance(shop, ms);

async function newShopper(): Promise<{ page: Page; customerId: string }> {
  const page = await (await browser.newContext()).newPage();
  const customerId = `e2e_status_${process.pid}_${++shopper}`;
  await signIn(page, shop.url, { customerId });
  return { page, customerId };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** The signed-in customer's orders, as the page's own server answers them. */
function ordersSeenBy(page: Page): Promise<{ orderId: string; status: string }[]> {
  return page.evaluate(async () => (await (await fetch('/api/orders')).json()).orders);
}

describe('an order as the payer reads it', () => {
  it('says plainly that a payment is submitted, and how long ACH takes; thanks only once paid', async () => {
    const { page, customerId } = await newShopper();
    await payForProduct(page, shop.url, 'gem-pouch');
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Payment submitted');
    expect(await heading(page)).toBe('Your payment was submitted');
    await page.getByText('In this sandbox that takes a few seconds').waitFor();
    await page.getByText(/a live ACH bank payment usually takes 1 to 3 business days/).waitFor();
    expect(await page.getByText('Thank you for your order!').count()).toBe(0);
    // No green tick: the icon waits.
    expect(await page.locator('.confirmation-icon--waiting').count()).toBe(1);
    expect(await page.locator('.confirmation-icon--paid').count()).toBe(0);

    const [payment] = shop.sandbox.payments.filter((p) => p.customerId === customerId);
    shop.sandbox.advancePayment(payment!.paymentId, 'settled');
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    expect(await heading(page)).toBe('Thank you for your order!');
    expect(await page.locator('.confirmation-icon--paid').count()).toBe(1);
    await page.context().close();
  });

  it('a reload of the checkout gives the same order, not another', async () => {
    const { page } = await newShopper();
    await checkoutWithProduct(page, shop.url, 'frostwing-mount');
    for (let load = 0; load < 3; load++) {
      if (load > 0) await page.reload();
      await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    }
    expect(await ordersSeenBy(page)).toMatchObject([{ status: 'awaiting_payment' }]);
    await page.context().close();
  });
});

describe('every order status on the order page, the orders list and the staff page', () => {
  it('reads expired, refunded and a payment with no order plainly', async () => {
    const { page, customerId } = await newShopper();
    // A refunded order: paid at the checkout, then refunded by the merchant.
    const refundedId = await payForProduct(page, shop.url, 'gem-pouch');
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Payment submitted');
    const [payment] = shop.sandbox.payments.filter((p) => p.customerId === customerId);
    shop.sandbox.refundPayment(payment!.paymentId);
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Refunded');
    expect(await heading(page)).toBe('This order was refunded');

    // An order nobody pays, whose token then expires.
    await checkoutWithProduct(page, shop.url, 'sunken-isles');
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    const unpaid = (await ordersSeenBy(page)).find((order) => order.status === 'awaiting_payment');
    await advance(15 * 60_000);
    await page.goto(`${shop.url}/orders/${unpaid!.orderId}`);
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Expired');
    expect(await heading(page)).toBe('This order expired');
    await page.getByText(/can no longer be paid and nothing was charged/).waitFor();

    await page.goto(`${shop.url}/orders`);
    const row = (orderId: string) => page.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => row(unpaid!.orderId).textContent()).toContain('Expired');
    await expect.poll(() => row(refundedId).textContent()).toContain('Refunded');

    // A payment for no order of this shop: kept, refunded by itself, shown to staff.
    const strayId = await payForNoOrder(shop.sandbox, shop.sandboxUrl, customerId);
    await signIn(page, shop.url, { customerId: 'staff', password: 'demo-staff-2026' });
    await page.goto(`${shop.url}/merchant`);
    const unmatched = page
      .getByRole('region', { name: 'Payments with no order' })
      .getByRole('listitem')
      .filter({ hasText: strayId });
    await expect.poll(() => unmatched.textContent(), { timeout: 20_000 }).toMatch(/^Refunded/);
    expect(await unmatched.textContent()).toContain('no such order');
    const recent = page.getByRole('region', { name: 'Recent orders' });
    await expect
      .poll(() => recent.getByRole('listitem').filter({ hasText: unpaid!.orderId }).textContent())
      .toMatch(/^Expired/);
    await expect
      .poll(() => recent.getByRole('listitem').filter({ hasText: refundedId }).textContent())
      .toMatch(/^Refunded/);
    await page.context().close();
  });
});
