// The checkout on a page at its strictest, in Chromium and Firefox (test/e2e/browsers): server-
// rendered and hydrated by a Vite-built page (test/e2e/strict-page) under the policy of
// contentSecurityPolicy(), against the sandbox on 127.0.0.1. Any Content-Security-Policy
// violation the page meets (a securitypolicyviolation event), and any error it leaves uncaught (a
// refused Trusted Types sink throws), fails it.
import { startSandboxServer, type SandboxServer } from 'service-checkout/sandbox/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/dist.js';
import type { Browser, Page } from './browsers/browser.js';
import { ENGINES } from './browsers/engines.js';
import { startStrictPage, type StrictPage } from './strict-page/server.js';

interface Seen {
  violations: string[];
  /** Errors the page left uncaught, its unhandled rejections included. */
  errors: string[];
  /** Each `data-state` the checkout took, in order. */
  states: string[];
}

/** Runs in the page before its own scripts: records violations, errors and the checkout's states. */
function recordPage(): void {
  const seen: Seen = { violations: [], errors: [], states: [] };
  Object.assign(window, { seen });
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    seen.violations.push(
      `${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where} ${event.sample}`,
    );
  });
  window.addEventListener('error', (event) => seen.errors.push(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => seen.errors.push(String(event.reason)));
  new MutationObserver(() => {
    const state = document.querySelector('.sc-checkout')?.getAttribute('data-state');
    if (state && state !== seen.states.at(-1)) seen.states.push(state);
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
const state = (name: string) => ({ css: `.sc-checkout[data-state="${name}"]` });
const PAY = { css: '.sc-pay' };

let sandbox: SandboxServer;
let strictPage: StrictPage;
let payer = 0;

beforeAll(async () => {
  ensureBuilt();
  // Latency, so that the submitting state lasts long enough to be seen.
  sandbox = await startSandboxServer({ port: 0, latencyMs: 250 });
  strictPage = await startStrictPage({
    serviceUrl: sandbox.url,
    merchantId: sandbox.sandbox.merchantId,
    apiKey: sandbox.sandbox.apiKey,
  });
}, 120_000);

afterAll(async () => {
  await strictPage?.close();
  await sandbox?.close();
});

it('sends the policy of contentSecurityPolicy() with a new nonce, and the server-rendered checkout', async () => {
  const pages = await Promise.all(
    [1, 2].map((n) => fetch(`${strictPage.url}/?customer=strict-render-${process.pid}-${n}`)),
  );
  const policies = pages.map((page) => page.headers.get('content-security-policy') ?? '');
  for (const policy of policies) {
    expect(policy).toMatch(
      /^default-src 'none'; script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; style-src 'self'; connect-src http:\/\/127\.0\.0\.1:\d+; img-src 'self' data:; require-trusted-types-for 'script'; trusted-types service-checkout 'allow-duplicates'$/,
    );
  }
  expect(policies[0]).not.toBe(policies[1]);
  const html = await pages[0]!.text();
  expect(html).toContain('data-state="loading"');
  expect(html).not.toMatch(/ style=|<style/);
});

describe.each(ENGINES)(
  'in $name, the checkout under a strict Content-Security-Policy',
  (engine) => {
    let browser: Browser;
    const open: Page[] = [];
    beforeAll(async () => {
      browser = await engine.launch();
    }, 60_000);
    afterAll(() => browser?.close());
    afterEach(() => Promise.all(open.splice(0).map((page) => page.close())));

    /** Opens the checkout of a new customer whose id starts with `prefix` (a sandbox magic value). */
    async function openCheckout(prefix: string, query = ''): Promise<Page> {
      const page = await browser.newPage();
      open.push(page);
      await page.beforeEachLoad(recordPage, undefined);
      await page.goto(`${strictPage.url}/?customer=${prefix}-${process.pid}-${++payer}${query}`);
      return page;
    }

    /** What broke the policy, or the page, so far: nothing, on a page that works under it. */
    async function faults(page: Page): Promise<string[]> {
      const { violations, errors } = await seen(page);
      return [...violations, ...errors];
    }

    it('hydrates and pays: ready, submitting, submitted, with no violation', async () => {
      const page = await openCheckout('strict-payer');
      await page.waitFor(state('ready'));
      // The device script came in with the nonce, through the library's Trusted Types policy.
      expect(
        await page.evaluate(() =>
          Array.from(document.scripts)
            .filter((script) => script.src.endsWith('/chargeback/device.js'))
            .map((script) => script.nonce !== ''),
        ),
      ).toEqual([true]);
      await page.click(PAY);
      await page.waitFor(state('success'));
      // 'device-required' may come between, when the customer arrives before the device id.
      const { states } = await seen(page);
      expect(states[0]).toBe('loading');
      expect(states.slice(-3)).toEqual(['ready', 'submitting', 'success']);
      expect(sandbox.sandbox.payments.at(-1)?.deviceId).toMatch(/^sandbox-device-/);
      expect(await faults(page)).toEqual([]);
    });

    it('declines with no violation', async () => {
      const page = await openCheckout('test_decline');
      await page.waitFor(state('ready'));
      await page.click(PAY);
      await page.waitFor(state('declined'));
      expect((await seen(page)).states.slice(-3)).toEqual(['ready', 'submitting', 'declined']);
      expect(await faults(page)).toEqual([]);
    });

    it('shows an expired session with no violation', async () => {
      const page = await openCheckout('test_expired');
      await page.waitFor(state('expired'));
      expect(await faults(page)).toEqual([]);
    });

    it('on a page whose trusted-types leaves the policy out: a blocked script, and the violation seen', async () => {
      const page = await openCheckout('strict-payer', '&trustedTypes=another-policy');
      await page.waitFor(state('device-required'));
      await page.waitFor({ text: /The security check didn't load/, nth: 0 });
      expect((await seen(page)).violations).toEqual([
        expect.stringMatching(/^trusted-types refused /),
      ]);
    });
  },
);
