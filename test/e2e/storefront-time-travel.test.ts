// The staff page's time travel, in Debian's Chromium, against the shop beside its embedded
// sandbox (whose clock the shop's follows): a player buys the $10.10 late-return test product;
// staff press Settle now and the gems arrive; staff advance 10 days and the sandbox returns the
// payment (R10) by itself, so the order is reversed and the gems taken back, as the player's
// orders page shows. Then Return after settlement does the same to another paid order at once.
// A move refreshes everything the staff page shows, and one past the end of staff's own session
// (7 days on the shop's clock) says so and opens the sign-in page, which leads back after.
// Nothing waits for real time: the sandbox's steps are an hour apart, and only staff move them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import {
  advanceSandboxClock,
  axeViolations,
  inventoryGems,
  payForProduct,
  signIn,
} from './steps.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let shop: Storefront;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // Steps an hour apart: a payment waits until staff move time.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** What the sign-in page says to staff whom a move of the clock signed out. */
const SIGNED_OUT_BY_TIME_TRAVEL =
  "Time travel moved the shop's clock past the end of your session: sessions last 7 days on the shop's clock. Sign in again to carry on.";

const timeTravel = (page: Page) => page.getByRole('region', { name: 'Time travel (sandbox)' });
const result = (page: Page) => page.getByTestId('time-travel-result').textContent();
const buy = (page: Page, productId: string) => payForProduct(page, shop.url, productId);

async function openStaffPage(page: Page): Promise<void> {
  await signIn(page, shop.url, STAFF);
  await page.goto(`${shop.url}/merchant`);
  await timeTravel(page).getByText('Sandbox time:').waitFor();
}

describe('time travel on the staff page', () => {
  it('settles a $10.10 payment, then ten days on the bank returns it and the gems go', async () => {
    const player = await browser.newPage();
    const customerId = `e2e_time_travel_${process.pid}`;
    await signIn(player, shop.url, { customerId });
    const orderId = await buy(player, 'late-return-test');
    await expect
      .poll(() => player.getByTestId('order-status').textContent(), { timeout: 20_000 })
      .toBe('Payment submitted');

    const context = await browser.newContext({ bypassCSP: true });
    const staff = await context.newPage();
    await openStaffPage(staff);
    expect(await axeViolations(staff)).toEqual([]);
    const before = Date.parse((await timeTravel(staff).locator('time').getAttribute('datetime'))!);

    await timeTravel(staff).getByRole('button', { name: 'Settle now' }).click();
    await expect
      .poll(() => result(staff), { timeout: 20_000 })
      .toMatch(
        /^Moved the sandbox's clock 2 hours ahead: every payment made before then has settled/,
      );
    const settledAt = Date.parse(
      (await timeTravel(staff).locator('time').getAttribute('datetime'))!,
    );
    expect(settledAt - before).toBeGreaterThanOrEqual(2 * HOUR);

    await player.goto(`${shop.url}/orders`);
    await expect.poll(() => inventoryGems(player), { timeout: 20_000 }).toBe('1,010 gems');
    await player.getByRole('row').filter({ hasText: orderId }).getByText('Paid').waitFor();

    // Ten days: the sandbox returns the 1010 payment by itself (R10), and the shop reverses it.
    await timeTravel(staff).getByLabel('Days to advance').fill('10');
    await timeTravel(staff).getByRole('button', { name: 'Advance', exact: true }).click();
    // Past the 7 days staff's own session lasts on the shop's clock: the page says so, in place
    // of a dashboard whose every request would fail, and signing in leads back to it.
    await staff.getByText(SIGNED_OUT_BY_TIME_TRAVEL).waitFor({ timeout: 20_000 });
    expect(new URL(staff.url()).pathname).toBe('/sign-in');
    expect(await axeViolations(staff)).toEqual([]);
    await staff.getByLabel('Customer id').fill(STAFF.customerId);
    await staff.getByLabel('Password').fill(STAFF.password);
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    const movedTo = Date.parse(
      (await timeTravel(staff).locator('time').getAttribute('datetime', { timeout: 20_000 }))!,
    );
    expect(movedTo - settledAt).toBeGreaterThanOrEqual(10 * DAY);
    expect(new URL(staff.url()).pathname).toBe('/merchant');

    // The player's session has ended on the shop's clock, moved with the sandbox's: sign in.
    await signIn(player, shop.url, { customerId });
    await player.goto(`${shop.url}/orders`);
    const reason =
      /Payment reversed by the bank \(R10\) on .+: we took back 1,010 gems and Late-return test badge\./;
    await player.getByRole('row').filter({ hasText: orderId }).getByText(reason).waitFor();
    await expect.poll(() => inventoryGems(player), { timeout: 20_000 }).toBe('0 gems');
    await player
      .getByRole('region', { name: 'Your inventory' })
      .getByText('No items yet.')
      .waitFor();
    await context.close();
    await player.close();
  });

  it('returns a paid order’s settled payment at once, and the order is reversed', async () => {
    const player = await browser.newPage();
    const customerId = `e2e_return_now_${process.pid}`;
    await signIn(player, shop.url, { customerId });
    const orderId = await buy(player, 'gem-pouch');

    const staff = await browser.newPage();
    await openStaffPage(staff);
    await timeTravel(staff).getByRole('button', { name: 'Settle now' }).click();
    await expect.poll(() => result(staff), { timeout: 20_000 }).toMatch(/^Moved/);

    const returnIt = timeTravel(staff).getByRole('button', {
      name: `Return after settlement (R10): order ${orderId}`,
    });
    await returnIt.click();
    await expect
      .poll(() => result(staff), { timeout: 20_000 })
      .toBe(
        `The payer's bank returned the payment of order ${orderId} (R10, not authorized); the shop reverses the order when the ACH Returned webhook arrives.`,
      );
    await staff
      .getByRole('region', { name: 'Reversed orders' })
      .getByRole('listitem')
      .filter({ hasText: orderId })
      .getByText(/Payment reversed by the bank \(R10\)/)
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => returnIt.count(), { timeout: 20_000 }).toBe(0);

    await player.goto(`${shop.url}/orders`);
    await player
      .getByRole('row')
      .filter({ hasText: orderId })
      .getByText(/we took back 500 gems/)
      .waitFor();
    await expect.poll(() => inventoryGems(player), { timeout: 20_000 }).toBe('0 gems');
    await Promise.all([player.close(), staff.close()]);
  });

  it('refreshes what the page shows after a move, and a session ended by the clock opens sign-in', async () => {
    const staff = await browser.newPage();
    await openStaffPage(staff);
    const keyStatus = staff.getByTestId('webhook-key-status');
    await staff.getByRole('button', { name: 'Roll webhook key' }).click();
    await keyStatus.getByText(/The old key is accepted until/).waitFor();

    // Two days: past the old key's 24 hours, inside staff's 7-day session.
    await timeTravel(staff).getByLabel('Days to advance').fill('2');
    await timeTravel(staff).getByRole('button', { name: 'Advance', exact: true }).click();
    await expect
      .poll(() => result(staff), { timeout: 20_000 })
      .toMatch(/^Moved the sandbox's clock 2 days ahead/);
    await keyStatus.getByText(/; only the new key is accepted\.$/).waitFor();

    // Eight days more from elsewhere (the sandbox console's Advance does this): the page's next
    // request finds the session over, and the page says so instead of failing again and again.
    await advanceSandboxClock(shop, 8 * DAY);
    await staff
      .getByText('Your session has ended. Sign in again to carry on.')
      .waitFor({ timeout: 20_000 });
    expect(new URL(staff.url()).pathname).toBe('/sign-in');
    await staff.getByLabel('Customer id').fill(STAFF.customerId);
    await staff.getByLabel('Password').fill(STAFF.password);
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    await timeTravel(staff).getByText('Sandbox time:').waitFor();
    await staff.close();
  });
});
