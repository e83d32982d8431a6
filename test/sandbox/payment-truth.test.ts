// The payment's truth in the sandbox: signed checkouts, a payment lifecycle on the sandbox's
// own clock, the merchant's payment lookup, and signed webhooks delivered at least once.
// Time moves by a test clock and runDue(); nothing here waits for real time.
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_ADVANCE_MS, type Payment } from '../../src/core/schemas.js';
import { signatureMatches } from '../../src/core/webhook-signature.js';
import {
  createSandbox,
  INSUFFICIENT_FUNDS_RETURN_CODE,
  LATE_RETURN_DELAY_MS,
  MAGIC_AMOUNTS,
  UNAUTHORIZED_RETURN_CODE,
  WEBHOOK_RETRY_DELAYS_MS,
  type SandboxOptions,
} from '../../src/sandbox/index.js';

const STEP_MS = 2_000;
const WEBHOOK_URL = 'https://merchant.example/webhooks/payments';

interface Received {
  body: string;
  signature: string | null;
}

function setup(options: SandboxOptions & { answer?: (attempt: number) => Response } = {}) {
  let clock = Date.parse('2026-11-22T12:00:00.000Z');
  const received: Received[] = [];
  const { answer = () => new Response('ok'), ...sandboxOptions } = options;
  const sandbox = createSandbox({
    now: () => clock,
    settleStepMs: STEP_MS,
    webhookUrl: WEBHOOK_URL,
    webhookFetch: async (_url, init) => {
      received.push({
        body: String(init.body),
        signature: new Headers(init.headers).get('service-signature'),
      });
      return answer(received.length);
    },
    ...sandboxOptions,
  });
  const advance = async (ms: number) => {
    clock += ms;
    await sandbox.runDue();
  };
  const call = (path: string, init: RequestInit & { apiKey?: boolean } = {}) => {
    const headers = new Headers(init.headers);
    if (init.apiKey) headers.set('authorization', sandbox.apiKey);
    if (init.body) headers.set('content-type', 'application/json');
    return sandbox.handle(new Request(`http://sandbox.test${path}`, { ...init, headers }));
  };
  const customer = async (customerId = 'alice') => {
    const sessionKey = await sandbox.mintSessionKey(customerId);
    const record = (await (
      await call('/api/customer/v2', { headers: { 'x-service-auth-session-key': sessionKey } })
    ).json()) as { customer: { bankAccounts: { token: string }[] } };
    return { sessionKey, token: record.customer.bankAccounts[0]!.token };
  };
  const pay = async (
    payer: { sessionKey: string; token: string },
    body: Record<string, unknown>,
    idempotencyKey?: string,
  ) =>
    call(`/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers: {
        'x-service-auth-session-key': payer.sessionKey,
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify({ token: payer.token, ...body }),
    });
  const lookUp = async (paymentId: string) =>
    call(`/api/merchant/payments/${paymentId}`, { apiKey: true });
  const events = () => received.map((delivery) => JSON.parse(delivery.body));
  return { sandbox, advance, call, customer, pay, lookUp, received, events };
}

const purchase = (cents = 4250) => ({
  subtotal: { cents, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: {
    itemName: 'Order 17',
    price: (cents / 100).toFixed(2),
    quantity: 1,
    orderId: '17',
  },
  email: 'alice@example.com',
});

async function paymentIdOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentId: string }).paymentId;
}

describe('the payment lifecycle', () => {
  it('pending, batched, settled, one step at a time; the lookup and webhooks follow', async () => {
    const t = setup();
    const paymentId = await paymentIdOf(await t.pay(await t.customer(), purchase()));
    const status = async () =>
      ((await (await t.lookUp(paymentId)).json()) as { payment: { status: string } }).payment
        .status;

    await t.advance(0);
    expect(await status()).toBe('pending');
    await t.advance(STEP_MS - 1);
    expect(await status()).toBe('pending');
    await t.advance(1);
    expect(await status()).toBe('batched');
    await t.advance(STEP_MS);
    expect(await status()).toBe('settled');
    await t.advance(10 * STEP_MS);

    expect(t.events().map((event) => event.eventType)).toEqual([
      'ACH Initiated',
      'ACH Batched',
      'Settled',
    ]);
    const settled = t.events()[2];
    expect(settled.data).toMatchObject({
      paymentId,
      status: 'settled',
      subtotal: { cents: 4250, currency: 'USD' },
      customerId: 'alice',
      webhookInfo: { orderId: '17' },
    });
    expect(new Set(t.events().map((event) => event.id)).size).toBe(3);
  });

  for (const [cents, statuses, returnCode] of [
    [1, ['pending'], undefined],
    [222, ['pending', 'batched', 'returned'], INSUFFICIENT_FUNDS_RETURN_CODE],
    [444, ['pending', 'failed'], undefined],
  ] as const) {
    it(`magic amount ${cents} ends ${statuses.at(-1)}`, async () => {
      const t = setup();
      const paymentId = await paymentIdOf(await t.pay(await t.customer(), purchase(cents)));
      for (let i = 0; i < 5; i++) await t.advance(STEP_MS);
      const { payment } = (await (await t.lookUp(paymentId)).json()) as {
        payment: { status: string; returnCode?: string };
      };
      expect(payment.status).toBe(statuses.at(-1));
      expect(payment.returnCode).toBe(returnCode);
      expect(t.sandbox.payments[0]?.history.map((entry) => entry.status)).toEqual(statuses);
    });
  }

  it('magic amount 1010 settles, then is returned with R10 ten days after it settled', async () => {
    const t = setup();
    const paymentId = await paymentIdOf(
      await t.pay(await t.customer(), purchase(MAGIC_AMOUNTS.returnedAfterSettling)),
    );
    const lookUp = async () =>
      ((await (await t.lookUp(paymentId)).json()) as { payment: Payment }).payment;
    // A step at a time, so that the webhooks arrive in the order the steps came.
    for (const ms of [0, STEP_MS, STEP_MS]) await t.advance(ms);
    const settled = await lookUp();
    expect(settled).toMatchObject({ status: 'settled' });
    expect(settled.settledAt).toBe(settled.updatedAt);
    expect(settled.returnedAt).toBeUndefined();

    await t.advance(LATE_RETURN_DELAY_MS - 1);
    expect((await lookUp()).status).toBe('settled');
    await t.advance(1);
    const returned = await lookUp();
    expect(returned).toMatchObject({
      status: 'returned',
      returnCode: UNAUTHORIZED_RETURN_CODE,
      settledAt: settled.settledAt,
      returnedAt: new Date(Date.parse(settled.settledAt!) + LATE_RETURN_DELAY_MS).toISOString(),
    });
    expect(UNAUTHORIZED_RETURN_CODE).toBe('R10');
    expect(LATE_RETURN_DELAY_MS).toBe(10 * 86_400_000);
    expect(t.events().map((event) => event.eventType)).toEqual([
      'ACH Initiated',
      'ACH Batched',
      'Settled',
      'ACH Returned',
    ]);
    expect(t.events().at(-1)).toMatchObject({ created: returned.returnedAt, data: returned });
    await t.advance(100 * 86_400_000);
    expect(t.received).toHaveLength(4);
  });

  it('returns a 1010 payment ten days after it settled, when the dashboard settled it', async () => {
    const t = setup();
    const paymentId = await paymentIdOf(
      await t.pay(await t.customer(), purchase(MAGIC_AMOUNTS.returnedAfterSettling)),
    );
    const settledAt = t.sandbox.advancePayment(paymentId, 'settled').settledAt!;
    await t.advance(LATE_RETURN_DELAY_MS);
    expect(t.sandbox.payments[0]).toMatchObject({
      status: 'returned',
      returnCode: 'R10',
      settledAt,
      returnedAt: new Date(Date.parse(settledAt) + LATE_RETURN_DELAY_MS).toISOString(),
    });
  });

  it('a 1010 payment refunded after it settled is never returned', async () => {
    const t = setup();
    const paymentId = await paymentIdOf(
      await t.pay(await t.customer(), purchase(MAGIC_AMOUNTS.returnedAfterSettling)),
    );
    await t.advance(2 * STEP_MS);
    t.sandbox.refundPayment(paymentId);
    await t.advance(LATE_RETURN_DELAY_MS);
    expect(t.sandbox.payments[0]!.status).toBe('refunded');
    // Deliveries started together arrive in no guaranteed order.
    expect(
      t
        .events()
        .map((event) => event.eventType)
        .sort(),
    ).toEqual(['ACH Batched', 'ACH Initiated', 'Refunded', 'Settled']);
  });

  it('a decline creates no payment and no webhook', async () => {
    const t = setup();
    const payer = await t.customer('test_decline_zoe');
    const declining = t.sandbox.payments;
    const record = (await (
      await t.call('/api/customer/v2', {
        headers: { 'x-service-auth-session-key': payer.sessionKey },
      })
    ).json()) as { customer: { bankAccounts: { token: string; last4: string }[] } };
    const token = record.customer.bankAccounts.find((account) => account.last4 === '0002')!.token;
    expect((await t.pay({ ...payer, token }, purchase())).status).toBe(402);
    await t.advance(5 * STEP_MS);
    expect(declining).toHaveLength(0);
    expect(t.received).toHaveLength(0);
  });

  it("the lookup needs the API key and knows no other merchant's payment", async () => {
    const t = setup();
    const paymentId = await paymentIdOf(await t.pay(await t.customer(), purchase()));
    expect((await t.call(`/api/merchant/payments/${paymentId}`)).status).toBe(401);
    expect((await t.lookUp('pay_unknown')).status).toBe(404);
    const other = createSandbox({ merchantId: 'merchant_other', apiKey: 'sk_other_0000000000' });
    const elsewhere = await other.handle(
      new Request(`http://sandbox.test/api/merchant/payments/${paymentId}`, {
        headers: { authorization: 'sk_other_0000000000' },
      }),
    );
    expect(elsewhere.status).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('signs every body with the webhook key', async () => {
    const t = setup({ webhookKey: 'whsec_test_key' });
    await t.pay(await t.customer(), purchase());
    await t.advance(0);
    const [delivery] = t.received;
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery!.signature ?? '');
    expect(match).not.toBeNull();
    const [, timestamp, mac] = match!;
    expect(await signatureMatches('whsec_test_key', Number(timestamp), delivery!.body, mac!)).toBe(
      true,
    );
    expect(await signatureMatches('another_key', Number(timestamp), delivery!.body, mac!)).toBe(
      false,
    );
  });

  it('retries a failing receiver with growing delays, the same event id and a fresh time', async () => {
    const t = setup({ answer: (n) => new Response('busy', { status: n < 3 ? 503 : 200 }) });
    await t.pay(await t.customer(), purchase(1));
    await t.advance(0);
    expect(t.received).toHaveLength(1);
    // The first retry comes within 5 s.
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(5_000);
    await t.advance(WEBHOOK_RETRY_DELAYS_MS[0]!);
    expect(t.received).toHaveLength(2);
    await t.advance(WEBHOOK_RETRY_DELAYS_MS[1]! - 1);
    expect(t.received).toHaveLength(2);
    await t.advance(1);
    expect(t.received).toHaveLength(3);
    await t.advance(3_600_000);
    expect(t.received).toHaveLength(3);

    const ids = t.events().map((event) => event.id);
    expect(new Set(ids).size).toBe(1);
    const times = t.received.map((delivery) => /^t=(\d+)/.exec(delivery.signature ?? '')?.[1]);
    expect(new Set(times).size).toBe(3);
    const [delivery] = t.sandbox.deliveries;
    expect(delivery).toMatchObject({ state: 'delivered', eventType: 'ACH Initiated' });
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 200]);
    expect(delivery?.attempts[0]?.responseExcerpt).toBe('busy');
  });

  it('gives up after the last attempt, and a receiver that cannot be reached is recorded', async () => {
    const t = setup({
      answer: () => {
        throw new TypeError('connect ECONNREFUSED 127.0.0.1:9');
      },
    });
    await t.pay(await t.customer(), purchase(1));
    for (const delay of [0, ...WEBHOOK_RETRY_DELAYS_MS, 86_400_000]) await t.advance(delay);
    const [delivery] = t.sandbox.deliveries;
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect(delivery?.attempts[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('sends nothing without a webhook URL', async () => {
    const t = setup({ webhookUrl: undefined });
    await t.pay(await t.customer(), purchase());
    await t.advance(10 * STEP_MS);
    expect(t.received).toHaveLength(0);
    expect(t.sandbox.deliveries).toHaveLength(0);
  });
});

describe('signed checkouts', () => {
  async function token(t: ReturnType<typeof setup>, body: Record<string, unknown>) {
    const response = await t.call('/api/checkout/jwt-token', {
      method: 'POST',
      apiKey: true,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { checkoutJwtToken: string }).checkoutJwtToken;
  }

  it('pays what the token says, whatever else the body carries beside it', async () => {
    const t = setup();
    const jwtToken = await token(t, { ...purchase(4250), customerId: 'alice' });
    const paymentId = await paymentIdOf(await t.pay(await t.customer(), { jwtToken }));
    expect(t.sandbox.payments[0]).toMatchObject({ paymentId, subtotal: { cents: 4250 } });
  });

  it('refuses a body field that differs from the token, naming it', async () => {
    const t = setup();
    const jwtToken = await token(t, purchase(4250));
    const response = await t.pay(await t.customer(), { ...purchase(200), jwtToken });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual(['subtotal', 'webhookInfo']);
    expect(t.sandbox.payments).toHaveLength(0);
  });

  it('refuses a forged, an expired and another customer’s token', async () => {
    const t = setup();
    const payer = await t.customer();
    const genuine = await token(t, { ...purchase(), expiresInSeconds: 60 });
    const [header, , signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString());
    const forgedClaims = Buffer.from(
      JSON.stringify({ ...claims, subtotal: { cents: 1, currency: 'USD' } }),
    ).toString('base64url');
    expect(
      (await t.pay(payer, { jwtToken: `${header}.${forgedClaims}.${signature}` })).status,
    ).toBe(400);

    const bound = await token(t, { ...purchase(), customerId: 'mallory' });
    expect((await t.pay(payer, { jwtToken: bound })).status).toBe(403);

    await t.advance(61_000);
    const expired = await t.pay(payer, { jwtToken: genuine });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { message: string }).message).toMatch(
      /jwtToken: has expired/,
    );
    expect(t.sandbox.payments).toHaveLength(0);
  });

  it('pays once per token: a replay answers the first payment, another purchase is 409', async () => {
    const t = setup();
    const payer = await t.customer();
    const jwtToken = await token(t, purchase());
    const first = await paymentIdOf(await t.pay(payer, { jwtToken }, 'key-1'));
    expect(await paymentIdOf(await t.pay(payer, { jwtToken }, 'key-1'))).toBe(first);
    expect((await t.pay(payer, { jwtToken }, 'key-2')).status).toBe(409);
    expect((await t.pay(payer, { jwtToken })).status).toBe(409);
    expect(t.sandbox.payments).toHaveLength(1);
  });

  it('with requireSignedCheckout, refuses a purchase without a token, naming jwtToken', async () => {
    const t = setup({ requireSignedCheckout: true });
    const response = await t.pay(await t.customer(), purchase());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/jwtToken/);
    const signed = await token(t, purchase());
    expect((await t.pay(await t.customer(), { jwtToken: signed })).status).toBe(200);
  });

  it('checks the token request: amounts, lifetime and the API key', async () => {
    const t = setup();
    const bad = await t.call('/api/checkout/jwt-token', {
      method: 'POST',
      apiKey: true,
      body: JSON.stringify({ ...purchase(), expiresInSeconds: 86_401 }),
    });
    expect(bad.status).toBe(400);
    const anonymous = await t.call('/api/checkout/jwt-token', {
      method: 'POST',
      body: JSON.stringify(purchase()),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a webhook receiver that does not answer', () => {
  it('holds back no other delivery: the next one goes out while it hangs', async () => {
    // Whichever delivery goes out first hangs until another one is sent. Sent one after the
    // other, the second would never go out and runDue() would never resolve. (Signing is
    // asynchronous, so which of the two goes out first is not fixed.)
    let releaseFirst: () => void = () => {};
    const firstMayAnswer = new Promise<void>((resolve) => (releaseFirst = resolve));
    const sentTo: string[] = [];
    const t = setup({
      webhookFetch: async (_url, init) => {
        const { data } = JSON.parse(String(init.body)) as { data: { customerId: string } };
        sentTo.push(data.customerId);
        if (sentTo.length === 1) await firstMayAnswer;
        else releaseFirst();
        return new Response('ok');
      },
    });
    await paymentIdOf(await t.pay(await t.customer('one'), purchase()));
    await paymentIdOf(await t.pay(await t.customer('two'), purchase()));

    await t.advance(0);
    expect([...sentTo].sort()).toEqual(['one', 'two']);
    expect(t.sandbox.deliveries.map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
    ]);
  });
});

describe("a webhook receiver's answer", () => {
  it('is read only as far as the excerpt the log shows: an endless answer still completes', async () => {
    let chunks = 0;
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            chunks += 1;
            controller.enqueue(new TextEncoder().encode('x'.repeat(64)));
          },
        }),
      );
    const t = setup({ webhookFetch: async () => endless() });
    await paymentIdOf(await t.pay(await t.customer(), purchase()));
    await t.advance(0);
    const [delivery] = t.sandbox.deliveries;
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts[0]?.responseExcerpt).toBe('x'.repeat(200));
    expect(chunks).toBeLessThan(10);
  });
});

describe('a clock that jumps past several steps', () => {
  it('stamps each step at the time it was due, not at the time it ran', async () => {
    const t = setup();
    await paymentIdOf(await t.pay(await t.customer(), purchase()));
    const [payment] = t.sandbox.payments;
    const created = Date.parse(payment!.createdAt);
    await t.advance(STEP_MS * 10);
    expect(payment!.history.map(({ status, at }) => [status, Date.parse(at) - created])).toEqual([
      ['pending', 0],
      ['batched', STEP_MS],
      ['settled', STEP_MS * 2],
    ]);
    // Deliveries go out side by side, in no guaranteed order: compared by event time.
    const events = t
      .events()
      .map((event) => [event.eventType, Date.parse(event.created) - created] as const)
      .sort((one, other) => one[1] - other[1]);
    expect(events).toEqual([
      ['ACH Initiated', 0],
      ['ACH Batched', STEP_MS],
      ['Settled', STEP_MS * 2],
    ]);
  });
});

describe('the clock over HTTP (POST /api/sandbox/clock)', () => {
  const moveClock = (t: ReturnType<typeof setup>, advanceMs: number) =>
    t.call('/api/sandbox/clock', {
      method: 'POST',
      apiKey: true,
      body: JSON.stringify({ advanceMs }),
    });

  it('moves up to 400 days at once, running each step at its time before it answers', async () => {
    const t = setup();
    const before = Date.parse(
      ((await (await t.call('/api/sandbox/clock', { apiKey: true })).json()) as { now: string })
        .now,
    );
    await paymentIdOf(await t.pay(await t.customer(), purchase()));
    // Read before the move: 400 days on, the sandbox has let the payment go (90 days after its
    // last change), and this is the record its steps changed.
    const [payment] = t.sandbox.payments;
    const response = await moveClock(t, MAX_CLOCK_ADVANCE_MS);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      now: new Date(before + MAX_CLOCK_ADVANCE_MS).toISOString(),
    });
    const created = Date.parse(payment!.createdAt);
    expect(payment!.history.map(({ status, at }) => [status, Date.parse(at) - created])).toEqual([
      ['pending', 0],
      ['batched', STEP_MS],
      ['settled', STEP_MS * 2],
    ]);
    expect(
      t
        .events()
        .map((event) => event.eventType)
        .sort(),
    ).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
    expect((await moveClock(t, MAX_CLOCK_ADVANCE_MS + 1)).status).toBe(400);
  });

  it('leaves the time as it was after a refused move', async () => {
    const t = setup();
    const read = async () =>
      ((await (await t.call('/api/sandbox/clock', { apiKey: true })).json()) as { now: string })
        .now;
    const before = await read();
    for (const advanceMs of [0, -60_000, 0.5]) {
      expect((await moveClock(t, advanceMs)).status).toBe(400);
    }
    expect(await read()).toBe(before);
  });

  it('refuses to move past the year 9999, and keeps answering', async () => {
    const t = setup({ now: () => Date.parse('9999-12-30T00:00:00.000Z') });
    const refused = await moveClock(t, 2 * 86_400_000);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/9999/);
    const moved = await moveClock(t, 86_400_000);
    expect(await moved.json()).toEqual({ now: '9999-12-31T00:00:00.000Z' });
  });
});
