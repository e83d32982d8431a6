// The staff page's time travel over HTTP, as server/start.ts starts the shop: offered beside the
// embedded sandbox only (a shop started alone against a service elsewhere has none), to staff
// only, with a move it refuses saying why and moving nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startShop,
  startStorefront,
  type Shop,
  type Storefront,
} from '../../examples/storefront/server/start.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const HOUR = 3_600_000;

let storefront: Storefront;
let alone: Shop;

beforeAll(async () => {
  storefront = await startStorefront({
    port: 0,
    sandboxPort: 0,
    clientDir: '/nonexistent',
    settleStepMs: HOUR,
  });
  alone = await startShop({
    port: 0,
    clientDir: '/nonexistent',
    service: {
      url: storefront.sandboxUrl,
      merchantId: storefront.sandbox.merchantId,
      apiKey: storefront.apiKey,
      webhookKey: storefront.sandbox.webhookKey,
    },
  });
});

afterAll(async () => {
  await alone?.close();
  await storefront?.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Signs in at `shopUrl` and answers a caller with that session, as the shop's page sends. */
async function session(shopUrl: string, customerId: string, password: string) {
  const signedIn = await fetch(`${shopUrl}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ customerId, password }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${shopUrl}${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: shopUrl }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

const staffOf = (shopUrl: string) => session(shopUrl, 'staff', 'demo-staff-2026');

describe('time travel', () => {
  it('is offered beside the embedded sandbox, to staff only', async () => {
    const config = await (await fetch(`${storefront.url}/api/config`)).json();
    expect(config).toMatchObject({ timeTravel: true });
    const shopper = await session(storefront.url, 'travel_shopper', 'correct horse battery');
    const time = storefront.sandbox.time;
    expect((await shopper('GET', '/api/merchant/time-travel')).status).toBe(403);
    expect((await shopper('POST', '/api/merchant/time-travel', { action: 'settle' })).status).toBe(
      403,
    );
    expect(storefront.sandbox.time >= time).toBe(true);
    expect(Date.parse(storefront.sandbox.time) - Date.parse(time)).toBeLessThan(HOUR);
  });

  it('moves the sandbox’s clock for staff, and refuses a move it cannot make, moving nothing', async () => {
    const staff = await staffOf(storefront.url);
    const read = await staff('GET', '/api/merchant/time-travel');
    expect(read.status).toBe(200);
    const before = Date.parse(read.body.now as string);

    for (const [move, status] of [
      [{ action: 'advance', days: 0 }, 400],
      [{ action: 'advance', days: 401 }, 400],
      [{ action: 'advance', days: 1.5 }, 400],
      [{ action: 'advance', days: '10' }, 400],
      [{ action: 'rewind', days: 1 }, 400],
      [{ action: 'return', orderId: 'ord_nowhere' }, 404],
    ] as const) {
      const refused = await staff('POST', '/api/merchant/time-travel', move);
      expect([refused.status, typeof refused.body.message], JSON.stringify(move)).toEqual([
        status,
        'string',
      ]);
    }
    expect(Date.parse(storefront.sandbox.time) - before).toBeLessThan(HOUR);

    const settled = await staff('POST', '/api/merchant/time-travel', { action: 'settle' });
    expect(settled.status).toBe(200);
    expect(Date.parse(settled.body.now as string) - before).toBeGreaterThanOrEqual(2 * HOUR);
    const advanced = await staff('POST', '/api/merchant/time-travel', {
      action: 'advance',
      days: 3,
    });
    expect(advanced.status).toBe(200);
    expect(advanced.body.message).toBe(
      "Moved the sandbox's clock 3 days ahead: everything that fell due ran, each webhook reached the shop.",
    );
    // Real time passes between the two answers too, a little.
    const moved = Date.parse(advanced.body.now as string) - Date.parse(settled.body.now as string);
    expect(moved).toBeGreaterThanOrEqual(3 * 24 * HOUR);
    expect(moved).toBeLessThan(3 * 24 * HOUR + 60_000);
  });

  it('hands out session keys the sandbox accepts after the clock moved past their day', async () => {
    const shopper = await session(
      storefront.url,
      `travel_key_${process.pid}`,
      'correct horse battery',
    );
    /** The status of the customer's read with the session key the shop hands their page. */
    const customerRead = async () => {
      const handed = await shopper('POST', '/api/session-key', {});
      expect(handed.status).toBe(200);
      const read = await fetch(`${storefront.sandboxUrl}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': handed.body.key as string },
      });
      return read.status;
    };
    expect(await customerRead()).toBe(200);
    const staff = await staffOf(storefront.url);
    const moved = await staff('POST', '/api/merchant/time-travel', { action: 'advance', days: 2 });
    expect(moved.status).toBe(200);
    // The key handed out before the move expired on the sandbox's clock: the shop makes another.
    expect(await customerRead()).toBe(200);
  });

  it('is not offered by a shop started alone against a service elsewhere', async () => {
    const config = await (await fetch(`${alone.url}/api/config`)).json();
    expect(config).toMatchObject({ timeTravel: false });
    const staff = await staffOf(alone.url);
    const time = storefront.sandbox.time;
    expect((await staff('POST', '/api/merchant/time-travel', { action: 'settle' })).status).toBe(
      404,
    );
    expect((await staff('GET', '/api/merchant/time-travel')).status).toBe(404);
    expect(Date.parse(storefront.sandbox.time) - Date.parse(time)).toBeLessThan(HOUR);
  });
});

describe('time travel reads plain data', () => {
  it('takes no action from under __proto__, constructor or prototype, and moves nothing', async () => {
    const staff = await staffOf(storefront.url);
    const time = storefront.sandbox.time;
    for (const key of ['unknownField', '__proto__', 'constructor', 'prototype']) {
      const body = {};
      // An own key, as JSON.parse makes it, never the prototype's setter.
      Object.defineProperty(body, key, {
        value: { action: 'advance', days: 3 },
        enumerable: true,
      });
      const answer = await staff('POST', '/api/merchant/time-travel', body);
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
    }
    // Only the real time the requests took has passed: no day was added.
    expect(Date.parse(storefront.sandbox.time) - Date.parse(time)).toBeLessThan(60_000);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
