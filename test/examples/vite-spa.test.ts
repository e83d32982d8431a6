// examples/vite-spa, installed from the packed package: `npm run build` type-checks the page and
// the server (tsc, checkJs) and builds the page; its server runs with `node server.js` and the
// built page is served by `vite preview` with the example's proxy to it. In Debian's Chromium:
// Buy, Pay, then the page shows what the server recorded from the service's signed webhooks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import type { SandboxServer } from '../../src/sandbox/node-server.js';
import { exampleLines, MAX_EXAMPLE_LINES, unpinnedDependencies } from './examples.js';
import {
  advanceSandboxClock,
  deliveriesTo,
  exampleTimer,
  forgeSettled,
  run,
  startExampleSandbox,
  startServer,
  WEBHOOK_KEY,
  type RunningServer,
} from './harness.js';
import { installedExample, type InstalledExample } from './install.js';

const timer = exampleTimer('vite-spa');
let project: InstalledExample;
let directory: string;
let sandbox: SandboxServer;
let api: RunningServer;
let page: RunningServer;
let browser: Browser;

beforeAll(async () => {
  project = await installedExample('vite-spa');
  directory = project.directory;
  timer.step('waiting for its install');
  await run('npm', ['run', 'build'], { cwd: directory });
  timer.step('tsc and vite build');
  sandbox = await startExampleSandbox();
  api = await startServer('node', ['server.js'], {
    cwd: directory,
    env: {
      SERVICE_API_KEY: sandbox.sandbox.apiKey,
      SERVICE_WEBHOOK_KEY: WEBHOOK_KEY,
      SERVICE_BASE_URL: sandbox.url,
      PORT: '0',
    },
    ready: /listening on (http:\/\/\S+)/,
  });
  sandbox.sandbox.setWebhookUrl(`${api.url}/webhooks`);
  page = await startServer(
    join(directory, 'node_modules', '.bin', 'vite'),
    ['preview', '--port', '0', '--host', '127.0.0.1'],
    { cwd: directory, env: { API_ORIGIN: api.url }, ready: /Local:\s+(http:\/\/[\d.:]+)/ },
  );
  browser = await launchChromium();
  timer.step('server, vite preview and Chromium');
});

afterAll(async () => {
  await browser?.close();
  await page?.stop();
  await api?.stop();
  await sandbox?.close();
  await timer.print(project);
  project?.remove();
});

const orderStatus = (tab: Page) => tab.getByTestId('order-status').textContent();

describe('examples/vite-spa', () => {
  it(`is at most ${MAX_EXAMPLE_LINES} lines, README aside`, () => {
    const { total, files } = exampleLines('vite-spa');
    console.log(`examples/vite-spa: ${total} lines`, files);
    expect(total).toBeLessThanOrEqual(MAX_EXAMPLE_LINES);
  });

  it('names the versions this repository pins, and type-checks page and server strictly', () => {
    expect(unpinnedDependencies('vite-spa')).toEqual([]);
    const { compilerOptions, include } = JSON.parse(
      readFileSync(join(directory, 'tsconfig.json'), 'utf8'),
    );
    expect(compilerOptions).toMatchObject({ strict: true, skipLibCheck: false, checkJs: true });
    expect(include).toEqual(expect.arrayContaining(['src', 'server.js']));
  });

  it('pays in Chromium, and the order is paid when the verified Settled webhook arrives', async () => {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    await tab.getByRole('button', { name: 'Buy a Gem pack: $4.99' }).click();
    const pay = tab.getByRole('button', { name: /^Pay \$4\.99/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 20_000 }).toBe(true);
    await pay.click();
    // Paid, as far as the page knows: the service has said nothing yet, so nothing is delivered.
    await expect
      .poll(() => orderStatus(tab), { timeout: 10_000 })
      .toBe('Payment status: none yet. Nothing is delivered until it settles.');

    await advanceSandboxClock(sandbox, 2_000); // ACH Initiated, then ACH Batched
    await expect
      .poll(() => orderStatus(tab), { timeout: 10_000 })
      .toBe('Payment status: batched. Nothing is delivered until it settles.');
    await advanceSandboxClock(sandbox, 2_000); // Settled
    await expect
      .poll(() => orderStatus(tab), { timeout: 10_000 })
      .toBe('Payment status: settled. Your Gem pack is delivered.');
    expect(deliveriesTo(sandbox, `${api.url}/webhooks`)).toEqual([
      'ACH Initiated: 200',
      'ACH Batched: 200',
      'Settled: 200',
    ]);
    const [payment] = sandbox.sandbox.payments;
    expect(payment?.subtotal).toEqual({ cents: 499, currency: 'USD' });
    await tab.close();
  });

  it('refuses a forged Settled delivery and leaves the order unpaid', async () => {
    const created = await fetch(`${page.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };
    const statuses = await forgeSettled(`${api.url}/webhooks`, {
      orderId,
      customerId: 'customer-42',
    });
    expect(statuses).toEqual([400, 400]);
    const order = await (await fetch(`${page.url}/api/orders/${orderId}`)).json();
    expect(order).toEqual({ customerId: 'customer-42', fulfilled: false });
  });

  it('makes no order from a request that is not JSON, as another site’s form would send', async () => {
    const form = await fetch(`${page.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'productId=gem-pack',
    });
    expect(form.status).toBe(415);
  });
});
