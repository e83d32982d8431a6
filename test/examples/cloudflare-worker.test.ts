// examples/cloudflare-worker, installed from the packed package, type-checked by its own
// `npm run typecheck` (wrangler types, then tsc) and run by `wrangler dev` with the config it
// ships, in workerd, with its secrets in .dev.vars as its README says. Driven over HTTP: the
// shop page's CORS, the session key, a purchase as the page makes one, and the order paid only
// by the signed webhooks.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxServer } from '../../src/sandbox/node-server.js';
import { exampleLines, MAX_EXAMPLE_LINES, unpinnedDependencies } from './examples.js';
import {
  advanceSandboxClock,
  deliveriesTo,
  exampleTimer,
  forgeSettled,
  payAsThePage,
  run,
  startExampleSandbox,
  startServer,
  WEBHOOK_KEY,
  type RunningServer,
} from './harness.js';
import { installedExample, type InstalledExample } from './install.js';

/** The origin wrangler.jsonc names as the shop's page. */
const SHOP_ORIGIN = 'http://localhost:5173';

const timer = exampleTimer('cloudflare-worker');
let project: InstalledExample;
let directory: string;
let wranglerEnv: Record<string, string>;
let sandbox: SandboxServer;
let worker: RunningServer;
let typecheckOutput: string;

beforeAll(async () => {
  project = await installedExample('cloudflare-worker');
  directory = project.directory;
  timer.step('waiting for its install');
  // Wrangler sends no metrics and keeps its logs with the project.
  wranglerEnv = { WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: join(directory, 'logs') };
  typecheckOutput = await run('npm', ['run', 'typecheck'], { cwd: directory, env: wranglerEnv });
  timer.step('wrangler types and tsc');
  sandbox = await startExampleSandbox();
  writeFileSync(
    join(directory, '.dev.vars'),
    `SERVICE_API_KEY=${sandbox.sandbox.apiKey}\nSERVICE_WEBHOOK_KEY=${WEBHOOK_KEY}\n`,
  );
  worker = await startServer(
    join(directory, 'node_modules', '.bin', 'wrangler'),
    // The sandbox on a free port instead of the config's 4010; every other binding as shipped.
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      '0',
      '--inspector-port',
      '0',
      '--var',
      `SERVICE_BASE_URL:${sandbox.url}`,
    ],
    { cwd: directory, env: wranglerEnv, ready: /Ready on (http:\/\/[\d.:]+)/ },
  );
  sandbox.sandbox.setWebhookUrl(`${worker.url}/webhooks`);
  timer.step('wrangler dev');
});

afterAll(async () => {
  await worker?.stop();
  await sandbox?.close();
  await timer.print(project);
  project?.remove();
});

const signedIn = (customerId: string) => ({ authorization: `Bearer ${customerId}` });

async function orderFor(customerId: string): Promise<{ orderId: string; checkoutToken: string }> {
  const answer = await fetch(`${worker.url}/api/orders`, {
    method: 'POST',
    headers: { ...signedIn(customerId), 'content-type': 'application/json', origin: SHOP_ORIGIN },
    body: JSON.stringify({ productId: 'gem-pack' }),
  });
  expect(answer.status).toBe(201);
  expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
  return (await answer.json()) as { orderId: string; checkoutToken: string };
}

async function readOrder(customerId: string, orderId: string) {
  const answer = await fetch(`${worker.url}/api/orders/${orderId}`, {
    headers: signedIn(customerId),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { paymentStatus?: string; fulfilled: boolean };
}

describe('examples/cloudflare-worker', () => {
  it(`is at most ${MAX_EXAMPLE_LINES} lines, README aside`, () => {
    const { total, files } = exampleLines('cloudflare-worker');
    console.log(`examples/cloudflare-worker: ${total} lines`, files);
    expect(total).toBeLessThanOrEqual(MAX_EXAMPLE_LINES);
  });

  it('names the versions this repository pins, and type-checks strictly against its bindings', () => {
    expect(unpinnedDependencies('cloudflare-worker')).toEqual([]);
    const tsconfig = readFileSync(join(directory, 'tsconfig.json'), 'utf8');
    expect(tsconfig).toMatch(/"strict": true/);
    expect(tsconfig).toMatch(/"skipLibCheck": false/);
    // `wrangler types` wrote the Env the code is checked against, from wrangler.jsonc.
    const types = readFileSync(join(directory, 'worker-configuration.d.ts'), 'utf8');
    for (const binding of [
      'ORDERS: KVNamespace',
      'SERVICE_API_KEY: string',
      'SERVICE_WEBHOOK_KEY: string',
    ]) {
      expect(types).toContain(binding);
    }
    expect(typecheckOutput).not.toMatch(/error TS/);
  });

  it("answers the shop page's preflight, and no other origin's", async () => {
    const preflight = (origin: string) =>
      fetch(`${worker.url}/api/orders`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const shop = await preflight(SHOP_ORIGIN);
    expect(shop.status).toBe(204);
    expect(shop.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
    expect(shop.headers.get('access-control-allow-headers')).toMatch(/authorization, content-type/);
    const other = await preflight('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives a session key to the signed-in customer only', async () => {
    expect((await fetch(`${worker.url}/api/session-key`)).status).toBe(401);
    const answer = await fetch(`${worker.url}/api/session-key`, {
      headers: { ...signedIn('customer-ada'), origin: SHOP_ORIGIN },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
    const body = (await answer.json()) as { key: string };
    expect(body.key.split('.')).toHaveLength(3);
    expect(JSON.stringify(body)).not.toContain(sandbox.sandbox.apiKey);
  });

  it('fulfils a paid order when the verified Settled webhook arrives, not before', async () => {
    const { key } = (await (
      await fetch(`${worker.url}/api/session-key`, {
        method: 'POST',
        headers: signedIn('customer-bo'),
      })
    ).json()) as { key: string };
    const { orderId, checkoutToken } = await orderFor('customer-bo');

    const paid = await payAsThePage(sandbox, key, checkoutToken);
    expect(paid.status).toBe(200);
    expect(await readOrder('customer-bo', orderId)).toEqual({
      customerId: 'customer-bo',
      cents: 499,
      fulfilled: false,
    });

    await advanceSandboxClock(sandbox, 2_000); // ACH Initiated, then ACH Batched
    expect(await readOrder('customer-bo', orderId)).toMatchObject({
      paymentStatus: 'batched',
      fulfilled: false,
    });
    await advanceSandboxClock(sandbox, 2_000); // Settled
    expect(await readOrder('customer-bo', orderId)).toMatchObject({
      paymentStatus: 'settled',
      fulfilled: true,
    });
    expect(deliveriesTo(sandbox, `${worker.url}/webhooks`)).toEqual([
      'ACH Initiated: 200',
      'ACH Batched: 200',
      'Settled: 200',
    ]);
  });

  it('refuses a forged Settled delivery and leaves the order unpaid', async () => {
    const { orderId } = await orderFor('customer-cy');
    const statuses = await forgeSettled(`${worker.url}/webhooks`, {
      orderId,
      customerId: 'customer-cy',
    });
    expect(statuses).toEqual([400, 400]);
    expect(await readOrder('customer-cy', orderId)).toMatchObject({ fulfilled: false });
  });

  it('shows an order to its customer only', async () => {
    const { orderId } = await orderFor('customer-dee');
    const other = await fetch(`${worker.url}/api/orders/${orderId}`, {
      headers: signedIn('customer-eve'),
    });
    expect(other.status).toBe(404);
  });
});
