// The ready-made session-key route, in both shapes, in front of the sandbox over real HTTP.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeSessionKey } from '../../src/core/session-key.js';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyFetchHandler,
  createSessionKeyNodeHandler,
  NetworkError,
  REJECTED_SESSION_KEY_HEADER,
  ServiceError,
  type SessionKeyHandlerOptions,
} from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { sendJson, startHttpServer } from '../support/http-server.js';
import { expectSecretAbsent, recordingFetch } from './helpers.js';

let sandboxServer: SandboxServer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sandboxServer = await startSandboxServer({ port: 0 });
});
afterAll(() => sandboxServer.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(closers.splice(0).map((close) => close()));
});

function merchantClient(options: { apiKey?: string; baseUrl?: string } = {}) {
  const recorder = recordingFetch();
  const client = createMerchantClient({
    apiKey: options.apiKey ?? sandboxServer.sandbox.apiKey,
    env: 'local',
    baseUrl: options.baseUrl ?? sandboxServer.url,
    fetch: recorder.fetch,
    retry: { retries: 0 },
  });
  return { client, sent: recorder.sent };
}

// The merchant's own sign-in: a cookie naming the customer stands in for a real session.
function customerFromCookie(cookie: string | null | undefined): string | null {
  return /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? '')?.[1] ?? null;
}

/** The Node handler on its own real HTTP server, as a merchant would mount it. */
async function mountNode(
  options: Omit<SessionKeyHandlerOptions<IncomingMessage>, 'getCustomerId'>,
) {
  const handler = createSessionKeyNodeHandler({
    getCustomerId: (req) => customerFromCookie(req.headers.cookie),
    ...options,
  });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/session-key`;
}

function fetchHandler(options: Omit<SessionKeyHandlerOptions<Request>, 'getCustomerId'>) {
  return createSessionKeyFetchHandler({
    getCustomerId: (request) => customerFromCookie(request.headers.get('cookie')),
    ...options,
  });
}

const SHAPES = {
  node: async (
    options: Omit<SessionKeyHandlerOptions<unknown>, 'getCustomerId'>,
    init: RequestInit = {},
  ) => fetch(await mountNode(options), init),
  fetch: async (
    options: Omit<SessionKeyHandlerOptions<unknown>, 'getCustomerId'>,
    init: RequestInit = {},
  ) => fetchHandler(options)(new Request('https://shop.example/session-key', init)),
};

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  return body.message as string;
}

describe.each(Object.entries(SHAPES))('the %s handler', (_shape, call) => {
  const signedIn = { headers: { cookie: 'theme=dark; session=customer-7' } };

  it("answers the signed-in customer's key and expiry, uncacheable, without the API key", async () => {
    const { client } = merchantClient();
    const response = await call({ client }, signedIn);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).not.toContain(sandboxServer.sandbox.apiKey);

    const body = JSON.parse(text) as { key: string; expiresAt: number };
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'key']);
    const claims = decodeSessionKey(body.key);
    expect(claims.customerId).toBe('customer-7');
    expect(body.expiresAt).toBe(claims.exp * 1000);
    // The key works for the customer's own requests to the service.
    const customer = await fetch(`${sandboxServer.url}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': body.key },
    });
    expect(customer.status).toBe(200);
  });

  it('answers POST too', async () => {
    const { client } = merchantClient();
    const response = await call({ client }, { ...signedIn, method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
  });

  it('answers 401 when nobody is signed in, without asking the service', async () => {
    const { client, sent } = merchantClient();
    const message = await expectError(await call({ client }), 401, 'unauthorized');
    expect(message).toMatch(/No signed-in customer/);
    expect(sent).toHaveLength(0);
  });

  it('answers 405 to other methods', async () => {
    const { client, sent } = merchantClient();
    const response = await call({ client }, { ...signedIn, method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('GET, POST');
    await expectError(response, 405, 'method_not_allowed');
    expect(sent).toHaveLength(0);
  });

  it('answers 503 when the service is unreachable, and tells onError why', async () => {
    const down = await startHttpServer(() => {});
    await down.close();
    const { client } = merchantClient({ baseUrl: down.url });
    const onError = vi.fn();
    const message = await expectError(
      await call({ client, onError }, signedIn),
      503,
      'service_unavailable',
    );
    expect(message).not.toContain(down.url.replace('http://', ''));
    expect(message).not.toMatch(/ECONNREFUSED|fetch failed/);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(NetworkError);
  });

  it('answers 429 when the service rate-limits', async () => {
    const limited = await startHttpServer((_request, response) =>
      sendJson(response, 429, { message: 'slow down', code: 'rate_limited' }),
    );
    closers.push(limited.close);
    const { client } = merchantClient({ baseUrl: limited.url });
    await expectError(await call({ client, onError: () => {} }, signedIn), 429, 'rate_limited');
  });

  it('answers 500 with no internals when the API key is wrong', async () => {
    const wrongKey = 'sk_live_wrong_handler_55aa';
    const { client } = merchantClient({ apiKey: wrongKey });
    const onError = vi.fn();
    const response = await call({ client, onError }, signedIn);
    const message = await expectError(response, 500, 'internal');
    expect(message).not.toMatch(/api key|unauthorized|Authorization/i);
    const error = onError.mock.calls[0]?.[0] as ServiceError;
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expectSecretAbsent(error, wrongKey);
  });

  it('answers 500 with no internals when getCustomerId throws', async () => {
    const { client } = merchantClient();
    const onError = vi.fn();
    const getCustomerId = () => {
      throw new Error('session store at redis://10.0.0.5 is down');
    };
    const response =
      _shape === 'node'
        ? await fetch(await mountNode({ client, onError, getCustomerId } as never), signedIn)
        : await createSessionKeyFetchHandler({ client, onError, getCustomerId })(
            new Request('https://shop.example/session-key', signedIn),
          );
    const message = await expectError(response, 500, 'internal');
    expect(message).not.toContain('redis');
    expect((onError.mock.calls[0]?.[0] as Error).message).toMatch(/redis/);
  });

  it('logs to console.error, without the API key, when no onError is given', async () => {
    const wrongKey = 'sk_live_wrong_console_77bb';
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = merchantClient({ apiKey: wrongKey });
    await expectError(await call({ client }, signedIn), 500, 'internal');
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toMatch(/session key route failed/);
    expectSecretAbsent(log.mock.calls[0], wrongKey);
  });
});

describe('handlers with a cache', () => {
  it('serve repeated page views of one customer from one service request', async () => {
    const { client, sent } = merchantClient();
    const handler = fetchHandler({ client: createSessionKeyCache(client) });
    const ask = () =>
      handler(
        new Request('https://shop.example/session-key', { headers: { cookie: 'session=c9' } }),
      );
    const first = (await (await ask()).json()) as { key: string };
    const second = (await (await ask()).json()) as { key: string };
    expect(second.key).toBe(first.key);
    expect(sent).toHaveLength(1);
  });

  for (const [shape, call] of Object.entries(SHAPES)) {
    it(`(${shape}) mint a different key when the page reports the cached one was refused`, async () => {
      const { client, sent } = merchantClient();
      const options = { client: createSessionKeyCache(client) };
      const ask = async (headers: Record<string, string> = {}) =>
        (
          (await (
            await call(options, { headers: { cookie: 'session=c10', ...headers } })
          ).json()) as {
            key: string;
          }
        ).key;
      const first = await ask();
      // Any page can send any value: a key that is not the cached one changes nothing.
      expect(await ask({ [REJECTED_SESSION_KEY_HEADER]: 'someone-elses-key' })).toBe(first);
      expect(sent).toHaveLength(1);

      const renewed = await ask({ [REJECTED_SESSION_KEY_HEADER]: first });
      expect(renewed).not.toBe(first);
      expect(decodeSessionKey(renewed).customerId).toBe('c10');
      expect(sent).toHaveLength(2);
      // The new key is cached in turn; reporting the old one again changes nothing.
      expect(await ask({ [REJECTED_SESSION_KEY_HEADER]: first })).toBe(renewed);
      expect(sent).toHaveLength(2);
    });
  }

  it('pass a Web3 customer wallet from getWallet', async () => {
    const { client, sent } = merchantClient();
    const handler = fetchHandler({
      client,
      getWallet: () => ({ blockchain: 'solana', address: 'So1anaAddre55' }),
    });
    const response = await handler(
      new Request('https://shop.example/session-key', { headers: { cookie: 'session=c10' } }),
    );
    expect(response.status).toBe(200);
    expect(sent[0]?.headers).toMatchObject({
      'x-service-auth-blockchain': 'solana',
      'x-service-auth-wallet': 'So1anaAddre55',
    });
  });

  it('reject wrong options at creation', () => {
    const { client } = merchantClient();
    expect(() => createSessionKeyFetchHandler({ client } as never)).toThrow(/getCustomerId/);
    expect(() =>
      createSessionKeyNodeHandler({ client: {} as never, getCustomerId: () => null }),
    ).toThrow(/client must be/);
  });
});
