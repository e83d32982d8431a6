// The storefront's server over HTTP: requests a browser would never send each get a JSON 4xx and
// the server keeps serving; only the shop's own hosts and pages are answered; sign-in holds its
// limits however many guesses arrive at once, and from however many addresses. Requests come
// from several loopback addresses (127.0.0.x), which the shop sees as different clients.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import { createStorefrontApp, WEBHOOK_PATH } from '../../examples/storefront/server/app.js';
import { PAGE_NONCE_PLACEHOLDER } from '../../examples/storefront/server/page-nonce.js';
import { openShopStore, type ShopStore } from '../../examples/storefront/server/store.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const WEBHOOK_KEY = 'whk_test_key_0123456789';
const PUBLIC_ORIGIN = 'https://shop.example.com';

let server: Server;
let port: number;
let own: string;
const lines: string[] = [];
let store: ShopStore;
/** The clock of sessions and sign-in limits, moved by the tests. */
let now = Date.parse('2026-11-24T10:00:00.000Z');

/** Serves the storefront app, with the page's files from `clientDir`, on a free port. */
async function serve(clientDir: string): Promise<{ server: Server; port: number }> {
  let handle: (req: never, res: never) => Promise<void> = async () => undefined;
  const server = createServer((req, res) => void handle(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  handle = createStorefrontApp({
    store,
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`, PUBLIC_ORIGIN],
    clientDir,
    serviceUrl: 'http://127.0.0.1:9',
    merchantId: 'merchant_sandbox',
    apiKey: 'sk_sandbox_local_0000000000000000',
    webhookKey: WEBHOOK_KEY,
    log: (line) => lines.push(line),
    now: () => now,
  });
  return { server, port };
}

beforeAll(async () => {
  store = await openShopStore();
  ({ server, port } = await serve('/nonexistent'));
  own = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
});

// A minute apart: each test starts with every client's sign-in allowance whole.
beforeEach(() => {
  now += 60_000;
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  cookie?: string;
}

/** Sends the request line as written (fetch would normalise the path), from `from`. */
function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  options: { to?: number; from?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.to ?? port,
        localAddress: options.from ?? '127.0.0.1',
        method,
        path,
        headers,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            headers: res.headers,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What the shop's own page sends with a state change. */
const fromOwnPage = () => ({ origin: own, 'content-type': 'application/json' });

/** Loopback address number `n` (from 1): each is another client to the shop. */
const client = (n: number) => `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 1}`;

const signIn = (
  customerId: string,
  password: string,
  headers: Record<string, string> = {},
  from?: string,
) =>
  send(
    'POST',
    '/api/sign-in',
    JSON.stringify({ customerId, password }),
    { ...fromOwnPage(), ...headers },
    { from },
  );

const me = async (cookie: string | undefined) =>
  JSON.parse((await send('GET', '/api/me', undefined, cookie ? { cookie } : {})).body).customer
    ?.customerId as string | undefined;

const PASSWORD = 'correct horse battery';

describe('the storefront server', () => {
  it.each([
    ['GET', '//', 404],
    ['GET', '/api/orders/%E0%A4%A', 401],
    ['GET', '/api/orders/..%2F..%2Fetc', 401],
    ['POST', '/api/orders', 401],
    ['GET', '/api/nothing-here', 404],
  ])('%s %s answers %i in JSON without a stack trace', async (method, path, status) => {
    const answer = await send(method, path, method === 'POST' ? '{}' : undefined, fromOwnPage());
    expect(answer.status).toBe(status);
    expect(() => JSON.parse(answer.body)).not.toThrow();
    expect(answer.body).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect((await send('GET', '/api/config')).status).toBe(200);
  });

  it('signs up a new customer with an opaque session cookie, and refuses a wrong password', async () => {
    const up = await signIn('pat.lee', PASSWORD);
    expect(up.status).toBe(200);
    expect(up.cookie).toMatch(/^skyreach_session=[\w-]{43}$/);
    expect(up.cookie).not.toContain('pat.lee');
    expect(await me(up.cookie)).toBe('pat.lee');

    const wrong = await signIn('pat.lee', 'wrong horse battery');
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
    expect(await me('skyreach_session=pat.lee')).toBeUndefined();
  });

  it('a persona signs in only with the password the sign-in page shows', async () => {
    expect((await signIn('alex.rivera', 'guessed-password')).status).toBe(401);
    expect((await signIn('alex.rivera', 'demo-alex-2026')).status).toBe(200);
  });

  it('opens the merchant routes to staff only', async () => {
    const shopper = await signIn('sam.shopper', PASSWORD);
    const staff = await signIn('staff', 'demo-staff-2026');
    const activity = (cookie?: string) =>
      send('GET', '/api/merchant/activity', undefined, cookie ? { cookie } : {});
    expect((await activity()).status).toBe(401);
    expect((await activity(shopper.cookie)).status).toBe(403);
    expect((await activity(staff.cookie)).status).toBe(200);
    const keyRoll = (cookie: string) =>
      send('POST', '/api/merchant/webhook-key/roll', '{}', { ...fromOwnPage(), cookie });
    expect((await keyRoll(shopper.cookie!)).status).toBe(403);
    const keyStatus = await send('GET', '/api/merchant/webhook-key', undefined, {
      cookie: staff.cookie!,
    });
    expect([keyStatus.status, JSON.parse(keyStatus.body)]).toEqual([
      200,
      { webhookKey: { rolledAt: null, oldKeyAcceptedUntil: null } },
    ]);
  });
});

describe('wrong passwords', () => {
  it('stop after ten for a customer id, then wait out the window', async () => {
    await signIn('kim.ng', PASSWORD);
    for (let guess = 0; guess < 10; guess++) {
      expect((await signIn('kim.ng', `guess number ${guess}`)).status).toBe(401);
    }
    expect((await signIn('kim.ng', PASSWORD)).status).toBe(429);
    now += 15 * 60_000;
    expect((await signIn('kim.ng', PASSWORD)).status).toBe(200);
  });

  it('sent all at once, from as many addresses, still stop after ten', async () => {
    await signIn('jo.concurrent', PASSWORD);
    // 40 wrong guesses and the right password last, all at once.
    const passwords = [...Array.from({ length: 40 }, (_, n) => `guess number ${n}`), PASSWORD];
    const answers = await Promise.all(
      passwords.map((password, n) => signIn('jo.concurrent', password, {}, client(n))),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    // At most ten passwords were checked; every other attempt was refused before its check.
    expect(count(401) + count(200)).toBeLessThanOrEqual(10);
    expect(count(401)).toBeGreaterThan(0);
    expect(count(429)).toBe(41 - count(401) - count(200));
  });
});

describe('sign-ins from one client', () => {
  it('stop after 20 a minute, saying how long to wait, and start again after it', async () => {
    const from = client(300);
    for (let n = 0; n < 20; n++) {
      expect((await signIn(`rate_${n}`, PASSWORD, {}, from)).status).toBe(200);
    }
    const refused = await signIn('rate_20', PASSWORD, {}, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/your address/);
    // Another client is not held back.
    expect((await signIn('rate_other', PASSWORD, {}, client(301))).status).toBe(200);
    now += 60_000;
    expect((await signIn('rate_20', PASSWORD, {}, from)).status).toBe(200);
  });
});

describe('sessions', () => {
  it("one client signing in again and again ends only its own oldest sessions, never another shopper's", async () => {
    const shopper = await signIn('victim.shopper', PASSWORD, {}, client(400));
    const from = client(401);
    const flood: (string | undefined)[] = [];
    for (let n = 0; n < 51; n++) {
      // 20 a minute is all one client may sign in.
      if (n > 0 && n % 20 === 0) now += 60_000;
      flood.push((await signIn(`flood_${n}`, PASSWORD, {}, from)).cookie);
    }
    expect(await me(shopper.cookie)).toBe('victim.shopper');
    // The client keeps its 50 newest sessions.
    expect(await me(flood[0])).toBeUndefined();
    expect(await me(flood[1])).toBe('flood_1');
    expect(await me(flood[50])).toBe('flood_50');
  });

  it("a customer's eleventh session ends their oldest", async () => {
    const cookies: (string | undefined)[] = [];
    for (let n = 0; n < 11; n++) {
      cookies.push((await signIn('many.devices', PASSWORD, {}, client(500 + n))).cookie);
    }
    expect(await me(cookies[0])).toBeUndefined();
    expect(await me(cookies[1])).toBe('many.devices');
    expect(await me(cookies[10])).toBe('many.devices');
  });

  it("sign out everywhere ends every session of the customer, and no one else's", async () => {
    const sessions = [];
    for (const n of [600, 601, 602])
      sessions.push(await signIn('lee.everywhere', PASSWORD, {}, client(n)));
    const other = await signIn('someone.else', PASSWORD, {}, client(600));

    const out = await send('POST', '/api/sign-out-everywhere', '{}', {
      ...fromOwnPage(),
      cookie: sessions[1]!.cookie!,
    });
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body)).toEqual({ customer: null, sessionsEnded: 3 });
    expect(out.headers['set-cookie']?.[0]).toMatch(/^skyreach_session=; .*Max-Age=0/);
    for (const session of sessions) expect(await me(session.cookie)).toBeUndefined();
    expect(await me(other.cookie)).toBe('someone.else');

    const signedOut = await send('POST', '/api/sign-out-everywhere', '{}', {
      ...fromOwnPage(),
      cookie: sessions[1]!.cookie!,
    });
    expect(signedOut.status).toBe(401);
  });
});

describe('requests that change something', () => {
  const STATE_CHANGES = [
    '/api/sign-in',
    '/api/sign-out',
    '/api/sign-out-everywhere',
    '/api/orders',
    '/api/session-key',
    '/api/merchant/webhook-key/roll',
    '/api/merchant/time-travel',
  ];

  it.each(STATE_CHANGES)(
    'POST %s is refused without proof it comes from the shop, and in any type but JSON',
    async (path) => {
      const body = JSON.stringify({ customerId: 'form.victim', password: PASSWORD });
      const json = { 'content-type': 'application/json' };
      for (const headers of [
        json,
        { ...json, origin: 'https://evil.example' },
        { ...json, origin: 'null' },
        { ...json, 'sec-fetch-site': 'cross-site' },
        { ...json, 'sec-fetch-site': 'same-site' },
        { ...json, origin: own, 'sec-fetch-site': 'cross-site' },
      ]) {
        const answer = await send('POST', path, body, headers);
        expect([answer.status, JSON.parse(answer.body).code], JSON.stringify(headers)).toEqual([
          403,
          'forbidden',
        ]);
        expect(answer.cookie).toBeUndefined();
      }
      for (const type of [
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data',
      ]) {
        const answer = await send('POST', path, body, { origin: own, 'content-type': type });
        expect([answer.status, JSON.parse(answer.body).code], type).toEqual([
          415,
          'unsupported_media_type',
        ]);
      }
    },
  );

  it('a form that signs out, sent with neither Origin nor Sec-Fetch-Site, signs no one out', async () => {
    const victim = await signIn('form.victim', PASSWORD);
    const forged = await send('POST', '/api/sign-out', '', {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: victim.cookie!,
    });
    expect(forged.status).toBe(403);
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(await me(victim.cookie)).toBe('form.victim');

    // The page's own sign-out: Sec-Fetch-Site alone is proof enough.
    const own = await send('POST', '/api/sign-out', '{}', {
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      cookie: victim.cookie!,
    });
    expect(own.status).toBe(200);
    expect(await me(victim.cookie)).toBeUndefined();
  });
});

describe('the Host header', () => {
  it('names one of the shop’s own hosts, or nothing is answered (DNS rebinding)', async () => {
    const rebound = `rebind.example:${port}`;
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/config'],
      ['GET', '/api/me'],
    ]) {
      const answer = await send(method!, path!, undefined, { host: rebound });
      expect([answer.status, JSON.parse(answer.body).code], path).toEqual([
        421,
        'misdirected_request',
      ]);
    }
    // The page of the rebound name, signing in as it would from its own origin.
    const signIn = await send(
      'POST',
      '/api/sign-in',
      JSON.stringify({ customerId: 'rebind.victim', password: PASSWORD }),
      {
        host: rebound,
        origin: `http://${rebound}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
    );
    expect(signIn.status).toBe(421);
    expect(signIn.cookie).toBeUndefined();
    expect(await store.account('rebind.victim')).toBeUndefined();
  });

  it('may be localhost with the port, or a public origin the shop was given', async () => {
    expect(
      (await send('GET', '/api/config', undefined, { host: `localhost:${port}` })).status,
    ).toBe(200);
    const viaLocalhost = await send(
      'POST',
      '/api/sign-in',
      JSON.stringify({ customerId: 'host.localhost', password: PASSWORD }),
      {
        host: `LOCALHOST:${port}`,
        origin: `http://localhost:${port}`,
        'content-type': 'application/json',
      },
    );
    expect(viaLocalhost.status).toBe(200);
    // Same-origin means the origin the Host names: the listening address's page is another.
    const crossed = await send('POST', '/api/sign-out', '{}', {
      host: `localhost:${port}`,
      origin: own,
      'content-type': 'application/json',
    });
    expect(crossed.status).toBe(403);

    const viaProxy = await send(
      'POST',
      '/api/sign-in',
      JSON.stringify({ customerId: 'host.public', password: PASSWORD }),
      { host: 'shop.example.com', origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
    );
    expect(viaProxy.status).toBe(200);
  });

  it('the session cookie is Secure when the shop is reached at an https address, not otherwise', async () => {
    const cookieFrom = async (host: string, origin: string, customerId: string) => {
      const answer = await send(
        'POST',
        '/api/sign-in',
        JSON.stringify({ customerId, password: PASSWORD }),
        { host, origin, 'content-type': 'application/json' },
      );
      expect(answer.status).toBe(200);
      return String(answer.headers['set-cookie']);
    };
    const httpsCookie = await cookieFrom('shop.example.com', PUBLIC_ORIGIN, 'secure.public');
    expect(httpsCookie).toMatch(/; Secure(;|$)/);
    expect(httpsCookie).toMatch(/HttpOnly; SameSite=Strict/);
    // Locally, over http, a Secure cookie would never come back.
    expect(await cookieFrom(`127.0.0.1:${port}`, own, 'secure.local')).not.toMatch(/Secure/);
  });

  it('missing (HTTP/1.0) is answered the same way', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end('GET /api/config HTTP/1.0\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
  });
});

describe('webhook attempts whose signature does not verify', () => {
  it('are counted apart, with their latest reasons, and never crowd out deliveries', async () => {
    const staff = await signIn('staff', 'demo-staff-2026');
    const activity = async () =>
      JSON.parse(
        (await send('GET', '/api/merchant/activity', undefined, { cookie: staff.cookie! })).body,
      );
    const before = (await activity()).refusedWebhooks.count as number;

    const test = JSON.stringify({
      id: 'evt_test_1',
      eventType: 'Test',
      created: new Date().toISOString(),
      data: { message: 'a delivery' },
    });
    const signed = await send('POST', WEBHOOK_PATH, test, {
      'content-type': 'application/json',
      // Signed at the shop's clock, which its webhook route checks the time against.
      'service-signature': await signWebhookPayload(test, WEBHOOK_KEY, {
        timestamp: Math.floor(now / 1000),
      }),
    });
    expect(signed.status).toBeLessThan(300);
    for (let n = 0; n < 60; n++) {
      const unsigned = await send('POST', WEBHOOK_PATH, test, {
        'content-type': 'application/json',
      });
      expect(unsigned.status).toBe(400);
    }
    const forged = await send('POST', WEBHOOK_PATH, test, {
      'content-type': 'application/json',
      'service-signature': await signWebhookPayload(test, 'not-the-webhook-key', {
        timestamp: Math.floor(now / 1000),
      }),
    });
    expect(forged.status).toBe(400);

    const { webhooks, refusedWebhooks } = await activity();
    expect(refusedWebhooks.count - before).toBe(61);
    expect(refusedWebhooks.latest).toHaveLength(5);
    expect(refusedWebhooks.latest[0].reason).not.toBe(refusedWebhooks.latest[1].reason);
    // The list holds deliveries only: the signed one is still in it.
    expect(webhooks).toEqual([
      expect.objectContaining({ eventId: 'evt_test_1', eventType: 'Test', outcome: 'ignored' }),
    ]);
    expect(lines.filter((line) => line.startsWith('webhook refused')).length).toBeGreaterThan(60);
  });
});

describe('the page', () => {
  it('comes under the strict policy, with a new nonce on the header and its tags each time', async () => {
    // index.html as the build writes it: the placeholder on each tag it emits.
    const clientDir = mkdtempSync(join(tmpdir(), 'storefront-page-'));
    writeFileSync(
      join(clientDir, 'index.html'),
      `<meta property="csp-nonce" nonce="${PAGE_NONCE_PLACEHOLDER}">` +
        `<script type="module" src="/assets/index.js" nonce="${PAGE_NONCE_PLACEHOLDER}"></script>`,
    );
    const page = await serve(clientDir);
    try {
      const nonces: string[] = [];
      for (const path of ['/', '/checkout']) {
        const answer = await send('GET', path, undefined, {}, { to: page.port });
        expect(answer.status).toBe(200);
        const policy = String(answer.headers['content-security-policy']);
        const nonce = /script-src 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic';/.exec(
          policy,
        )?.[1];
        expect(nonce).toBeDefined();
        nonces.push(nonce!);
        expect(answer.body).not.toContain(PAGE_NONCE_PLACEHOLDER);
        expect(answer.body.match(/nonce="([^"]*)"/g)).toEqual([
          `nonce="${nonce}"`,
          `nonce="${nonce}"`,
        ]);
        expect(policy).toContain("default-src 'none';");
        expect(policy).toContain("style-src 'self';");
        expect(policy).toContain("connect-src http://127.0.0.1:9 'self';");
        expect(policy).toContain(
          "require-trusted-types-for 'script'; trusted-types service-checkout 'allow-duplicates'",
        );
        expect(policy).toContain("frame-ancestors 'none'");
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await new Promise<void>((resolve) => page.server.close(() => resolve()));
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('the storefront server, when a file of the page cannot be read', () => {
  it('drops that answer and keeps serving', async () => {
    // Reading /proc/self/mem from its start fails with EIO: a disk fault met after stat.
    const faulty = await serve('/proc/self');
    try {
      await send('GET', '/mem', undefined, {}, { to: faulty.port }).catch(() => undefined);
      expect((await send('GET', '/api/config', undefined, {}, { to: faulty.port })).status).toBe(
        200,
      );
    } finally {
      await new Promise<void>((resolve) => faulty.server.close(() => resolve()));
    }
  });
});
