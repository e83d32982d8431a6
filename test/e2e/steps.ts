// What the end-to-end tests do the same way in Chromium: sign in to the demo storefront, put a
// product in the cart, and ask axe what it finds.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The password the tests give new shoppers (a new customer id signs up with it). */
export const SHOPPER_PASSWORD = 'correct horse battery';

/** Signs in at the storefront `shopUrl`; a new customer id signs up. */
export async function signIn(
  page: Page,
  shopUrl: string,
  account: { customerId: string; password?: string },
): Promise<void> {
  await page.goto(`${shopUrl}/sign-in`);
  await page.getByLabel('Customer id').fill(account.customerId);
  await page.getByLabel('Password').fill(account.password ?? SHOPPER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** Puts one of the product in the cart and opens the checkout page. */
export async function checkoutWithProduct(
  page: Page,
  shopUrl: string,
  productId: string,
): Promise<void> {
  await page.goto(`${shopUrl}/products/${productId}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto(`${shopUrl}/checkout`);
}

/**
 * Axe's violations on the page as it is now, as "rule: target". Experimental rules included. A
 * page whose policy refuses inline scripts needs a browser context with `bypassCSP`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
  });
}
