// merchant.refundPayment through MSW in front of the real sandbox handler: the whole payment
// refunded, a fresh Idempotency-Key per call that makes retries safe, and typed errors. Time is
// the sandbox's own clock, moved by the test.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import {
  ConfigError,
  NetworkError,
  ServiceError,
  type MerchantClientOptions,
} from '../../src/server/index.js';
import { createSandbox, MAGIC_AMOUNTS } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { payAt } from '../sandbox/conformance.js';
import { expectSecretAbsent, recordingClient, rejectionOf } from './helpers.js';

const STEP_MS = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REFUND_URL = `${LOCAL_SANDBOX_URL}/api/merchant/payments/:paymentId/refund`;

let clock = Date.parse('2026-11-25T10:00:00.000Z');
const delivered: string[] = [];
const sandbox = createSandbox({
  now: () => clock,
  settleStepMs: STEP_MS,
  webhookUrl: 'https://shop.example/webhooks',
  webhookFetch: async (_url, init) => {
    delivered.push(String(init.body));
    return new Response('ok');
  },
});
const server = setupServer(...sandboxHandlers(sandbox));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
  delivered.length = 0;
});
afterAll(() => server.close());

async function advance(ms: number): Promise<void> {
  clock += ms;
  await sandbox.runDue();
}

const client = (options: Partial<MerchantClientOptions> = {}) =>
  recordingClient({ apiKey: sandbox.apiKey, ...options });

const pay = (cents?: number) => payAt(sandbox, cents);

/** The Refunded events the merchant's webhook endpoint got for this payment. */
async function refundedEvents(paymentId: string): Promise<unknown[]> {
  await advance(0);
  return delivered
    .map((body) => JSON.parse(body) as { eventType: string; data: { paymentId: string } })
    .filter((event) => event.eventType === 'Refunded' && event.data.paymentId === paymentId);
}

describe('refundPayment', () => {
  it('refunds a settled payment and returns it refunded, with a fresh Idempotency-Key', async () => {
    const paymentId = await pay();
    await advance(2 * STEP_MS);
    const { merchant, sent } = client();
    const payment = await merchant.refundPayment(paymentId);

    expect(payment).toMatchObject({ paymentId, status: 'refunded', subtotal: { cents: 1999 } });
    expect(payment.refundedAt).toBe(new Date(clock).toISOString());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${LOCAL_SANDBOX_URL}/api/merchant/payments/${paymentId}/refund`,
      body: undefined,
    });
    expect(sent[0]?.headers.authorization).toBe(sandbox.apiKey);
    expect(sent[0]?.headers['idempotency-key']).toMatch(UUID);
    expect(sandbox.payments[0]!.history.map((step) => step.status)).toEqual([
      'pending',
      'batched',
      'settled',
      'refunded',
    ]);
    expect(await refundedEvents(paymentId)).toHaveLength(1);
  });

  it('cancels a pending payment, which then never settles', async () => {
    const paymentId = await pay();
    const { merchant } = client();
    expect((await merchant.refundPayment(paymentId)).status).toBe('refunded');
    await advance(5 * STEP_MS);
    expect(await merchant.getPayment(paymentId)).toMatchObject({ status: 'refunded' });
  });

  it('makes a new key for every call', async () => {
    const { merchant, sent } = client();
    await merchant.refundPayment(await pay());
    await merchant.refundPayment(await pay());
    const keys = sent.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the idempotencyKey given: a second call with it answers the same refund', async () => {
    const paymentId = await pay();
    const { merchant, sent } = client();
    const first = await merchant.refundPayment(paymentId, { idempotencyKey: 'refund-order-17' });
    const again = await merchant.refundPayment(paymentId, { idempotencyKey: 'refund-order-17' });
    expect(again).toEqual(first);
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([
      'refund-order-17',
      'refund-order-17',
    ]);
    expect(await refundedEvents(paymentId)).toHaveLength(1);
  });

  it('retries an answer lost after the refund with the same key: the payment is refunded once', async () => {
    const paymentId = await pay();
    // The service refunds, then the connection drops before its answer arrives.
    server.use(
      http.post(
        REFUND_URL,
        async ({ request }) => {
          await sandbox.handle(request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { merchant, sent } = client();
    const payment = await merchant.refundPayment(paymentId);

    expect(payment).toMatchObject({ paymentId, status: 'refunded' });
    expect(sent).toHaveLength(2);
    const [firstKey, retryKey] = sent.map((request) => request.headers['idempotency-key']);
    expect(retryKey).toBe(firstKey);
    expect(sandbox.payments[0]!.history.filter((step) => step.status === 'refunded')).toHaveLength(
      1,
    );
    expect(await refundedEvents(paymentId)).toHaveLength(1);
  });

  it('retries a 5xx with the same key, under the retry policy', async () => {
    const paymentId = await pay();
    server.use(
      http.post(
        REFUND_URL,
        () => HttpResponse.json({ message: 'busy', code: 'internal' }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    const { merchant, sent } = client();
    expect((await merchant.refundPayment(paymentId)).status).toBe('refunded');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
  });

  it('gives up after the policy’s retries with the last fault, and with none when retries is 0', async () => {
    const paymentId = await pay();
    server.use(http.post(REFUND_URL, () => HttpResponse.error()));
    const patient = client({ retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    expect(await rejectionOf(patient.merchant.refundPayment(paymentId))).toBeInstanceOf(
      NetworkError,
    );
    expect(patient.sent).toHaveLength(3);
    const hasty = client({ retry: { retries: 0 } });
    expect(await rejectionOf(hasty.merchant.refundPayment(paymentId))).toBeInstanceOf(NetworkError);
    expect(hasty.sent).toHaveLength(1);
    expect(sandbox.payments[0]!.status).toBe('pending');
  });

  it('fails with a 409 ServiceError (conflict) for a payment that cannot be refunded, without retrying', async () => {
    const returned = await pay(MAGIC_AMOUNTS.returned);
    const refunded = await pay();
    await advance(2 * STEP_MS);
    const { merchant, sent } = client();
    await merchant.refundPayment(refunded);
    for (const [paymentId, why] of [
      [returned, /returned/],
      [refunded, /already refunded/],
    ] as const) {
      const error = await rejectionOf(merchant.refundPayment(paymentId));
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ status: 409, code: 'conflict' });
      expect((error as ServiceError).serviceMessage).toMatch(why);
      // What to do is about refunds, not the purchase's idempotency.
      expect((error as Error).message).not.toMatch(/purchase/);
      expect((error as Error).message).toMatch(/pending, batched or settled/);
    }
    expect(sent).toHaveLength(3);
  });

  it('fails with a 409 for a key already used to refund another payment', async () => {
    const first = await pay();
    const second = await pay();
    const { merchant } = client();
    await merchant.refundPayment(first, { idempotencyKey: 'refund-1' });
    const error = await rejectionOf(merchant.refundPayment(second, { idempotencyKey: 'refund-1' }));
    expect(error).toMatchObject({ status: 409, code: 'conflict' });
    expect((error as ServiceError).serviceMessage).toMatch(/Idempotency-Key/);
    expect(sandbox.payments[1]!.status).toBe('pending');
  });

  it('fails with a 404 ServiceError for a payment the merchant does not have, and never shows the key', async () => {
    const { merchant, sent } = client();
    const error = await rejectionOf(merchant.refundPayment('pay_nope'));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(sent).toHaveLength(1);
    expectSecretAbsent(error, sandbox.apiKey);
  });

  it('checks paymentId and idempotencyKey before sending, with a ConfigError naming them', async () => {
    const { merchant, sent } = client();
    for (const paymentId of ['', 42, undefined, 'pay_1\nX-Injected: 1']) {
      const error = await rejectionOf(merchant.refundPayment(paymentId as string));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'paymentId' });
      expect((error as Error).message).toContain('paymentId');
    }
    for (const idempotencyKey of ['', 7, 'key\r\nX-Injected: 1']) {
      const error = await rejectionOf(
        merchant.refundPayment('pay_1', { idempotencyKey: idempotencyKey as string }),
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'idempotencyKey' });
    }
    expect(sent).toHaveLength(0);
  });
});
