// The money path in Debian's Chromium and Firefox (test/e2e/browsers): the demo storefront and
// the sandbox on real ports, a shopper who signs in and pays, is declined and pays from another
// account, has the device script blocked, and keeps paying across an expiring session key; the
// wire checked for where each secret may travel.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import type { Browser, Page, WireRequest } from './browsers/browser.js';
import { ENGINES } from './browsers/engines.js';
import { movableClock } from './steps.js';
import { checkoutWithProduct, paidPaymentId, PAY_BUTTON, signIn } from './storefront-steps.js';

let shop: Storefront;
// Keys of this shop live 100 s: the page renews one at half its life, on its own clock, which
// only the test moves that far, together with the shop's and the sandbox's.
const clock = movableClock();
let shortLived: Storefront;
let shopper = 0;

beforeAll(async () => {
  [shop, shortLived] = await Promise.all([
    startStorefront({ port: 0, sandboxPort: 0 }),
    startStorefront({ port: 0, sandboxPort: 0, sessionKeyTtlSeconds: 100, now: clock.now }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([shop?.close(), shortLived?.close()]);
});

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

const isCheckout = (request: WireRequest) =>
  request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/checkout/ach/');
const isCustomerRead = (request: WireRequest) =>
  request.method === 'GET' && new URL(request.url).pathname === '/api/customer/v2';
const paymentsOf = (store: Storefront, customerId: string) =>
  store.sandbox.payments.filter((payment) => payment.customerId === customerId);

it('ships no built client file that contains the API key', () => {
  const files = readdirSync(shop.clientDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(js|css|html|map|json)$/.test(file),
  );
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  for (const file of files) {
    expect(readFileSync(join(shop.clientDir, file), 'utf8'), file).not.toContain(shop.apiKey);
  }
});

describe.each(ENGINES)('in $name', (engine) => {
  let browser: Browser;
  const open: Page[] = [];
  beforeAll(async () => {
    browser = await engine.launch();
  }, 60_000);
  afterAll(() => browser?.close());
  // A page left open by a failed test would go on reading while the next test runs.
  afterEach(() => Promise.all(open.splice(0).map((page) => page.close())));

  async function openShop(options: { movableClock?: boolean } = {}): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
    open.push(page);
    return page;
  }

  describe('a shopper on the demo storefront', () => {
    it('signs in, pays from a saved bank account and sees the payment id', async () => {
      const page = await openShop();
      const customerId = await signInAndFillCart(page, shop);
      await page.click(PAY_BUTTON);
      const paymentId = await paidPaymentId(page);
      expect(paymentId).not.toBe('');
      const payments = paymentsOf(shop, customerId);
      expect(payments.map((payment) => payment.paymentId)).toEqual([paymentId]);
      expect(payments[0]?.subtotal).toEqual({ cents: 499, currency: 'USD' });

      // The storefront's server told the service about the new payer.
      const events = shop.sandbox.events.filter((event) => event.customerId === customerId);
      expect(events.map((event) => event.eventType)).toEqual(['SignUp']);

      const requests = await page.requests();
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
      const stored = JSON.stringify([
        await page.cookies(),
        await page.evaluate(() => ({ ...localStorage, ...sessionStorage })),
      ]);
      for (const key of sessionKeys) expect(stored).not.toContain(key);
    });

    it('with the device script blocked, explains the security check and pays once it loads', async () => {
      const page = await openShop();
      const blocked = await page.block(`${shop.sandboxUrl}/chargeback/device.js`);
      const customerId = await signInAndFillCart(page, shop);

      await page.waitFor({ text: /The security check didn't load/, nth: 0 });
      expect(await page.isEnabled(PAY_BUTTON)).toBe(false);
      expect((await page.requests()).filter(isCheckout)).toHaveLength(0);

      await blocked.unblock();
      await page.click({ role: 'button', name: 'Retry security check' });
      await page.click(PAY_BUTTON);
      const paymentId = await paidPaymentId(page);
      expect(paymentsOf(shop, customerId).map((p) => p.paymentId)).toEqual([paymentId]);
      expect((await page.requests()).filter(isCheckout)[0]?.headers['x-device-id']).toMatch(/.+/);
    });

    it('after a decline, pays from the other account', async () => {
      const page = await openShop();
      const customerId = await signInAndFillCart(page, shop, 'test_decline');
      await page.check({ role: 'radio', name: /ending in 0002/ });
      await page.click(PAY_BUTTON);
      await page.waitFor({ text: 'Payment declined', nth: 0 });
      expect(paymentsOf(shop, customerId)).toHaveLength(0);

      await page.check({ role: 'radio', name: /ending in (?!0002)\d{4}/ });
      await page.click(PAY_BUTTON);
      const paymentId = await paidPaymentId(page);
      expect(paymentsOf(shop, customerId).map((p) => p.paymentId)).toEqual([paymentId]);
      // Two attempts, two idempotency keys: a new account is a new purchase attempt.
      const attempts = (await page.requests()).filter(isCheckout);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]?.headers['idempotency-key']).not.toBe(
        attempts[1]?.headers['idempotency-key'],
      );
    });
  });

  describe('a session that cannot be renewed', () => {
    it('offers a reload, which reloads the page', async () => {
      const page = await openShop();
      // The sandbox issues this customer only keys that have already expired.
      await signInAndFillCart(page, shop, 'test_expired');
      const reload = { role: 'button', name: 'Reload the page' };
      await page.waitFor(reload);
      expect(await page.isVisible({ text: /You have not been charged\./ })).toBe(true);

      await page.evaluate(() => {
        Object.assign(window, { beforeReload: true });
      });
      await page.click(reload);
      await page.waitUntil(() => !('beforeReload' in window));
      expect(new URL(page.url()).pathname).toBe('/checkout');
      // The reloaded page sent no purchase: nothing could be paid with an expired key.
      expect((await page.requests()).filter(isCheckout)).toHaveLength(0);
    });
  });

  describe('a session key that expires mid-checkout', () => {
    it('is renewed without losing the chosen account, and the payment uses a live key', async () => {
      const page = await openShop({ movableClock: true });
      // The page's time starts where the shop's and the sandbox's are (another engine's run of
      // this test may have moved them).
      await page.fastForward(clock.aheadMs());
      const customerId = await signInAndFillCart(page, shortLived);
      await page.waitFor(PAY_BUTTON, { enabled: true });
      const firstKey =
        (await page.requests()).find(isCustomerRead)?.headers['x-service-auth-session-key'] ?? '';
      expect(firstKey).not.toBe('');

      // Choose the second account, then move everyone's time past the first key's end: the
      // service itself refuses it, and the page's renewal is due.
      const second = { role: 'radio', nth: 1 };
      await page.check(second);
      const chosen = (await page.attribute(second, 'value')) ?? '';
      await clock.advance(shortLived, 110_000);
      const refused = await fetch(`${shortLived.sandboxUrl}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': firstKey },
      });
      expect(refused.status).toBe(401);
      await page.fastForward(110_000);

      expect(await page.isChecked(second)).toBe(true);
      await page.click(PAY_BUTTON);
      const paymentId = await paidPaymentId(page);
      const payments = paymentsOf(shortLived, customerId);
      expect(payments.map((p) => p.paymentId)).toEqual([paymentId]);
      expect(payments[0]?.token).toBe(chosen);
      const checkout = (await page.requests()).filter(isCheckout);
      expect(checkout).toHaveLength(1);
      expect(checkout[0]?.headers['x-service-auth-session-key']).not.toBe(firstKey);
    });
  });
});
