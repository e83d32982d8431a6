// The merchant's server learns the truth from the service: signed checkout tokens, payment
// lookups and verified webhooks, against the sandbox over real HTTP on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ConfigError,
  createMerchantClient,
  createWebhookFetchHandler,
  createWebhookNodeHandler,
  ResponseValidationError,
  ServiceError,
  signWebhookPayload,
  verifyWebhook,
  WebhookSignatureError,
  type AuthorizationSummary,
  type Payment,
  type PaymentAuthorization,
  type WebhookEvent,
} from '../../src/server/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { webhookRouteShapes } from './helpers.js';

const KEY = 'whsec_server_tests_0123456789';
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const now = () => NOW;

const purchase = {
  subtotal: { cents: 4250, currency: 'USD' },
  settlementType: 'USDC' as const,
  webhookInfo: { itemName: 'Order 17', price: '42.50', quantity: 1, orderId: '17' },
  email: 'alice@example.com',
};

const paymentEvent = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'evt_1',
    eventType: 'Settled',
    created: '2026-11-22T12:00:00.000Z',
    data: {
      paymentId: 'pay_1',
      status: 'settled',
      ...purchase,
      customerId: 'alice',
      createdAt: '2026-11-22T11:59:56.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    },
    ...overrides,
  });

const at = (seconds: number) => ({ timestamp: Math.floor(NOW / 1000) + seconds });

describe('verifyWebhook', () => {
  it('returns the typed event when the service signed this very body', async () => {
    const body = paymentEvent();
    const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    });
    expect(event.unrecognized).toBeUndefined();
    if (event.unrecognized || event.eventType === 'Test') throw new Error('unreachable');
    expect(event).toMatchObject({ id: 'evt_1', eventType: 'Settled', data: { status: 'settled' } });
    expect(event.data.webhookInfo.orderId).toBe('17');
  });

  it("types the console's test event as a Test event, not an unrecognized one", async () => {
    // What the sandbox console's "Send test event" delivers, as it delivers it.
    const delivered: { body: string; signature: string | null }[] = [];
    const sandbox = createSandbox({
      now,
      webhookUrl: 'https://shop.example/webhooks',
      webhookKey: KEY,
      webhookFetch: async (_url, init) => {
        const headers = new Headers(init.headers);
        delivered.push({ body: String(init.body), signature: headers.get('service-signature') });
        return new Response('ok');
      },
    });
    sandbox.sendTestWebhook();
    await sandbox.runDue();
    const [test] = delivered;
    const event = await verifyWebhook(test!.body, test!.signature, KEY, { now });
    expect(event.unrecognized).toBeUndefined();
    expect(event.eventType).toBe('Test');
    if (event.unrecognized || event.eventType !== 'Test') throw new Error('unreachable');
    expect(event.data.message).toEqual(expect.any(String));
  });

  it('passes an event type it does not know through, marked unrecognized', async () => {
    const body = paymentEvent({ eventType: 'Refund Created', data: { refundId: 'r_1' } });
    const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    });
    expect(event).toMatchObject({ unrecognized: true, eventType: 'Refund Created' });
  });

  it('accepts any of several v1 signatures, as during a key rotation', async () => {
    const body = paymentEvent();
    const mine = await signWebhookPayload(body, KEY, at(0));
    const old = await signWebhookPayload(body, 'whsec_old', at(0));
    const header = `${old},v1=${mine.split('v1=')[1]}`;
    await expect(verifyWebhook(body, header, KEY, { now })).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('types a Refunded event as a payment event, with when the payment was refunded', async () => {
    const refundedAt = '2026-11-22T12:00:00.000Z';
    const body = paymentEvent({
      eventType: 'Refunded',
      data: {
        ...JSON.parse(paymentEvent()).data,
        status: 'refunded',
        refundedAt,
        updatedAt: refundedAt,
      },
    });
    const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    });
    if (event.unrecognized || event.eventType !== 'Refunded') {
      throw new Error('Refunded should be a payment event');
    }
    expectTypeOf(event.data.refundedAt).toEqualTypeOf<string>();
    expect(event.data).toMatchObject({ status: 'refunded', refundedAt });
  });

  it('refuses a Refunded event whose payment does not say when it was refunded', async () => {
    const body = paymentEvent({
      eventType: 'Refunded',
      data: { ...JSON.parse(paymentEvent()).data, status: 'refunded' },
    });
    const error = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: 'data.refundedAt', problem: expect.any(String) }]);
  });

  it('types a late ACH Returned with its returnCode, when it settled and when it came back', async () => {
    const settledAt = '2026-11-12T12:00:00.000Z';
    const returnedAt = '2026-11-22T12:00:00.000Z';
    const body = paymentEvent({
      eventType: 'ACH Returned',
      data: {
        ...JSON.parse(paymentEvent()).data,
        status: 'returned',
        returnCode: 'R10',
        settledAt,
        returnedAt,
        updatedAt: returnedAt,
      },
    });
    const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    });
    if (event.unrecognized || event.eventType !== 'ACH Returned') {
      throw new Error('ACH Returned should be a payment event');
    }
    expectTypeOf(event.data.returnCode).toEqualTypeOf<string>();
    expectTypeOf(event.data.returnedAt).toEqualTypeOf<string | undefined>();
    expectTypeOf(event.data.settledAt).toEqualTypeOf<string | undefined>();
    expect(event.data).toMatchObject({
      status: 'returned',
      returnCode: 'R10',
      settledAt,
      returnedAt,
    });
  });

  it('refuses an ACH Returned event whose payment has no returnCode', async () => {
    const body = paymentEvent({
      eventType: 'ACH Returned',
      data: { ...JSON.parse(paymentEvent()).data, status: 'returned' },
    });
    const error = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: 'data.returnCode', problem: expect.any(String) }]);
  });

  it("types a payment event's authorization as its digest and time, null where none was sent", async () => {
    const summary = { textSha256: 'ab'.repeat(32), acceptedAt: '2026-11-22T11:59:55.000Z' };
    for (const authorization of [summary, null]) {
      const body = paymentEvent({ data: { ...JSON.parse(paymentEvent()).data, authorization } });
      const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
        now,
      });
      if (event.unrecognized || event.eventType === 'Test') throw new Error('unreachable');
      expect(event.data.authorization).toEqual(authorization);
    }
  });

  it('reads an authorization of a shape it does not know as absent, and still takes the event', async () => {
    // The live service's authorization field is not published: refusing the event for it would
    // leave a Settled payment unapplied, retried until the service gives up.
    for (const authorization of [{ acceptedAt: 'yesterday' }, 'signed', 42]) {
      const body = paymentEvent({ data: { ...JSON.parse(paymentEvent()).data, authorization } });
      const event = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
        now,
      });
      if (event.unrecognized || event.eventType === 'Test') throw new Error('unreachable');
      expect(event.eventType).toBe('Settled');
      expect(event.data.authorization).toBeUndefined();
    }
  });

  it('refuses timestamps on a payment that are not ISO 8601', async () => {
    const body = paymentEvent({
      data: { ...JSON.parse(paymentEvent()).data, settledAt: 'yesterday' },
    });
    const error = await verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, {
      now,
    }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: 'data.settledAt', problem: expect.any(String) }]);
  });

  for (const [what, make] of [
    ['no header', async () => [paymentEvent(), null] as const],
    ['a malformed header', async () => [paymentEvent(), 'sha256=abc'] as const],
    [
      'another key',
      async () =>
        [paymentEvent(), await signWebhookPayload(paymentEvent(), 'whsec_x', at(0))] as const,
    ],
    [
      'a body changed after signing',
      async () =>
        [
          paymentEvent({ id: 'evt_2' }),
          await signWebhookPayload(paymentEvent(), KEY, at(0)),
        ] as const,
    ],
    [
      'a signature older than the tolerance',
      async () =>
        [paymentEvent(), await signWebhookPayload(paymentEvent(), KEY, at(-301))] as const,
    ],
    [
      'a signature from the future',
      async () => [paymentEvent(), await signWebhookPayload(paymentEvent(), KEY, at(301))] as const,
    ],
  ] as const) {
    it(`refuses ${what} with a WebhookSignatureError that never shows the key`, async () => {
      const [body, header] = await make();
      const error = await verifyWebhook(body, header, KEY, { now }).catch((thrown) => thrown);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect(error.kind).toBe('webhook_signature');
      expect(error.message).toMatch(/^\[service-checkout\]/);
      expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(KEY);
    });
  }

  it('refuses a signed body that is not an event with a ResponseValidationError', async () => {
    const body = '{"hello":"world"}';
    await expect(
      verifyWebhook(body, await signWebhookPayload(body, KEY, at(0)), KEY, { now }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('the webhook handlers', () => {
  const SHAPES = webhookRouteShapes();

  for (const [shape, call] of Object.entries(SHAPES)) {
    describe(`(${shape})`, () => {
      const deliver = async (body: string, header?: string): Promise<RequestInit> => ({
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'service-signature': header ?? (await signWebhookPayload(body, KEY, at(0))),
        },
        body,
      });

      it('answers 200 only after onEvent has finished with the verified event', async () => {
        let finished = false;
        const onEvent = vi.fn(async (event: WebhookEvent) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          finished = event.id === 'evt_1';
        });
        const response = await call({ key: KEY, now, onEvent }, await deliver(paymentEvent()));
        expect(response.status).toBe(200);
        expect(finished).toBe(true);
        expect(onEvent).toHaveBeenCalledTimes(1);
      });

      it('answers 500 when onEvent fails, so the service delivers again', async () => {
        const onError = vi.fn();
        const onEvent = () => Promise.reject(new Error('database down'));
        const response = await call(
          { key: KEY, now, onEvent, onError },
          await deliver(paymentEvent()),
        );
        expect(response.status).toBe(500);
        expect(await response.json()).toMatchObject({ code: 'internal' });
        expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'database down' });
      });

      it('refuses a forged delivery with a 400 that does not say why, and tells onError', async () => {
        const onEvent = vi.fn();
        const onError = vi.fn();
        const body = paymentEvent();
        const forged = await signWebhookPayload(body, 'whsec_guess', at(0));
        const response = await call(
          { key: KEY, now, onEvent, onError },
          await deliver(body, forged),
        );
        expect(response.status).toBe(400);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({
          message: 'The webhook signature could not be verified.',
          code: 'invalid_signature',
        });
        expect(onEvent).not.toHaveBeenCalled();
        expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(WebhookSignatureError);
      });

      it('refuses a body over the limit with 413, and other methods with 405', async () => {
        const onEvent = vi.fn();
        const big = paymentEvent({ padding: 'x'.repeat(2048) });
        const tooLarge = await call(
          { key: KEY, now, onEvent, onError: () => {}, maxBodyBytes: 1024 },
          await deliver(big),
        );
        expect(tooLarge.status).toBe(413);
        const get = await call({ key: KEY, now, onEvent }, { method: 'GET' });
        expect(get.status).toBe(405);
        expect(get.headers.get('allow')).toBe('POST');
        expect(onEvent).not.toHaveBeenCalled();
      });

      it('logs a refused delivery to console.error without the key when there is no onError', async () => {
        const log = vi.spyOn(console, 'error').mockImplementation(() => {});
        await call(
          { key: KEY, now, onEvent: () => {} },
          await deliver(paymentEvent(), 't=1,v1=00'),
        );
        expect(log).toHaveBeenCalledOnce();
        expect(String(log.mock.calls[0]?.[0])).not.toContain(KEY);
        log.mockRestore();
      });
    });
  }

  it('refuses wrong options at creation', () => {
    expect(() => createWebhookNodeHandler({ key: '', onEvent: () => {} })).toThrow(ConfigError);
    expect(() =>
      createWebhookFetchHandler({ key: KEY, onEvent: 'no' as unknown as () => void }),
    ).toThrow(/onEvent/);
  });
});

describe('createCheckoutToken, getPayment and webhooks against the sandbox', () => {
  let sandboxServer: SandboxServer;
  let clock = NOW;
  const received: WebhookEvent[] = [];
  let closeReceiver: () => Promise<void>;

  beforeAll(async () => {
    const handler = createWebhookNodeHandler({
      key: KEY,
      now: () => clock,
      onEvent: (event) => void received.push(event),
    });
    const receiver = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closeReceiver = () =>
      new Promise<void>((resolve) => {
        receiver.closeAllConnections();
        receiver.close(() => resolve());
      });
    sandboxServer = await startSandboxServer({
      port: 0,
      now: () => clock,
      webhookKey: KEY,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
    });
  });
  afterAll(async () => {
    await sandboxServer.close();
    await closeReceiver();
  });

  const merchant = () =>
    createMerchantClient({
      apiKey: sandboxServer.sandbox.apiKey,
      env: 'local',
      baseUrl: sandboxServer.url,
      retry: { retries: 0 },
    });

  it('signs a token, the payer pays with it, and the order settles by webhook', async () => {
    const { token, expiresAt } = await merchant().createCheckoutToken({
      ...purchase,
      customerId: 'alice',
      expiresInSeconds: 600,
    });
    expect(expiresAt).toBe(Math.floor(NOW / 1000) * 1000 + 600_000);

    const { sandbox } = sandboxServer;
    const sessionKey = await sandbox.mintSessionKey('alice');
    const read = await fetch(`${sandboxServer.url}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': sessionKey },
    });
    const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
    const paid = await fetch(`${sandboxServer.url}/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-auth-session-key': sessionKey },
      body: JSON.stringify({ token: customer.bankAccounts[0]!.token, jwtToken: token }),
    });
    const { paymentId } = (await paid.json()) as { paymentId: string };
    expect(await merchant().getPayment(paymentId)).toMatchObject({ paymentId, status: 'pending' });

    for (let step = 0; step < 3; step++) {
      await sandbox.runDue();
      clock += 2_000;
    }
    await sandbox.runDue();
    expect(received.map((event) => event.eventType)).toEqual([
      'ACH Initiated',
      'ACH Batched',
      'Settled',
    ]);
    expect(await merchant().getPayment(paymentId)).toMatchObject({ status: 'settled' });
    expect(sandbox.deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true);
  });

  it('reads the debit authorization whole with getPayment and refundPayment, and as its digest in webhooks, typed', async () => {
    const authorization = {
      text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $42.50.',
      acceptedAt: new Date(clock - 2_000).toISOString(),
      locale: 'en-US',
    };
    const { sandbox } = sandboxServer;
    const sessionKey = await sandbox.mintSessionKey('bea');
    const read = await fetch(`${sandboxServer.url}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': sessionKey },
    });
    const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
    const paid = await fetch(`${sandboxServer.url}/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-auth-session-key': sessionKey,
        'user-agent': 'Payment truth test',
      },
      body: JSON.stringify({ ...purchase, token: customer.bankAccounts[0]!.token, authorization }),
    });
    const { paymentId } = (await paid.json()) as { paymentId: string };
    await sandbox.runDue();

    const payment = await merchant().getPayment(paymentId);
    expectTypeOf(payment.authorization).toEqualTypeOf<PaymentAuthorization | null | undefined>();
    expect(payment.authorization).toEqual({
      ...authorization,
      textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      recordedAt: new Date(clock).toISOString(),
      remoteAddress: '127.0.0.1',
      userAgent: 'Payment truth test',
    });
    // What getPayment answers can go wherever a Payment does.
    expectTypeOf(payment).toExtend<Payment>();

    const initiated = received.find(
      (event) =>
        !event.unrecognized && event.eventType !== 'Test' && event.data.paymentId === paymentId,
    );
    if (!initiated || initiated.unrecognized || initiated.eventType === 'Test') {
      throw new Error('no ACH Initiated for the payment');
    }
    expectTypeOf(initiated.data.authorization).toEqualTypeOf<
      AuthorizationSummary | null | undefined
    >();
    expect(initiated.data.authorization).toEqual({
      textSha256: payment.authorization!.textSha256,
      acceptedAt: authorization.acceptedAt,
    });

    const refunded = await merchant().refundPayment(paymentId);
    expectTypeOf(refunded.authorization).toEqualTypeOf<PaymentAuthorization | null | undefined>();
    expect(refunded.authorization).toEqual(payment.authorization);
  });

  it('checks a token request before sending, and a missing payment is a 404 ServiceError', async () => {
    await expect(
      merchant().createCheckoutToken({ ...purchase, subtotal: { cents: -5, currency: 'USD' } }),
    ).rejects.toBeInstanceOf(ConfigError);
    await expect(merchant().getPayment('pay_nope')).rejects.toMatchObject({
      constructor: ServiceError,
      status: 404,
    });
  });
});
