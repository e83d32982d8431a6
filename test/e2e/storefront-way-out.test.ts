// Every dead end of the demo's checkout has a way out, in Debian's Chromium: Nico, who has no
// bank account, links a test account and comes back to pay; Bo, whom the service blocked, is
// taken to the shop's support page. Axe checks both pages in light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { PERSONAS } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { MAGIC } from '../../src/sandbox/index.js';
import { axeViolations, checkoutWithProduct, closeContexts, signIn } from './steps.js';

const EVENTUALLY = { timeout: 20_000 };

let browser: Browser;
let shop: Storefront;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startStorefront({ port: 0, sandboxPort: 0 }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

afterEach(() => closeContexts(browser));

function persona(customerId: string) {
  const found = PERSONAS.find((candidate) => candidate.customerId === customerId);
  if (!found) throw new Error(`no persona ${customerId}`);
  return found;
}

const checkoutState = (page: Page) => page.locator('.sc-checkout').getAttribute('data-state');
const bankAccountsOf = (customerId: string) =>
  shop.sandbox.customers.find((customer) => customer.customerId === customerId)?.bankAccounts ?? [];

describe('the way out of each dead end at checkout', () => {
  it('Nico, with no bank account, links a test account, comes back and pays from it', async () => {
    const nico = persona('test_no_bank_nico');
    const page = await (await browser.newContext()).newPage();
    await signIn(page, shop.url, nico);
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await page.getByText('No bank account on file', { exact: true }).waitFor(EVENTUALLY);
    expect(await checkoutState(page)).toBe('no-bank-accounts');

    await page.getByRole('button', { name: 'Add a bank account' }).click();
    await page.waitForURL(`${shop.url}/link-bank-account?next=%2Fcheckout`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Link a bank account');
    await page.getByRole('button', { name: 'Link a test bank account' }).click();

    // Back at the checkout, which reads the customer afresh and shows the new account.
    await page.waitForURL(`${shop.url}/checkout`);
    const [linked] = bankAccountsOf(nico.customerId);
    expect(linked).toMatchObject({ alias: 'Linked checking' });
    const account = page.getByRole('radio', {
      name: new RegExp(`Linked checking ending in ${linked!.last4}`),
    });
    await account.waitFor(EVENTUALLY);
    expect(await account.isChecked()).toBe(true);
    const pay = page.getByRole('button', { name: /^Pay / });
    await expect.poll(() => pay.isEnabled(), EVENTUALLY).toBe(true);
    await pay.click();
    await page.getByTestId('payment-id').waitFor(EVENTUALLY);
    const payments = shop.sandbox.payments.filter(
      (payment) => payment.customerId === nico.customerId,
    );
    expect(payments).toMatchObject([{ token: linked!.token }]);
    expect(await page.getByTestId('payment-id').textContent()).toBe(payments[0]!.paymentId);
  });

  it("Bo, whom the service blocked, reaches the shop's support page", async () => {
    const bo = persona('test_blocked_bo');
    const page = await (await browser.newContext()).newPage();
    await signIn(page, shop.url, bo);
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await page
      .getByText('Payments are unavailable for this account', { exact: true })
      .waitFor(EVENTUALLY);
    expect(await checkoutState(page)).toBe('blocked');
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);

    await page.getByRole('button', { name: 'Contact support' }).click();
    await page.waitForURL(`${shop.url}/support`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact support');
    expect(await page.locator('main').textContent()).toContain(
      `with your customer id, ${bo.customerId}`,
    );
    // Focus moves to the new page, as a page load would put it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(shop.sandbox.payments.filter((payment) => payment.customerId === bo.customerId)).toEqual(
      [],
    );
  });

  it.each(['light', 'dark'] as const)(
    'the link and support pages have no accessibility violations in the %s scheme',
    async (colorScheme) => {
      // The page's CSP refuses inline scripts, axe's included; the check runs beside it.
      const context = await browser.newContext({ colorScheme, bypassCSP: true });
      const page = await context.newPage();
      try {
        await signIn(page, shop.url, {
          customerId: `${MAGIC.noBankAccounts}_a11y_${colorScheme}_${process.pid}`,
        });
        const found: Record<string, string[]> = {};
        await page.goto(`${shop.url}/link-bank-account?next=%2Fcheckout`);
        await page.getByRole('button', { name: 'Link a test bank account' }).waitFor();
        found.link = await axeViolations(page);
        await page.goto(`${shop.url}/support`);
        await page.getByRole('heading', { name: 'Contact support' }).waitFor();
        found.support = await axeViolations(page);
        expect(found).toEqual({ link: [], support: [] });
      } finally {
        await context.close();
      }
    },
  );
});
