// The demo storefront's own pages in Debian's Chromium and Firefox (test/e2e/browsers): axe finds
// nothing on any of them, the checkout included, in light and dark, and the merchant page's
// tables keep every column reachable at phone width. The checkout's screenshots in each engine
// and scheme are written to artifacts/screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { root } from '../support/dist.js';
import type { Browser, Page } from './browsers/browser.js';
import { ENGINES } from './browsers/engines.js';
import { axeViolations, PAY_BUTTON, signIn } from './storefront-steps.js';

const screenshots = join(root, 'artifacts', 'screenshots');
const HEADING = { css: 'h1' };

let shop: Storefront;

beforeAll(async () => {
  shop = await startStorefront({ port: 0, sandboxPort: 0 });
}, 240_000);

afterAll(() => shop?.close());

/** Signs a new shopper in, or the staff account. */
const signInAs = (page: Page, account?: { customerId: string; password: string }) =>
  signIn(page, shop.url, account ?? { customerId: `a11y_${process.pid}_${Date.now()}` });

describe.each(ENGINES)('in $name', (engine) => {
  let browser: Browser;
  const open: Page[] = [];
  beforeAll(async () => {
    browser = await engine.launch();
  }, 60_000);
  afterAll(() => browser?.close());
  afterEach(() => Promise.all(open.splice(0).map((page) => page.close())));

  describe('the storefront pages', () => {
    it.each(['light', 'dark'] as const)(
      'have no accessibility violations in the %s scheme',
      async (colorScheme) => {
        const page = await browser.newPage({ colorScheme });
        open.push(page);
        const found: Record<string, string[]> = {};
        const check = async (name: string, ready: () => Promise<unknown>) => {
          await ready();
          found[name] = await axeViolations(page);
        };
        await page.goto(`${shop.url}/sign-in`);
        // Axe checks the colours the page shows, so the page must show the scheme asked for.
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
          colorScheme === 'dark',
        );
        await check('sign-in', () => page.waitFor({ label: /^Customer id/ }));
        await signInAs(page);
        await page.goto(`${shop.url}/`);
        const addToCart = { role: 'button', name: /^Add to cart/, nth: 0 };
        await check('shop', () => page.waitFor(addToCart));
        await page.click(addToCart);
        await page.goto(`${shop.url}/products/gem-pouch`);
        await check('product', () => page.waitFor(HEADING));
        await page.goto(`${shop.url}/cart`);
        await check('cart', () => page.waitFor(HEADING));
        await page.goto(`${shop.url}/checkout`);
        await check('checkout', () => page.waitFor(PAY_BUTTON, { enabled: true }));
        mkdirSync(screenshots, { recursive: true });
        await page.screenshot(join(screenshots, `checkout-${engine.name}-${colorScheme}.png`), {
          css: '.sc-checkout',
        });
        await page.click(PAY_BUTTON);
        await page.waitFor({ testId: 'payment-id' });
        await check('order', () => page.waitFor(HEADING));
        await page.goto(`${shop.url}/orders`);
        await check('orders', () => page.waitFor(HEADING));
        await signInAs(page, STAFF);
        await page.goto(`${shop.url}/merchant`);
        await check('merchant', () => page.waitFor({ role: 'table', nth: 0 }));
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
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      open.push(page);
      await signInAs(page, STAFF);
      await page.goto(`${shop.url}/merchant`);
      await page.waitFor({ role: 'table', nth: 0 });
      const layout = await page.evaluate(() => {
        const table = document.querySelector('table');
        return {
          columns: [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent),
          cells: [...(table?.querySelectorAll('tbody td') ?? [])].map((cell) => {
            const box = cell.getBoundingClientRect();
            const shown = cell.getClientRects().length > 0;
            return { text: cell.textContent ?? '', shown, left: box.left, right: box.right };
          }),
          // Nothing on the page scrolls sideways.
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(layout.columns).toEqual(['Withdrawal', 'Created', 'Speed', 'Status', 'Amount']);
      expect(layout.cells.length).toBeGreaterThan(0);
      for (const cell of layout.cells) {
        expect(cell.shown, cell.text).toBe(true);
        expect(cell.left, cell.text).toBeGreaterThanOrEqual(0);
        expect(cell.right, cell.text).toBeLessThanOrEqual(width);
      }
      expect(layout.overflow).toBe(0);
    });
  });
});
