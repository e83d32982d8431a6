// Accounts and requests of the demo storefront in Debian's Chromium: "Sign out everywhere" ends
// the customer's other browsers too; a page whose name was pointed at the shop (DNS rebinding)
// gets nothing from it; and the merchant page keeps refused webhook attempts apart from the
// deliveries it lists.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { axeViolations, closeContexts, signIn } from './steps.js';

/** A name of another site that this browser resolves to the shop's address, as rebinding does. */
const REBOUND = 'rebind.example';

let browser: Browser;
let shop: Storefront;
let shopper = 0;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startStorefront({ port: 0, sandboxPort: 0 }),
    launchChromium([
      `--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`,
      // Chromium itself refuses an insecure public page's requests to a loopback address (Local
      // Network Access); other browsers do not, so it is off here, to see what the shop does.
      '--disable-features=LocalNetworkAccessChecks',
    ]),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

afterEach(() => closeContexts(browser));

// The page's CSP refuses inline scripts, axe's included: pages that axe checks bypass it.
const newPage = async () => (await browser.newContext({ bypassCSP: true })).newPage();
const signedInAs = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/me')).json()).customer?.customerId ?? null);

describe('sign out everywhere', () => {
  it("signs the customer out in this browser and in every other one, and no one else's", async () => {
    const customerId = `e2e_everywhere_${process.pid}_${++shopper}`;
    const laptop = await newPage();
    const phone = await newPage();
    const someoneElse = await newPage();
    await signIn(laptop, shop.url, { customerId });
    await signIn(phone, shop.url, { customerId });
    await signIn(someoneElse, shop.url, { customerId: `${customerId}_other` });
    expect(await signedInAs(phone)).toBe(customerId);

    await laptop.getByRole('button', { name: `Account: ${customerId}` }).click();
    const everywhere = laptop.getByRole('menuitem', { name: 'Sign out everywhere' });
    await everywhere.waitFor();
    expect(await axeViolations(laptop)).toEqual([]);
    await everywhere.click();
    await laptop.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await signedInAs(laptop)).toBeNull();

    await phone.reload();
    await phone.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await signedInAs(phone)).toBeNull();
    expect(await signedInAs(someoneElse)).toBe(`${customerId}_other`);
    for (const page of [laptop, phone, someoneElse]) await page.context().close();
  });
});

describe('a page of another site whose name resolves to the shop (DNS rebinding)', () => {
  it('gets neither the shop nor a sign-in from it', async () => {
    const { port } = new URL(shop.url);
    const page = await newPage();
    // The attacker's page, served under its own name before the name points at the shop.
    const attack = `http://${REBOUND}:${port}/attack`;
    await page.route(attack, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Attack</title>' }),
    );
    await page.goto(attack);
    // From now on every request of the page's origin reaches the shop, as the page's own.
    const answers = await page.evaluate(async () => {
      const config = await fetch('/api/config');
      const signIn = await fetch('/api/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: 'rebound_victim', password: 'correct horse battery' }),
      });
      return { config: config.status, signIn: signIn.status, cookie: document.cookie };
    });
    expect(answers).toEqual({ config: 421, signIn: 421, cookie: '' });
    const shopPage = await page.goto(`http://${REBOUND}:${port}/`);
    expect(shopPage?.status()).toBe(421);
    expect(await page.getByRole('heading').count()).toBe(0);
    await page.context().close();
  });
});

describe('the merchant page', () => {
  it('counts refused webhook attempts apart, and lists the deliveries', async () => {
    const unsigned = JSON.stringify({ id: 'evt_forged', eventType: 'Settled', data: {} });
    for (let attempt = 0; attempt < 60; attempt++) {
      const answer = await fetch(`${shop.url}/api/webhooks/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: unsigned,
      });
      expect(answer.status).toBe(400);
    }
    // A delivery of the service itself, after them.
    shop.sandbox.sendTestWebhook();

    const page = await newPage();
    await signIn(page, shop.url, STAFF);
    await page.goto(`${shop.url}/merchant`);
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries received' });
    await deliveries.getByText('Test', { exact: true }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('refused-webhooks').textContent())
      .toMatch(/^60 attempts whose signature did not verify were refused; none changed anything/);
    expect(await deliveries.getByText('Unverified').count()).toBe(0);
    expect(await deliveries.locator('.feed-item').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
