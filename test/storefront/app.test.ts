// The storefront's server under requests a browser would never send: each gets a JSON 4xx,
// and the server keeps serving.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorefrontApp, WEBHOOK_PATH } from '../../examples/storefront/server/app.js';
import { openShopStore, type ShopStore } from '../../examples/storefront/server/store.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });

let server: Server;
let port: number;
const lines: string[] = [];

let store: ShopStore;

/** Serves the storefront app, with the page's files from `clientDir`, on a free port. */
async function serve(clientDir: string): Promise<{ server: Server; port: number }> {
  const handle = createStorefrontApp({
    store,
    clientDir,
    serviceUrl: 'http://127.0.0.1:9',
    merchantId: 'merchant_sandbox',
    apiKey: 'sk_sandbox_local_0000000000000000',
    webhookKey: 'whk_test_key_0123456789',
    log: (line) => lines.push(line),
  });
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

beforeAll(async () => {
  store = await openShopStore();
  ({ server, port } = await serve('/nonexistent'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
});

/** Sends the request line as written (fetch would normalise the path). */
function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  to = port,
) {
  return new Promise<{ status: number; body: string; cookie?: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: to, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the storefront server', () => {
  it.each([
    ['GET', '//', 404],
    ['GET', '/api/orders/%E0%A4%A', 401],
    ['GET', '/api/orders/..%2F..%2Fetc', 401],
    ['POST', '/api/orders', 401],
    ['GET', '/api/nothing-here', 404],
  ])('%s %s answers %i in JSON without a stack trace', async (method, path, status) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(status);
    expect(() => JSON.parse(answer.body)).not.toThrow();
    expect(answer.body).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect((await send('GET', '/api/config')).status).toBe(200);
  });

  it('refuses an unsigned webhook and records it as rejected, changing nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      eventType: 'Settled',
      created: new Date().toISOString(),
      data: {},
    });
    const answer = await send('POST', WEBHOOK_PATH, body);
    expect(answer.status).toBe(400);
    expect(lines.some((line) => line.startsWith('webhook refused'))).toBe(true);
  });

  const signIn = (customerId: string, password: string, headers: Record<string, string> = {}) =>
    send('POST', '/api/sign-in', JSON.stringify({ customerId, password }), {
      'content-type': 'application/json',
      ...headers,
    });

  it('signs up a new customer with an opaque session cookie, and refuses a wrong password', async () => {
    const up = await signIn('pat.lee', 'correct horse battery');
    expect(up.status).toBe(200);
    expect(up.cookie).toMatch(/^skyreach_session=[\w-]{43}$/);
    expect(up.cookie).not.toContain('pat.lee');
    const me = await send('GET', '/api/me', undefined, { cookie: up.cookie! });
    expect(JSON.parse(me.body).customer.customerId).toBe('pat.lee');

    const wrong = await signIn('pat.lee', 'wrong horse battery');
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
    expect(
      (await send('GET', '/api/me', undefined, { cookie: 'skyreach_session=pat.lee' })).body,
    ).toContain('"customer":null');
  });

  it('a persona signs in only with the password the sign-in page shows', async () => {
    expect((await signIn('alex.rivera', 'guessed-password')).status).toBe(401);
    expect((await signIn('alex.rivera', 'demo-alex-2026')).status).toBe(200);
  });

  it('stops guessing after ten wrong passwords', async () => {
    await signIn('kim.ng', 'correct horse battery');
    for (let guess = 0; guess < 10; guess++) {
      expect((await signIn('kim.ng', `guess number ${guess}`)).status).toBe(401);
    }
    expect((await signIn('kim.ng', 'correct horse battery')).status).toBe(429);
  });

  it('refuses state changes sent from another site', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await signIn('lee.cross', 'correct horse battery', headers);
      expect(answer.status).toBe(403);
      expect(answer.cookie).toBeUndefined();
    }
    const own = await signIn('lee.cross', 'correct horse battery', {
      origin: `http://127.0.0.1:${port}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
  });

  it('opens the merchant routes to staff only', async () => {
    const shopper = await signIn('sam.shopper', 'correct horse battery');
    const staff = await signIn('staff', 'demo-staff-2026');
    const activity = (cookie?: string) =>
      send('GET', '/api/merchant/activity', undefined, cookie ? { cookie } : {});
    expect((await activity()).status).toBe(401);
    expect((await activity(shopper.cookie)).status).toBe(403);
    expect((await activity(staff.cookie)).status).toBe(200);
  });
});

describe('the storefront server, when a file of the page cannot be read', () => {
  it('drops that answer and keeps serving', async () => {
    // Reading /proc/self/mem from its start fails with EIO: a disk fault met after stat.
    const faulty = await serve('/proc/self');
    try {
      await send('GET', '/mem', undefined, {}, faulty.port).catch(() => undefined);
      expect((await send('GET', '/api/config', undefined, {}, faulty.port)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => faulty.server.close(() => resolve()));
    }
  });
});
