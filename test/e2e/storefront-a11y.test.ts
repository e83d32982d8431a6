// The demo storefront's own pages in Debian's Chromium: axe finds nothing on any of them, in
// light and dark, and the merchant page's tables keep every column reachable at phone width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
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
});
