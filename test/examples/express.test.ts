// examples/express, installed from the packed package, built with its own tsconfig and run with
// `node dist/server.js` as its README says, against the sandbox over HTTP: the session key from
// its route, a purchase as the page makes one, and the order paid only by the signed webhooks.
import { readFileSync } from 'node:fs';
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

const timer = exampleTimer('express');
let project: InstalledExample;
let directory: string;
let sandbox: SandboxServer;
let shop: RunningServer;

beforeAll(async () => {
  project = await installedExample('express');
  directory = project.directory;
  timer.step('waiting for its install');
  await run('npm', ['run', 'build'], { cwd: directory });
  timer.step('tsc');
  sandbox = await startExampleSandbox();
  shop = await startServer('node', ['dist/server.js'], {
    cwd: directory,
    env: {
      SERVICE_API_KEY: sandbox.sandbox.apiKey,
      SERVICE_WEBHOOK_KEY: WEBHOOK_KEY,
      SERVICE_BASE_URL: sandbox.url,
      PORT: '0',
    },
    ready: /listening on (http:\/\/\S+)/,
  });
  sandbox.sandbox.setWebhookUrl(`${shop.url}/webhooks`);
  timer.step('start');
});

afterAll(async () => {
  await shop?.stop();
  await sandbox?.close();
  await timer.print(project);
  project?.remove();
});

/** Signs in through the example's stand-in and answers the cookie its routes read. */
async function signIn(customerId: string): Promise<string> {
  const answer = await fetch(`${shop.url}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId }),
  });
  expect(answer.status).toBe(204);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

async function orderFor(cookie: string): Promise<{ orderId: string; checkoutToken: string }> {
  const answer = await fetch(`${shop.url}/api/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'gem-pack' }),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { orderId: string; checkoutToken: string };
}

async function readOrder(cookie: string, orderId: string) {
  const answer = await fetch(`${shop.url}/api/orders/${orderId}`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { paymentStatus?: string; fulfilled: boolean };
}

describe('examples/express', () => {
  it(`is at most ${MAX_EXAMPLE_LINES} lines, README aside`, () => {
    const { total, files } = exampleLines('express');
    console.log(`examples/express: ${total} lines`, files);
    expect(total).toBeLessThanOrEqual(MAX_EXAMPLE_LINES);
  });

  it('names the versions this repository pins, and type-checks strictly with tsc', () => {
    expect(unpinnedDependencies('express')).toEqual([]);
    const tsconfig = JSON.parse(readFileSync(join(directory, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, skipLibCheck: false });
    // `npm run build` (tsc) succeeded in beforeAll, against the installed declarations.
    expect(readFileSync(join(directory, 'dist', 'server.js'), 'utf8')).toContain(
      'service-checkout/server',
    );
  });

  it('gives a session key to the signed-in customer only', async () => {
    expect((await fetch(`${shop.url}/api/session-key`)).status).toBe(401);
    const answer = await fetch(`${shop.url}/api/session-key`, {
      headers: { cookie: await signIn('customer-ada') },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { key: string; expiresAt: number };
    expect(body.key.split('.')).toHaveLength(3);
    expect(JSON.stringify(body)).not.toContain(sandbox.sandbox.apiKey);
  });

  it('fulfils a paid order when the verified Settled webhook arrives, not before', async () => {
    const cookie = await signIn('customer-bo');
    const { key } = (await (
      await fetch(`${shop.url}/api/session-key`, { method: 'POST', headers: { cookie } })
    ).json()) as { key: string };
    const { orderId, checkoutToken } = await orderFor(cookie);

    const paid = await payAsThePage(sandbox, key, checkoutToken);
    expect(paid.status).toBe(200);
    // The page has paid; the service has said nothing yet, so nothing is delivered.
    expect(await readOrder(cookie, orderId)).toMatchObject({ fulfilled: false });
    expect(await readOrder(cookie, orderId)).not.toHaveProperty('paymentStatus');

    await advanceSandboxClock(sandbox, 2_000); // ACH Initiated, then ACH Batched
    expect(await readOrder(cookie, orderId)).toMatchObject({
      paymentStatus: 'batched',
      fulfilled: false,
    });
    await advanceSandboxClock(sandbox, 2_000); // Settled
    expect(await readOrder(cookie, orderId)).toMatchObject({
      paymentStatus: 'settled',
      fulfilled: true,
    });
    expect(deliveriesTo(sandbox, `${shop.url}/webhooks`)).toEqual([
      'ACH Initiated: 200',
      'ACH Batched: 200',
      'Settled: 200',
    ]);
    // The amount paid is the one the example's server priced and had signed.
    const payment = sandbox.sandbox.payments.find((each) => each.paymentId === paid.body.paymentId);
    expect(payment?.subtotal).toEqual({ cents: 499, currency: 'USD' });
  });

  it('refuses a forged Settled delivery and leaves the order unpaid', async () => {
    const cookie = await signIn('customer-cy');
    const { orderId } = await orderFor(cookie);
    const statuses = await forgeSettled(`${shop.url}/webhooks`, {
      orderId,
      customerId: 'customer-cy',
    });
    expect(statuses).toEqual([400, 400]);
    expect(await readOrder(cookie, orderId)).toMatchObject({ fulfilled: false });
  });

  it('shows an order to its customer only, and refuses an order the page prices', async () => {
    const { orderId } = await orderFor(await signIn('customer-dee'));
    const other = await fetch(`${shop.url}/api/orders/${orderId}`, {
      headers: { cookie: await signIn('customer-eve') },
    });
    expect(other.status).toBe(404);
    const priced = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { cookie: await signIn('customer-eve'), 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'free-gems', cents: 1 }),
    });
    expect(priced.status).toBe(400);
  });
});
