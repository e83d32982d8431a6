// A baseUrl that answers with a redirect: the client follows it nowhere, so the API key, the
// customer id and event bodies (e-mail addresses) never reach the other address.
import { describe, expect, it } from 'vitest';
import { ConfigError, createMerchantClient, type MerchantClient } from '../../src/server/index.js';
import { sendJson, serversClosedAfterEach } from '../support/http-server.js';
import { fakeSessionKey } from '../support/jwt.js';
import { rejectionOf } from './helpers.js';

const API_KEY = 'sk_test_redirects_5d0c2e7a19';
const serve = serversClosedAfterEach();

/** A second origin that would answer every call successfully, recording what reaches it. */
function elsewhere() {
  const key = fakeSessionKey({ customerId: 'customer-42', merchantId: 'm1', exp: 2e9 });
  return serve((request, response) => {
    if (request.url.startsWith('/api/auth/session-key')) sendJson(response, 200, { key });
    else if (request.url.startsWith('/api/merchant/withdraws')) sendJson(response, 200, []);
    else sendJson(response, 200, {});
  });
}

function redirectingTo(target: string, status = 307) {
  return serve((request, response) => {
    response.writeHead(status, { location: `${target}${request.url}` });
    response.end();
  });
}

function clientFor(baseUrl: string, fetch?: typeof globalThis.fetch) {
  return createMerchantClient({ apiKey: API_KEY, env: 'local', baseUrl, fetch });
}

const CALLS: [string, (merchant: MerchantClient) => Promise<unknown>][] = [
  ['getSessionKey', (merchant) => merchant.getSessionKey('customer-42')],
  ['listWithdrawals', (merchant) => merchant.listWithdrawals()],
  [
    'signUp',
    (merchant) =>
      merchant.signUp({ customerId: 'customer-42', username: 'ada', email: 'ada@example.com' }),
  ],
];

describe('a service that redirects to another origin', () => {
  it.each(CALLS)(
    '%s sends nothing there and fails with a ConfigError naming baseUrl',
    async (_name, call) => {
      const other = await elsewhere();
      const redirecting = await redirectingTo(other.url);
      const error = await rejectionOf(call(clientFor(redirecting.url)));

      expect(other.requests).toEqual([]);
      expect(redirecting.requests).toHaveLength(1);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).option).toBe('baseUrl');
      expect((error as Error).message).toContain(
        `with a redirect to another origin (${other.url}); check baseUrl`,
      );
      expect((error as Error).message).not.toContain(API_KEY);
    },
  );

  it.each([301, 302, 303, 308])('treats a %i the same way', async (status) => {
    const other = await elsewhere();
    const redirecting = await redirectingTo(other.url, status);
    const error = await rejectionOf(clientFor(redirecting.url).listWithdrawals());
    expect(error).toBeInstanceOf(ConfigError);
    expect(other.requests).toEqual([]);
  });

  it('refuses the answer of a custom fetch that followed the redirect anyway', async () => {
    const other = await elsewhere();
    const redirecting = await redirectingTo(other.url);
    const following = (url: string | URL | Request, init?: RequestInit) =>
      fetch(url, { ...init, redirect: 'follow' });
    const error = await rejectionOf(clientFor(redirecting.url, following).listWithdrawals());
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`redirect to another origin (${other.url})`);
  });
});

it('a redirect within the service’s own origin is not followed either', async () => {
  const redirecting = await serve((request, response) => {
    if (request.url.startsWith('/v2/')) return sendJson(response, 200, []);
    response.writeHead(302, { location: `/v2${request.url}` });
    response.end();
  });
  const error = await rejectionOf(clientFor(redirecting.url).listWithdrawals());
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toMatch(/with a redirect; check baseUrl/);
  expect(redirecting.requests).toHaveLength(1);
});
