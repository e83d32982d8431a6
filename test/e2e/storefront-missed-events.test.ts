// A missed-webhook outage caught up by the events endpoint, in Debian's Chromium: a player pays at
// the checkout, then the service's webhooks go to a wrong address for a sandbox week while the
// payment settles and another payment reaches no order of the shop; the service gives up
// retrying. The player's order still reads as processing, with nothing delivered, until the
// shop's minute work catches up: then it reads paid, the gems are in the inventory, and staff
// see the payment with no order refunded and which events came from the catch-up. The shop's
// minute is run by the test (its interval timer is faked), so nothing catches up mid-outage.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { payForNoOrder } from '../support/pay-with-token.js';
import { inventoryGems, movableClock, orderStatus, payForProduct, signIn } from './steps.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let shop: Storefront;
const clock = movableClock();

beforeAll(async () => {
  // The shop's every-minute timer runs only when the test says (shop.runDue()).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  [shop, browser] = await Promise.all([
    // Steps an hour apart: a payment waits until the test moves time.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR, now: clock.now }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  vi.useRealTimers();
});

describe('a missed-webhook outage', () => {
  it('is caught up by the events endpoint: the order reads paid and its gems arrive', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const customerId = `e2e_missed_${process.pid}`;
    await signIn(page, shop.url, { customerId });
    const orderId = await payForProduct(page, shop.url, 'dragon-vault');
    const orderUrl = `${shop.url}/orders/${encodeURIComponent(orderId)}`;
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Payment submitted');
    await shop.runDue();

    // A wrong webhook address for a week: the payment settles, a stranger's payment reaches no
    // order, and no delivery arrives (each goes to the address it was made for).
    const webhookUrl = shop.sandbox.webhookUrl;
    shop.sandbox.setWebhookUrl(`${shop.url}/api/webhooks/moved`);
    const stray = await payForNoOrder(shop.sandbox, shop.sandboxUrl, `e2e_stray_${process.pid}`);
    await clock.advance(shop, 7 * DAY);
    const missed = shop.sandbox.deliveries.filter((delivery) => delivery.url !== webhookUrl);
    expect(missed.map((delivery) => delivery.eventType).sort()).toEqual([
      'ACH Batched',
      'ACH Batched',
      'ACH Initiated',
      'Settled',
      'Settled',
    ]);
    expect(missed.filter((delivery) => delivery.state === 'delivered')).toEqual([]);
    shop.sandbox.setWebhookUrl(webhookUrl);

    // The week ended the player's session. Nothing the week did has reached the shop.
    await signIn(page, shop.url, { customerId });
    await page.goto(`${shop.url}/orders`);
    const row = page.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Payment submitted');
    await expect.poll(() => inventoryGems(page), { timeout: 20_000 }).toBe('0 gems');

    // The shop's minute: it reads every event after the last one it applied.
    await shop.runDue();
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Paid');
    await expect.poll(() => inventoryGems(page), { timeout: 20_000 }).toBe('8,000 gems');
    await page.goto(orderUrl);
    await expect.poll(() => orderStatus(page), { timeout: 20_000 }).toBe('Paid');
    await page
      .getByText('8,000 gems and Vault-keeper profile frame delivered to your account', {
        exact: false,
      })
      .waitFor();
    await context.close();

    // Staff: the payment with no order is refunded, and the Settled event says where it came from.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, shop.url, STAFF);
    await staff.goto(`${shop.url}/merchant`);
    const unmatched = staff
      .getByRole('region', { name: 'Payments with no order' })
      .getByRole('listitem')
      .filter({ hasText: stray });
    await expect.poll(() => unmatched.textContent(), { timeout: 20_000 }).toMatch(/^Refunded/);
    expect(await unmatched.textContent()).toContain('no such order');
    const caughtUp = staff
      .getByRole('region', { name: 'Webhook deliveries received' })
      .getByRole('listitem')
      .filter({ hasText: orderId })
      .filter({ hasText: 'Settled' });
    await expect
      .poll(() => caughtUp.textContent(), { timeout: 20_000 })
      .toContain('read from the events endpoint');
    await staffContext.close();
  });
});
