// The shop's server as server/start.ts starts it (beside its embedded sandbox, or alone), over
// real HTTP: a storm of sign-ins is told to come back instead of filling the process, while
// orders and webhooks go on; and a client that sends its request slowly is cut off as the
// sandbox does it.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import {
  startShop,
  startStorefront,
  type Shop,
  type Storefront,
} from '../../examples/storefront/server/start.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PASSWORD = 'correct horse battery';
const STORM = 100;

let shop: Storefront;
const lines: string[] = [];

beforeAll(async () => {
  shop = await startStorefront({
    port: 0,
    sandboxPort: 0,
    clientDir: '/nonexistent',
    log: (line) => lines.push(line),
  });
});

afterAll(() => shop?.close());

interface Answer {
  status: number;
  retryAfter?: string;
  cookie?: string;
}

/** A POST as the shop's own page sends it, on a connection of its own from `from`. */
function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  from = '127.0.0.1',
) {
  const { hostname, port } = new URL(shop.url);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: 'POST',
        path,
        localAddress: from,
        agent: false,
        headers: { origin: shop.url, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

describe('a storm of sign-ins', () => {
  it('is told to retry past a small queue, while an order and a webhook are answered', async () => {
    const buyer = await post('/api/sign-in', { customerId: 'storm.buyer', password: PASSWORD });
    expect(buyer.status).toBe(200);

    // STORM new customers sign up at once, each from an address of its own.
    let answered = 0;
    const storm = Array.from({ length: STORM }, (_, n) =>
      post(
        '/api/sign-in',
        { customerId: `storm_${n}`, password: PASSWORD },
        {},
        `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 1}`,
      ).finally(() => (answered += 1)),
    );
    // Once the first of them is answered the storm is under way: an order, and a delivery.
    await Promise.race(storm);
    const order = await post(
      '/api/orders',
      { lines: [{ productId: 'gem-pouch', quantity: 1 }] },
      { cookie: buyer.cookie! },
    );
    const answeredByOrder = answered;
    const event = JSON.stringify({
      id: 'evt_storm_test',
      eventType: 'Test',
      created: new Date().toISOString(),
      data: { message: 'during a storm' },
    });
    const webhook = await post('/api/webhooks/payments', event, {
      'service-signature': await signWebhookPayload(event, shop.sandbox.webhookKey),
    });
    const answeredByWebhook = answered;
    const signIns = await Promise.all(storm);

    expect(order.status).toBe(201);
    expect(webhook.status).toBeLessThan(300);
    // Both were answered while sign-ins were still waiting for their password hash.
    expect(answeredByOrder).toBeLessThan(STORM);
    expect(answeredByWebhook).toBeLessThan(STORM);

    const busy = signIns.filter((answer) => answer.status === 503);
    expect(signIns.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    // Each one signed in, or was told to come back.
    expect(
      signIns.map((answer) => answer.status).filter((status) => status !== 200 && status !== 503),
      lines.join('\n'),
    ).toEqual([]);
    for (const answer of busy) expect(answer.retryAfter).toBe('1');
  });
});

/** Sends `bytes` to `url` and reads until the server closes the connection. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('a slow client', () => {
  // A shop of its own: limits this short would cut off the storm's requests above.
  let slow: Shop;
  beforeAll(async () => {
    slow = await startShop({
      port: 0,
      clientDir: '/nonexistent',
      service: {
        url: 'http://127.0.0.1:9',
        merchantId: 'merchant_sandbox',
        apiKey: 'sk_sandbox_local_0000000000000000',
        webhookKey: 'whk_test_key_0123456789',
      },
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
  });
  afterAll(() => slow?.close());
  const host = () => `Host: ${new URL(slow.url).host}\r\n`;

  it('whose headers stall past headersTimeoutMs gets a 408 and is closed', async () => {
    const answer = await rawExchange(slow.url, `GET /api/config HTTP/1.1\r\n${host()}`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('whose body stalls past requestTimeoutMs gets a 408 and is closed', async () => {
    const answer = await rawExchange(
      slow.url,
      `POST /api/sign-in HTTP/1.1\r\n${host()}origin: ${slow.url}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"customerId":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('publicOrigins', () => {
  it.each(['shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/shop'])(
    'refuses %s, saying what an origin looks like',
    async (origin) => {
      await expect(
        startStorefront({
          port: 0,
          sandboxPort: 0,
          clientDir: '/nonexistent',
          publicOrigins: [origin],
        }),
      ).rejects.toThrow(/is not an origin .*: give one such as https:\/\/shop\.example\.com/);
    },
  );
});
