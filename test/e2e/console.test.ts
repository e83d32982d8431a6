// The sandbox console in Debian's Chromium, driven as a merchant would: keys made, used from the
// server client and revoked; webhooks sent, logged and resent; a payment moved along; a customer
// blocked and the storefront's checkout following; the storefront's staff opening it signed in
// from their page. Each action's result is heard from the live region, every time. Axe checks
// every section.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantClient, ServiceError, verifyWebhook } from 'service-checkout/server';
import { startSandboxServer, type SandboxServer } from 'service-checkout/sandbox/node';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { HEADER } from '../../src/core/headers.js';
import { MAGIC, WEB_DEBIT_RETURN_CODES } from '../../src/sandbox/index.js';
import { checkoutBody } from '../sandbox/conformance.js';
import { startWebhookReceiver, type WebhookReceiver } from '../sandbox/helpers.js';
import { ensureBuilt } from '../support/dist.js';
import {
  announced,
  axeViolations,
  checkoutWithProduct,
  closeContexts,
  recordAnnouncements,
  signIn,
  type Announcement,
} from './steps.js';

const TOKEN = `console-e2e-${process.pid}-0123456789`;
/** How long to wait for what the sandbox and the page do by themselves (reads repeat every 1.5 s). */
const EVENTUALLY = { timeout: 15_000 };
const SECTIONS = ['API keys', 'Webhooks', 'Payments', 'Customers', 'Payer events', 'Withdrawals'];

let browser: Browser;
let receiver: WebhookReceiver;
let dataDir: string;
let server: SandboxServer;

/** The sandbox as `npm run sandbox` runs it: state in dataDir; steps only when the console says. */
const startServer = () =>
  startSandboxServer({
    port: 0,
    consoleToken: TOKEN,
    dataDir,
    webhookUrl: receiver.url,
    settleStepMs: 3_600_000,
  });

beforeAll(async () => {
  ensureBuilt();
  [receiver, dataDir, browser] = await Promise.all([
    startWebhookReceiver(),
    mkdtemp(join(tmpdir(), 'console-e2e-')),
    launchChromium(),
  ]);
  server = await startServer();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => closeContexts(browser));

/** A console page opened with the printed address, at one section. */
async function openConsole(section = 'keys', options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(server.consoleUrl);
  // The token leaves the address at once; the session cookie carries on.
  expect(page.url()).toBe(`${server.url}/console`);
  await page.goto(`${server.url}/console#${section}`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), EVENTUALLY)
    .toBeTruthy();
  return page;
}

const clientWith = (apiKey: string) =>
  createMerchantClient({ apiKey, env: 'local', baseUrl: server.url, retry: { retries: 0 } });

/** The status a call with this key gets: 200 when it works, else the service's status. */
async function statusWith(apiKey: string): Promise<number> {
  try {
    await clientWith(apiKey).getSessionKey('console_key_check');
    return 200;
  } catch (error) {
    if (error instanceof ServiceError) return error.status;
    throw error;
  }
}

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const field = page.getByLabel('New API key');
  await expect.poll(() => field.inputValue(), EVENTUALLY).toMatch(/^sk_sandbox_/);
  const secret = await field.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  return secret;
}

/** Webhook events the receiver got, parsed. */
const received = () =>
  receiver.received.map(
    ({ body }) =>
      JSON.parse(body) as { id: string; eventType: string; data: { paymentId?: string } },
  );

/** A payment made as a payer's page makes it, through the service's HTTP API. */
async function payAsCustomer(
  customerId: string,
  cents = 1999,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const sessionKey = await server.sandbox.mintSessionKey(customerId);
  const headers = { [HEADER.sessionKey]: sessionKey, 'content-type': 'application/json' };
  const customer = (await (await fetch(`${server.url}/api/customer/v2`, { headers })).json()) as {
    customer: { bankAccounts: { token: string }[] };
  };
  const paid = await fetch(`${server.url}/api/checkout/ach/${server.sandbox.merchantId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(
      checkoutBody(customer.customer.bankAccounts[0]!.token, {
        subtotal: { cents, currency: 'USD' },
        ...fields,
      }),
    ),
  });
  expect(paid.status).toBe(200);
  return ((await paid.json()) as { paymentId: string }).paymentId;
}

describe('the sandbox console', () => {
  it('opens only from the printed address, and its API refuses a page without the session', async () => {
    const page = await (await browser.newContext()).newPage();
    const refused = await page.goto(`${server.url}/console`);
    expect(refused?.status()).toBe(401);
    expect(await page.textContent('body')).toContain('address the sandbox printed');
    const api = await fetch(`${server.url}/console/api/keys`, {
      headers: { 'x-sandbox-console': '1' },
    });
    expect(api.status).toBe(401);
  });

  it('makes a key the server client can use, and a revoked key is refused at once', async () => {
    const page = await openConsole('keys');
    const secret = await createKey(page, 'Reporting');
    // Shown once: the list has its prefix, never the key.
    const row = page.getByRole('row', { name: /Reporting/ });
    await expect.poll(() => row.textContent(), EVENTUALLY).toContain(secret.slice(0, 15));
    expect(await page.textContent('body')).not.toContain(secret);
    expect(await statusWith(secret)).toBe(200);
    await expect.poll(() => row.textContent(), EVENTUALLY).not.toContain('never');

    await page.getByRole('button', { name: 'Revoke Reporting', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke Reporting now' }).click();
    await expect.poll(() => row.textContent(), EVENTUALLY).toContain('Revoked');
    expect(await statusWith(secret)).toBe(401);
    // The seeded key is one of the keys, and still works.
    expect(await page.getByRole('row', { name: /Default/ }).textContent()).toContain('Active');
    expect(await statusWith(server.sandbox.apiKey)).toBe(200);
  });

  it('sends a test event, logs each attempt, and resends it as a new delivery', async () => {
    const page = await openConsole('webhooks');
    const before = received().length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received().length, EVENTUALLY).toBe(before + 1);
    const event = received().at(-1)!;
    expect(event.eventType).toBe('Test');

    const card = page.getByRole('listitem').filter({ hasText: event.id }).first();
    await expect.poll(() => card.textContent(), EVENTUALLY).toMatch(/200 · \d+ ms · ok/);
    const resend = page.getByRole('button', { name: /^Resend dlv_/ }).first();
    await resend.click();
    await expect.poll(() => received().length, EVENTUALLY).toBe(before + 2);
    // The same event, so a receiver that keeps event ids applies it once.
    expect(received().at(-1)!.id).toBe(event.id);
    await expect.poll(() => page.getByText(/^Resent as dlv_/).count(), EVENTUALLY).toBe(1);
  });

  it('settles a payment now, and its webhooks go out', async () => {
    const paymentId = await payAsCustomer(`console_payer_${process.pid}`);
    const page = await openConsole('payments');
    await page.getByRole('button', { name: `Settle now ${paymentId}` }).click();
    await expect
      .poll(
        () =>
          received()
            .filter((event) => event.data.paymentId === paymentId)
            .map((event) => event.eventType),
        EVENTUALLY,
      )
      .toEqual(expect.arrayContaining(['ACH Initiated', 'ACH Batched', 'Settled']));
    const card = page.getByRole('listitem').filter({ hasText: paymentId }).first();
    await expect.poll(() => card.getByText('settled', { exact: true }).count(), EVENTUALLY).toBe(1);
    await card.getByText(`Status history of ${paymentId}`).click();
    expect(await card.getByRole('list').last().textContent()).toMatch(/pending.*batched.*settled/s);
    // A settled payment is not moved again: it can be returned after settlement, or refunded.
    expect(await card.getByRole('button').allTextContents()).toEqual([
      `Return after settlement ${paymentId}`,
      `Refund ${paymentId}`,
    ]);
  });

  it('refunds a settled payment: said, shown refunded, and its Refunded webhook goes out', async () => {
    const paymentId = await payAsCustomer(`console_refund_${process.pid}`);
    server.sandbox.advancePayment(paymentId, 'settled');
    const page = await openConsole('payments');
    await recordAnnouncements(page);
    const card = page.getByRole('listitem').filter({ hasText: paymentId }).first();
    await card.getByRole('button', { name: `Refund ${paymentId}` }).click();
    await expectAnnounced(
      page,
      [],
      `Payment ${paymentId} is refunded; its Refunded webhook is on its way.`,
    );
    await expect
      .poll(() => card.getByText('refunded', { exact: true }).count(), EVENTUALLY)
      .toBe(1);
    await card.getByText(`Status history of ${paymentId}`).click();
    expect(await card.getByRole('list').last().textContent()).toMatch(
      /pending.*batched.*settled.*refunded/s,
    );
    await expect
      .poll(
        () =>
          received().filter(
            (event) => event.data.paymentId === paymentId && event.eventType === 'Refunded',
          ).length,
        EVENTUALLY,
      )
      .toBe(1);
    // A refunded payment has nothing left to do.
    expect(await card.getByRole('button').count()).toBe(0);
  });

  it('filters payments by status', async () => {
    const waiting = await payAsCustomer(`console_filter_${process.pid}`);
    const page = await openConsole('payments');
    await page.getByLabel('Status').selectOption('settled');
    const shown = () => page.getByText(`Status history of ${waiting}`).count();
    await expect.poll(shown, EVENTUALLY).toBe(0);
    await page.getByLabel('Status').selectOption('pending');
    await expect.poll(shown, EVENTUALLY).toBe(1);
  });

  it('works by keyboard: a section link, the key name and Enter make a key', async () => {
    const page = await openConsole('withdrawals');
    // A fresh load: the keyboard starts at the top of the page.
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), EVENTUALLY)
      .toBe('Withdrawals');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to the section',
    );
    // To the first section link, API keys, then into its form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('API keys');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName), EVENTUALLY)
      .toBe('H1');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('key-name');
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByLabel('New API key').inputValue(), EVENTUALLY)
      .toMatch(/^sk_sandbox_/);
  });

  it.each([
    ['light', { colorScheme: 'light' }],
    ['dark', { colorScheme: 'dark' }],
    ['phone width', { colorScheme: 'light', viewport: { width: 390, height: 844 } }],
  ] as const)('has no accessibility violations in any section, %s', async (_, options) => {
    // Every section has something to show: payer events, a settled payment with its return
    // control, and a rolled key beside the one it replaced.
    server.sandbox.advancePayment(await payAsCustomer(`console_a11y_${process.pid}`), 'settled');
    server.sandbox.rollWebhookKey();
    await clientWith(server.sandbox.apiKey).sendEvent({
      eventType: 'SignInFailure',
      customerId: `console_events_${process.pid}`,
      failureReason: 'wrong password',
    });
    const page = await openConsole('keys', { ...options, bypassCSP: true });
    const found: Record<string, string[]> = {};
    for (const title of SECTIONS) {
      await page.getByRole('link', { name: title, exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), EVENTUALLY)
        .toBe(title);
      await expect.poll(() => page.getByText(/^Loading/).count(), EVENTUALLY).toBe(0);
      found[title] = await axeViolations(page);
      // Nothing wider than the screen, but for the tables that scroll in their own region.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, title).toBeLessThanOrEqual(0);
    }
    expect(found).toEqual(Object.fromEntries(SECTIONS.map((title) => [title, []])));
    // One key again, for the sections' tests that follow.
    server.sandbox.regenerateWebhookKey();
  });

  it('keeps keys across a restart: a kept key still works, a revoked one stays refused', async () => {
    let page = await openConsole('keys');
    const kept = await createKey(page, 'Kept');
    const revoked = await createKey(page, 'Gone');
    await page.getByRole('button', { name: 'Revoke Gone', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke Gone now' }).click();
    await expect.poll(() => statusWith(revoked), EVENTUALLY).toBe(401);

    await server.close();
    server = await startServer();
    expect(await statusWith(kept)).toBe(200);
    expect(await statusWith(revoked)).toBe(401);
    page = await openConsole('keys');
    await expect
      .poll(() => page.getByRole('row', { name: /Kept/ }).textContent(), EVENTUALLY)
      .toContain('Active');
  });
});

/** The announcements so far are `before` and then `more`, politely, in this order. */
async function expectAnnounced(page: Page, before: Announcement[], ...more: string[]) {
  const expected = [...before, ...more.map((text): Announcement => ({ live: 'polite', text }))];
  await expect.poll(() => announced(page), EVENTUALLY).toEqual(expected);
  return expected;
}

/** Clicks a Resend button and returns the id of the delivery it made, once the sandbox has it. */
async function resendOnce(resend: Locator): Promise<string> {
  const count = server.sandbox.deliveries.length;
  await resend.click();
  await expect.poll(() => server.sandbox.deliveries.length, EVENTUALLY).toBe(count + 1);
  return server.sandbox.deliveries.at(-1)!.id;
}

describe('the console announces the result of every action', () => {
  it('a key made, copied (twice) and revoked', async () => {
    const page = await openConsole('keys', { permissions: ['clipboard-read', 'clipboard-write'] });
    await recordAnnouncements(page);
    await page.getByLabel('Key name').fill('Announced');
    await page.getByRole('button', { name: 'Create key' }).click();
    let heard = await expectAnnounced(page, [], 'Key Announced created.');
    const secret = await page.getByLabel('New API key').inputValue();

    await page.getByRole('button', { name: 'Copy' }).click();
    heard = await expectAnnounced(page, heard, 'Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Copy' }).click();
    heard = await expectAnnounced(page, heard, 'Copied.');
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Revoke Announced', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke Announced now' }).click();
    heard = await expectAnnounced(page, heard, 'Key Announced revoked.');

    // One region for the whole console; another section starts it empty, and nothing is heard.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent(), EVENTUALLY).toBe('');
    expect(await announced(page)).toEqual(heard);
  });

  it('every one of ten saves of the webhook URL, set, changed and cleared', async () => {
    const page = await openConsole('webhooks');
    await recordAnnouncements(page);
    const other = `${receiver.url}/other`;
    // Two URLs in turn, cleared, and the same save twice in a row; the last puts the receiver back.
    const saves = [
      receiver.url,
      other,
      '',
      other,
      receiver.url,
      receiver.url,
      '',
      '',
      other,
      receiver.url,
    ];
    let heard: Announcement[] = [];
    for (const url of saves) {
      await page.getByLabel('Webhook URL').fill(url);
      await page.getByRole('button', { name: 'Save URL' }).click();
      const saved = url ? new URL(url).href : undefined;
      await expect.poll(() => server.sandbox.webhookUrl, EVENTUALLY).toBe(saved);
      heard = await expectAnnounced(
        page,
        heard,
        saved ? `Events now go to ${saved}.` : 'Events are no longer delivered.',
      );
    }
    expect(server.sandbox.webhookUrl).toBe(new URL(receiver.url).href);
  });

  it('the validation key revealed, hidden and regenerated, a test event sent and resent', async () => {
    const page = await openConsole('webhooks');
    await recordAnnouncements(page);
    await page.getByRole('button', { name: 'Reveal key' }).click();
    let heard = await expectAnnounced(page, [], 'Validation key shown.');
    await page.getByRole('button', { name: 'Hide key' }).click();
    heard = await expectAnnounced(page, heard, 'Validation key hidden.');
    const before = server.sandbox.webhookKey;
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    heard = await expectAnnounced(
      page,
      heard,
      'A new validation key signs what is sent from now on: give it to your handler.',
    );
    expect(server.sandbox.webhookKey).not.toBe(before);

    const sent = received().length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received().length, EVENTUALLY).toBe(sent + 1);
    heard = await expectAnnounced(page, heard, `Test event ${received().at(-1)!.id} sent.`);
    const delivery = server.sandbox.deliveries.at(-1)!.id;
    const resend = page.getByRole('button', { name: `Resend ${delivery}` });
    heard = await expectAnnounced(page, heard, `Resent as ${await resendOnce(resend)}.`);
    // The same delivery sent again: announced again, with the id of the newer copy.
    await expectAnnounced(page, heard, `Resent as ${await resendOnce(resend)}.`);
  });

  it('a settled payment returned after settlement with the code chosen, and its webhook', async () => {
    const paymentId = await payAsCustomer(`console_late_return_${process.pid}`);
    server.sandbox.advancePayment(paymentId, 'settled');
    const page = await openConsole('payments');
    await recordAnnouncements(page);
    const card = page.getByRole('listitem').filter({ hasText: paymentId }).first();
    const code = card.getByLabel(`Return code for ${paymentId}`);
    // R10, unauthorized, is what comes weeks after settling.
    expect(await code.inputValue()).toBe('R10');
    await code.selectOption('R29');
    await card.getByRole('button', { name: `Return after settlement ${paymentId}` }).click();
    await expectAnnounced(
      page,
      [],
      `Payment ${paymentId} is returned (R29); its webhooks are on their way.`,
    );
    await expect
      .poll(() => card.getByText('returned', { exact: true }).count(), EVENTUALLY)
      .toBe(1);
    expect(await card.textContent()).toContain('R29');
    expect(await card.getByRole('button').count()).toBe(0);
    const returned = () =>
      received().find(
        (event) => event.data.paymentId === paymentId && event.eventType === 'ACH Returned',
      );
    await expect.poll(returned, EVENTUALLY).toBeDefined();
    expect(returned()!.data).toMatchObject({
      status: 'returned',
      returnCode: 'R29',
      settledAt: server.sandbox.payments.find((payment) => payment.paymentId === paymentId)!
        .settledAt,
    });
  });

  it('each payment shows the debit authorization the payer accepted, or that none was sent; a return offers every WEB-debit code, grouped', async () => {
    const authorization = {
      text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99 from Sandbox checking ••6789.',
      acceptedAt: '2026-11-24T14:59:58.120Z',
      locale: 'en-US',
    };
    const signed = await payAsCustomer(`console_signed_${process.pid}`, 1999, { authorization });
    const unsigned = await payAsCustomer(`console_unsigned_${process.pid}`);
    server.sandbox.advancePayment(signed, 'settled');
    const kept = server.sandbox.payments.find((payment) => payment.paymentId === signed)!;
    const page = await openConsole('payments');
    const card = (paymentId: string) =>
      page.getByRole('listitem').filter({ hasText: paymentId }).first();

    await expect
      .poll(
        () => card(unsigned).getByText('No authorization was sent with this purchase.').count(),
        EVENTUALLY,
      )
      .toBe(1);
    await card(signed).getByText(`Debit authorization of ${signed}`).click();
    const details = card(signed).locator('details', { hasText: 'Debit authorization' });
    expect(await details.locator('blockquote').textContent()).toBe(authorization.text);
    const shown = await details.textContent();
    for (const fact of [kept.authorization!.textSha256, 'en-US', '127.0.0.1']) {
      expect(shown).toContain(fact);
    }
    expect(await details.locator(`time[datetime="${authorization.acceptedAt}"]`).count()).toBe(1);

    const code = card(signed).getByLabel(`Return code for ${signed}`);
    expect(await code.inputValue()).toBe('R10');
    const options = await code
      .locator('option')
      .evaluateAll((found) => found.map((option) => (option as HTMLOptionElement).value));
    expect(options.sort()).toEqual([...WEB_DEBIT_RETURN_CODES].sort());
    expect(await code.locator('optgroup').count()).toBe(5);
    expect(await code.locator('option[value="R01"]').textContent()).toBe('R01 Insufficient Funds');
  });

  it('fits its payment cards in 320 px: the debit authorization open, the return codes in their groups', async () => {
    const authorization = {
      text: 'By selecting Pay $19.99, you authorize Skyreach Store to make a one-time debit of $19.99 from Sandbox checking ••6789 on or after November 28, 2026. You may revoke this by contacting support@skyreach.example before it is sent to your bank.',
      acceptedAt: '2026-11-28T14:59:58.120Z',
      locale: 'en-US',
    };
    const signed = await payAsCustomer(`console_narrow_payer_with_a_long_id_${process.pid}`, 1999, {
      authorization,
    });
    server.sandbox.advancePayment(signed, 'settled');
    const page = await openConsole('payments', { viewport: { width: 320, height: 640 } });
    const card = page.getByRole('listitem').filter({ hasText: signed }).first();
    await card.getByText(`Debit authorization of ${signed}`).click(EVENTUALLY);
    const code = card.getByLabel(`Return code for ${signed}`);
    expect(await code.locator('optgroup').count()).toBe(5);
    await card.getByRole('button', { name: `Return after settlement ${signed}` }).waitFor();

    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    // The card within the screen, and everything in it within the card.
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const sticksOut = await card.evaluate((item) => {
      const style = getComputedStyle(item);
      // The inner edge of its padding: text that runs into the padding runs out of the card.
      const edge =
        item.getBoundingClientRect().right -
        parseFloat(style.paddingRight) -
        parseFloat(style.borderRightWidth);
      return [...item.querySelectorAll('*')]
        .filter((inside) => inside.getBoundingClientRect().right > edge + 0.5)
        .map((inside) => inside.textContent?.slice(0, 40));
    });
    expect(sticksOut).toEqual([]);
  });

  it("the sandbox's clock moved ahead: due steps run, and 1010 is returned ten days after it settled", async () => {
    const paymentId = await payAsCustomer(`console_clock_${process.pid}`, 1010);
    const page = await openConsole('payments');
    await recordAnnouncements(page);
    const clock = page.getByRole('region', { name: 'Sandbox clock' });
    const shownTime = async () =>
      Date.parse((await clock.locator('time').getAttribute('datetime')) ?? '');
    await expect.poll(shownTime, EVENTUALLY).toBeGreaterThan(0);
    const before = await shownTime();

    await page.getByLabel('Advance by').selectOption('1 day');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    const moved = {
      live: 'polite',
      text: expect.stringMatching(/^Moved 1 day ahead, to .+\. \d+ steps and deliveries ran\.$/),
    };
    await expect.poll(() => announced(page), EVENTUALLY).toEqual([moved]);
    await expect.poll(shownTime, EVENTUALLY).toBeGreaterThanOrEqual(before + 86_400_000);
    const card = page.getByRole('listitem').filter({ hasText: paymentId }).first();
    await expect.poll(() => card.getByText('settled', { exact: true }).count(), EVENTUALLY).toBe(1);

    await page.getByLabel('Advance by').selectOption('10 days');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    const tenDays = {
      live: 'polite',
      text: expect.stringMatching(/^Moved 10 days ahead, to .+\. \d+ steps? and deliver/),
    };
    await expect.poll(() => announced(page), EVENTUALLY).toEqual([moved, tenDays]);
    await expect
      .poll(() => card.getByText('returned', { exact: true }).count(), EVENTUALLY)
      .toBe(1);
    expect(await card.textContent()).toContain('R10');
    expect(
      received()
        .filter((event) => event.data.paymentId === paymentId)
        .map((event) => event.eventType),
    ).toEqual(['ACH Initiated', 'ACH Batched', 'Settled', 'ACH Returned']);
  });

  it('a webhook key rolled: both keys shown and signing until the old one ends', async () => {
    const page = await openConsole('webhooks');
    await recordAnnouncements(page);
    const oldKey = server.sandbox.webhookKey;
    await page.getByRole('button', { name: 'Roll key' }).click();
    let heard = await expectAnnounced(
      page,
      [],
      'A new validation key signs beside the old one for 24 hours: give it to your handler.',
    );
    const newKey = server.sandbox.webhookKey;
    expect(newKey).not.toBe(oldKey);
    const previous = page.getByLabel(/^Previous validation key/);
    await expect.poll(() => previous.textContent(), EVENTUALLY).toMatch(/^•+$/);
    await page.getByRole('button', { name: 'Reveal keys' }).click();
    heard = await expectAnnounced(page, heard, 'Validation keys shown.');
    expect(await page.getByLabel('Validation key', { exact: true }).textContent()).toBe(newKey);
    expect(await previous.textContent()).toBe(oldKey);
    await page.getByRole('button', { name: 'Hide keys' }).click();
    await expectAnnounced(page, heard, 'Validation keys hidden.');
    expect(await page.textContent('main')).not.toContain(oldKey);

    // A delivery now carries a signature under each key.
    const sent = receiver.received.length;
    server.sandbox.sendTestWebhook();
    await expect.poll(() => receiver.received.length, EVENTUALLY).toBe(sent + 1);
    const { body, signature } = receiver.received.at(-1)!;
    expect(signature?.match(/v1=/g)).toHaveLength(2);
    const at = { now: () => Date.parse(server.sandbox.time) };
    for (const key of [oldKey, newKey]) {
      expect((await verifyWebhook(body, signature, key, at)).eventType).toBe('Test');
    }

    // A day later on the sandbox's clock, the old key has ended: one key shown, one signature.
    await server.sandbox.advanceClock(86_400_000);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /^Reveal key/ }).textContent(), EVENTUALLY)
      .toBe('Reveal key');
    expect(await previous.count()).toBe(0);
  });

  it('a payment settled, returned and failed now', async () => {
    const payer = `console_moves_${process.pid}`;
    const moves = [
      ['Settle now', 'settled'],
      ['Return', 'returned'],
      ['Fail', 'failed'],
    ] as const;
    const paymentIds: string[] = [];
    for (const _ of moves) paymentIds.push(await payAsCustomer(payer));
    const page = await openConsole('payments');
    await recordAnnouncements(page);
    let heard: Announcement[] = [];
    for (const [index, [label, status]] of moves.entries()) {
      const paymentId = paymentIds[index]!;
      await page.getByRole('button', { name: `${label} ${paymentId}`, exact: true }).click();
      heard = await expectAnnounced(
        page,
        heard,
        `Payment ${paymentId} is ${status === 'returned' ? 'returned (R01)' : status}; its webhooks are on their way.`,
      );
    }
  });

  it("each of a customer's switches turned on and off", async () => {
    const customerId = `console_switches_${process.pid}`;
    await server.sandbox.mintSessionKey(customerId);
    const page = await openConsole('customers');
    await recordAnnouncements(page);
    const card = page.getByRole('listitem').filter({ hasText: customerId }).first();
    let heard: Announcement[] = [];
    for (const label of ['Blocked', 'Verification required', 'Chargeback protection']) {
      const box = card.getByLabel(label);
      const was = await box.isChecked();
      for (const on of [!was, was]) {
        await expect.poll(() => box.isEnabled(), EVENTUALLY).toBe(true);
        await box.click();
        heard = await expectAnnounced(
          page,
          heard,
          `${label} turned ${on ? 'on' : 'off'} for ${customerId}.`,
        );
      }
    }
  });

  it('a bank account added, and another', async () => {
    const customerId = `${MAGIC.noBankAccounts}_console_${process.pid}`;
    await server.sandbox.mintSessionKey(customerId);
    const page = await openConsole('customers');
    await recordAnnouncements(page);
    const card = page.getByRole('listitem').filter({ hasText: customerId }).first();
    const add = card.getByRole('button', { name: `Add bank account for ${customerId}` });
    const accounts = () =>
      server.sandbox.customers.find((customer) => customer.customerId === customerId)!.bankAccounts;
    let heard: Announcement[] = [];
    for (const count of [1, 2]) {
      await add.click();
      await expect.poll(() => accounts().length, EVENTUALLY).toBe(count);
      const { last4 } = accounts().at(-1)!;
      heard = await expectAnnounced(
        page,
        heard,
        `Bank account Sandbox checking ending in ${last4} added for ${customerId}.`,
      );
      await expect
        .poll(() => card.textContent(), EVENTUALLY)
        .toContain(count === 1 ? '1 bank account' : '2 bank accounts');
    }
    // Focus stays on the button, for the next one.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      `Add bank account for ${customerId}`,
    );
  });

  it('a copy the browser refuses, as an alert each time', async () => {
    const page = await openConsole('keys');
    // Refused as a browser refuses a page the clipboard (whether Chromium refuses one without the
    // permission depends on focus and activation, so it is not left to chance).
    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await page.getByLabel('Key name').fill('Uncopied');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.getByLabel('New API key').count(), EVENTUALLY).toBe(1);
    await recordAnnouncements(page);
    const refusal = {
      live: 'assertive',
      text: 'This browser did not allow copying: select the key and copy it.',
    };
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => announced(page), EVENTUALLY).toEqual([refusal]);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => announced(page), EVENTUALLY).toEqual([refusal, refusal]);
  });

  it('a refused action as an alert, each time', async () => {
    const delivery = server.sandbox.sendTestWebhook().id;
    const page = await openConsole('webhooks');
    await recordAnnouncements(page);
    const resend = page.getByRole('button', { name: `Resend ${delivery}` });
    await expect.poll(() => resend.count(), EVENTUALLY).toBe(1);
    server.sandbox.setWebhookUrl(undefined);
    try {
      await resend.click();
      const refusal = { live: 'assertive', text: expect.stringContaining('webhook URL') };
      await expect.poll(() => announced(page), EVENTUALLY).toEqual([refusal]);
      await resend.click();
      await expect.poll(() => announced(page), EVENTUALLY).toEqual([refusal, refusal]);
    } finally {
      server.sandbox.setWebhookUrl(receiver.url);
    }
  });
});

describe('the console keeps the keyboard where it was', () => {
  /** The accessible name (or label) of what has focus. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as (HTMLElement & { labels?: NodeList }) | null;
      if (!element || element === document.body) return 'the page';
      const label = element.labels?.[0]?.textContent ?? element.textContent;
      return label?.trim();
    });

  /** Once the action's button takes clicks again, the reads it refreshed have reloaded. */
  const settled = (page: Page, button: string) =>
    expect
      .poll(() => page.getByRole('button', { name: button }).isEnabled(), EVENTUALLY)
      .toBe(true);

  it('after Save URL by Enter and by the button, and after Regenerate key', async () => {
    const page = await openConsole('webhooks');
    await recordAnnouncements(page);
    const field = page.getByLabel('Webhook URL');
    let heard: Announcement[] = [];
    await field.fill(`${receiver.url}/by-enter`);
    await field.press('Enter');
    heard = await expectAnnounced(page, heard, `Events now go to ${receiver.url}/by-enter.`);
    await settled(page, 'Save URL');
    expect(await focused(page)).toBe('Webhook URL');

    await field.fill(receiver.url);
    await page.getByRole('button', { name: 'Save URL' }).click();
    heard = await expectAnnounced(page, heard, `Events now go to ${new URL(receiver.url).href}.`);
    await settled(page, 'Save URL');
    expect(await focused(page)).toBe('Save URL');

    await page.getByRole('button', { name: 'Regenerate key' }).click();
    await expectAnnounced(
      page,
      heard,
      'A new validation key signs what is sent from now on: give it to your handler.',
    );
    await settled(page, 'Regenerate key');
    expect(await focused(page)).toBe('Regenerate key');
  });

  it("after a customer's switch", async () => {
    const customerId = `console_focus_${process.pid}`;
    await server.sandbox.mintSessionKey(customerId);
    const page = await openConsole('customers');
    await recordAnnouncements(page);
    const box = page
      .getByRole('listitem')
      .filter({ hasText: customerId })
      .first()
      .getByLabel('Blocked');
    await box.click();
    await expectAnnounced(page, [], `Blocked turned on for ${customerId}.`);
    await expect.poll(() => box.isEnabled(), EVENTUALLY).toBe(true);
    expect(await focused(page)).toBe('Blocked');
  });
});

describe('the console says only what happened', () => {
  it('a payment moved while no webhook URL is set: no webhooks are said to be on their way', async () => {
    const paymentId = await payAsCustomer(`console_no_url_${process.pid}`);
    server.sandbox.setWebhookUrl(undefined);
    try {
      const page = await openConsole('payments');
      await recordAnnouncements(page);
      await page.getByRole('button', { name: `Settle now ${paymentId}` }).click();
      const heard = await expectAnnounced(
        page,
        [],
        `Payment ${paymentId} is settled; no webhooks are sent (set a URL in Webhooks).`,
      );
      await page.getByRole('button', { name: `Refund ${paymentId}` }).click();
      await expectAnnounced(
        page,
        heard,
        `Payment ${paymentId} is refunded; no webhooks are sent (set a URL in Webhooks).`,
      );
    } finally {
      server.sandbox.setWebhookUrl(receiver.url);
    }
  });
});

describe('beside the demo storefront', () => {
  let shop: Storefront;

  beforeAll(async () => {
    shop = await startStorefront({ port: 0, sandboxPort: 0 });
  }, 240_000);

  afterAll(async () => {
    await shop?.close();
  });

  it.each(['127.0.0.1', 'localhost'])(
    "staff's Open the sandbox console, on the shop at %s, opens it signed in with the address spent and gone",
    async (host) => {
      // localhost and the sandbox's 127.0.0.1 are two sites: the console's cookie, SameSite=Strict,
      // must still reach /console after a link from the shop's page.
      const shopUrl = shop.url.replace('127.0.0.1', host);
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, shopUrl, STAFF);
      await page.goto(`${shopUrl}/merchant`);
      const toConsole: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${shop.sandboxUrl}/console`)) toConsole.push(request.url());
      });
      await page.getByRole('button', { name: 'Open the sandbox console' }).click();

      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor(EVENTUALLY);
      await page.getByText(`Merchant ${shop.sandbox.merchantId}`).waitFor(EVENTUALLY);
      expect(page.url()).toBe(`${shop.sandboxUrl}/console`);
      // A one-time code opened it, never the console's token.
      const opening = toConsole.find((url) => new URL(url).searchParams.has('code'));
      expect(opening).toBeDefined();
      const token = new URL(shop.consoleUrl).searchParams.get('token')!;
      expect(toConsole.join('\n')).not.toContain(token);
      // Spent: the same address opens nothing, in this browser or another.
      const stranger = await (await browser.newContext()).newPage();
      expect((await stranger.goto(opening!))?.status()).toBe(401);
      // And gone from the history: Back leads to the shop's page.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Payouts and activity' }).waitFor();
      expect(page.url()).toBe(`${shopUrl}/merchant`);

      // The shop's page, signed in to the console in this browser, still cannot change it.
      const keysBefore = shop.sandbox.apiKeys.length;
      const outcomes = await page.evaluate(async (consoleApi) => {
        const attempt = (init: RequestInit) =>
          fetch(`${consoleApi}/keys`, { method: 'POST', credentials: 'include', ...init }).then(
            (answer) => (answer.type === 'opaque' ? 'opaque' : answer.status),
            () => 'refused',
          );
        return [
          await attempt({
            headers: { 'x-sandbox-console': '1', 'content-type': 'application/json' },
            body: '{"name":"from the shop"}',
          }),
          await attempt({ mode: 'no-cors', body: '{"name":"from the shop"}' }),
        ];
      }, `${shop.sandboxUrl}/console/api`);
      expect(outcomes).toEqual(['refused', 'opaque']);
      expect(shop.sandbox.apiKeys).toHaveLength(keysBefore);
    },
  );

  it('pays from a bank account added in the console for a customer who had none', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const customerId = `${MAGIC.noBankAccounts}_${process.pid}`;
    await signIn(page, shop.url, { customerId });
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await expect
      .poll(
        () => page.getByText('No bank account on file', { exact: true }).isVisible(),
        EVENTUALLY,
      )
      .toBe(true);

    const consolePage = await context.newPage();
    await consolePage.goto(shop.consoleUrl);
    await consolePage.goto(`${shop.sandboxUrl}/console#customers`);
    const card = consolePage.getByRole('listitem').filter({ hasText: customerId }).first();
    await card.getByRole('button', { name: `Add bank account for ${customerId}` }).click();
    await expect.poll(() => card.textContent(), EVENTUALLY).toContain('1 bank account');

    // The checkout's own way out reads the customer again.
    await page.getByRole('button', { name: 'Check again' }).click();
    const pay = page.getByRole('button', { name: /^Pay / });
    await expect.poll(() => pay.isEnabled(), EVENTUALLY).toBe(true);
    await pay.click();
    await page.getByTestId('payment-id').waitFor(EVENTUALLY);
    const [account] = shop.sandbox.customers.find(
      (customer) => customer.customerId === customerId,
    )!.bankAccounts;
    expect(
      shop.sandbox.payments.filter((payment) => payment.customerId === customerId),
    ).toMatchObject([{ token: account!.token }]);
  });

  it('shows a customer blocked in the console as blocked at checkout', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const customerId = `console_blocked_${process.pid}`;
    await signIn(page, shop.url, { customerId });
    await checkoutWithProduct(page, shop.url, 'gem-pouch');
    await expect
      .poll(() => page.getByRole('button', { name: /^Pay / }).isEnabled(), EVENTUALLY)
      .toBe(true);

    const consolePage = await context.newPage();
    await consolePage.goto(shop.consoleUrl);
    await consolePage.goto(`${shop.sandboxUrl}/console#customers`);
    const card = consolePage.getByRole('listitem').filter({ hasText: customerId }).first();
    await card.getByLabel('Blocked').click();
    await expect.poll(() => card.getByLabel('Blocked').isChecked(), EVENTUALLY).toBe(true);

    await page.reload();
    await expect
      .poll(
        () => page.getByText('Payments are unavailable for this account').first().isVisible(),
        EVENTUALLY,
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
  });
});
