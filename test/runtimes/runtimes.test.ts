// The server entry where merchants deploy it besides Node: workerd (Cloudflare Workers, through
// Miniflare, without nodejs_compat) and Vercel's edge runtime, which have neither Buffer nor
// process, and Deno (allowed the network and nothing else) and Bun. The app (app.ts) is bundled
// from the built package as an edge bundler would, then its session-key and webhook routes,
// checkout tokens, payment lookups and typed errors are driven from here, against the real
// sandbox on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EdgeRuntime } from 'edge-runtime';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSessionKey } from '../../src/core/session-key.js';
import { signWebhookPayload } from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { checkoutBody } from '../sandbox/conformance.js';
import { ensureBuilt, root } from '../support/dist.js';
import { startHttpServer } from '../support/http-server.js';
import { bundleApp } from './bundle.js';

const WEBHOOK_KEY = 'whsec_runtime_tests_0123456789';
const OLD_WEBHOOK_KEY = 'whsec_runtime_tests_old_98765';

interface Runtime {
  dispatch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

type Config = Record<string, string>;

interface RuntimeKind {
  start(config: Config): Promise<Runtime>;
  /** Deno and Bun offer Buffer and process for Node's sake; the app must not need them. */
  nodeGlobals: boolean;
}

const RUNTIMES: Record<string, RuntimeKind> = {
  'workerd (Cloudflare Workers, no nodejs_compat)': {
    nodeGlobals: false,
    async start(config) {
      const miniflare = new Miniflare({
        modules: true,
        script: await bundleApp('module', config),
        compatibilityDate: '2026-04-01',
      });
      return {
        dispatch: async (path, init) =>
          (await miniflare.dispatchFetch(`http://app.test${path}`, init as never)) as never,
        close: () => miniflare.dispose(),
      };
    },
  },
  'edge-runtime (Vercel Edge)': {
    nodeGlobals: false,
    async start(config) {
      const runtime = new EdgeRuntime({ initialCode: await bundleApp('script', config) });
      return {
        dispatch: (path, init) => runtime.dispatchFetch(`http://app.test${path}`, init),
        close: async () => undefined,
      };
    },
  },
  'Deno, with --allow-net only': {
    nodeGlobals: true,
    start: async (config) =>
      serveWith('deno', ['run', '--allow-net', 'app.js'], await bundleApp('deno', config)),
  },
  Bun: {
    nodeGlobals: true,
    start: async (config) => serveWith('bun', ['run', 'app.js'], await bundleApp('bun', config)),
  },
};

/** Runs the bundled app with the runtime's binary from node_modules/.bin until it prints its port. */
async function serveWith(binary: string, args: string[], script: string): Promise<Runtime> {
  const dir = await mkdtemp(join(tmpdir(), `runtime-${binary}-`));
  await writeFile(join(dir, 'app.js'), script);
  const child = spawn(join(root, 'node_modules', '.bin', binary), args, {
    cwd: dir,
    // Nothing of this process's environment: the app must need none.
    env: { PATH: process.env.PATH ?? '', HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = /listening (\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${binary} exited (${code}): ${output}`)));
  });
  return {
    dispatch: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let sandbox: SandboxServer;
let rateLimited: Awaited<ReturnType<typeof startHttpServer>>;
let config: Config;

/** A port that was free a moment ago and has nothing listening on it. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandboxServer({ port: 0 });
  rateLimited = await startHttpServer((_, response) => {
    response.writeHead(429, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Too many requests.', code: 'rate_limited' }));
  });
  config = {
    serviceUrl: sandbox.url,
    apiKey: sandbox.sandbox.apiKey,
    webhookKey: WEBHOOK_KEY,
    oldWebhookKey: OLD_WEBHOOK_KEY,
    downUrl: `http://127.0.0.1:${await closedPort()}`,
    rateLimitedUrl: rateLimited.url,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await rateLimited?.close();
});

/** A payment made the way a payer's checkout makes it. */
async function makePayment(customerId: string): Promise<string> {
  const sessionKey = await sandbox.sandbox.mintSessionKey(customerId);
  const headers = { 'x-service-auth-session-key': sessionKey, 'content-type': 'application/json' };
  const { customer } = (await (
    await fetch(`${sandbox.url}/api/customer/v2`, { headers })
  ).json()) as {
    customer: { bankAccounts: { token: string }[] };
  };
  const paid = await fetch(`${sandbox.url}/api/checkout/ach/${sandbox.sandbox.merchantId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(checkoutBody(customer.bankAccounts[0]!.token)),
  });
  return ((await paid.json()) as { paymentId: string }).paymentId;
}

describe.each(Object.keys(RUNTIMES))('the server entry in %s', (name) => {
  let runtime: Runtime;
  const json = async (path: string, init?: RequestInit) =>
    (await runtime.dispatch(path, init)).json() as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    runtime = await RUNTIMES[name]!.start(config);
  }, 60_000);
  afterAll(() => runtime?.close());

  it(`runs ${RUNTIMES[name]!.nodeGlobals ? 'beside' : 'without'} the Node globals`, async () => {
    const absent = { Buffer: 'undefined', process: 'undefined' };
    if (RUNTIMES[name]!.nodeGlobals) expect(await json('/globals')).not.toEqual(absent);
    else expect(await json('/globals')).toEqual(absent);
  });

  it('hands the signed-in customer a session key', async () => {
    const response = await runtime.dispatch('/session-key', {
      headers: { 'x-customer': 'edge_ada' },
    });
    expect(response.status).toBe(200);
    const { key } = (await response.json()) as { key: string };
    expect(decodeSessionKey(key).customerId).toBe('edge_ada');
  });

  it('answers 503 when the service is down and 429 when it rate-limits, as documented', async () => {
    const down = await runtime.dispatch('/session-key/service-down', {
      headers: { 'x-customer': 'edge_ada' },
    });
    expect([down.status, (await down.json()).code]).toEqual([503, 'service_unavailable']);
    const limited = await runtime.dispatch('/session-key/rate-limited', {
      headers: { 'x-customer': 'edge_ada' },
    });
    expect([limited.status, (await limited.json()).code]).toEqual([429, 'rate_limited']);
  });

  it('verifies a signed delivery, hands it to onEvent, and refuses a forged one', async () => {
    const body = JSON.stringify({
      id: `evt_${name.split(' ')[0]}`,
      eventType: 'Test',
      created: new Date().toISOString(),
      data: { message: 'A test event.' },
    });
    const deliver = async (key: string) =>
      runtime.dispatch('/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'service-signature': await signWebhookPayload(body, key),
        },
        body,
      });
    expect((await deliver(WEBHOOK_KEY)).status).toBe(200);
    const forged = await deliver('whsec_not_the_key_0123456789');
    expect([forged.status, (await forged.json()).code]).toEqual([400, 'invalid_signature']);
    const received = (await (await runtime.dispatch('/webhook/received')).json()) as unknown[];
    expect(received).toEqual([
      expect.objectContaining({ id: JSON.parse(body).id, eventType: 'Test' }),
    ]);
  });

  it('takes deliveries signed under the old key, the new one or both while a key is rolled', async () => {
    const deliver = async (path: string, id: string, keys: string[]) => {
      const body = JSON.stringify({
        id,
        eventType: 'Test',
        created: new Date().toISOString(),
        data: { message: 'A test event.' },
      });
      const response = await runtime.dispatch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'service-signature': await signWebhookPayload(body, keys),
        },
        body,
      });
      return response.status;
    };
    const runtimeName = name.split(' ')[0];
    // During the 24 hours after a roll, the service signs under both keys: one key verifies.
    expect(
      await deliver('/webhook', `evt_both_${runtimeName}`, [OLD_WEBHOOK_KEY, WEBHOOK_KEY]),
    ).toBe(200);
    // A route holding both keys takes either one alone; one holding the new key, not the old.
    expect(await deliver('/webhook/rotating', `evt_old_${runtimeName}`, [OLD_WEBHOOK_KEY])).toBe(
      200,
    );
    expect(await deliver('/webhook/rotating', `evt_new_${runtimeName}`, [WEBHOOK_KEY])).toBe(200);
    expect(await deliver('/webhook', `evt_stale_${runtimeName}`, [OLD_WEBHOOK_KEY])).toBe(400);
    const received = (await (await runtime.dispatch('/webhook/received')).json()) as {
      id: string;
    }[];
    expect(received.map((event) => event.id)).toEqual(
      expect.arrayContaining([
        `evt_both_${runtimeName}`,
        `evt_old_${runtimeName}`,
        `evt_new_${runtimeName}`,
      ]),
    );
    expect(received.map((event) => event.id)).not.toContain(`evt_stale_${runtimeName}`);
  });

  it('signs a checkout token and looks a payment up', async () => {
    const { result } = await json('/checkout-token', {
      method: 'POST',
      body: JSON.stringify({
        subtotal: { cents: 1999, currency: 'USD' },
        settlementType: 'USDC',
        webhookInfo: { itemName: 'Gem pack', price: '19.99', quantity: 1 },
        email: 'payer@example.com',
      }),
    });
    expect(result).toMatchObject({ token: expect.stringMatching(/^ey/) });

    const paymentId = await makePayment(`edge_payer_${name.split(' ')[0]}`);
    expect((await json(`/payment?id=${paymentId}`)).result).toMatchObject({
      paymentId,
      status: 'pending',
    });
  });

  it('tells when a debit settles across a weekend and the start of daylight saving time, and what a return code asks', async () => {
    // Friday March 6, 2026, 17:30 EST, after the cutoff: processed Monday (in EDT), settles
    // three banking days on. Thanksgiving 2026 is not a banking day.
    const { result } = await json(
      '/expected-settlement?at=2026-03-06T22:30:00.000Z&day=2026-11-26&code=R10',
    );
    expect(result).toEqual({
      settlesOn: '2026-03-12',
      bankingDay: false,
      return: expect.objectContaining({ code: 'R10', reauthorize: true, retry: 'never' }),
    });
    const { error } = await json('/expected-settlement?at=2026-03-06T22:30:00&day=2026-11-26');
    expect(error).toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/offset/) });
  });

  it('gives typed service errors, with what to do, without NODE_ENV', async () => {
    expect((await json('/payment?id=pay_missing')).error).toMatchObject({
      name: 'ServiceError',
      kind: 'service',
      status: 404,
      code: 'not_found',
    });
    expect((await json('/payment/rate-limited')).error).toMatchObject({
      name: 'ServiceError',
      status: 429,
      message: expect.stringContaining('Slow down and retry later.'),
    });
  });
});
