// What the payer and staff read after Pay, in Debian's Chromium, against a shop whose payments
// take an hour a step: a payment is submitted, never paid, until it settles, with the day it is
// expected to clear; the debit authorization the payer accepted is on their order to keep, and on
// the staff page; a payment the bank returns says why in plain words and offers only what its
// code allows (paying again, a new approval, another account), and the next checkout asks the
// payer not to pay from an account that cannot take debits.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeReturn, expectedSettlement } from 'service-checkout/server';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import type { WebDebitReturnCode } from '../../src/sandbox/index.js';
import { payWithCheckoutToken } from '../support/pay-with-token.js';
import {
  announced,
  checkoutWithProduct,
  closeContexts,
  orderStatus,
  payButton,
  recordAnnouncements,
  signIn,
} from './steps.js';

const HOUR = 3_600_000;
const EVENTUALLY = { timeout: 20_000 };

let browser: Browser;
let shop: Storefront;
let shoppers = 0;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // An hour between steps: a payment stays submitted until the test moves it.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

afterEach(() => closeContexts(browser));

async function newShopper(): Promise<{ page: Page; customerId: string }> {
  const page = await (await browser.newContext()).newPage();
  const customerId = `e2e_after_pay_${process.pid}_${++shoppers}`;
  await signIn(page, shop.url, { customerId });
  return { page, customerId };
}

/** The words a payer accepts for a $4.99 debit from the account ending in `last4`. */
const authorizationText = (last4: string) =>
  `By selecting Pay $4.99, you authorize Skyreach Store to make a one-time debit of $4.99 from Sandbox checking ••${last4} on or after today. You may revoke this by contacting support@skyreach.example before it is sent to your bank.`;

/**
 * A Gem Pouch ordered through the shop's page and paid at the sandbox as a checkout does, with
 * the authorization the payer accepted; its order page is then open.
 */
async function orderAndPay(page: Page, customerId: string, last4 = '6789') {
  const { order, checkout } = await page.evaluate(async () => {
    const answer = await fetch('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ productId: 'gem-pouch', quantity: 1 }] }),
    });
    return (await answer.json()) as { order: { orderId: string }; checkout: { jwtToken: string } };
  });
  const authorization = {
    text: authorizationText(last4),
    acceptedAt: new Date().toISOString(),
    locale: 'en-US',
  };
  const paid = await payWithCheckoutToken(
    shop.sandbox,
    shop.sandboxUrl,
    customerId,
    checkout.jwtToken,
    authorization,
  );
  expect(paid.status).toBe(200);
  await page.goto(`${shop.url}/orders/${encodeURIComponent(order.orderId)}`);
  await expect.poll(() => orderStatus(page), EVENTUALLY).toBe('Payment submitted');
  return { orderId: order.orderId, paymentId: paid.body.paymentId!, authorization };
}

/** A day (YYYY-MM-DD) as a reader in the US reads it: "Monday, November 30, 2026". */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** Waits for the shop's server to have the order in `status`, then reads its page again. */
async function reloadWhen(page: Page, orderId: string, status: string): Promise<void> {
  const statusNow = () =>
    page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/orders/${id}`)).json()) as { order: { status: string } }).order
          .status,
      orderId,
    );
  await expect.poll(statusNow, EVENTUALLY).toBe(status);
  await page.reload();
}
const returnPanel = (page: Page) =>
  page.getByRole('region', { name: 'Why your bank sent it back' });

describe('after Pay', () => {
  it('is submitted, never paid, until it settles, and says the day it is expected to clear', async () => {
    const { page, customerId } = await newShopper();
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await expect.poll(() => payButton(page).isEnabled(), EVENTUALLY).toBe(true);
    await recordAnnouncements(page);
    await payButton(page).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'), EVENTUALLY);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => orderStatus(page), EVENTUALLY).toBe('Payment submitted');
    expect(await heading(page)).toBe('Your payment was submitted');
    const [payment] = shop.sandbox.payments.filter((each) => each.customerId === customerId);
    const clears = longDay(expectedSettlement(payment!.createdAt).settlesOn);
    await page.getByText(`It is expected to clear on ${clears}`).waitFor(EVENTUALLY);
    // The day the checkout told the payer, in the live region that outlives it, is the same day.
    expect(await announced(page)).toContainEqual({
      live: 'polite',
      text: expect.stringMatching(
        new RegExp(`Payment submitted: \\$4\\.99 from .+, expected to clear on ${clears}\\.$`),
      ),
    });
    expect(await page.locator('main').textContent()).not.toMatch(/\bpaid\b|thank you/i);

    await page.goto(`${shop.url}/orders`);
    const row = page.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => row.textContent(), EVENTUALLY).toContain('Payment submitted');
    expect(await row.textContent()).not.toMatch(/\bpaid\b/i);

    shop.sandbox.advancePayment(payment!.paymentId, 'settled');
    await page.goto(`${shop.url}/orders/${encodeURIComponent(orderId)}`);
    await expect.poll(() => orderStatus(page), EVENTUALLY).toBe('Paid');
    expect(await page.getByText('It is expected to clear on').count()).toBe(0);
  });

  it('keeps the authorization the checkout showed, naming the shop: the payer’s copy, and staff’s', async () => {
    const { page } = await newShopper();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await expect.poll(() => payButton(page).isEnabled(), EVENTUALLY).toBe(true);
    // The words Pay is described by: what the payer agrees to by pressing it.
    const shown = await payButton(page).evaluate(
      (pay) => document.getElementById(pay.getAttribute('aria-describedby')!)!.textContent,
    );
    expect(shown).toMatch(/you authorize Skyreach Store to make a one-time debit of \$4\.99 /);
    expect(shown).toContain('by contacting support@skyreach.example before');
    // The shop names itself and its contact: the checkout has no stand-in to warn of.
    expect(warnings.filter((warning) => /merchantName|merchantContact/.test(warning))).toEqual([]);

    await payButton(page).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'), EVENTUALLY);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const copy = page.getByRole('region', { name: 'Your debit authorization' });
    await copy.waitFor(EVENTUALLY);
    expect(await copy.locator('blockquote').textContent()).toBe(shown);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      copy.getByRole('button', { name: 'Download a copy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`debit-authorization-${orderId}.txt`);
    const saved = await readFile((await download.path())!, 'utf8');
    for (const fact of [shown!, orderId, 'Debit authorization given to Skyreach Store']) {
      expect(saved).toContain(fact);
    }

    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, shop.url, STAFF);
    await staff.goto(`${shop.url}/merchant`);
    const item = staff
      .getByRole('region', { name: 'Recent orders' })
      .getByRole('listitem')
      .filter({ hasText: orderId });
    await item.getByText('Debit authorization').click(EVENTUALLY);
    expect(await item.locator('blockquote').textContent()).toBe(shown);
    const facts = await item.textContent();
    for (const fact of ['127.0.0.1', 'en-US', 'matches the payment’s event']) {
      expect(facts).toContain(fact);
    }
  });
});

describe('a payment the bank returns', () => {
  it.each<[WebDebitReturnCode, boolean, string, string]>([
    ['R01', false, 'Pay again', 'You can pay again'],
    ['R10', true, 'Approve a new payment', 'unless you approve it again'],
    ['R29', true, 'Approve a new payment', 'unless you approve it again'],
    ['R11', false, 'Pay again', 'We correct a payment by making a new one'],
  ])(
    'with %s (after settling: %s) says why in plain words and offers "%s"',
    async (code, late, action, offer) => {
      const { page, customerId } = await newShopper();
      const { orderId, paymentId } = await orderAndPay(page, customerId);
      if (late) {
        // Days apart on a real line: the shop has the Settled event, and has delivered, before
        // the bank's return arrives.
        shop.sandbox.advancePayment(paymentId, 'settled');
        await reloadWhen(page, orderId, 'paid');
      }
      shop.sandbox.advancePayment(paymentId, 'returned', { returnCode: code });
      await reloadWhen(page, orderId, late ? 'reversed' : 'returned');
      const panel = returnPanel(page);
      await panel.waitFor(EVENTUALLY);
      expect(await orderStatus(page)).toBe(late ? 'Payment reversed' : 'Payment returned');
      const said = await panel.textContent();
      expect(said).toContain(describeReturn(code)!.payerMessage);
      expect(said).toContain(offer);
      expect(await panel.getByRole('button').allTextContents()).toEqual([action]);

      // Paying again is a new order, approved again at the checkout, for the same items.
      await panel.getByRole('button', { name: action }).click();
      await page.waitForURL(`${shop.url}/checkout`);
      await expect.poll(() => payButton(page).isEnabled(), EVENTUALLY).toBe(true);
      const orders = await page.evaluate(
        async () => (await (await fetch('/api/orders')).json()).orders as { orderId: string }[],
      );
      expect(orders.map((each) => each.orderId)).toContain(orderId);
      expect(orders).toHaveLength(2);
    },
  );

  it('with R06 offers nothing to pay, and says where to ask', async () => {
    const { page, customerId } = await newShopper();
    const { paymentId } = await orderAndPay(page, customerId);
    shop.sandbox.advancePayment(paymentId, 'returned', { returnCode: 'R06' });
    const panel = returnPanel(page);
    await panel.waitFor(EVENTUALLY);
    expect(await panel.textContent()).toContain(describeReturn('R06').payerMessage);
    expect(await panel.getByRole('button').count()).toBe(0);
    await panel.getByRole('link', { name: 'Contact support' }).waitFor();
  });

  it('with R02, account closed: asks the payer not to pay from it again, and the next checkout says so', async () => {
    const { page, customerId } = await newShopper();
    const { orderId, paymentId } = await orderAndPay(page, customerId, '6789');
    shop.sandbox.advancePayment(paymentId, 'returned', { returnCode: 'R02' });
    const panel = returnPanel(page);
    await panel.waitFor(EVENTUALLY);
    const said = await panel.textContent();
    expect(said).toContain(describeReturn('R02').payerMessage);
    expect(said).toContain(
      'Please do not pay from the account ending in 6789 again: the checkout will remind you.',
    );
    await panel.getByRole('button', { name: 'Pay from another account' }).click();
    await page.waitForURL(`${shop.url}/checkout`);

    const warning = page.getByRole('status').filter({ hasText: 'ending in 6789' });
    await warning.waitFor(EVENTUALLY);
    const text = await warning.textContent();
    expect(text).toContain('Do not pay from the account ending in 6789');
    expect(text).toContain(`Account Closed (R02), order ${orderId}`);
    await expect.poll(() => payButton(page).isEnabled(), EVENTUALLY).toBe(true);

    // Another shopper's checkout says nothing of it.
    const other = await newShopper();
    await checkoutWithProduct(other.page, shop.url, 'gem-pouch');
    await expect.poll(() => payButton(other.page).isEnabled(), EVENTUALLY).toBe(true);
    expect(await other.page.getByText('Do not pay from').count()).toBe(0);
  });
});
