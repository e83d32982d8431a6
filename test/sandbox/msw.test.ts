// The same scenarios through Mock Service Worker, the way component tests and merchants use it.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { checkoutBody, describeConformance, fresh } from './conformance.js';

const jwtSecret = 'msw conformance secret';
const webhookKey = 'whsec_msw_conformance';
// A minute: no payment step comes by itself while the conformance suite moves the clock.
const settleStepMs = 60_000;
const webhooks: { body: string; signature: string | null }[] = [];
const sandbox = createSandbox({
  jwtSecret,
  webhookKey,
  settleStepMs,
  webhookUrl: 'https://merchant.test/webhooks',
  // The merchant's endpoint, in the test: MSW would otherwise see the sandbox's own request.
  webhookFetch: async (_url, init) => {
    webhooks.push({
      body: String(init.body),
      signature: new Headers(init.headers).get('service-signature'),
    });
    return new Response('ok');
  },
});
const other = createSandbox({ merchantId: 'merchant_elsewhere', apiKey: 'sk_sandbox_elsewhere' });
const server = setupServer(
  ...sandboxHandlers(sandbox),
  ...sandboxHandlers(other, { baseUrl: 'https://payments.test/v/' }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describeConformance('MSW (sandboxHandlers)', () => ({
  baseUrl: LOCAL_SANDBOX_URL,
  merchantId: sandbox.merchantId,
  apiKey: sandbox.apiKey,
  jwtSecret,
  webhooks: { key: webhookKey, received: () => webhooks },
  settleStepMs,
  remoteAddress: null,
}));

describe('sandboxHandlers', () => {
  it('serves each sandbox under its own base URL', async () => {
    const response = await fetch('https://payments.test/v/api/merchant/withdraws', {
      headers: { Authorization: other.apiKey },
    });
    expect(response.status).toBe(200);
    const wrongBase = await fetch('https://payments.test/v/api/merchant/withdraws', {
      headers: { Authorization: sandbox.apiKey },
    });
    expect(wrongBase.status).toBe(401);
  });

  it('records what the storefront sent, readable from the test', async () => {
    const customerId = fresh();
    const key = await sandbox.mintSessionKey(customerId);
    const { customer } = (await (
      await fetch(`${LOCAL_SANDBOX_URL}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      })
    ).json()) as { customer: { bankAccounts: { token: string }[] } };
    const token = customer.bankAccounts[0]!.token;
    const before = sandbox.payments.length;
    const headers = {
      'content-type': 'application/json',
      'x-service-auth-session-key': key,
      'Idempotency-Key': `order-${customerId}`,
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${LOCAL_SANDBOX_URL}/api/checkout/ach/${sandbox.merchantId}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(checkoutBody(token)),
      });
      expect(response.status).toBe(200);
    }
    expect(sandbox.payments.length).toBe(before + 1);
    expect(sandbox.payments.at(-1)).toMatchObject({
      customerId,
      token,
      subtotal: { cents: 1999, currency: 'USD' },
      idempotencyKey: `order-${customerId}`,
    });

    await fetch(`${LOCAL_SANDBOX_URL}/api/events`, {
      method: 'POST',
      headers: { Authorization: sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'SignIn', customerId, country: 'DE' }),
    });
    expect(sandbox.events.at(-1)).toEqual({ eventType: 'SignIn', customerId, country: 'DE' });
  });
});
