// The checkout on a page at its strictest, in a real browser: server-rendered and hydrated by a
// Vite-built page (test/e2e/strict-page) under the policy of contentSecurityPolicy(), against the
// sandbox on 127.0.0.1. Every Content-Security-Policy violation the page meets (its
// securitypolicyviolation events, and what the browser says of them in the console) fails it.
import { startSandboxServer, type SandboxServer } from 'service-checkout/sandbox/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/dist.js';
import {
  launchChromiumDriver,
  type BrowserDriver,
  type PageDriver,
} from './strict-page/browser.js';
import { startStrictPage, type StrictPage } from './strict-page/server.js';

interface Seen {
  violations: string[];
  /** Each `data-state` the checkout took, in order. */
  states: string[];
}

/** Runs in the page before its own scripts: records violations and the checkout's states. */
function recordPage(): void {
  const seen: Seen = { violations: [], states: [] };
  (window as unknown as { seen: Seen }).seen = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    seen.violations.push(
      `${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where} ${event.sample}`,
    );
  });
  new MutationObserver(() => {
    const state = document.querySelector('.sc-checkout')?.getAttribute('data-state');
    if (state && state !== seen.states.at(-1)) seen.states.push(state);
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

const CSP_MESSAGE = /content[- ]security[- ]policy|trusted ?type|refused to/i;

let sandbox: SandboxServer;
let strictPage: StrictPage;
let browser: BrowserDriver;
let payer = 0;

beforeAll(async () => {
  ensureBuilt();
  // Latency, so that the submitting state lasts long enough to be seen.
  sandbox = await startSandboxServer({ port: 0, latencyMs: 250 });
  [strictPage, browser] = await Promise.all([
    startStrictPage({
      serviceUrl: sandbox.url,
      merchantId: sandbox.sandbox.merchantId,
      apiKey: sandbox.sandbox.apiKey,
    }),
    launchChromiumDriver(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await strictPage?.close();
  await sandbox?.close();
});

const seen = (page: PageDriver) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
const stateIs = (page: PageDriver, state: string) =>
  page.waitFor(
    (wanted) => document.querySelector('.sc-checkout')?.getAttribute('data-state') === wanted,
    state,
    20_000,
  );

/** Opens the checkout of a new customer whose id starts with `prefix` (a sandbox magic value). */
async function openCheckout(prefix: string, query = ''): Promise<PageDriver> {
  const page = await browser.newPage();
  await page.addInitScript(recordPage);
  await page.goto(`${strictPage.url}/?customer=${prefix}-${process.pid}-${++payer}${query}`);
  return page;
}

/** The violations the page saw, and what its console said of policies. */
async function violations(page: PageDriver): Promise<string[]> {
  const console = page.console().filter((line) => CSP_MESSAGE.test(line));
  return [...(await seen(page)).violations, ...console];
}

describe('the checkout under a strict Content-Security-Policy', () => {
  it('is server-rendered, hydrated and pays: ready, submitting, submitted, no violation', async () => {
    const response = await fetch(`${strictPage.url}/?customer=strict-render-${process.pid}`);
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; .*require-trusted-types-for 'script'; trusted-types service-checkout 'allow-duplicates'$/,
    );
    expect(await response.text()).toContain('data-state="loading"');

    const page = await openCheckout('strict-payer');
    await stateIs(page, 'ready');
    // The device script came in through the nonce and the library's Trusted Types policy.
    expect(
      await page.evaluate(() =>
        Array.from(document.scripts)
          .filter((script) => script.src.endsWith('/chargeback/device.js'))
          .map((script) => script.nonce !== ''),
      ),
    ).toEqual([true]);
    await page.click('.sc-pay');
    await stateIs(page, 'success');
    // 'device-required' may come between, when the customer arrives before the device id.
    const { states } = await seen(page);
    expect(states[0]).toBe('loading');
    expect(states.slice(-3)).toEqual(['ready', 'submitting', 'success']);
    expect(sandbox.sandbox.payments.at(-1)?.deviceId).toMatch(/^sandbox-device-/);
    expect(await violations(page)).toEqual([]);
    expect(page.console().filter((line) => line.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });

  it('declines with no violation', async () => {
    const page = await openCheckout('test_decline');
    await stateIs(page, 'ready');
    await page.click('.sc-pay');
    await stateIs(page, 'declined');
    expect((await seen(page)).states.slice(-3)).toEqual(['ready', 'submitting', 'declined']);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('shows an expired session with no violation', async () => {
    const page = await openCheckout('test_expired');
    await stateIs(page, 'expired');
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('on a page whose trusted-types leaves the policy out: a blocked script, and the violation seen', async () => {
    const page = await openCheckout('strict-payer', '&trustedTypes=another-policy');
    await stateIs(page, 'device-required');
    await page.waitFor(
      (text) => document.body.textContent?.includes(text) ?? false,
      "The security check didn't load",
      20_000,
    );
    const found = (await seen(page)).violations;
    expect(found).toEqual([expect.stringMatching(/^trusted-types refused /)]);
    await page.close();
  });
});
