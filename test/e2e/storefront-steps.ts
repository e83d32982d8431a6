// What the tests that run in every engine do on the demo storefront, through the driver
// (test/e2e/browsers/browser.ts): sign in, fill the cart, pay, and ask axe what it finds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from './browsers/browser.js';
import { runAxe, SHOPPER_PASSWORD } from './steps.js';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The checkout's Pay button. */
export const PAY_BUTTON = { role: 'button', name: /^Pay / };

/** Signs in at the storefront `shopUrl`; a new customer id signs up. */
export async function signIn(
  page: Page,
  shopUrl: string,
  account: { customerId: string; password?: string },
): Promise<void> {
  await page.goto(`${shopUrl}/sign-in`);
  await page.fill({ label: /^Customer id/ }, account.customerId);
  await page.fill({ label: /^Password/ }, account.password ?? SHOPPER_PASSWORD);
  await page.click({ role: 'button', name: 'Sign in' });
  await page.waitForUrl((url) => !url.pathname.startsWith('/sign-in'));
}

/** Puts one of the product in the cart and opens the checkout page. */
export async function checkoutWithProduct(
  page: Page,
  shopUrl: string,
  productId: string,
): Promise<void> {
  await page.goto(`${shopUrl}/products/${productId}`);
  await page.click({ role: 'button', name: 'Add to cart' });
  await page.goto(`${shopUrl}/checkout`);
}

/** The payment id the order's page shows, once the service has the payment. */
export async function paidPaymentId(page: Page): Promise<string> {
  return (await page.text({ testId: 'payment-id' })).trim();
}

/**
 * Axe's violations on the page as it is now, as "rule: target", experimental rules included.
 * The driver runs axe beside the page, so the page's Content-Security-Policy does not refuse it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScript(AXE_SOURCE);
  return page.evaluate(runAxe);
}
