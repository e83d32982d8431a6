// What the end-to-end tests do the same way in Chromium: sign in to the demo storefront, put a
// product in the cart, and ask axe what it finds.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { createSandboxClient } from 'service-checkout/sandbox';
import { expect } from 'vitest';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The password the tests give new shoppers (a new customer id signs up with it). */
export const SHOPPER_PASSWORD = 'correct horse battery';

/**
 * Closes every browser context open in `browser`: after each test, so that no page an earlier
 * test left open keeps working (the console repeats its reads every 1.5 s) while the next runs.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

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

/** The checkout's Pay button. */
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay / });
/** What an order's page says of it: "Payment submitted", "Paid"… */
export const orderStatus = (page: Page) => page.getByTestId('order-status').textContent();
/** The gems the inventory shows, as it words them: "8,000 gems". */
export const inventoryGems = (page: Page) => page.getByTestId('inventory-gems').textContent();

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

/** Buys one of the product at the checkout and answers the order's id, once its page opens. */
export async function payForProduct(
  page: Page,
  shopUrl: string,
  productId: string,
): Promise<string> {
  await checkoutWithProduct(page, shopUrl, productId);
  await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
  await payButton(page).click();
  await page.waitForURL((url) => url.pathname.startsWith('/orders/'), { timeout: 20_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

/**
 * Moves the embedded sandbox's clock with the sandbox's client (POST /api/sandbox/clock, which
 * runs what became due, webhooks to the shop included, before it answers).
 */
export async function advanceSandboxClock(
  shop: { sandboxUrl: string; apiKey: string },
  ms: number,
): Promise<void> {
  await createSandboxClient({ apiKey: shop.apiKey, baseUrl: shop.sandboxUrl }).advanceClock(ms);
}

/**
 * Axe's violations on the page as it is now, as "rule: target". Experimental rules included. A
 * page whose policy refuses inline scripts needs a browser context with `bypassCSP`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(runAxe);
}

/** In the page, once axe-core is loaded: its violations as "rule: target". */
export async function runAxe(): Promise<string[]> {
  const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
  const result = await axe.run(document, {
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/** What a screen reader would be told: a live region's text, politely or at once. */
export interface Announcement {
  live: 'polite' | 'assertive';
  text: string;
}

/**
 * Records, from now on, what the page's live regions announce (read it with `announced`): a
 * region's text each time something is added to it or its text changes, if the region was
 * already in the page (a screen reader hears changes to a region it knows, not a polite region
 * that arrives with its text), and an alert when it appears. A message repeated in a region that
 * does not change is not heard again, and is not recorded.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const LIVE = '[role=status], [role=alert], [role=log], [aria-live]:not([aria-live=off])';
    const heard: { live: 'polite' | 'assertive'; text: string }[] = [];
    const isAlert = (region: Element) =>
      region.getAttribute('aria-live') === 'assertive' ||
      (region.getAttribute('role') === 'alert' && !region.hasAttribute('aria-live'));
    const hear = (region: Element) => {
      const text = region.textContent?.trim() ?? '';
      if (text) heard.push({ live: isAlert(region) ? 'assertive' : 'polite', text });
    };
    let known = new Set(document.querySelectorAll(LIVE));
    new MutationObserver((mutations) => {
      const changed = new Set<Element>();
      for (const mutation of mutations) {
        if (mutation.type === 'childList' && mutation.addedNodes.length === 0) continue;
        const target =
          mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const region = target?.closest(LIVE);
        if (region && known.has(region) && region.isConnected) changed.add(region);
      }
      changed.forEach(hear);
      const present = new Set(document.querySelectorAll(LIVE));
      present.forEach((region) => {
        if (!known.has(region) && isAlert(region)) hear(region);
      });
      known = present;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { announced: typeof heard }).announced = heard;
  });
}

/** Everything announced since `recordAnnouncements`, in order. */
export function announced(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => (window as unknown as { announced: Announcement[] }).announced);
}

/**
 * Time for a shop and its embedded sandbox, moved together: pass `now` to `startStorefront`, and
 * `advance` moves the shop's clock and the sandbox's (POST /api/sandbox/clock, which runs what
 * became due, webhooks to the shop included, before it answers).
 */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    /** How far the clock is ahead of real time. */
    aheadMs: () => offsetMs,
    async advance(shop: { sandboxUrl: string; apiKey: string }, ms: number): Promise<void> {
      offsetMs += ms;
      await advanceSandboxClock(shop, ms);
    },
  };
}
