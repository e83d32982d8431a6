// @vitest-environment node
// The debit authorization the payer accepted at Pay: the purchase sends it, and the sandbox keeps
// it with the payment, whole for the merchant's reads (GET /api/merchant/payments/{id}), as its
// digest and time in webhooks and the events feed. Time is a test clock the sandbox moves.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { checkoutBody } from './conformance.js';

const START = Date.parse('2026-11-24T15:00:00.000Z');
// Non-ASCII on purpose: the digest is of the text's UTF-8 bytes.
const AUTHORIZATION = {
  text: 'By selecting Pay, you authorize Café Gems to make a one-time debit of $19.99 from Sandbox checking ••6789 on or after November 24, 2026. You may revoke this by contacting help@gems.example before it is sent to your bank.',
  acceptedAt: '2026-11-24T14:59:58.120Z',
  locale: 'en-US',
};
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Checkout test';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A sandbox on a clock it moves itself, whose webhook bodies land in `webhooks`. */
function setup() {
  const webhooks: { eventType: string; data: Record<string, unknown> }[] = [];
  const sandbox = createSandbox({
    now: () => START,
    settleStepMs: 60_000,
    webhookUrl: 'http://127.0.0.1:9/hooks',
    webhookFetch: async (_url, init) => {
      webhooks.push(JSON.parse(String(init.body)) as (typeof webhooks)[number]);
      return new Response('ok');
    },
  });
  return { sandbox, webhooks };
}

/** A purchase by `customerId`, as a page sends it, with `fields` over the usual body. */
async function pay(
  sandbox: Sandbox,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
  customerId = 'alice',
): Promise<Response> {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const read = await sandbox.handle(
    new Request('http://sandbox.test/api/customer/v2', {
      headers: { [HEADER.sessionKey]: sessionKey },
    }),
  );
  const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
  return sandbox.handle(
    new Request(`http://sandbox.test/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers: { [HEADER.sessionKey]: sessionKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ...checkoutBody(customer.bankAccounts[0]!.token), ...fields }),
    }),
  );
}

async function paymentIdOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentId: string }).paymentId;
}

/** The payment as the merchant's server reads it. */
async function merchantRead(sandbox: Sandbox, paymentId: string) {
  const response = await sandbox.handle(
    new Request(`http://sandbox.test/api/merchant/payments/${paymentId}`, {
      headers: { [HEADER.apiKey]: sandbox.apiKey },
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { payment: { authorization?: unknown } }).payment;
}

async function eventsFeed(sandbox: Sandbox) {
  const response = await sandbox.handle(
    new Request('http://sandbox.test/api/merchant/events', {
      headers: { [HEADER.apiKey]: sandbox.apiKey },
    }),
  );
  return ((await response.json()) as { events: { data: Record<string, unknown> }[] }).events;
}

describe('the debit authorization of a purchase', () => {
  it('is kept with the payment: the text, its SHA-256, when, in what language and from where', async () => {
    const { sandbox } = setup();
    const answer = await pay(
      sandbox,
      { authorization: AUTHORIZATION },
      { 'user-agent': USER_AGENT },
    );
    expect(answer.status).toBe(200);
    const { paymentId, createdAt } = (await answer.json()) as {
      paymentId: string;
      createdAt: string;
    };
    // When it was made, so the page can say when it is expected to clear.
    expect(createdAt).toBe(new Date(START).toISOString());

    const kept = {
      ...AUTHORIZATION,
      textSha256: sha256Hex(AUTHORIZATION.text),
      recordedAt: new Date(START).toISOString(),
      // A bare fetch handler has no connection to read an address from.
      remoteAddress: null,
      userAgent: USER_AGENT,
    };
    expect((await merchantRead(sandbox, paymentId)).authorization).toEqual(kept);
    expect(sandbox.payments[0]!.authorization).toEqual(kept);
  });

  it('is null on a purchase that sent none, and its user agent null when no header came', async () => {
    const { sandbox } = setup();
    const without = await paymentIdOf(await pay(sandbox, {}));
    expect((await merchantRead(sandbox, without)).authorization).toBeNull();

    const withoutAgent = await paymentIdOf(await pay(sandbox, { authorization: AUTHORIZATION }));
    expect((await merchantRead(sandbox, withoutAgent)).authorization).toMatchObject({
      userAgent: null,
      remoteAddress: null,
    });
  });

  it('reaches webhooks and the events feed as its digest and time only', async () => {
    const { sandbox, webhooks } = setup();
    const signed = await paymentIdOf(await pay(sandbox, { authorization: AUTHORIZATION }));
    const unsigned = await paymentIdOf(await pay(sandbox, {}, {}, 'bob'));
    await sandbox.runDue();

    const summary = {
      textSha256: sha256Hex(AUTHORIZATION.text),
      acceptedAt: AUTHORIZATION.acceptedAt,
    };
    const byPayment = (events: { data: Record<string, unknown> }[], paymentId: string) =>
      events.find((event) => event.data.paymentId === paymentId)!.data;
    expect(byPayment(webhooks, signed).authorization).toEqual(summary);
    expect(byPayment(webhooks, unsigned).authorization).toBeNull();
    const feed = await eventsFeed(sandbox);
    expect(byPayment(feed, signed).authorization).toEqual(summary);
    expect(byPayment(feed, unsigned).authorization).toBeNull();
    // The words the payer agreed to stay with the merchant's reads.
    expect(JSON.stringify(webhooks)).not.toContain('Café Gems');
    expect(JSON.stringify(feed)).not.toContain('Café Gems');
  });

  it('refuses a text over 2,000 characters as JavaScript counts them, naming authorization.text, and keeps nothing', async () => {
    const { sandbox } = setup();
    // 1,000 emoji: 2,000 UTF-16 code units, 4,000 UTF-8 bytes; the limit counts the former.
    const atLimit = { ...AUTHORIZATION, text: '\u{1F600}'.repeat(1000) };
    const kept = await paymentIdOf(await pay(sandbox, { authorization: atLimit }));
    expect((await merchantRead(sandbox, kept)).authorization).toMatchObject({
      text: atLimit.text,
      textSha256: sha256Hex(atLimit.text),
    });

    const tooLong = await pay(sandbox, { authorization: { ...atLimit, text: `${atLimit.text}.` } });
    expect(tooLong.status).toBe(400);
    const refusal = (await tooLong.json()) as {
      code: string;
      message: string;
      issues: { path: string }[];
    };
    expect(refusal.code).toBe('invalid_request');
    expect(refusal.issues.map((issue) => issue.path)).toEqual(['authorization.text']);
    expect(refusal.message).toMatch(/authorization\.text.*2000/);
    expect(sandbox.payments).toHaveLength(1);
  });

  it('is taken beside a checkout token: it is not one of the token fields', async () => {
    const { sandbox } = setup();
    const jwtToken = await sandbox.mintCheckoutToken({
      subtotal: { cents: 1999, currency: 'USD' },
      settlementType: 'USDC',
      webhookInfo: { itemName: 'Gem pack', price: '19.99', quantity: 1, currency: 'USD' },
      email: 'payer@example.com',
    });
    const paymentId = await paymentIdOf(
      await pay(sandbox, { jwtToken, authorization: AUTHORIZATION }),
    );
    expect((await merchantRead(sandbox, paymentId)).authorization).toMatchObject(AUTHORIZATION);
  });

  it('is part of an idempotent purchase: a retry that resends it replays, another one is a 409', async () => {
    const { sandbox } = setup();
    const key = { [HEADER.idempotencyKey]: 'order-17' };
    const first = await pay(sandbox, { authorization: AUTHORIZATION }, key);
    const answer = (await first.json()) as { paymentId: string; createdAt: string };

    const retry = await pay(sandbox, { authorization: AUTHORIZATION }, key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(answer);

    const other = await pay(
      sandbox,
      { authorization: { ...AUTHORIZATION, acceptedAt: '2026-11-24T14:59:59.000Z' } },
      key,
    );
    expect(other.status).toBe(409);
    expect(sandbox.payments).toHaveLength(1);
  });
});
