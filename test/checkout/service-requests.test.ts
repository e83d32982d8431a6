// The two requests the page sends, against the sandbox's handler: what goes on the wire and
// what comes back.
import { describe, expect, it } from 'vitest';
import { readCustomer, sendPurchase } from '../../src/checkout/service-requests.js';
import { attemptToSend, draftFrom, initialPurchase } from '../../src/checkout/purchase.js';
import { ResponseValidationError, ServiceError } from '../../src/core/errors.js';
import { createHttpClient } from '../../src/core/http.js';
import { createSandbox, MAGIC } from '../../src/sandbox/index.js';
import { recordingFetch, rejectionOf } from '../server/helpers.js';

const BASE_URL = 'http://sandbox.test';

function setup() {
  const sandbox = createSandbox();
  const wire = recordingFetch((url, init) => sandbox.handle(new Request(url, init)));
  const http = createHttpClient({ baseUrl: BASE_URL, fetch: wire.fetch });
  return { sandbox, http, sent: wire.sent };
}

const purchase = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
  email: 'alice@example.com',
} as const;

describe('readCustomer', () => {
  it("reads the session's customer with the session key, and nothing else, in its headers", async () => {
    const { sandbox, http, sent } = setup();
    const sessionKey = await sandbox.mintSessionKey('alice');
    const customer = await readCustomer(http, sessionKey);
    expect(customer.customerId).toBe('alice');
    expect(customer.bankAccounts.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${BASE_URL}/api/customer/v2` });
    expect(sent[0]?.headers['x-service-auth-session-key']).toBe(sessionKey);
    expect(sent[0]?.headers).not.toHaveProperty('x-device-id');
  });
});

describe('sendPurchase', () => {
  async function attemptFor(customerId: string) {
    const context = setup();
    const sessionKey = await context.sandbox.mintSessionKey(customerId);
    const [account] = (await readCustomer(context.http, sessionKey)).bankAccounts;
    const authorization = { text: 'By selecting Pay $19.99, you authorize …', locale: 'en-US' };
    const attempt = attemptToSend(initialPurchase, draftFrom(purchase, account!, authorization), {
      newKey: () => 'key-1',
      now: () => new Date('2025-07-03T15:30:00.000Z'),
    })!;
    context.sent.length = 0;
    return { ...context, sessionKey, attempt };
  }

  it("posts the attempt's body under its key, with the device id, and resolves with the payment id", async () => {
    const { sandbox, http, sent, sessionKey, attempt } = await attemptFor(
      `${MAGIC.chargebackProtection}_wire`,
    );
    const { paymentId } = await sendPurchase(http, attempt, {
      merchantId: sandbox.merchantId,
      sessionKey,
      deviceId: 'device-1',
    });
    expect(paymentId).toBe(sandbox.payments[0]?.paymentId);
    expect(sandbox.payments[0]?.deviceId).toBe('device-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${BASE_URL}/api/checkout/ach/${sandbox.merchantId}`,
    });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual(attempt.request);
    expect(sent[0]?.headers).toMatchObject({
      'idempotency-key': 'key-1',
      'x-device-id': 'device-1',
      'x-service-auth-session-key': sessionKey,
    });
  });

  it('sends the same attempt again as the same payment', async () => {
    const { sandbox, http, sessionKey, attempt } = await attemptFor('alice');
    const sender = { merchantId: sandbox.merchantId, sessionKey };
    const first = await sendPurchase(http, attempt, sender);
    expect(await sendPurchase(http, attempt, sender)).toEqual(first);
    expect(sandbox.payments).toHaveLength(1);
  });

  it('reads when the service says the payment was made, and refuses a date it cannot read', async () => {
    const { sandbox, attempt, sessionKey } = await attemptFor('alice');
    const answering = (answer: object) =>
      createHttpClient({ baseUrl: BASE_URL, fetch: () => Promise.resolve(Response.json(answer)) });
    const sender = { merchantId: sandbox.merchantId, sessionKey };
    const createdAt = '2025-07-03T15:30:00.000Z';
    expect(
      await sendPurchase(answering({ paymentId: 'pay_1', createdAt }), attempt, sender),
    ).toEqual({ paymentId: 'pay_1', createdAt });
    const error = await rejectionOf(
      sendPurchase(answering({ paymentId: 'pay_1', createdAt: 'yesterday' }), attempt, sender),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it("rejects with the service's typed refusal, and with a validation error for an unreadable success", async () => {
    const { sandbox, http, sessionKey, attempt } = await attemptFor('alice');
    const refusal = await rejectionOf(
      sendPurchase(http, attempt, { merchantId: 'merchant_other', sessionKey }),
    );
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).status).toBe(403);

    const unreadable = createHttpClient({
      baseUrl: BASE_URL,
      fetch: () => Promise.resolve(Response.json({ id: 'pay_1' })),
    });
    const error = await rejectionOf(
      sendPurchase(unreadable, attempt, { merchantId: sandbox.merchantId, sessionKey }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
  });
});
