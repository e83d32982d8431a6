// The demo storefront's language picker in Debian's Chromium, on the narrowest phone (320 px): a
// shopper picks Arabic, or the accented pseudo-locale, and pays. The page's lang and dir follow
// the picker, the checkout speaks that language, the submitted payment is announced and shown in
// it, nothing scrolls sideways and axe finds nothing.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { ar as shopArabic } from '../../examples/storefront/src/text/ar.js';
import { en as shopEnglish, type ShopText } from '../../examples/storefront/src/text/en.js';
import type { CheckoutMessages } from '../../src/checkout/messages/catalogue.js';
import checkoutArabic from '../../src/checkout/messages/locales/ar.js';
import { en as checkoutEnglish } from '../../src/checkout/messages/en.js';
import { pseudoCatalogue } from '../../src/checkout/messages/pseudo.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { announced, axeViolations, recordAnnouncements, signIn } from './steps.js';

const HOUR = 3_600_000;
const EVENTUALLY = { timeout: 20_000 };
const WIDTH = 320;

let browser: Browser;
let shop: Storefront;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // An hour between steps: the payment stays submitted while the test reads its page.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** What a message says before the first value it places: "ادفع " of "ادفع $4.99". */
function lead<Values extends object>(message: (values: Values) => string, values: Values): string {
  return message(values).split(MARK)[0]!;
}
const MARK = '\u2063';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How far the page, and the checkout when it is shown, scroll sideways: 0 when everything fits.
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const overflow = (element: Element | null) =>
      element ? Math.max(0, element.scrollWidth - element.clientWidth) : 0;
    return {
      page: overflow(document.documentElement),
      checkout: overflow(document.querySelector('.sc-checkout')),
    };
  });

const cases: {
  locale: string;
  dir: 'ltr' | 'rtl';
  checkout: CheckoutMessages;
  shop: ShopText;
}[] = [
  { locale: 'ar', dir: 'rtl', checkout: checkoutArabic, shop: shopArabic },
  // The pseudo-locale is the checkout's only: the shop's own words stay English.
  {
    locale: 'en-XA',
    dir: 'ltr',
    checkout: pseudoCatalogue('en-XA', checkoutEnglish).default,
    shop: shopEnglish,
  },
];

describe('the storefront in the language the shopper picks', () => {
  it.each(cases)(
    'pays in $locale at 320 px: lang and dir follow, nothing overflows, axe finds nothing',
    async ({ locale, dir, checkout, shop: words }) => {
      // Without the page's CSP, which refuses axe's inline script.
      const context = await browser.newContext({
        viewport: { width: WIDTH, height: 640 },
        locale: 'en-US',
        bypassCSP: true,
      });
      const page = await context.newPage();
      try {
        await signIn(page, shop.url, { customerId: `lang_${locale}_${process.pid}_${Date.now()}` });
        await page.goto(`${shop.url}/products/gem-pouch`);
        const html = page.locator('html');
        await expect.poll(() => html.getAttribute('lang')).toBe('en-US');

        // The picker is a labelled native select in the header, in the page's language.
        await page.getByRole('combobox', { name: shopEnglish.language }).selectOption(locale);
        await expect.poll(() => html.getAttribute('lang')).toBe(locale);
        expect(await html.getAttribute('dir')).toBe(dir);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(words.products['gem-pouch'].name);
        await page.getByRole('button', { name: words.addToCart, exact: true }).click();

        // Picked once, kept: the checkout page is a fresh load.
        await page.goto(`${shop.url}/checkout`);
        expect(await html.getAttribute('lang')).toBe(locale);
        expect(await html.getAttribute('dir')).toBe(dir);
        await page
          .getByRole('heading', { level: 1, name: words.completeYourPurchase })
          .waitFor(EVENTUALLY);
        const pay = page.getByRole('button', {
          name: new RegExp(`^${escape(lead(checkout.pay, { amount: MARK }))}`),
        });
        await expect.poll(() => pay.isEnabled(), EVENTUALLY).toBe(true);
        const root = page.locator('.sc-checkout');
        expect(await root.getAttribute('lang')).toBe(locale);
        expect(await root.getAttribute('dir')).toBe(dir);
        const atCheckout = { sideways: await sideways(page), axe: await axeViolations(page) };

        await recordAnnouncements(page);
        await pay.click();
        await page.waitForURL((url) => url.pathname.startsWith('/orders/'), EVENTUALLY);
        await page
          .getByRole('heading', { level: 1, name: words.paymentSubmitted })
          .waitFor(EVENTUALLY);
        await expect
          .poll(() => page.getByTestId('order-status').textContent(), EVENTUALLY)
          .toBe(words.statusLabels.processing);
        // What the checkout said as it handed over, heard after the page changed.
        await expect
          .poll(async () => (await announced(page)).map((heard) => heard.text), EVENTUALLY)
          .toContainEqual(
            expect.stringContaining(
              lead(checkout.submittedAnnouncement, { amount: MARK, account: MARK, date: MARK }),
            ),
          );
        expect(await html.getAttribute('lang')).toBe(locale);
        const atOrder = { sideways: await sideways(page), axe: await axeViolations(page) };

        const fits = { sideways: { page: 0, checkout: 0 }, axe: [] };
        expect({ atCheckout, atOrder }).toEqual({
          atCheckout: fits,
          atOrder: fits,
        });
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
