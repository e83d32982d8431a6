// The whole flow in Debian's Chromium: the demo storefront and the sandbox on real ports, a
// shopper who signs in and pays, and the wire checked for where each secret may travel.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { checkoutWithProduct, movableClock, payButton, signIn } from './steps.js';
import { root } from '../support/dist.js';

const screenshots = join(root, 'artifacts', 'screenshots');

interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

let browser: Browser;
let shop: Storefront;
let shopper = 0;

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

/**
 * A fresh browser profile that records every request the page makes, headers included, and
 * every Content-Security-Policy violation of every page it opens.
 */
async function openShop(): Promise<{
  context: BrowserContext;
  page: Page;
  wire: () => Promise<WireRequest[]>;
  violations: string[];
}> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const violations: string[] = [];
  await context.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    const report = (window as unknown as { reportViolation: (text: string) => void })
      .reportViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ${event.sample}`),
    );
  });
  const page = await context.newPage();
  const seen: Promise<WireRequest | null>[] = [];
  const record = async (request: Request): Promise<WireRequest> => ({
    url: request.url(),
    method: request.method(),
    headers: await request.allHeaders(),
    body: request.postData(),
  });
  // A request still being read when the test closes the page is not part of what it checks.
  page.on('request', (request) => seen.push(record(request).catch(() => null)));
  return {
    context,
    page,
    violations,
    wire: async () =>
      (await Promise.all(seen)).filter((request): request is WireRequest => request !== null),
  };
}

/** Signs in with a new customer id (optionally a sandbox magic prefix) and fills the cart. */
async function signInAndFillCart(
  page: Page,
  store: Storefront,
  prefix = 'e2e_shopper',
): Promise<string> {
  const customerId = `${prefix}_${process.pid}_${++shopper}`;
  await signIn(page, store.url, { customerId });
  await checkoutWithProduct(page, store.url, 'gem-pouch');
  return customerId;
}

async function expectPaid(page: Page): Promise<string> {
  const paymentId = page.getByTestId('payment-id');
  await paymentId.waitFor({ timeout: 20_000 });
  return (await paymentId.textContent())?.trim() ?? '';
}

const isCheckout = (request: WireRequest) =>
  request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/checkout/ach/');
const isCustomerRead = (request: WireRequest) =>
  new URL(request.url).pathname === '/api/customer/v2';

describe('a shopper on the demo storefront', () => {
  it('signs in, pays from a saved bank account and sees the payment id', async () => {
    const { context, page, wire, violations } = await openShop();
    const customerId = await signInAndFillCart(page, shop);
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);

    mkdirSync(screenshots, { recursive: true });
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page
        .locator('.sc-checkout')
        .screenshot({ path: join(screenshots, `checkout-${colorScheme}.png`) });
    }

    await payButton(page).click();
    const paymentId = await expectPaid(page);
    expect(paymentId).not.toBe('');
    const payments = shop.sandbox.payments.filter((payment) => payment.customerId === customerId);
    expect(payments.map((payment) => payment.paymentId)).toEqual([paymentId]);
    expect(payments[0]?.subtotal).toEqual({ cents: 499, currency: 'USD' });

    // The storefront's server told the service about the new payer.
    const events = shop.sandbox.events.filter((event) => event.customerId === customerId);
    expect(events.map((event) => event.eventType)).toEqual(['SignUp']);

    const requests = await wire();
    const sessionKeys = new Set(
      requests.flatMap((request) => request.headers['x-service-auth-session-key'] ?? []),
    );
    expect(sessionKeys.size).toBeGreaterThan(0);
    const checkout = requests.filter(isCheckout);
    expect(checkout).toHaveLength(1);
    expect(checkout[0]?.headers['x-device-id']).toMatch(/.+/);
    expect(sessionKeys.has(checkout[0]?.headers['x-service-auth-session-key'] ?? '')).toBe(true);
    expect(requests.filter(isCustomerRead).length).toBeGreaterThan(0);

    for (const request of requests) {
      const text = `${request.url} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
      // The API key never leaves the storefront's server.
      expect(text).not.toContain(shop.apiKey);
      // Session keys travel only in their own header: never in a URL, a body or Authorization.
      for (const key of sessionKeys) {
        expect(request.url).not.toContain(key);
        expect(request.body ?? '').not.toContain(key);
        expect(request.headers.authorization ?? '').not.toContain(key);
      }
    }
    // Nothing is kept in cookies or storage either.
    const stored = JSON.stringify(await context.storageState());
    for (const key of sessionKeys) expect(stored).not.toContain(key);
    // Every page came under the shop's strict policy, and none of them broke it.
    expect(violations).toEqual([]);
    await context.close();
  });

  it('ships no built client file that contains the API key', () => {
    const files = readdirSync(shop.clientDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(js|css|html|map|json)$/.test(file),
    );
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      expect(readFileSync(join(shop.clientDir, file), 'utf8'), file).not.toContain(shop.apiKey);
    }
  });

  it('with the device script blocked, explains the security check and pays once it loads', async () => {
    const { context, page, wire } = await openShop();
    const script = `${shop.sandboxUrl}/chargeback/device.js`;
    await context.route(script, (route) => route.abort('blockedbyclient'));
    const customerId = await signInAndFillCart(page, shop);

    await page.getByText("The security check didn't load").waitFor({ timeout: 20_000 });
    expect(
      await payButton(page)
        .isEnabled()
        .catch(() => false),
    ).toBe(false);
    expect((await wire()).filter(isCheckout)).toHaveLength(0);

    await context.unroute(script);
    await page.getByRole('button', { name: 'Retry security check' }).click();
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await payButton(page).click();
    const paymentId = await expectPaid(page);
    expect(
      shop.sandbox.payments.filter((p) => p.customerId === customerId).map((p) => p.paymentId),
    ).toEqual([paymentId]);
    expect((await wire()).filter(isCheckout)[0]?.headers['x-device-id']).toMatch(/.+/);
    await context.close();
  });

  it('after a decline, pays from the other account', async () => {
    const { context, page, wire, violations } = await openShop();
    const customerId = await signInAndFillCart(page, shop, 'test_decline');
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('radio', { name: /ending in 0002/ }).check();
    await payButton(page).click();
    await page.getByText('Payment declined').first().waitFor({ timeout: 20_000 });
    expect(shop.sandbox.payments.filter((p) => p.customerId === customerId)).toHaveLength(0);

    const other = page.getByRole('radio', { name: /ending in (?!0002)\d{4}/ });
    await other.check();
    await payButton(page).click();
    const paymentId = await expectPaid(page);
    const payments = shop.sandbox.payments.filter((p) => p.customerId === customerId);
    expect(payments.map((p) => p.paymentId)).toEqual([paymentId]);
    // Two attempts, two idempotency keys: a new account is a new purchase attempt.
    const attempts = (await wire()).filter(isCheckout);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers['idempotency-key']).not.toBe(
      attempts[1]?.headers['idempotency-key'],
    );
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('a session that cannot be renewed', () => {
  it('offers a reload, which reloads the page', async () => {
    const { context, page, wire } = await openShop();
    // The sandbox issues this customer only keys that have already expired.
    await signInAndFillCart(page, shop, 'test_expired');
    const reload = page.getByRole('button', { name: 'Reload the page' });
    await reload.waitFor({ timeout: 20_000 });
    expect(await page.getByText('You have not been charged.', { exact: false }).isVisible()).toBe(
      true,
    );

    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await reload.click();
    await page.waitForFunction(() => !('beforeReload' in window));
    expect(new URL(page.url()).pathname).toBe('/checkout');
    // The reloaded page sent no purchase: nothing could be paid with an expired key.
    expect((await wire()).filter(isCheckout)).toHaveLength(0);
    await context.close();
  });
});

describe('a session key that expires mid-checkout', () => {
  // Keys live 100 s: the page renews one at half its life, on its own clock, which only the test
  // moves that far, together with the shop's and the sandbox's.
  const clock = movableClock();
  let shortLived: Storefront;
  beforeAll(async () => {
    shortLived = await startStorefront({
      port: 0,
      sandboxPort: 0,
      sessionKeyTtlSeconds: 100,
      now: clock.now,
    });
  }, 240_000);
  afterAll(() => shortLived?.close());

  it('is renewed without losing the chosen account, and the payment uses a live key', async () => {
    const { context, page, wire } = await openShop();
    await context.clock.install();
    const customerId = await signInAndFillCart(page, shortLived);
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    const firstKey =
      (await wire()).find(isCustomerRead)?.headers['x-service-auth-session-key'] ?? '';
    expect(firstKey).not.toBe('');

    // Choose the second account, then move everyone's time past the first key's end: the
    // service itself refuses it, and the page's renewal is due.
    const radios = page.getByRole('radio');
    await radios.nth(1).check();
    const chosen = (await radios.nth(1).getAttribute('value')) ?? '';
    await clock.advance(shortLived, 110_000);
    const refused = await fetch(`${shortLived.sandboxUrl}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': firstKey },
    });
    expect(refused.status).toBe(401);
    await page.clock.fastForward(110_000);

    expect(await radios.nth(1).isChecked()).toBe(true);
    await payButton(page).click();
    const paymentId = await expectPaid(page);
    const payments = shortLived.sandbox.payments.filter((p) => p.customerId === customerId);
    expect(payments.map((p) => p.paymentId)).toEqual([paymentId]);
    expect(payments[0]?.token).toBe(chosen);
    const checkout = (await wire()).filter(isCheckout);
    expect(checkout).toHaveLength(1);
    expect(checkout[0]?.headers['x-service-auth-session-key']).not.toBe(firstKey);
    await context.close();
  });
});
