// examples/next-app-router, installed from the packed package, built by `next build` (which
// type-checks it with its own tsconfig) and served by `next start`, in Debian's Chromium: Buy,
// Pay in the checkout its Server Component set up, then the order page shows what the server
// recorded from the service's signed webhooks, and only that.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import type { SandboxServer } from '../../src/sandbox/node-server.js';
import { exampleDir, exampleLines, MAX_EXAMPLE_LINES, unpinnedDependencies } from './examples.js';
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

const timer = exampleTimer('next-app-router');
let project: InstalledExample;
let directory: string;
const nextEnv = { NEXT_TELEMETRY_DISABLED: '1' };
let buildOutput: string;
let sandbox: SandboxServer;
let shop: RunningServer;
let browser: Browser;

beforeAll(async () => {
  project = await installedExample('next-app-router');
  directory = project.directory;
  timer.step('waiting for its install');
  buildOutput = await run('npm', ['run', 'build'], { cwd: directory, env: nextEnv });
  timer.step('next build');
  sandbox = await startExampleSandbox();
  shop = await startServer(
    join(directory, 'node_modules', '.bin', 'next'),
    ['start', '--port', '0', '--hostname', '127.0.0.1'],
    {
      cwd: directory,
      env: {
        ...nextEnv,
        SERVICE_API_KEY: sandbox.sandbox.apiKey,
        SERVICE_WEBHOOK_KEY: WEBHOOK_KEY,
        SERVICE_BASE_URL: sandbox.url,
      },
      ready: /Local:\s+(http:\/\/\S+)/,
    },
  );
  sandbox.sandbox.setWebhookUrl(`${shop.url}/api/webhooks`);
  browser = await launchChromium();
  timer.step('next start and Chromium');
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await sandbox?.close();
  await timer.print(project);
  project?.remove();
});

const orderStatus = (page: Page) => page.getByTestId('order-status').textContent();

/** Buys a Gem pack on the shop page and answers the order id of the checkout it opens. */
async function buy(page: Page): Promise<string> {
  await page.goto(shop.url);
  await page.getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(/\/checkout\//);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('examples/next-app-router', () => {
  it(`is at most ${MAX_EXAMPLE_LINES} lines, README aside`, () => {
    const { total, files } = exampleLines('next-app-router');
    console.log(`examples/next-app-router: ${total} lines`, files);
    expect(total).toBeLessThanOrEqual(MAX_EXAMPLE_LINES);
  });

  it('names the versions this repository pins; next build type-checks it strictly as shipped', () => {
    expect(unpinnedDependencies('next-app-router')).toEqual([]);
    expect(buildOutput).toMatch(/Finished TypeScript/);
    // Next.js rewrites a tsconfig that lacks what it needs: the shipped one is left as it is.
    const shipped = readFileSync(join(exampleDir('next-app-router'), 'tsconfig.json'), 'utf8');
    expect(readFileSync(join(directory, 'tsconfig.json'), 'utf8')).toBe(shipped);
    expect(JSON.parse(shipped).compilerOptions).toMatchObject({
      strict: true,
      skipLibCheck: false,
    });
  });

  it('pays in Chromium, and the order is paid when the verified Settled webhook arrives', async () => {
    const page = await browser.newPage();
    const orderId = await buy(page);
    expect(await page.content()).not.toContain(sandbox.sandbox.apiKey);
    const pay = page.getByRole('button', { name: /^Pay \$4\.99/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 20_000 }).toBe(true);
    await pay.click();
    await page.waitForURL(`**/orders/${orderId}`, { timeout: 20_000 });
    // Paid, as far as the page knows: the service has said nothing yet, so nothing is delivered.
    expect(await orderStatus(page)).toMatch(/Nothing is delivered until it settles/);

    await advanceSandboxClock(sandbox, 2_000); // ACH Initiated, then ACH Batched
    await expect
      .poll(() => orderStatus(page), { timeout: 15_000 })
      .toMatch(/^Payment status: batched/);
    await advanceSandboxClock(sandbox, 2_000); // Settled
    await expect
      .poll(() => orderStatus(page), { timeout: 15_000 })
      .toBe('Paid: your Gem pack is delivered.');
    expect(deliveriesTo(sandbox, `${shop.url}/api/webhooks`)).toEqual([
      'ACH Initiated: 200',
      'ACH Batched: 200',
      'Settled: 200',
    ]);
    const [payment] = sandbox.sandbox.payments;
    expect(payment?.subtotal).toEqual({ cents: 499, currency: 'USD' });
    await page.close();
  });

  it('refuses a forged Settled delivery and leaves the order unpaid', async () => {
    const page = await browser.newPage();
    const orderId = await buy(page);
    const statuses = await forgeSettled(`${shop.url}/api/webhooks`, {
      orderId,
      customerId: 'customer-42',
    });
    expect(statuses).toEqual([400, 400]);
    await page.goto(`${shop.url}/orders/${orderId}`);
    expect(await orderStatus(page)).toMatch(/^Payment status: none yet/);
    await page.close();
  });
});
