// The session-key cache in front of a client talking to the sandbox over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/core/http.js';
import {
  ConfigError,
  createMerchantClient,
  createSessionKeyCache,
  DEFAULT_REFRESH_BEFORE_MS,
  NetworkError,
  type SessionKeyCacheOptions,
} from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { recordingFetch } from './helpers.js';

let server: SandboxServer;
let slowServer: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  slowServer = await startSandboxServer({ port: 0, latencyMs: 60 });
});
afterAll(() => Promise.all([server.close(), slowServer.close()]));

function setup(options: SessionKeyCacheOptions = {}, target = server, inner?: FetchLike) {
  const recorder = recordingFetch(inner);
  const client = createMerchantClient({
    apiKey: target.sandbox.apiKey,
    env: 'local',
    baseUrl: target.url,
    fetch: recorder.fetch,
    retry: { retries: 0 },
  });
  const cache = createSessionKeyCache(client, options);
  const customersAsked = () =>
    recorder.sent.map((request) => request.headers['x-service-auth-user-id']);
  return { cache, sent: recorder.sent, customersAsked };
}

describe('createSessionKeyCache', () => {
  it("reuses a customer's key instead of asking the service again", async () => {
    const { cache, sent } = setup();
    const first = await cache.getSessionKey('c1');
    const second = await cache.getSessionKey('c1');
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
  });

  it('mints anew when told the cached key was refused, and shares that one request', async () => {
    const { cache, sent } = setup();
    const first = await cache.getSessionKey('c1');
    const [a, b] = await Promise.all([
      cache.getSessionKey('c1', { rejectedKey: first.key }),
      cache.getSessionKey('c1', { rejectedKey: first.key }),
    ]);
    expect(a.key).not.toBe(first.key);
    expect(b).toBe(a);
    expect(sent).toHaveLength(2);
    expect(await cache.getSessionKey('c1', { rejectedKey: 'not-the-cached-key' })).toBe(a);
    expect(sent).toHaveLength(2);
  });

  it('asks again once the key is within refreshBeforeMs of its expiry', async () => {
    let clock = Date.now();
    const { cache, sent } = setup({ now: () => clock });
    const first = await cache.getSessionKey('c1');
    expect(DEFAULT_REFRESH_BEFORE_MS).toBe(5 * 60_000);

    clock = first.expiresAt - DEFAULT_REFRESH_BEFORE_MS - 1;
    expect(await cache.getSessionKey('c1')).toBe(first);
    expect(sent).toHaveLength(1);

    clock = first.expiresAt - DEFAULT_REFRESH_BEFORE_MS;
    const renewed = await cache.getSessionKey('c1');
    expect(sent).toHaveLength(2);
    expect(renewed).not.toBe(first);
    expect(renewed.expiresAt).toBeGreaterThanOrEqual(first.expiresAt);
  });

  it('honours a custom refreshBeforeMs', async () => {
    let clock = Date.now();
    const { cache, sent } = setup({ now: () => clock, refreshBeforeMs: 0 });
    const first = await cache.getSessionKey('c1');
    clock = first.expiresAt - 1;
    await cache.getSessionKey('c1');
    expect(sent).toHaveLength(1);
    clock = first.expiresAt;
    await cache.getSessionKey('c1');
    expect(sent).toHaveLength(2);
  });

  it('keeps at most maxEntries customers, dropping the least recently used', async () => {
    const { cache, customersAsked } = setup({ maxEntries: 2 });
    await cache.getSessionKey('a');
    await cache.getSessionKey('b');
    await cache.getSessionKey('a'); // a is now the most recent
    await cache.getSessionKey('c'); // drops b
    expect(cache.size).toBe(2);
    await cache.getSessionKey('a');
    await cache.getSessionKey('b');
    expect(customersAsked()).toEqual(['a', 'b', 'c', 'b']);
  });

  it('lets concurrent callers for one customer share one request', async () => {
    const { cache, customersAsked } = setup({}, slowServer);
    const keys = await Promise.all([
      cache.getSessionKey('c1'),
      cache.getSessionKey('c1'),
      cache.getSessionKey('c2'),
      cache.getSessionKey('c1'),
    ]);
    expect(customersAsked()).toEqual(['c1', 'c2']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[3]).toBe(keys[0]);
    expect(keys[2]?.customerId).toBe('c2');
  });

  it('does not keep a failure: callers waiting on it get the error, the next caller asks again', async () => {
    let failNext = true;
    const { cache, sent } = setup({}, slowServer, (url, init) => {
      if (!failNext) return fetch(url, init);
      failNext = false;
      return Promise.reject(new TypeError('fetch failed'));
    });
    const [first, second] = await Promise.allSettled([
      cache.getSessionKey('c1'),
      cache.getSessionKey('c1'),
    ]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(NetworkError);
    expect((second as PromiseRejectedResult).reason).toBe((first as PromiseRejectedResult).reason);
    expect(cache.size).toBe(0);

    const sessionKey = await cache.getSessionKey('c1');
    expect(sessionKey.customerId).toBe('c1');
    expect(sent).toHaveLength(2);
  });

  it('keeps a key per wallet, and forgets a customer on delete', async () => {
    const { cache, sent } = setup();
    const eth = { wallet: { blockchain: 'eth', address: '0x01' } } as const;
    await cache.getSessionKey('c1');
    await cache.getSessionKey('c1', eth);
    await cache.getSessionKey('c1', eth);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['x-service-auth-wallet']).toBe('0x01');

    cache.delete('c1');
    expect(cache.size).toBe(0);
    await cache.getSessionKey('c1');
    expect(sent).toHaveLength(3);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it.each([
    ['maxEntries', { maxEntries: 0 }],
    ['maxEntries', { maxEntries: 1.5 }],
    ['refreshBeforeMs', { refreshBeforeMs: -1 }],
    ['now', { now: 5 }],
  ])('rejects a bad %s', (option, options) => {
    const client = createMerchantClient({ apiKey: 'sk_test_cache_0000', env: 'local' });
    expect(() => createSessionKeyCache(client, options as SessionKeyCacheOptions)).toThrow(
      expect.objectContaining({ option }) as Error,
    );
    expect(() => createSessionKeyCache({} as never)).toThrow(ConfigError);
  });
});
