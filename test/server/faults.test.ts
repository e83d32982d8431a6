// Faults the sandbox does not produce on demand: 5xx answers, dropped connections, silence.
// Real HTTP servers on 127.0.0.1 stand in for a failing service.
import { describe, expect, it } from 'vitest';
import {
  createMerchantClient,
  NetworkError,
  ResponseValidationError,
  ServiceError,
} from '../../src/server/index.js';
import { sendJson, serversClosedAfterEach } from '../support/http-server.js';
import { fakeSessionKey } from '../support/jwt.js';
import { recordingFetch, rejectionOf } from './helpers.js';

const API_KEY = 'sk_test_faults_93c0aa51e2';
const WITHDRAWAL = {
  id: 'wd_1',
  amount: { cents: 1250, currency: 'USD' },
  status: 'completed',
  speed: 'standard',
  createdAt: '2025-01-02T03:04:05.000Z',
};
const EVENT = { customerId: 'c1', username: 'ada' };
const fastRetry = { baseDelayMs: 20, maxDelayMs: 50 };

const serve = serversClosedAfterEach();

function clientFor(baseUrl: string, extra: Record<string, unknown> = {}) {
  return createMerchantClient({ apiKey: API_KEY, env: 'local', baseUrl, ...extra });
}

describe('reads retry network faults and 5xx', () => {
  it('lists withdrawals after a 500, with the default backoff', async () => {
    const server = await serve((_request, response, count) =>
      count === 1
        ? sendJson(response, 500, { message: 'boom', code: 'internal' })
        : sendJson(response, 200, [WITHDRAWAL]),
    );
    await expect(clientFor(server.url).listWithdrawals()).resolves.toEqual([WITHDRAWAL]);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/merchant/withdraws',
      '/api/merchant/withdraws',
    ]);
  });

  it('gets a session key after a 502, sending the same headers again', async () => {
    const key = fakeSessionKey({ customerId: 'c1', merchantId: 'm1', exp: 2_000_000_000 });
    const server = await serve((_request, response, count) =>
      count === 1 ? sendJson(response, 502, {}) : sendJson(response, 200, { key }),
    );
    const sessionKey = await clientFor(server.url, { retry: fastRetry }).getSessionKey('c1');
    expect(sessionKey).toEqual({ key, customerId: 'c1', expiresAt: 2_000_000_000_000 });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(API_KEY);
      expect(request.headers['x-service-auth-user-id']).toBe('c1');
    }
  });

  it('gives up after the configured retries with the last ServiceError', async () => {
    const server = await serve((_request, response) =>
      sendJson(response, 503, { message: 'maintenance', code: 'internal' }),
    );
    const error = await rejectionOf(clientFor(server.url, { retry: fastRetry }).listWithdrawals());
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a dropped connection', async () => {
    const server = await serve((_request, response, count) =>
      count === 1 ? response.socket?.destroy() : sendJson(response, 200, []),
    );
    await expect(clientFor(server.url, { retry: fastRetry }).listWithdrawals()).resolves.toEqual(
      [],
    );
    expect(server.requests).toHaveLength(2);
  });

  it('fails with a NetworkError when nothing listens, after every attempt', async () => {
    const server = await serve(() => {});
    await server.close();
    const recorder = recordingFetch();
    const error = await rejectionOf(
      clientFor(server.url, { retry: fastRetry, fetch: recorder.fetch }).listWithdrawals(),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/Could not reach the payments service/);
    expect(recorder.sent).toHaveLength(3);
  });

  it('times out a silent service with timedOut set', async () => {
    const server = await serve(() => {});
    const error = await rejectionOf(
      clientFor(server.url, { timeoutMs: 100, retry: { retries: 0 } }).listWithdrawals(),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });

  it('does not retry a 4xx', async () => {
    const server = await serve((_request, response) =>
      sendJson(response, 401, { message: 'bad key', code: 'unauthorized' }),
    );
    const error = await rejectionOf(clientFor(server.url, { retry: fastRetry }).listWithdrawals());
    expect((error as ServiceError).status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });
});

describe('event posts never retry on their own', () => {
  it('surfaces a 500 after exactly one request', async () => {
    const server = await serve((_request, response) =>
      sendJson(response, 500, { message: 'boom', code: 'internal' }),
    );
    const error = await rejectionOf(clientFor(server.url, { retry: fastRetry }).signUp(EVENT));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('internal');
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces a dropped connection after exactly one request', async () => {
    const server = await serve((_request, response) => response.socket?.destroy());
    const error = await rejectionOf(clientFor(server.url, { retry: fastRetry }).signIn(EVENT));
    expect(error).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('session keys the client will not hand on', () => {
  it('rejects a key minted for another customer', async () => {
    const key = fakeSessionKey({ customerId: 'someone-else', merchantId: 'm1', exp: 2e9 });
    const server = await serve((_request, response) => sendJson(response, 200, { key }));
    const error = await rejectionOf(clientFor(server.url).getSessionKey('c1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/different customer/);
    expect((error as Error).message).not.toContain(key);
  });

  it('rejects a key that is not a JWT', async () => {
    const server = await serve((_request, response) => sendJson(response, 200, { key: 'abc' }));
    const error = await rejectionOf(clientFor(server.url).getSessionKey('c1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toBe('key');
  });
});
