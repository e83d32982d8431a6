// @vitest-environment node
// What the sandbox keeps as it ages, by its own clock: payments 90 days after their last change
// (so at least 60 days after they settle), Idempotency-Key records 7 days, the events webhooks
// carry (GET /api/merchant/events), webhook deliveries and payer events 30 days. Time moves by a test clock, or by POST /api/sandbox/clock; nothing here
// waits for real time.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { checkoutBody, fresh } from './conformance.js';

const DAY_MS = 86_400_000;
const STEP_MS = 1_000;

function setup() {
  let time = Date.parse('2026-11-24T10:00:00.000Z');
  const delivered: string[] = [];
  const sandbox = createSandbox({
    now: () => time,
    settleStepMs: STEP_MS,
    webhookUrl: 'https://merchant.example/hooks',
    webhookFetch: async (_url, init) => {
      delivered.push(String(init.body));
      return new Response('ok');
    },
  });
  const call = (path: string, init: RequestInit = {}, headers: Record<string, string> = {}) =>
    sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );
  const asMerchant = { authorization: sandbox.apiKey };
  /** A new customer: its id, and the token of its first bank account. */
  async function payer() {
    const customerId = fresh();
    const sessionKey = await sandbox.mintSessionKey(customerId);
    const read = await call('/api/customer/v2', {}, { 'x-service-auth-session-key': sessionKey });
    const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
    return { customerId, token: customer.bankAccounts[0]!.token };
  }
  async function pay(cents = 1999) {
    const { customerId, token } = await payer();
    return payWith(customerId, token, undefined, cents);
  }
  /** A purchase with a session key made now (one lasts a day). */
  async function payWith(customerId: string, token: string, idempotencyKey?: string, cents = 1999) {
    const response = await call(
      `/api/checkout/ach/${sandbox.merchantId}`,
      {
        method: 'POST',
        body: JSON.stringify(checkoutBody(token, { subtotal: { cents, currency: 'USD' } })),
      },
      {
        'x-service-auth-session-key': await sandbox.mintSessionKey(customerId),
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { paymentId: string }).paymentId;
  }
  return {
    sandbox,
    delivered,
    call,
    asMerchant,
    payer,
    pay,
    payWith,
    /** Moves the test's clock and runs what became due. */
    async advance(ms: number) {
      time += ms;
      await sandbox.runDue();
    },
    lookUp: (paymentId: string) =>
      call(`/api/merchant/payments/${paymentId}`, {}, { authorization: sandbox.apiKey }),
  };
}

describe('what the sandbox keeps, by its clock', () => {
  it('keeps a settled payment 60 days after it settled, and lets it go 90 days after', async () => {
    const t = setup();
    const paymentId = await t.pay();
    await t.advance(2 * STEP_MS);
    const settled = (await (await t.lookUp(paymentId)).json()) as { payment: { status: string } };
    expect(settled.payment.status).toBe('settled');

    await t.advance(60 * DAY_MS);
    expect((await t.lookUp(paymentId)).status).toBe(200);
    await t.advance(29 * DAY_MS);
    expect((await t.lookUp(paymentId)).status).toBe(200);

    await t.advance(DAY_MS + 3_600_000);
    expect((await t.lookUp(paymentId)).status).toBe(404);
    expect(t.sandbox.payments.map((payment) => payment.paymentId)).not.toContain(paymentId);
  });

  it('keeps a payment that stays pending 90 days after it was made', async () => {
    const t = setup();
    // One cent: the magic amount that stays pending.
    const paymentId = await t.pay(1);

    await t.advance(89 * DAY_MS);
    expect((await t.lookUp(paymentId)).status).toBe(200);
    await t.advance(DAY_MS + 3_600_000);
    expect((await t.lookUp(paymentId)).status).toBe(404);
  });

  it('answers a retry with the same Idempotency-Key for 7 days, then takes it as a new purchase', async () => {
    const t = setup();
    const { customerId, token } = await t.payer();
    const first = await t.payWith(customerId, token, 'order-17');

    await t.advance(6 * DAY_MS);
    expect(await t.payWith(customerId, token, 'order-17')).toBe(first);
    expect(t.sandbox.payments).toHaveLength(1);

    await t.advance(DAY_MS + 3_600_000);
    const second = await t.payWith(customerId, token, 'order-17');
    expect(second).not.toBe(first);
    expect(t.sandbox.payments).toHaveLength(2);
  });

  it('keeps webhook deliveries and payer events 30 days, moved by POST /api/sandbox/clock', async () => {
    const t = setup();
    await t.pay();
    await t.advance(2 * STEP_MS);
    const sent = await t.call(
      '/api/events',
      { method: 'POST', body: JSON.stringify({ eventType: 'SignIn', customerId: 'alice' }) },
      t.asMerchant,
    );
    expect(sent.status).toBe(200);
    expect(t.sandbox.deliveries.map((delivery) => delivery.eventType)).toEqual([
      'ACH Initiated',
      'ACH Batched',
      'Settled',
    ]);
    expect(t.sandbox.events).toHaveLength(1);

    const moveClock = (advanceMs: number) =>
      t.call(
        '/api/sandbox/clock',
        { method: 'POST', body: JSON.stringify({ advanceMs }) },
        t.asMerchant,
      );
    expect((await moveClock(29 * DAY_MS)).status).toBe(200);
    expect(t.sandbox.deliveries).toHaveLength(3);
    expect(t.sandbox.events).toHaveLength(1);

    expect((await moveClock(DAY_MS + 3_600_000)).status).toBe(200);
    expect(t.sandbox.deliveries).toEqual([]);
    expect(t.sandbox.events).toEqual([]);
  });

  it('lets a delivery go with the event whose body it sends, a resend made later too', async () => {
    const t = setup();
    await t.pay();
    await t.advance(2 * STEP_MS);
    await t.advance(29 * DAY_MS);
    const [initiated] = t.sandbox.deliveries;
    const resent = t.sandbox.resendDelivery(initiated!.id);
    await t.advance(0);
    expect(t.delivered.at(-1)).toBe(initiated!.body);
    expect(t.sandbox.deliveries.at(-1)).toMatchObject({ id: resent.id, state: 'delivered' });

    // A day later the payment's events are 30 days old: every delivery of them goes with them.
    await t.advance(DAY_MS + 3_600_000);
    expect(t.sandbox.deliveries).toEqual([]);
    expect((await t.sandbox.snapshot()).webhookEvents).toEqual([]);
  });

  it('lists an event in GET /api/merchant/events for 30 days after it was made, then lets it go', async () => {
    const t = setup();
    const events = async (query = '') => {
      const response = await t.call(`/api/merchant/events${query}`, {}, t.asMerchant);
      return {
        status: response.status,
        body: (await response.json()) as {
          events?: { id: string; eventType: string; data: { paymentId?: string } }[];
        },
      };
    };
    await t.pay();
    await t.advance(2 * STEP_MS);
    const [initiated, batched] = (await events()).body.events!;
    expect(initiated!.eventType).toBe('ACH Initiated');

    await t.advance(29 * DAY_MS);
    const second = await t.pay();
    await t.advance(2 * STEP_MS);
    const page = await events(`?after=${batched!.id}`);
    expect(page.body.events!.map((event) => event.eventType)).toEqual([
      'Settled',
      'ACH Initiated',
      'ACH Batched',
      'Settled',
    ]);

    await t.advance(DAY_MS + 3_600_000);
    // The first payment's events went; the second's, made a day later, stay.
    const kept = (await events()).body.events!;
    expect(kept).toHaveLength(3);
    expect(kept.map((event) => event.data.paymentId)).toEqual([second, second, second]);
    expect(kept.map((event) => event.id)).not.toContain(initiated!.id);
    expect((await events(`?after=${batched!.id}`)).status).toBe(400);
    const snapshot = await t.sandbox.snapshot();
    expect(snapshot.webhookEvents.map((logged) => logged.event.id)).toEqual(
      kept.map((event) => event.id),
    );
  });

  it('starts over after reset(), and keeps letting go by the clock', async () => {
    const t = setup();
    await t.pay();
    t.sandbox.reset();
    const paymentId = await t.pay();
    await t.advance(2 * STEP_MS + 91 * DAY_MS);
    expect((await t.lookUp(paymentId)).status).toBe(404);
  });
});
