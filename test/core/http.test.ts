import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  createHttpClient,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type HttpClientOptions,
} from '../../src/core/index.js';
import { sendJson, startHttpServer } from '../support/http-server.js';

const keySchema = z.looseObject({ key: z.string() });
const sessionCredentials = { kind: 'sessionKey', sessionKey: 'h.p.s', deviceId: 'dev_1' } as const;
const apiCredentials = { kind: 'apiKey', apiKey: 'sk_test_secret', userId: 'alice' } as const;

let server: Awaited<ReturnType<typeof startHttpServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handle: Parameters<typeof startHttpServer>[0]) {
  server = await startHttpServer(handle);
  return server;
}

function client(options: Partial<HttpClientOptions> = {}) {
  if (!server) throw new Error('start a server first');
  return createHttpClient({ baseUrl: server.url, retry: { baseDelayMs: 1 }, ...options });
}

/** The read most tests make: GET /x with the API key, expecting `{ key }`. */
function readKey(options: Partial<HttpClientOptions> = {}) {
  return client(options).request({
    method: 'GET',
    path: '/x',
    credentials: apiCredentials,
    schema: keySchema,
  });
}

function pay(options: Partial<HttpClientOptions> = {}) {
  return client(options).request({
    method: 'POST',
    path: '/pay',
    credentials: sessionCredentials,
    schema: keySchema,
    body: {},
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('requests on the wire', () => {
  it('sends a read with accept, the credential headers and no body', async () => {
    const { requests } = await serve((_req, res) => sendJson(res, 200, { key: 'k' }));
    await client().request({
      method: 'GET',
      path: '/api/auth/session-key',
      credentials: apiCredentials,
      schema: keySchema,
    });
    expect(requests).toHaveLength(1);
    const [seen] = requests;
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/api/auth/session-key');
    expect(seen?.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'sk_test_secret',
      'x-service-auth-user-id': 'alice',
    });
    expect(seen?.headers['content-type']).toBeUndefined();
    expect(seen?.body).toBe('');
  });

  it('sends a write as JSON with its idempotency key and session headers only', async () => {
    const { requests } = await serve((_req, res) => sendJson(res, 200, { paymentId: 'pay_1' }));
    const result = await client().request({
      method: 'POST',
      path: '/api/checkout/ach/m1',
      credentials: sessionCredentials,
      schema: z.looseObject({ paymentId: z.string() }),
      body: { subtotal: { cents: 100, currency: 'USD' } },
      idempotencyKey: 'idem-1',
    });
    expect(result).toEqual({ paymentId: 'pay_1' });
    const [seen] = requests;
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-auth-session-key': 'h.p.s',
      'x-device-id': 'dev_1',
      'idempotency-key': 'idem-1',
    });
    expect(seen?.headers.authorization).toBeUndefined();
    expect(JSON.parse(seen?.body ?? '')).toEqual({ subtotal: { cents: 100, currency: 'USD' } });
  });
});

describe('responses', () => {
  it('returns the parsed body with unknown fields kept', async () => {
    await serve((_req, res) => sendJson(res, 200, { key: 'k', extra: true }));
    await expect(readKey()).resolves.toEqual({ key: 'k', extra: true });
  });

  it('turns an error body into a ServiceError with status, code and a hint', async () => {
    await serve((_req, res) =>
      sendJson(res, 402, { message: 'Insufficient funds', code: 'payment_declined' }),
    );
    const error = await rejection(pay());
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      status: 402,
      code: 'payment_declined',
      serviceMessage: 'Insufficient funds',
    });
    expect((error as Error).message).toBe(
      '[service-checkout] POST /pay failed with 402 payment_declined: Insufficient funds Ask the payer to choose another bank account.',
    );
  });

  it('tolerates an error body that is not JSON', async () => {
    await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/html' });
      res.end('<h1>Unauthorized</h1>');
    });
    const error = await rejection(readKey());
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', serviceMessage: 'HTTP 401' });
  });

  it('reports which fields of a 2xx body do not match', async () => {
    await serve((_req, res) => sendJson(res, 200, { key: 42 }));
    const error = await rejection(readKey());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'key', problem: 'must be a string' },
    ]);
    expect((error as Error).message).toContain('(key: must be a string)');
  });

  it('reports a 2xx body that is not JSON', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login page</html>');
    });
    const error = await rejection(readKey());
    expect((error as ResponseValidationError).issues).toEqual([
      { path: '', problem: 'is not JSON' },
    ]);
  });
});

describe('faults and retries', () => {
  it('retries a read after 5xx answers and returns the first success', async () => {
    const { requests } = await serve((_req, res, count) =>
      count < 3
        ? sendJson(res, 503, { message: 'busy', code: 'internal' })
        : sendJson(res, 200, { key: 'k' }),
    );
    await expect(readKey()).resolves.toEqual({ key: 'k' });
    expect(requests).toHaveLength(3);
  });

  it('gives up after its retries with the last error', async () => {
    const { requests } = await serve((_req, res) =>
      sendJson(res, 500, { message: 'boom', code: 'internal' }),
    );
    const error = await rejection(readKey({ retry: { retries: 1, baseDelayMs: 1 } }));
    expect(error).toMatchObject({ status: 500, code: 'internal' });
    expect(requests).toHaveLength(2);
  });

  it('retries a read after a dropped connection', async () => {
    const { requests } = await serve((_req, res, count) =>
      count === 1 ? res.socket?.destroy() : sendJson(res, 200, { key: 'k' }),
    );
    await expect(readKey()).resolves.toEqual({ key: 'k' });
    expect(requests).toHaveLength(2);
  });

  it('does not retry a 4xx read', async () => {
    const { requests } = await serve((_req, res) =>
      sendJson(res, 401, { message: 'expired', code: 'unauthorized' }),
    );
    await rejection(readKey());
    expect(requests).toHaveLength(1);
  });

  it('never retries a write on its own, after a 5xx or a dropped connection', async () => {
    const { requests } = await serve((_req, res, count) =>
      count === 1
        ? sendJson(res, 500, { message: 'boom', code: 'internal' })
        : res.socket?.destroy(),
    );
    expect(await rejection(pay())).toBeInstanceOf(ServiceError);
    expect(await rejection(pay())).toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(2);
  });

  it('turns an unreachable service into a NetworkError that says what to do', async () => {
    const { url } = await serve(() => {});
    await server?.close();
    server = undefined;
    const error = await rejection(
      createHttpClient({ baseUrl: url, retry: { retries: 0 } }).request({
        method: 'GET',
        path: '/api/customer/v2',
        credentials: sessionCredentials,
        schema: keySchema,
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(false);
    expect((error as Error).message).toMatch(
      /Could not reach the payments service for GET \/api\/customer\/v2 .* try again/,
    );
  });

  it('times out a silent service', async () => {
    await serve(() => {
      /* never answers */
    });
    const error = await rejection(readKey({ timeoutMs: 50, retry: { retries: 0 } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect((error as Error).message).toContain('did not answer GET /x within 50 ms');
  });

  it('explains a 401 on a session-key request as a key to renew, and lets the caller explain it otherwise', async () => {
    await serve((_req, res) => sendJson(res, 401, { message: 'expired', code: 'unauthorized' }));
    const renew = await rejection(pay());
    expect((renew as Error).message).toMatch(/: expired Renew the session key/);
    const explained = await rejection(readKey({ hints: { unauthorized: 'Check the API key.' } }));
    expect((explained as Error).message).toMatch(/: expired Check the API key\.$/);
    expect((explained as Error).message).not.toMatch(/session key/);
  });

  it("adds no hint for a code that only names a member of Object's prototype", async () => {
    await serve((_req, res) => sendJson(res, 400, { message: 'odd', code: 'constructor' }));
    const plain = await rejection(pay());
    expect((plain as Error).message).toBe(
      '[service-checkout] POST /pay failed with 400 constructor: odd',
    );
    const explained = await rejection(readKey({ hints: { unauthorized: 'Check the API key.' } }));
    expect((explained as Error).message).not.toMatch(/function|native code/);
  });

  it('keeps credentials out of every error message', async () => {
    await serve((_req, res) => sendJson(res, 401, { message: 'bad key', code: 'unauthorized' }));
    const error = await rejection(readKey());
    expect(JSON.stringify(error) + String(error) + (error as Error).stack).not.toContain(
      'sk_test_secret',
    );
  });
});
