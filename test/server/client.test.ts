// The merchant client against the sandbox over real HTTP: every method and every error status
// the service gives these endpoints.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeSessionKey } from '../../src/core/session-key.js';
import {
  createMerchantClient,
  ServiceError,
  WITHDRAWAL_STATUSES,
  type MerchantClient,
} from '../../src/server/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { recordingFetch, rejectionOf } from './helpers.js';

const DAY_MS = 86_400_000;
let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterAll(() => server.close());
beforeEach(() => server.sandbox.reset());

function client(options: { apiKey?: string } = {}) {
  const recorder = recordingFetch();
  const merchant: MerchantClient = createMerchantClient({
    apiKey: options.apiKey ?? server.sandbox.apiKey,
    env: 'local',
    baseUrl: server.url,
    fetch: recorder.fetch,
    retry: { baseDelayMs: 10, maxDelayMs: 20 },
  });
  return { merchant, sent: recorder.sent };
}

async function customerRecord(sessionKey: string) {
  const response = await fetch(`${server.url}/api/customer/v2`, {
    headers: { 'x-service-auth-session-key': sessionKey },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { customer: Record<string, unknown> }).customer;
}

describe('getSessionKey', () => {
  it('returns a key for the customer that the service accepts, with its expiry', async () => {
    const { merchant, sent } = client();
    const before = Date.now();
    const sessionKey = await merchant.getSessionKey('customer-42');

    const claims = decodeSessionKey(sessionKey.key);
    expect(sessionKey.customerId).toBe('customer-42');
    expect(claims).toMatchObject({
      customerId: 'customer-42',
      merchantId: server.sandbox.merchantId,
    });
    expect(sessionKey.expiresAt).toBe(claims.exp * 1000);
    expect(sessionKey.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + DAY_MS);
    expect(sessionKey.expiresAt).toBeLessThanOrEqual(Date.now() + DAY_MS);

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'GET',
      url: `${server.url}/api/auth/session-key`,
      body: undefined,
    });
    expect(sent[0]?.headers).toMatchObject({
      authorization: server.sandbox.apiKey,
      'x-service-auth-user-id': 'customer-42',
      accept: 'application/json',
    });
    expect(sent[0]?.headers).not.toHaveProperty('x-service-auth-wallet');
    expect((await customerRecord(sessionKey.key)).customerId).toBe('customer-42');
  });

  it('sends a Web3 customer wallet in both wallet headers', async () => {
    const { merchant, sent } = client();
    const wallet = {
      blockchain: 'eth',
      address: '0xAbC0000000000000000000000000000000000001',
    } as const;
    const sessionKey = await merchant.getSessionKey('web3-customer', { wallet });

    expect(sent[0]?.headers).toMatchObject({
      'x-service-auth-blockchain': 'eth',
      'x-service-auth-wallet': wallet.address,
    });
    expect(await customerRecord(sessionKey.key)).toMatchObject({
      blockchain: 'eth',
      wallet: wallet.address,
    });
  });

  it('surfaces the 400 for a customer id the service refuses, without retrying', async () => {
    const { merchant, sent } = client();
    const error = await rejectionOf(merchant.getSessionKey('x'.repeat(256)));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(sent).toHaveLength(1);
  });
});

describe('listWithdrawals', () => {
  it("returns the merchant's withdrawals as typed records", async () => {
    const { merchant, sent } = client();
    const withdrawals = await merchant.listWithdrawals();
    const direct = (await (
      await fetch(`${server.url}/api/merchant/withdraws`, {
        headers: { Authorization: server.sandbox.apiKey },
      })
    ).json()) as unknown[];

    expect(withdrawals.length).toBeGreaterThan(0);
    expect(withdrawals).toEqual(direct);
    for (const withdrawal of withdrawals) {
      expect(WITHDRAWAL_STATUSES).toContain(withdrawal.status);
      expect(Number.isInteger(withdrawal.amount.cents)).toBe(true);
    }
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${server.url}/api/merchant/withdraws` });
    expect(sent[0]?.headers.authorization).toBe(server.sandbox.apiKey);
  });
});

describe('payer events', () => {
  it('sends each helper as its event type, and the service records it', async () => {
    const { merchant, sent } = client();
    await merchant.signUp({
      customerId: 'c1',
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      email: 'ada@example.com',
    });
    await merchant.signIn({ customerId: 'c1', country: 'GB' });
    await merchant.signInFailure({ customerId: 'c1', failureReason: 'wrong password' });
    await merchant.buyerChallenge({
      customerId: 'c1',
      type: 'thirdPartyKyc',
      status: 'successfullyFulfilled',
    });
    await merchant.sendEvent({ eventType: 'SignIn', customerId: 'c2' });

    expect(server.sandbox.events).toEqual([
      {
        eventType: 'SignUp',
        customerId: 'c1',
        username: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        country: 'GB',
        email: 'ada@example.com',
      },
      { eventType: 'SignIn', customerId: 'c1', country: 'GB' },
      { eventType: 'SignInFailure', customerId: 'c1', failureReason: 'wrong password' },
      {
        eventType: 'BuyerChallenge',
        customerId: 'c1',
        type: 'thirdPartyKyc',
        status: 'successfullyFulfilled',
      },
      { eventType: 'SignIn', customerId: 'c2' },
    ]);
    for (const request of sent) {
      expect(request).toMatchObject({ method: 'POST', url: `${server.url}/api/events` });
      expect(request.headers).toMatchObject({
        authorization: server.sandbox.apiKey,
        'content-type': 'application/json',
      });
    }
  });

  it('a helper cannot be talked into another event type', async () => {
    const { merchant } = client();
    await merchant.signIn({ customerId: 'c1', eventType: 'SignUp' } as never);
    expect(server.sandbox.events).toEqual([{ eventType: 'SignIn', customerId: 'c1' }]);
  });

  it('surfaces the 400 when the service rejects an event, and posts it once', async () => {
    // A service newer than this library may reject what the library lets through: here the
    // body is rewritten in flight into an event type the service does not know.
    const recorder = recordingFetch((url, init) =>
      fetch(url, { ...init, body: JSON.stringify({ eventType: 'Refund', customerId: 'c1' }) }),
    );
    const merchant = createMerchantClient({
      apiKey: server.sandbox.apiKey,
      env: 'local',
      baseUrl: server.url,
      fetch: recorder.fetch,
    });
    const error = await rejectionOf(merchant.signIn({ customerId: 'c1' }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((error as ServiceError).message).toMatch(/POST \/api\/events failed with 400/);
    expect(recorder.sent).toHaveLength(1);
    expect(server.sandbox.events).toEqual([]);
  });

  it('surfaces the 413 for an event over 1 MiB', async () => {
    const { merchant, sent } = client();
    const error = await rejectionOf(
      merchant.signUp({ customerId: 'c1', username: 'u'.repeat(1_100_000) }),
    );
    expect(error).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(sent).toHaveLength(1);
    expect(server.sandbox.events).toEqual([]);
  });
});

describe('a wrong API key', () => {
  const WRONG_KEY = 'sk_live_wrong_7f3e9c2b5a1d';

  it.each([
    ['getSessionKey', (merchant: MerchantClient) => merchant.getSessionKey('c1')],
    ['listWithdrawals', (merchant: MerchantClient) => merchant.listWithdrawals()],
    ['signIn', (merchant: MerchantClient) => merchant.signIn({ customerId: 'c1' })],
  ])(
    '%s fails with 401 unauthorized, once, and says the API key was rejected',
    async (_name, call) => {
      const { merchant, sent } = client({ apiKey: WRONG_KEY });
      const error = await rejectionOf(call(merchant));
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
      expect((error as Error).message).toMatch(
        /The API key was rejected: check that apiKey is .* and that env and baseUrl/,
      );
      // Renewing is the fix for a session key, which this client does not send.
      expect((error as Error).message).not.toMatch(/session key/i);
      expect((error as Error).message).not.toContain(WRONG_KEY);
      expect(sent).toHaveLength(1);
    },
  );
});
