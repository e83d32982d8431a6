// The API key never leaves the client through an error: message, stack, properties, cause,
// JSON or util.inspect. Each error path is driven for real, then searched for the key.
import { format, formatWithOptions, inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CheckoutError,
  ConfigError,
  createMerchantClient,
  createSessionKeyFetchHandler,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type MerchantClientOptions,
} from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { sendJson, serversClosedAfterEach } from '../support/http-server.js';
import { expectSecretAbsent, rejectionOf } from './helpers.js';

const SECRET = 'sk_live_secret_c0ffee1234567890';
let sandboxServer: SandboxServer;
const serve = serversClosedAfterEach();

beforeAll(async () => {
  sandboxServer = await startSandboxServer({ port: 0, apiKey: SECRET });
});
afterAll(() => sandboxServer.close());

function client(options: Partial<MerchantClientOptions> = {}) {
  return createMerchantClient({
    apiKey: SECRET,
    env: 'local',
    baseUrl: sandboxServer.url,
    retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 },
    ...options,
  });
}

it('the check itself finds a key in a message, a property and a cause', () => {
  expect(() => expectSecretAbsent(new Error(`key ${SECRET}`), SECRET)).toThrow();
  expect(() =>
    expectSecretAbsent(Object.assign(new Error('x'), { sent: SECRET }), SECRET),
  ).toThrow();
  expect(() => expectSecretAbsent(new Error('x', { cause: new Error(SECRET) }), SECRET)).toThrow();
  expect(() => expectSecretAbsent({ headers: { Authorization: SECRET } }, SECRET)).toThrow();
});

describe('no error carries the API key', () => {
  it('the sandbox works with this key (so the paths below are real failures)', async () => {
    await expect(client().getSessionKey('c1')).resolves.toMatchObject({ customerId: 'c1' });
  });

  it('ConfigError from options', () => {
    let error: unknown;
    try {
      client({ env: 'staging' as never });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expectSecretAbsent(error, SECRET);
  });

  it('ConfigError from a bad event', async () => {
    const error = await rejectionOf(client().signUp({ customerId: 'c1' } as never));
    expect(error).toBeInstanceOf(ConfigError);
    expectSecretAbsent(error, SECRET);
  });

  it('401 from the sandbox for a wrong key (the wrong key is a secret too)', async () => {
    const wrong = `${SECRET}_rotated`;
    const error = await rejectionOf(client({ apiKey: wrong }).listWithdrawals());
    expect(error).toMatchObject({ status: 401 });
    expectSecretAbsent(error, wrong);
    expectSecretAbsent(error, SECRET);
  });

  it('400 from the sandbox', async () => {
    const error = await rejectionOf(client().getSessionKey('x'.repeat(300)));
    expect(error).toMatchObject({ status: 400 });
    expectSecretAbsent(error, SECRET);
  });

  it('a service (or proxy) that echoes the Authorization header in its error', async () => {
    const echo = await serve((request, response) =>
      sendJson(response, 502, {
        message: `upstream refused Authorization: ${String(request.headers.authorization)}`,
        code: `bad_${String(request.headers.authorization)}`,
      }),
    );
    const error = await rejectionOf(client({ baseUrl: echo.url }).listWithdrawals());
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).serviceMessage).toMatch(
      /upstream refused Authorization: \[redacted\]/,
    );
    expectSecretAbsent(error, SECRET);
  });

  it('only the key itself is replaced: text around it reads as sent', async () => {
    const echo = await serve((request, response) =>
      sendJson(response, 403, {
        message: `key ${String(request.headers.authorization)} is not allowed; see https://payments.example.com/keys`,
        code: 'forbidden',
      }),
    );
    const error = await rejectionOf(client({ baseUrl: echo.url }).listWithdrawals());
    expect((error as ServiceError).serviceMessage).toBe(
      'key [redacted] is not allowed; see https://payments.example.com/keys',
    );
  });

  it('a network fault when nothing listens', async () => {
    const down = await serve(() => {});
    await down.close();
    const error = await rejectionOf(client({ baseUrl: down.url }).getSessionKey('c1'));
    expect(error).toBeInstanceOf(NetworkError);
    expectSecretAbsent(error, SECRET);
  });

  it('a timeout', async () => {
    const silent = await serve(() => {});
    const error = await rejectionOf(
      client({ baseUrl: silent.url, timeoutMs: 50, retry: { retries: 0 } }).signIn({
        customerId: 'c1',
      }),
    );
    expect((error as NetworkError).timedOut).toBe(true);
    expectSecretAbsent(error, SECRET);
  });

  it('a custom fetch whose own error quotes the request headers, even from a frozen cause', async () => {
    const leakyFetch = (_url: string, init: RequestInit) => {
      const headers = JSON.stringify(init.headers);
      const inner = Object.freeze(new Error(`socket closed while sending ${headers}`));
      return Promise.reject(
        Object.assign(new TypeError(`fetch failed: ${headers}`, { cause: inner }), {
          request: { headers: init.headers },
        }),
      );
    };
    const error = await rejectionOf(
      client({ fetch: leakyFetch, retry: { retries: 0 } }).listWithdrawals(),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/fetch failed: .*\[redacted\]/);
    // The cause is a description of the fetch's error: its name and message, key redacted.
    const cause = (error as Error).cause as Error;
    expect(cause).toMatchObject({ name: 'TypeError' });
    expect(cause.message).toMatch(/^fetch failed: .*\[redacted\]/);
    expect(cause.cause).toMatchObject({ name: 'Error' });
    expect((cause.cause as Error).message).toMatch(/^socket closed while sending .*\[redacted\]/);
    expectSecretAbsent(error, SECRET);
  });

  it('a 2xx body that is not a session key', async () => {
    const odd = await serve((request, response) =>
      sendJson(response, 200, { key: String(request.headers.authorization) }),
    );
    const error = await rejectionOf(client({ baseUrl: odd.url }).getSessionKey('c1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expectSecretAbsent(error, SECRET);
  });

  it('every one of them is a CheckoutError a caller can switch on', async () => {
    const error = await rejectionOf(
      client({ apiKey: 'sk_other_merchant_0000' }).signIn({ customerId: 'c1' }),
    );
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).kind).toBe('service');
  });
});

/** Errors a custom fetch may throw, each holding the request's headers where a walk of its enumerable properties would not look. */
const FETCH_ERRORS: Record<string, (url: string, init: RequestInit) => unknown> = {
  'a Headers object': (_url, init) =>
    Object.assign(new TypeError('fetch failed'), { headers: new Headers(init.headers) }),
  'a Request': (url, init) =>
    Object.assign(new TypeError('fetch failed'), { request: new Request(url, init) }),
  'a Map': (_url, init) =>
    Object.assign(new TypeError('fetch failed'), {
      sent: new Map(Object.entries(init.headers as Record<string, string>)),
    }),
  'AggregateError.errors': (_url, init) =>
    new AggregateError([new Error(`refused ${JSON.stringify(init.headers)}`)], 'fetch failed'),
  'a symbol-keyed property': (_url, init) =>
    Object.assign(new TypeError('fetch failed'), { [Symbol('request')]: init.headers }),
  'a non-enumerable property': (_url, init) =>
    Object.defineProperty(new TypeError('fetch failed'), 'headers', { value: init.headers }),
  'a cause holding Headers': (_url, init) =>
    new TypeError('fetch failed', { cause: { headers: new Headers(init.headers) } }),
};

describe.each(Object.entries(FETCH_ERRORS))(
  'a custom fetch that throws an error with %s',
  (_shape, makeError) => {
    const throwingFetch = (url: string, init: RequestInit) => Promise.reject(makeError(url, init));

    it('gives a NetworkError in which no view shows the key', async () => {
      // The check sees the key in what the fetch threw: it would see it passed on too.
      expect(() =>
        expectSecretAbsent(makeError('http://x', { headers: { Authorization: SECRET } }), SECRET),
      ).toThrow();
      const error = await rejectionOf(
        client({ fetch: throwingFetch, retry: { retries: 0 } }).getSessionKey('c1'),
      );
      expect(error).toBeInstanceOf(NetworkError);
      expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(SECRET);
      expectSecretAbsent(error, SECRET);
    });

    it("is logged by the session-key route's default console.error without the key", async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const handler = createSessionKeyFetchHandler({
          client: client({ fetch: throwingFetch, retry: { retries: 0 } }),
          getCustomerId: () => 'c1',
        });
        expect((await handler(new Request('https://shop.example/session-key'))).status).toBe(503);
        expect(log).toHaveBeenCalledOnce();
        const args = log.mock.calls[0] ?? [];
        expect(format(...args)).not.toContain(SECRET);
        expect(formatWithOptions({ depth: Infinity, showHidden: true }, ...args)).not.toContain(
          SECRET,
        );
      } finally {
        log.mockRestore();
      }
    });
  },
);

it('the client shows no key through inspect, JSON or its properties', async () => {
  const merchant = client();
  await merchant.getSessionKey('c1');
  expectSecretAbsent(merchant, SECRET);
  expect(Object.keys(merchant).sort()).toEqual([
    'baseUrl',
    'buyerChallenge',
    'createCheckoutToken',
    'getPayment',
    'getSessionKey',
    'listEvents',
    'listWithdrawals',
    'refundPayment',
    'rollWebhookKey',
    'sendEvent',
    'signIn',
    'signInFailure',
    'signUp',
    'webhookKeys',
  ]);
});
