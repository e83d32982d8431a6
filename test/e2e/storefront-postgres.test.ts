// The demo shop as a merchant who copies it runs it: two shop processes (each started by
// `node examples/storefront/start.mjs`, as `npm start` does) on one PostgreSQL server (Debian's,
// a throwaway cluster), against one sandbox whose every webhook delivery goes to both shops at
// once. Any process serves any shopper, each order changes once and delivers once (and a late
// return takes back once), and the sign-in limits hold across the processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import { startSandboxServer, type SandboxServer } from 'service-checkout/sandbox/node';
import pg from 'pg';
import { openPostgres } from '../../examples/storefront/server/db.js';
import { shopStoreOn } from '../../examples/storefront/server/store.js';
import { buildStorefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { lateReturnOf } from '../support/payment-events.js';
import { AT, awaitingOrder, paymentEvent } from '../storefront/fixtures.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

const START = fileURLToPath(new URL('../../examples/storefront/start.mjs', import.meta.url));
const WEBHOOK_PATH = '/api/webhooks/payments';
const WEBHOOK_KEY = 'whk_two_shops_0123456789abcdef';
const PASSWORD = 'correct horse battery';

let postgres: TestPostgres;
let sandbox: SandboxServer;
let dataDir: string;
const processes: ChildProcess[] = [];
/** The two shops' addresses. */
let shops: [string, string];

/** Starts one shop process on the server and the sandbox; its address, from its banner. */
function startShopProcess(): Promise<string> {
  const child = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: postgres.url,
      SERVICE_URL: sandbox.url,
      SERVICE_MERCHANT_ID: sandbox.sandbox.merchantId,
      SERVICE_API_KEY: sandbox.sandbox.apiKey,
      SERVICE_WEBHOOK_KEY: WEBHOOK_KEY,
      STOREFRONT_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const open = /Open\s+.*?(http:\/\/[\d.]+:\d+)\//.exec(output);
      if (open) resolve(open[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`a shop exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'two-shops-'));
  // Built once here, so the two processes start from the same build without waiting on it.
  [postgres] = await Promise.all([startPostgres(), buildStorefront()]);
  sandbox = await startSandboxServer({
    port: 0,
    webhookKey: WEBHOOK_KEY,
    requireSignedCheckout: true,
    // Stands for the load balancer's address: every delivery goes to both shops at once, and
    // counts as delivered when both took it.
    webhookUrl: 'http://shops.invalid/api/webhooks/payments',
    webhookFetch: async (_url, init) => {
      const answers = await Promise.all(shops.map((shop) => fetch(`${shop}${WEBHOOK_PATH}`, init)));
      return answers.find((answer) => !answer.ok) ?? answers[0]!;
    },
  });
  // Both at once: the schema is made by one of them, and neither fails.
  shops = (await Promise.all([startShopProcess(), startShopProcess()])) as [string, string];
}, 240_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(
    processes.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve),
        ),
    ),
  );
  await sandbox?.close();
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: unknown;
  cookie?: string;
}

/** A request as the shop's own page sends it, on a connection of its own from `from`. */
function call(
  shop: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string; from?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(shop);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(method === 'POST' && { origin: shop, 'content-type': 'application/json' }),
          ...(options.cookie && { cookie: options.cookie }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : undefined,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined);
  });
}

let clients = 0;
/** Another loopback address: another client to the shops. */
const newClient = () => `127.0.${Math.floor(++clients / 250) + 10}.${(clients % 250) + 1}`;

const signIn = async (shop: string, customerId: string, password = PASSWORD, from = newClient()) =>
  call(shop, 'POST', '/api/sign-in', { body: { customerId, password }, from });

const signedInAs = async (shop: string, cookie: string | undefined) =>
  (
    (await call(shop, 'GET', '/api/me', { cookie })).body as {
      customer: { customerId: string } | null;
    }
  ).customer?.customerId ?? null;

/** Pays with the checkout token as the customer's page does, from their first bank account. */
async function payAs(
  shop: string,
  cookie: string | undefined,
  jwtToken: string,
): Promise<{ paymentId: string }> {
  const { key } = (await call(shop, 'POST', '/api/session-key', { cookie })).body as {
    key: string;
  };
  const customer = await fetch(`${sandbox.url}/api/customer/v2`, {
    headers: { 'x-service-auth-session-key': key },
  });
  const { bankAccounts } = (
    (await customer.json()) as {
      customer: { bankAccounts: { token: string }[] };
    }
  ).customer;
  const paid = await fetch(`${sandbox.url}/api/checkout/ach/${sandbox.sandbox.merchantId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-auth-session-key': key,
      'x-device-id': 'device-of-the-payer',
    },
    body: JSON.stringify({ token: bankAccounts[0]!.token, jwtToken }),
  });
  expect(paid.status).toBe(200);
  return (await paid.json()) as { paymentId: string };
}

describe('two shop processes on one PostgreSQL server', () => {
  it('serve one shopper: signed in on one is signed in on the other', async () => {
    const [a, b] = shops;
    const session = await signIn(a, 'two.shops.alex');
    expect(session.status).toBe(200);
    expect(await signedInAs(b, session.cookie)).toBe('two.shops.alex');
    const out = await call(b, 'POST', '/api/sign-out', { cookie: session.cookie });
    expect(out.status).toBe(200);
    expect(await signedInAs(a, session.cookie)).toBeNull();
  });

  it('sign out everywhere on one ends the sessions held through the other', async () => {
    const [a, b] = shops;
    const onA = await signIn(a, 'two.shops.sam');
    const onB = await signIn(b, 'two.shops.sam');
    expect(await signedInAs(a, onB.cookie)).toBe('two.shops.sam');
    const out = await call(b, 'POST', '/api/sign-out-everywhere', { cookie: onB.cookie });
    expect(out.body).toEqual({ customer: null, sessionsEnded: 2 });
    expect(await signedInAs(a, onA.cookie)).toBeNull();
    expect(await signedInAs(b, onA.cookie)).toBeNull();
  });

  it('change each order once when every webhook reaches both at once', async () => {
    const [a, b] = shops;
    const buyers = ['two.shops.buyer1', 'two.shops.buyer2', 'two.shops.buyer3'];
    const orders = await Promise.all(
      buyers.map(async (customerId, n) => {
        // Signed in on one shop, ordering and paying through the other.
        const { cookie } = await signIn(n % 2 ? a : b, customerId);
        const shop = n % 2 ? b : a;
        const placed = await call(shop, 'POST', '/api/orders', {
          cookie,
          body: { lines: [{ productId: 'gem-pouch', quantity: n + 1 }] },
        });
        expect(placed.status).toBe(201);
        const { order, checkout } = placed.body as {
          order: { orderId: string };
          checkout: { jwtToken: string };
        };
        const { paymentId } = await payAs(shop, cookie, checkout.jwtToken);
        return { orderId: order.orderId, paymentId, cookie };
      }),
    );
    for (const { paymentId } of orders) sandbox.sandbox.advancePayment(paymentId, 'settled');
    // Every event delivered again as well: the same ids, at both shops once more.
    const paymentIds = new Set(orders.map((order) => order.paymentId));
    const isOurs = (delivery: { paymentId?: string }) =>
      delivery.paymentId !== undefined && paymentIds.has(delivery.paymentId);
    await expect
      .poll(() => sandbox.sandbox.deliveries.filter(isOurs).map((delivery) => delivery.state), {
        timeout: 20_000,
      })
      .toEqual(Array(9).fill('delivered'));
    for (const delivery of sandbox.sandbox.deliveries.filter(isOurs)) {
      sandbox.sandbox.resendDelivery(delivery.id);
    }
    await expect
      .poll(() => sandbox.sandbox.deliveries.filter(isOurs).every((d) => d.state === 'delivered'), {
        timeout: 20_000,
      })
      .toBe(true);

    for (const { orderId, cookie } of orders) {
      for (const shop of shops) {
        const { body } = await call(shop, 'GET', `/api/orders/${orderId}`, { cookie });
        expect((body as { order: { status: string } }).order.status).toBe('paid');
      }
    }
    // What the two shops did with the deliveries: of the four copies of each event (two
    // deliveries, each to both shops), one was acted on and the other three were duplicates.
    // One after the other: the first sign-in of the staff account makes it.
    const staff = [
      await signIn(shops[0], STAFF.customerId, STAFF.password),
      await signIn(shops[1], STAFF.customerId, STAFF.password),
    ];
    const records = (
      await Promise.all(
        shops.map((shop, n) =>
          call(shop, 'GET', '/api/merchant/activity', { cookie: staff[n]!.cookie }),
        ),
      )
    ).flatMap(
      ({ body }) =>
        (body as { webhooks: { eventId: string; orderId?: string; outcome: string }[] }).webhooks,
    );
    const orderIds = new Set(orders.map((order) => order.orderId));
    const byEvent = new Map<string, string[]>();
    for (const record of records.filter((r) => r.orderId && orderIds.has(r.orderId))) {
      byEvent.set(record.eventId, [...(byEvent.get(record.eventId) ?? []), record.outcome]);
    }
    expect(byEvent.size).toBe(9);
    for (const [eventId, outcomes] of byEvent) {
      expect(outcomes, eventId).toHaveLength(4);
      expect(
        outcomes.filter((outcome) => outcome !== 'duplicate'),
        eventId,
      ).toHaveLength(1);
    }
  });

  it('deliver once and take back once when late returns reach both at once', async () => {
    const [a, b] = shops;
    const { cookie } = await signIn(a, 'two.shops.late');
    const placed = await call(b, 'POST', '/api/orders', {
      cookie,
      body: { lines: [{ productId: 'dragon-vault', quantity: 1 }] },
    });
    const { checkout } = placed.body as { checkout: { jwtToken: string } };
    const { paymentId } = await payAs(a, cookie, checkout.jwtToken);
    sandbox.sandbox.advancePayment(paymentId, 'settled');
    const inventories = () =>
      Promise.all(
        shops.map(async (shop) => (await call(shop, 'GET', '/api/inventory', { cookie })).body),
      );
    const held = { gems: 8_000, items: [{ name: 'Vault-keeper profile frame', count: 1 }] };
    await expect
      .poll(inventories, { timeout: 20_000 })
      .toEqual([{ inventory: held }, { inventory: held }]);

    // The bank returns it: the event twice to each shop, and returns under four other ids (a
    // bank's second return, say) to each, all at once.
    const settled = sandbox.sandbox.deliveries.find(
      (delivery) => delivery.paymentId === paymentId && delivery.eventType === 'Settled',
    )!;
    const returnedAt = new Date().toISOString();
    const returns = Array.from({ length: 5 }, (_, n) =>
      lateReturnOf(settled.body, { id: `evt_late_${n}_${paymentId}`, returnedAt }),
    );
    const answers = await Promise.all(
      [returns[0]!, ...returns].flatMap((body) =>
        [a, b].map(async (shop) => {
          const answer = await fetch(`${shop}${WEBHOOK_PATH}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'service-signature': await signWebhookPayload(body, WEBHOOK_KEY),
            },
            body,
          });
          return answer.status;
        }),
      ),
    );
    expect(answers).toEqual(Array(12).fill(200));
    const nothing = { gems: 0, items: [] };
    expect(await inventories()).toEqual([{ inventory: nothing }, { inventory: nothing }]);
  });

  it('check at most ten wrong passwords for a customer id between them, all sent at once', async () => {
    const [a, b] = shops;
    await signIn(a, 'two.shops.kim');
    const guesses = [...Array.from({ length: 40 }, (_, n) => `guess number ${n}`), PASSWORD];
    const answers = await Promise.all(
      guesses.map((password, n) => signIn(n % 2 ? a : b, 'two.shops.kim', password)),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    expect(count(401) + count(200)).toBeLessThanOrEqual(10);
    expect(count(401)).toBeGreaterThan(0);
    expect(count(429)).toBe(41 - count(401) - count(200));
  });

  it("end a customer's oldest session past ten, wherever each was begun", async () => {
    const cookies: (string | undefined)[] = [];
    for (let n = 0; n < 11; n++)
      cookies.push((await signIn(shops[n % 2]!, 'two.shops.lee')).cookie);
    expect(await signedInAs(shops[1], cookies[0])).toBeNull();
    expect(await signedInAs(shops[0], cookies[1])).toBe('two.shops.lee');
    expect(await signedInAs(shops[1], cookies[10])).toBe('two.shops.lee');
  });
});

describe('the order store on PostgreSQL', () => {
  it('takes back once when two returns of one paid order wait on its row together', async () => {
    const db = await openPostgres(postgres.url);
    const store = await shopStoreOn(db);
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    try {
      const order = { ...awaitingOrder('ord_pg_race'), customerId: 'pg.race' };
      await store.placeOrder(
        { order, cartKey: 'race', checkoutToken: 'token' },
        Date.parse(order.createdAt),
      );
      const event = (eventType: 'Settled' | 'ACH Returned', id: string) =>
        paymentEvent(eventType, {
          orderId: order.orderId,
          id,
          payment: { paymentId: 'pay_pg_race', customerId: 'pg.race' },
        });
      await store.applyEvent(event('Settled', 'evt_pg_settled'), AT);
      expect(await store.inventoryOf('pg.race')).toEqual({ gems: 500, items: [] });

      // Another connection holds the order's row, so both returns are read and waiting at once
      // when it lets go.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM orders WHERE order_id = $1 FOR UPDATE', [order.orderId]);
      const returns = Promise.all([
        store.applyEvent(event('ACH Returned', 'evt_pg_return_1'), AT),
        store.applyEvent(event('ACH Returned', 'evt_pg_return_2'), AT),
      ]);
      // Asked outside the holder's transaction, which sees the activity as it was at its start.
      await expect
        .poll(async () => {
          const { rows } = await db.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
          );
          return rows[0]!.waiting;
        })
        .toBe(2);
      await holder.query('COMMIT');

      expect((await returns).map((result) => result.outcome).sort()).toEqual([
        'applied',
        'unchanged',
      ]);
      expect((await store.order(order.orderId))?.status).toBe('reversed');
      expect(await store.inventoryOf('pg.race')).toEqual({ gems: 0, items: [] });
    } finally {
      await holder.end();
      await store.close();
    }
  });
});
