// The demo storefront's own pages in Debian's Chromium: axe finds nothing on any of them, in
// light and dark, the merchant page's tables keep every column reachable at phone width, and
// every page fits the narrowest phone (320 px) with nothing scrolling sideways.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { payWithCheckoutToken } from '../support/pay-with-token.js';
import { axeViolations, signIn } from './steps.js';

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

/** Signs a new shopper in, or the staff account. */
const signInAs = (page: Page, account?: { customerId: string; password: string }) =>
  signIn(page, shop.url, account ?? { customerId: `a11y_${process.pid}_${Date.now()}` });

describe('the storefront pages', () => {
  it.each(['light', 'dark'] as const)(
    'have no accessibility violations in the %s scheme',
    async (colorScheme) => {
      // The page's CSP refuses inline scripts, axe's included; the check runs beside it.
      const context = await browser.newContext({ colorScheme, bypassCSP: true });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      const check = async (name: string, ready: () => Promise<unknown>) => {
        await ready();
        found[name] = await axeViolations(page);
      };
      try {
        await page.goto(`${shop.url}/sign-in`);
        await check('sign-in', () => page.getByLabel('Customer id').waitFor());
        await signInAs(page);
        await page.goto(`${shop.url}/`);
        await check('shop', () =>
          page
            .getByRole('button', { name: /^Add to cart/ })
            .first()
            .waitFor(),
        );
        await page
          .getByRole('button', { name: /^Add to cart/ })
          .first()
          .click();
        await page.goto(`${shop.url}/products/gem-pouch`);
        await check('product', () => page.getByRole('heading', { level: 1 }).waitFor());
        await page.goto(`${shop.url}/cart`);
        await check('cart', () => page.getByRole('heading', { level: 1 }).waitFor());
        await page.goto(`${shop.url}/checkout`);
        const pay = page.getByRole('button', { name: /^Pay / });
        await check('checkout', () =>
          expect.poll(() => pay.isEnabled(), { timeout: 20_000 }).toBe(true),
        );
        await pay.click();
        await page.getByTestId('payment-id').waitFor({ timeout: 20_000 });
        await check('order', () => page.getByRole('heading', { level: 1 }).waitFor());
        await page.goto(`${shop.url}/orders`);
        await check('orders', () => page.getByRole('heading', { level: 1 }).waitFor());
        await signInAs(page, STAFF);
        await page.goto(`${shop.url}/merchant`);
        await check('merchant', () => page.getByRole('table').first().waitFor());
      } finally {
        await context.close();
      }
      expect(found).toEqual({
        'sign-in': [],
        shop: [],
        product: [],
        cart: [],
        checkout: [],
        order: [],
        orders: [],
        merchant: [],
      });
    },
  );

  it('the merchant page shows every withdrawal column at 390 px', async () => {
    const width = 390;
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    try {
      await signInAs(page, STAFF);
      await page.goto(`${shop.url}/merchant`);
      const table = page.getByRole('table').first();
      await table.waitFor();
      await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'Withdrawal',
        'Created',
        'Speed',
        'Status',
        'Amount',
      ]);
      const rows = await table.locator('tbody tr').all();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const cell of await row.getByRole('cell').all()) {
          const box = await cell.boundingBox();
          const text = await cell.textContent();
          expect(box, text ?? '').not.toBeNull();
          expect(box!.x, text ?? '').toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, text ?? '').toBeLessThanOrEqual(width);
        }
      }
      // Nothing on the page scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('fits every page in 320 px: the header with its cart pill, a returned order, the checkout, the staff page', async () => {
    const width = 320;
    // Without the page's CSP, which refuses axe's inline script.
    const context = await browser.newContext({ viewport: { width, height: 640 }, bypassCSP: true });
    const page = await context.newPage();
    const customerId = `narrow_${process.pid}_${Date.now()}`;
    /**
     * How far the page scrolls sideways (0 when nothing is wider than the screen), and the first
     * few elements that reach past its edge.
     */
    const sideways = () =>
      page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement;
        // Decorations clipped inside their box reach past the edge without widening the page.
        if (scrollWidth <= clientWidth) return { by: 0, past: [] };
        const past = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > clientWidth + 0.5)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { by: scrollWidth - clientWidth, past };
      });
    const found: Record<string, { sideways: { by: number; past: string[] }; axe: string[] }> = {};
    const measure = async (name: string) => {
      found[name] = { sideways: await sideways(), axe: await axeViolations(page) };
    };
    try {
      await signInAs(page, { customerId, password: 'correct horse battery' });
      // A payment from the account ending in 6789, which the bank returns: account closed.
      const { order, checkout } = await page.evaluate(async () => {
        const answer = await fetch('/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ productId: 'frostwing-mount', quantity: 2 }] }),
        });
        return (await answer.json()) as {
          order: { orderId: string };
          checkout: { jwtToken: string };
        };
      });
      const paid = await payWithCheckoutToken(
        shop.sandbox,
        shop.sandboxUrl,
        customerId,
        checkout.jwtToken,
        {
          text: 'By selecting Pay $19.98, you authorize Skyreach Store to make a one-time debit of $19.98 from Sandbox checking ••6789 on or after today. You may revoke this by contacting support@skyreach.example before it is sent to your bank.',
          acceptedAt: new Date().toISOString(),
          locale: 'en-US',
        },
      );
      shop.sandbox.advancePayment(paid.body.paymentId!, 'returned', { returnCode: 'R02' });

      // A full cart: its pill carries a two-digit count.
      await page.goto(`${shop.url}/products/gem-pouch`);
      for (let added = 0; added < 10; added++) {
        await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      }
      await measure('product');
      await page.goto(`${shop.url}/`);
      await page.getByRole('link', { name: /^Cart ?10 items$/ }).waitFor();
      await measure('shop');
      await page.goto(`${shop.url}/cart`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await measure('cart');
      await page.goto(`${shop.url}/checkout`);
      await page
        .getByText('Do not pay from the account ending in 6789')
        .waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: /^Pay / }).waitFor({ timeout: 20_000 });
      await measure('checkout');
      await page.goto(`${shop.url}/orders/${order.orderId}`);
      await page
        .getByRole('region', { name: 'Why your bank sent it back' })
        .waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Your debit authorization' }).waitFor();
      await measure('order');
      await page.goto(`${shop.url}/orders`);
      await page.getByRole('row').filter({ hasText: order.orderId }).waitFor({ timeout: 20_000 });
      await measure('orders');
      await signInAs(page, STAFF);
      await page.goto(`${shop.url}/merchant`);
      const recent = page.getByRole('region', { name: 'Recent orders' });
      await recent.getByText('Debit authorization').first().click({ timeout: 20_000 });
      await measure('merchant');
    } finally {
      await context.close();
    }
    const fits = { sideways: { by: 0, past: [] }, axe: [] };
    expect(found).toEqual({
      product: fits,
      shop: fits,
      cart: fits,
      checkout: fits,
      order: fits,
      orders: fits,
      merchant: fits,
    });
  });
});
