// The service's behaviour as a client sees it, run over each transport of the sandbox.
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  customerResponseSchema,
  eventsPageSchema,
  paymentResponseSchema,
  PRODUCT_TYPES,
  webhookKeyRollResponseSchema,
  withdrawalsResponseSchema,
  type Customer,
  type Payment,
} from '../../src/core/schemas.js';
import { validate } from '../../src/core/validate.js';
import { signatureMatches } from '../../src/core/webhook-signature.js';
import { verifyWebhook } from '../../src/server/index.js';
import {
  createSandbox,
  LATE_RETURN_DELAY_MS,
  MAGIC,
  MAGIC_AMOUNTS,
  type Sandbox,
} from '../../src/sandbox/index.js';

export interface Target {
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  /** The sandbox's SANDBOX_JWT_SECRET, so tests can sign their own keys. */
  jwtSecret: string;
  /** The webhook key, and the webhook bodies and signatures that reached the merchant so far. */
  webhooks: { key: string; received: () => { body: string; signature: string | null }[] };
  /**
   * The time between a payment's steps, a minute or more: no step comes by itself while a test
   * runs, and the tests move the sandbox's clock past it instead.
   */
  settleStepMs: number;
  /**
   * The client address the transport records with a debit authorization for requests from this
   * test process: the loopback address over a real connection, null through MSW.
   */
  remoteAddress: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The lowercase hex SHA-256 of `text`'s UTF-8 bytes. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fresh(prefix = 'customer'): string {
  return `${prefix}_${crypto.randomUUID()}`;
}

export function checkoutBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    subtotal: { cents: 1999, currency: 'USD' },
    token,
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gem pack', price: '19.99', quantity: 1, currency: 'USD' },
    email: 'payer@example.com',
    ...overrides,
  };
}

export const productData = [
  {
    productName: 'Gem pack',
    productType: 'gameOfSkill',
    quantity: 1,
    rawProductData: { productID: 'gems-100', platform: 'web' },
  },
];

/** Asserts the error shape of docs/design.md and returns the body. */
export async function expectError(response: Response, status: number, code: string) {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  const body = JSON.parse(text) as { message: unknown; code: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  return body as { message: string; code: string; issues?: { path: string }[] };
}

/** A new customer's payment at an in-process sandbox, made as a payer's page makes one: its id. */
export async function payAt(
  sandbox: Sandbox,
  cents = 1999,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const base = 'http://sandbox.test';
  const headers = {
    'x-service-auth-session-key': await sandbox.mintSessionKey(fresh()),
    'content-type': 'application/json',
  };
  const read = await sandbox.handle(new Request(`${base}/api/customer/v2`, { headers }));
  const { customer } = (await read.json()) as { customer: Customer };
  const paid = await sandbox.handle(
    new Request(`${base}/api/checkout/ach/${sandbox.merchantId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(
        checkoutBody(customer.bankAccounts[0]!.token, {
          subtotal: { cents, currency: 'USD' },
          ...fields,
        }),
      ),
    }),
  );
  expect(paid.status).toBe(200);
  return ((await paid.json()) as { paymentId: string }).paymentId;
}

function corsHeaderNames(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
}

export function describeConformance(transport: string, target: () => Target): void {
  const t = () => target();
  const url = (path: string) => t().baseUrl + path;

  const getSessionKey = (userId: string, headers: Record<string, string> = {}) =>
    fetch(url('/api/auth/session-key'), {
      headers: { Authorization: t().apiKey, 'x-service-auth-user-id': userId, ...headers },
    });

  async function sessionKey(userId: string): Promise<string> {
    const response = await getSessionKey(userId);
    expect(response.status).toBe(200);
    return ((await response.json()) as { key: string }).key;
  }

  const getCustomer = (key: string) =>
    fetch(url('/api/customer/v2'), {
      headers: { accept: 'application/json', 'x-service-auth-session-key': key },
    });

  async function customerOf(userId: string): Promise<{ key: string; customer: Customer }> {
    const key = await sessionKey(userId);
    const response = await getCustomer(key);
    expect(response.status).toBe(200);
    return { key, customer: ((await response.json()) as { customer: Customer }).customer };
  }

  const postCheckout = (
    key: string | undefined,
    body: unknown,
    headers: Record<string, string> = {},
    merchantId = t().merchantId,
  ) =>
    fetch(url(`/api/checkout/ach/${merchantId}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key && { 'x-service-auth-session-key': key }),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const postEvent = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url('/api/events'), {
      method: 'POST',
      headers: { Authorization: t().apiKey, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = t().jwtSecret) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ merchantId: t().merchantId, ...claims })
      .setProtectedHeader({ alg })
      .setIssuedAt(now)
      .setExpirationTime((claims.exp as number | undefined) ?? now + 3600)
      .sign(new TextEncoder().encode(secret));
  };

  const step = () => t().settleStepMs;

  // The key rolled by the key rotation's case, once it ran: deliveries are signed with it after.
  let rolledWebhookKey: string | undefined;
  const webhookKey = () => rolledWebhookKey ?? t().webhooks.key;

  const apiKeyHeaders = (headers: Record<string, string>) => ({
    Authorization: t().apiKey,
    ...headers,
  });

  const readClock = () => fetch(url('/api/sandbox/clock'), { headers: apiKeyHeaders({}) });

  const moveClock = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url('/api/sandbox/clock'), {
      method: 'POST',
      headers: apiKeyHeaders({ 'content-type': 'application/json', ...headers }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** Moves the sandbox's time forward; resolves with its new time once what was due has run. */
  async function advanceClock(advanceMs: number): Promise<string> {
    const response = await moveClock({ advanceMs });
    expect(response.status).toBe(200);
    return ((await response.json()) as { now: string }).now;
  }

  /** A new customer's payment of `cents` from their first account: its id. */
  async function pay(cents = 1999): Promise<string> {
    const { key, customer } = await customerOf(fresh());
    const response = await postCheckout(
      key,
      checkoutBody(customer.bankAccounts[0]!.token, { subtotal: { cents, currency: 'USD' } }),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { paymentId: string }).paymentId;
  }

  async function paymentOf(paymentId: string): Promise<Payment> {
    const response = await fetch(url(`/api/merchant/payments/${paymentId}`), {
      headers: apiKeyHeaders({}),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { payment: Payment }).payment;
  }

  const refund = (paymentId: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(url(`/api/merchant/payments/${encodeURIComponent(paymentId)}/refund`), {
      method: 'POST',
      headers: apiKeyHeaders({
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      }),
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** A refund's 200 answer, checked against the payment schema. */
  async function refundedPayment(response: Response): Promise<{ payment: Payment }> {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status: 200 });
    const parsed = validate(paymentResponseSchema, JSON.parse(text));
    if (!parsed.ok) throw new Error(`not a payment answer: ${text}`);
    return parsed.value as { payment: Payment };
  }

  /** The event types delivered for a payment so far, sorted: delivery order is not promised. */
  const eventTypesFor = (paymentId: string) =>
    t()
      .webhooks.received()
      .map((hook) => JSON.parse(hook.body) as { eventType: string; data: { paymentId?: string } })
      .filter((event) => event.data.paymentId === paymentId)
      .map((event) => event.eventType)
      .sort();

  describe(`sandbox conformance over ${transport}`, () => {
    describe('GET /api/auth/session-key', () => {
      it('issues an HS256 session key valid for 24 hours for this customer and merchant', async () => {
        const userId = fresh();
        const key = await sessionKey(userId);
        expect(decodeProtectedHeader(key).alg).toBe('HS256');
        const claims = decodeJwt(key);
        expect(claims).toMatchObject({ customerId: userId, merchantId: t().merchantId });
        expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(86_400);
        const verified = await jwtVerify(key, new TextEncoder().encode(t().jwtSecret));
        expect(verified.payload.customerId).toBe(userId);
      });

      it('answers 401 without the API key, with a wrong one, and with a Bearer prefix', async () => {
        const userId = fresh();
        const missing = await fetch(url('/api/auth/session-key'), {
          headers: { 'x-service-auth-user-id': userId },
        });
        expect((await expectError(missing, 401, 'unauthorized')).message).toMatch(/Authorization/);
        await expectError(
          await getSessionKey(userId, { Authorization: 'sk_wrong' }),
          401,
          'unauthorized',
        );
        const bearer = await getSessionKey(userId, { Authorization: `Bearer ${t().apiKey}` });
        expect((await expectError(bearer, 401, 'unauthorized')).message).toMatch(/Bearer/);
      });

      it('answers 400 naming x-service-auth-user-id when it is missing', async () => {
        const response = await fetch(url('/api/auth/session-key'), {
          headers: { Authorization: t().apiKey },
        });
        const body = await expectError(response, 400, 'invalid_request');
        expect(body.message).toMatch(/x-service-auth-user-id/);
      });

      it('records the Web3 headers on the customer and rejects incomplete or unknown ones', async () => {
        const userId = fresh('wallet');
        const response = await getSessionKey(userId, {
          'x-service-auth-blockchain': 'solana',
          'x-service-auth-wallet': 'So1anaWa11et111111111111111111111111111111',
        });
        expect(response.status).toBe(200);
        const { key } = (await response.json()) as { key: string };
        const { customer } = (await (await getCustomer(key)).json()) as { customer: Customer };
        expect(customer.blockchain).toBe('solana');
        expect(customer.wallet).toBe('So1anaWa11et111111111111111111111111111111');

        const unknown = await getSessionKey(fresh(), {
          'x-service-auth-blockchain': 'dogechain',
          'x-service-auth-wallet': '0xabc',
        });
        expect((await expectError(unknown, 400, 'invalid_request')).message).toMatch(/solana/);
        const alone = await getSessionKey(fresh(), { 'x-service-auth-wallet': '0xabc' });
        await expectError(alone, 400, 'invalid_request');
      });

      it('sends no CORS headers, not even to a page origin or a preflight', async () => {
        const response = await getSessionKey(fresh(), { Origin: 'https://shop.example' });
        expect(response.status).toBe(200);
        expect(corsHeaderNames(response)).toEqual([]);
        const preflight = await fetch(url('/api/auth/session-key'), {
          method: 'OPTIONS',
          headers: {
            Origin: 'https://shop.example',
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'authorization',
          },
        });
        expect(preflight.status).toBe(405);
        expect(corsHeaderNames(preflight)).toEqual([]);
      });
    });

    describe('GET /api/customer/v2', () => {
      it('returns every field of the customer record, typed as the schema says', async () => {
        const userId = fresh();
        const { customer } = await customerOf(userId);
        expect(validate(customerResponseSchema, { customer }).ok).toBe(true);
        expect(customer).toMatchObject({
          blockchain: 'user',
          isBlocked: 'NotBlocked',
          chargebackProtectionEnabled: false,
          merchant: t().merchantId,
          failedAttemptSetting: 'Standard',
          verificationSetting: 'Enforced',
          exempt3DS: false,
          __v: 0,
          customerId: userId,
        });
        expect(customer.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
        expect(customer.createdAt).toMatch(ISO_MS);
        expect(customer.bankAccounts).toHaveLength(2);
        expect(customer.bankAccounts.filter((account) => account.rtpEligible)).toHaveLength(1);
        for (const account of customer.bankAccounts) {
          expect(account.token).toMatch(UUID);
          expect(account.last4).toMatch(/^\d{4}$/);
          expect(account.routingNumber).toMatch(/^\d{9}$/);
          expect(account.alias).not.toBe('');
          expect(account.accountHash).not.toBe('');
          expect(account.reference).not.toBe('');
        }
      });

      it('is one record per user id: the same on every key, different from other customers', async () => {
        const userId = fresh();
        const first = await customerOf(userId);
        const second = await customerOf(userId);
        expect(second.customer).toEqual(first.customer);
        const other = await customerOf(fresh());
        expect(other.customer._id).not.toBe(first.customer._id);
        const tokens = first.customer.bankAccounts.map((account) => account.token);
        for (const account of other.customer.bankAccounts)
          expect(tokens).not.toContain(account.token);
      });

      it('answers 401 for a missing, garbled, foreign-signed, wrong-algorithm or other-merchant key', async () => {
        const userId = fresh();
        await sessionKey(userId);
        const missing = await fetch(url('/api/customer/v2'));
        expect((await expectError(missing, 401, 'unauthorized')).message).toMatch(
          /x-service-auth-session-key/,
        );
        await expectError(await getCustomer('not-a-jwt'), 401, 'unauthorized');
        const foreign = await sign({ customerId: userId }, 'HS256', 'another secret entirely');
        await expectError(await getCustomer(foreign), 401, 'unauthorized');
        const hs512 = await sign({ customerId: userId }, 'HS512');
        await expectError(await getCustomer(hs512), 401, 'unauthorized');
        const otherMerchant = await sign({ customerId: userId, merchantId: 'merchant_other' });
        const body = await expectError(await getCustomer(otherMerchant), 401, 'unauthorized');
        expect(body.message).toMatch(/another merchant/);
        const inAuthorization = await fetch(url('/api/customer/v2'), {
          headers: { Authorization: await sessionKey(userId) },
        });
        await expectError(inAuthorization, 401, 'unauthorized');
        // The same claims, correctly signed, are accepted: the rejections above are about the key.
        expect((await getCustomer(await sign({ customerId: userId }))).status).toBe(200);
      });

      it('answers 401 for an expired key, such as any key of a test_expired customer', async () => {
        const expiredKey = await sessionKey(fresh(MAGIC.expiredSessionKey));
        expect((decodeJwt(expiredKey).exp ?? Infinity) * 1000).toBeLessThan(Date.now());
        const body = await expectError(await getCustomer(expiredKey), 401, 'unauthorized');
        expect(body.message).toMatch(/expired/);
        const past = Math.floor(Date.now() / 1000) - 10;
        const signedExpired = await sign({ customerId: fresh(), exp: past });
        await expectError(await getCustomer(signedExpired), 401, 'unauthorized');
      });

      it('serves the magic customers', async () => {
        expect((await customerOf(fresh(MAGIC.blocked))).customer.isBlocked).not.toBe('NotBlocked');
        expect((await customerOf(fresh(MAGIC.noBankAccounts))).customer.bankAccounts).toEqual([]);
        expect(
          (await customerOf(fresh(MAGIC.chargebackProtection))).customer
            .chargebackProtectionEnabled,
        ).toBe(true);
        const declining = (await customerOf(fresh(MAGIC.declining))).customer.bankAccounts;
        expect(declining.map((account) => [account.alias, account.last4])).toEqual([
          ['Declining checking', '0002'],
          ['Sandbox checking', '6789'],
        ]);
        expect(declining[1]?.rtpEligible).toBe(true);
      });

      it('answers preflights from any origin and marks its answers, errors included, for CORS', async () => {
        const preflight = await fetch(url('/api/customer/v2'), {
          method: 'OPTIONS',
          headers: {
            Origin: 'https://shop.example',
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'x-service-auth-session-key',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
        expect(preflight.headers.get('access-control-allow-methods')).toMatch(/GET/);
        expect(preflight.headers.get('access-control-allow-headers')).toMatch(
          /x-service-auth-session-key/,
        );
        expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
        const ok = await getCustomer(await sessionKey(fresh()));
        expect(ok.headers.get('access-control-allow-origin')).toBe('*');
        const denied = await getCustomer('not-a-jwt');
        expect(denied.headers.get('access-control-allow-origin')).toBe('*');
      });
    });

    describe('GET /api/merchant/withdraws', () => {
      it("lists the merchant's withdrawals", async () => {
        const response = await fetch(url('/api/merchant/withdraws'), {
          headers: { Authorization: t().apiKey, accept: 'application/json' },
        });
        expect(response.status).toBe(200);
        expect(corsHeaderNames(response)).toEqual([]);
        const body = (await response.json()) as unknown[];
        expect(validate(withdrawalsResponseSchema, body).ok).toBe(true);
        expect(body.length).toBeGreaterThan(0);
      });

      it('answers 401 without the API key', async () => {
        const response = await fetch(url('/api/merchant/withdraws'));
        await expectError(response, 401, 'unauthorized');
      });
    });

    describe('POST /api/events', () => {
      const common = { customerId: 'payer-1', country: 'US', email: 'payer@example.com' };

      it('accepts the four payer event types with 200 {}', async () => {
        for (const event of [
          { eventType: 'SignUp', ...common, username: 'payer1', firstName: 'Pat' },
          { eventType: 'SignIn', ...common },
          { eventType: 'SignInFailure', ...common, failureReason: 'wrong password' },
          {
            eventType: 'BuyerChallenge',
            ...common,
            type: 'thirdPartyKyc',
            status: 'successfullyFulfilled',
          },
        ]) {
          const response = await postEvent(event);
          expect({ eventType: event.eventType, status: response.status }).toEqual({
            eventType: event.eventType,
            status: 200,
          });
          expect(corsHeaderNames(response)).toEqual([]);
          expect(await response.json()).toEqual({});
        }
      });

      it('answers 400 naming the missing or wrong field', async () => {
        const signUp = await expectError(
          await postEvent({ eventType: 'SignUp', customerId: 'payer-1' }),
          400,
          'invalid_request',
        );
        expect(signUp.message).toMatch(/username/);
        expect(signUp.issues?.map((issue) => issue.path)).toEqual(['username']);
        const challenge = await expectError(
          await postEvent({ eventType: 'BuyerChallenge', customerId: 'p', type: 'thirdPartyKyc' }),
          400,
          'invalid_request',
        );
        expect(challenge.message).toMatch(/status/);
        const country = await expectError(
          await postEvent({ eventType: 'SignIn', customerId: 'p', country: 'USA' }),
          400,
          'invalid_request',
        );
        expect(country.message).toMatch(/country/);
        const unknown = await expectError(
          await postEvent({ eventType: 'Purchase', customerId: 'p' }),
          400,
          'invalid_request',
        );
        expect(unknown.message).toMatch(/eventType/);
      });

      it('answers 400 for malformed JSON, an empty body and a non-JSON content type', async () => {
        const malformed = await expectError(
          await postEvent('{"eventType":'),
          400,
          'invalid_request',
        );
        expect(malformed.message).toMatch(/not valid JSON/);
        await expectError(await postEvent(''), 400, 'invalid_request');
        const text = await postEvent(JSON.stringify({ eventType: 'SignIn', customerId: 'p' }), {
          'content-type': 'text/plain',
        });
        expect((await expectError(text, 400, 'invalid_request')).message).toMatch(/content-type/);
      });

      it('answers 413 above 1 MiB and keeps serving', async () => {
        const pad = (bytes: number) => {
          const head = '{"eventType":"SignIn","customerId":"p","pad":"';
          return head + 'x'.repeat(bytes - head.length - 2) + '"}';
        };
        const atLimit = await postEvent(pad(1_048_576));
        expect(atLimit.status).toBe(200);
        await expectError(await postEvent(pad(1_048_577)), 413, 'payload_too_large');
        await expectError(await postEvent(pad(3 * 1_048_576)), 413, 'payload_too_large');
        expect((await postEvent({ eventType: 'SignIn', customerId: 'p' })).status).toBe(200);
      });

      it('answers 401 without the API key', async () => {
        const response = await postEvent(
          { eventType: 'SignIn', customerId: 'p' },
          {
            Authorization: '',
          },
        );
        await expectError(response, 401, 'unauthorized');
      });
    });

    describe('POST /api/checkout/ach/{merchantId}', () => {
      it('takes a payment from a saved bank account', async () => {
        const { key, customer } = await customerOf(fresh());
        const response = await postCheckout(key, checkoutBody(customer.bankAccounts[0]!.token));
        expect(response.status).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        const { paymentId } = (await response.json()) as { paymentId: string };
        expect(paymentId).toMatch(/^pay_\w+$/);
        const again = await postCheckout(key, checkoutBody(customer.bankAccounts[1]!.token));
        expect(((await again.json()) as { paymentId: string }).paymentId).not.toBe(paymentId);
      });

      it('answers 400 for a body nested deeper than 32 levels, and pays with one at 32', async () => {
        const { key, customer } = await customerOf(fresh());
        const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
        const withExtra = (extra: string) =>
          JSON.stringify(
            checkoutBody(customer.bankAccounts[0]!.token, {
              webhookInfo: { itemName: 'Gem pack', price: '19.99', quantity: 1, extra: 0 },
            }),
          ).replace('"extra":0', `"extra":${extra}`);
        const deep = await postCheckout(key, withExtra(nested(20_000)));
        expect(deep.headers.get('access-control-allow-origin')).toBe('*');
        expect((await expectError(deep, 400, 'invalid_request')).message).toMatch(/32 levels/);
        // The body itself and webhookInfo take two levels, the extra field the other 30.
        expect((await postCheckout(key, withExtra(nested(30)))).status).toBe(200);
        await expectError(await postCheckout(key, withExtra(nested(31))), 400, 'invalid_request');
      });

      it('answers 401 without a session key and 403 for another merchant', async () => {
        const { key, customer } = await customerOf(fresh());
        const body = checkoutBody(customer.bankAccounts[0]!.token);
        await expectError(await postCheckout(undefined, body), 401, 'unauthorized');
        const forbidden = await postCheckout(key, body, {}, 'merchant_other');
        expect(forbidden.headers.get('access-control-allow-origin')).toBe('*');
        await expectError(forbidden, 403, 'forbidden');
      });

      it('answers 400 naming each invalid field', async () => {
        const { key, customer } = await customerOf(fresh());
        const token = customer.bankAccounts[0]!.token;
        const zero = await postCheckout(
          key,
          checkoutBody(token, { subtotal: { cents: 0, currency: 'USD' } }),
        );
        expect((await expectError(zero, 400, 'invalid_request')).message).toMatch(
          /subtotal\.cents/,
        );
        const fraction = await postCheckout(
          key,
          checkoutBody(token, { subtotal: { cents: 19.5, currency: 'USD' } }),
        );
        expect((await expectError(fraction, 400, 'invalid_request')).message).toMatch(
          /subtotal\.cents/,
        );
        const product = await postCheckout(
          key,
          checkoutBody(token, {
            chargebackProtectionData: [{ ...productData[0], productType: 'spaceship' }],
          }),
          { 'x-device-id': 'device-1' },
        );
        expect((await expectError(product, 400, 'invalid_request')).message).toMatch(
          /chargebackProtectionData\.0\.productType/,
        );
        const settlement = await postCheckout(key, checkoutBody(token, { settlementType: 'BTC' }));
        expect((await expectError(settlement, 400, 'invalid_request')).message).toMatch(
          /settlementType/,
        );
        const malformed = await postCheckout(key, '{"subtotal":');
        await expectError(malformed, 400, 'invalid_request');
      });

      it('accepts every productType on the accepted list', async () => {
        const { key, customer } = await customerOf(fresh());
        const response = await postCheckout(
          key,
          checkoutBody(customer.bankAccounts[0]!.token, {
            chargebackProtectionData: PRODUCT_TYPES.map((productType) => ({
              ...productData[0],
              productType,
            })),
          }),
          { 'x-device-id': 'device-1' },
        );
        expect(response.status).toBe(200);
      });

      it('answers 423 for a blocked customer and 451 for one who needs verification', async () => {
        const blocked = await customerOf(fresh(MAGIC.blocked));
        const response = await postCheckout(
          blocked.key,
          checkoutBody(blocked.customer.bankAccounts[0]!.token),
        );
        expect((await expectError(response, 423, 'customer_blocked')).message).toMatch(/blocked/);
        const verify = await customerOf(fresh(MAGIC.needsVerification));
        const unverified = await postCheckout(
          verify.key,
          checkoutBody(verify.customer.bankAccounts[0]!.token),
        );
        await expectError(unverified, 451, 'verification_required');
      });

      it('requires x-device-id with chargeback protection on or chargebackProtectionData sent', async () => {
        const protectedCustomer = await customerOf(fresh(MAGIC.chargebackProtection));
        const body = checkoutBody(protectedCustomer.customer.bankAccounts[0]!.token);
        const missing = await postCheckout(protectedCustomer.key, body);
        expect((await expectError(missing, 400, 'invalid_request')).message).toMatch(/x-device-id/);
        const withDevice = await postCheckout(protectedCustomer.key, body, {
          'x-device-id': 'device-1',
        });
        expect(withDevice.status).toBe(200);

        const ordinary = await customerOf(fresh());
        const withData = checkoutBody(ordinary.customer.bankAccounts[0]!.token, {
          chargebackProtectionData: productData,
        });
        const noDevice = await postCheckout(ordinary.key, withData);
        expect((await expectError(noDevice, 400, 'invalid_request')).message).toMatch(
          /x-device-id/,
        );
        expect((await postCheckout(ordinary.key, withData, { 'x-device-id': 'd' })).status).toBe(
          200,
        );
        expect(
          (await postCheckout(ordinary.key, checkoutBody(ordinary.customer.bankAccounts[0]!.token)))
            .status,
        ).toBe(200);
      });

      it("answers 400 for a bank token that is not the customer's", async () => {
        const payer = await customerOf(fresh());
        const stranger = await customerOf(fresh());
        const response = await postCheckout(
          payer.key,
          checkoutBody(stranger.customer.bankAccounts[0]!.token),
        );
        const body = await expectError(response, 400, 'invalid_request');
        expect(body.issues?.map((issue) => issue.path)).toEqual(['token']);
        const none = await customerOf(fresh(MAGIC.noBankAccounts));
        const noAccount = await postCheckout(none.key, checkoutBody(crypto.randomUUID()));
        await expectError(noAccount, 400, 'invalid_request');
      });

      it('answers 402 from the declining account and pays from the other one', async () => {
        const { key, customer } = await customerOf(fresh(MAGIC.declining));
        const [declining, good] = customer.bankAccounts;
        const declined = await postCheckout(key, checkoutBody(declining!.token));
        expect(declined.headers.get('access-control-allow-origin')).toBe('*');
        await expectError(declined, 402, 'payment_declined');
        expect((await postCheckout(key, checkoutBody(good!.token))).status).toBe(200);
      });

      it('checks in order: session key, merchant, body, customer state, device id, token', async () => {
        const blocked = await customerOf(fresh(MAGIC.blocked));
        const bad = { subtotal: { cents: -1, currency: 'USD' } };
        await expectError(
          await postCheckout(undefined, bad, {}, 'merchant_other'),
          401,
          'unauthorized',
        );
        await expectError(
          await postCheckout(blocked.key, bad, {}, 'merchant_other'),
          403,
          'forbidden',
        );
        await expectError(await postCheckout(blocked.key, bad), 400, 'invalid_request');
        const foreignToken = checkoutBody(crypto.randomUUID(), {
          chargebackProtectionData: productData,
        });
        await expectError(await postCheckout(blocked.key, foreignToken), 423, 'customer_blocked');
        const ordinary = await customerOf(fresh());
        const noDevice = await expectError(
          await postCheckout(ordinary.key, foreignToken),
          400,
          'invalid_request',
        );
        expect(noDevice.message).toMatch(/x-device-id/);
        const wrongToken = await postCheckout(ordinary.key, foreignToken, { 'x-device-id': 'd' });
        expect((await expectError(wrongToken, 400, 'invalid_request')).issues?.[0]?.path).toBe(
          'token',
        );
      });

      it('honours Idempotency-Key: same body same payment, another body 409', async () => {
        const { key, customer } = await customerOf(fresh());
        const token = customer.bankAccounts[0]!.token;
        const idempotencyKey = crypto.randomUUID();
        const headers = { 'Idempotency-Key': idempotencyKey };
        const first = await postCheckout(key, checkoutBody(token), headers);
        expect(first.status).toBe(200);
        const { paymentId, createdAt } = (await first.json()) as {
          paymentId: string;
          createdAt: string;
        };
        expect(createdAt).toMatch(ISO_MS);
        const replay = await postCheckout(key, checkoutBody(token), headers);
        expect(replay.status).toBe(200);
        expect(await replay.json()).toEqual({ paymentId, createdAt });
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        const changed = await postCheckout(
          key,
          checkoutBody(token, { subtotal: { cents: 2999, currency: 'USD' } }),
          headers,
        );
        const conflict = await expectError(changed, 409, 'conflict');
        expect(conflict.message).toMatch(/Idempotency-Key/);
        const newKey = await postCheckout(key, checkoutBody(token), {
          'Idempotency-Key': crypto.randomUUID(),
        });
        expect(((await newKey.json()) as { paymentId: string }).paymentId).not.toBe(paymentId);
      });

      it('gives concurrent retries with one Idempotency-Key one payment', async () => {
        const { key, customer } = await customerOf(fresh());
        const headers = { 'Idempotency-Key': crypto.randomUUID() };
        const body = checkoutBody(customer.bankAccounts[0]!.token);
        const responses = await Promise.all(
          Array.from({ length: 10 }, () => postCheckout(key, body, headers)),
        );
        const ids = await Promise.all(
          responses.map(async (response) => {
            expect(response.status).toBe(200);
            return ((await response.json()) as { paymentId: string }).paymentId;
          }),
        );
        expect(new Set(ids).size).toBe(1);
      });

      it('answers preflights with every header a storefront sends', async () => {
        const preflight = await fetch(url(`/api/checkout/ach/${t().merchantId}`), {
          method: 'OPTIONS',
          headers: {
            Origin: 'https://shop.example',
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers':
              'content-type,x-service-auth-session-key,x-device-id,idempotency-key',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
        expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
        const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
          .split(',')
          .map((name) => name.trim().toLowerCase());
        expect(allowed).toEqual(
          expect.arrayContaining([
            'content-type',
            'x-service-auth-session-key',
            'x-device-id',
            'idempotency-key',
          ]),
        );
        expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      });
    });

    describe('routing and the device script', () => {
      it('answers 404 for unknown routes and 405 for a wrong method', async () => {
        const missing = await fetch(url('/api/customers'));
        expect((await expectError(missing, 404, 'not_found')).message).toMatch(/\/api\/customers/);
        const wrongMethod = await fetch(url('/api/events'), {
          method: 'GET',
          headers: { Authorization: t().apiKey },
        });
        await expectError(wrongMethod, 405, 'method_not_allowed');
        expect(wrongMethod.headers.get('allow')).toBe('POST');
      });

      it('answers malformed paths with 400 or 404, before any credential check, with the route’s CORS headers', async () => {
        for (const merchantId of ['%', '%E0%A4%A']) {
          const response = await postCheckout(undefined, {}, {}, merchantId);
          const body = await expectError(response, 400, 'invalid_request');
          expect(body.message).toMatch(/percent-encoding/);
          expect(response.headers.get('access-control-allow-origin')).toBe('*');
        }
        for (const path of ['//', '//api/events', '/api//events', '/%']) {
          const response = await fetch(url(path), { headers: { Authorization: t().apiKey } });
          await expectError(response, 404, 'not_found');
          expect(corsHeaderNames(response)).toEqual([]);
        }
      });

      it('serves the device-fingerprint script', async () => {
        const response = await fetch(url('/chargeback/device.js'));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
        expect(await response.text()).toMatch(/window\.ServiceDeviceFingerprint\s*=/);
      });
    });

    describe('signed checkouts, payments and webhooks', () => {
      const signCheckout = (body: unknown) =>
        fetch(url('/api/checkout/jwt-token'), {
          method: 'POST',
          headers: { Authorization: t().apiKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const purchase = () => {
        const { token: _token, ...rest } = checkoutBody('');
        return rest;
      };

      it('signs a checkout token; a purchase with it pays the signed amount, once', async () => {
        const userId = fresh();
        const signed = await signCheckout({ ...purchase(), customerId: userId });
        expect(signed.status).toBe(200);
        const { checkoutJwtToken } = (await signed.json()) as { checkoutJwtToken: string };
        expect(decodeJwt(checkoutJwtToken)).toMatchObject({
          merchantId: t().merchantId,
          customerId: userId,
          subtotal: { cents: 1999 },
        });
        const { key, customer } = await customerOf(userId);
        const token = customer.bankAccounts[0]!.token;
        const paid = await postCheckout(key, { token, jwtToken: checkoutJwtToken });
        expect(paid.status).toBe(200);
        const again = await postCheckout(key, { token, jwtToken: checkoutJwtToken });
        await expectError(again, 409, 'conflict');
        const tampered = await postCheckout(key, {
          token,
          jwtToken: checkoutJwtToken,
          subtotal: { cents: 1, currency: 'USD' },
        });
        const problem = await expectError(tampered, 400, 'invalid_request');
        expect(problem.message).toContain('subtotal');
      });

      it("shows the merchant a payment, pending at first, and only the merchant's", async () => {
        const { key, customer } = await customerOf(fresh());
        const paid = await postCheckout(key, checkoutBody(customer.bankAccounts[0]!.token));
        const { paymentId } = (await paid.json()) as { paymentId: string };
        const lookup = await fetch(url(`/api/merchant/payments/${paymentId}`), {
          headers: { Authorization: t().apiKey },
        });
        expect(lookup.status).toBe(200);
        const { payment } = (await lookup.json()) as { payment: Record<string, unknown> };
        expect(payment).toMatchObject({ paymentId, status: 'pending', subtotal: { cents: 1999 } });
        expect(payment.createdAt).toMatch(ISO_MS);
        const missing = await fetch(url('/api/merchant/payments/pay_nope'), {
          headers: { Authorization: t().apiKey },
        });
        await expectError(missing, 404, 'not_found');
        const anonymous = await fetch(url(`/api/merchant/payments/${paymentId}`));
        await expectError(anonymous, 401, 'unauthorized');
      });

      it('keeps the debit authorization: whole for the merchant, its digest in webhooks and the feed', async () => {
        const authorization = {
          text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99 from Sandbox checking ••6789.',
          acceptedAt: new Date().toISOString(),
          locale: 'en-US',
        };
        const userAgent = 'Checkout conformance (test)';
        const { key, customer } = await customerOf(fresh());
        const paid = await postCheckout(
          key,
          checkoutBody(customer.bankAccounts[0]!.token, { authorization }),
          { 'user-agent': userAgent },
        );
        expect(paid.status).toBe(200);
        const { paymentId, createdAt } = (await paid.json()) as {
          paymentId: string;
          createdAt: string;
        };
        const payment = await paymentOf(paymentId);
        expect(payment.createdAt).toBe(createdAt);
        const textSha256 = await sha256Hex(authorization.text);
        expect(payment.authorization).toEqual({
          ...authorization,
          textSha256,
          recordedAt: createdAt,
          remoteAddress: t().remoteAddress,
          userAgent,
        });
        const summary = { textSha256, acceptedAt: authorization.acceptedAt };
        const delivered = () =>
          t()
            .webhooks.received()
            .find((hook) => hook.body.includes(paymentId));
        await expect.poll(delivered, { timeout: 5_000 }).toBeDefined();
        const event = JSON.parse(delivered()!.body) as { data: Payment };
        expect(event.data.authorization).toEqual(summary);
        const events: { id: string; data: Payment }[] = [];
        for (let hasMore = true; hasMore;) {
          const after = events.at(-1)?.id;
          const feed = await fetch(url(`/api/merchant/events${after ? `?after=${after}` : ''}`), {
            headers: apiKeyHeaders({}),
          });
          const page = (await feed.json()) as { events: typeof events; hasMore: boolean };
          events.push(...page.events);
          hasMore = page.hasMore;
        }
        const mine = events.filter((logged) => logged.data.paymentId === paymentId);
        expect(mine.map((logged) => logged.data.authorization)).toEqual([summary]);
      });

      it('delivers the payment as a signed webhook', async () => {
        const { key, customer } = await customerOf(fresh());
        const paid = await postCheckout(key, checkoutBody(customer.bankAccounts[0]!.token));
        const { paymentId } = (await paid.json()) as { paymentId: string };
        const delivered = () =>
          t()
            .webhooks.received()
            .find((hook) => hook.body.includes(paymentId));
        await expect.poll(delivered, { timeout: 5_000 }).toBeDefined();
        const hook = delivered()!;
        const event = JSON.parse(hook.body) as { id: string; eventType: string; data: unknown };
        expect(event).toMatchObject({ eventType: 'ACH Initiated', data: { paymentId } });
        expect(event.id).toMatch(/^evt_/);
        const [, time, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.signature ?? '') ?? [];
        expect(await signatureMatches(webhookKey(), Number(time), hook.body, mac ?? '')).toBe(true);
      });
    });

    describe("the sandbox's clock (GET and POST /api/sandbox/clock)", () => {
      it('tells the time, and moves it forward after running what became due', async () => {
        const before = await readClock();
        expect(before.status).toBe(200);
        expect(corsHeaderNames(before)).toEqual([]);
        const { now } = (await before.json()) as { now: string };
        expect(now).toMatch(ISO_MS);
        const paymentId = await pay();
        const moved = Date.parse(await advanceClock(step()));
        expect(moved).toBeGreaterThanOrEqual(Date.parse(now) + step());
        // The payment's first step was due once the clock moved, and ran before the answer.
        expect((await paymentOf(paymentId)).status).toBe('batched');
      });

      it('answers 400 for anything but 1 ms to 400 days forward, and 401 without the API key', async () => {
        for (const advanceMs of [0, -1_000, 1.5, '1000', null, 400 * 86_400_000 + 1]) {
          const refused = await moveClock({ advanceMs });
          expect((await expectError(refused, 400, 'invalid_request')).message).toMatch(/advanceMs/);
        }
        await expectError(await moveClock({}), 400, 'invalid_request');
        await expectError(await moveClock('{"advanceMs":'), 400, 'invalid_request');
        const anonymous = await fetch(url('/api/sandbox/clock'));
        await expectError(anonymous, 401, 'unauthorized');
        await expectError(
          await moveClock({ advanceMs: 1 }, { Authorization: '' }),
          401,
          'unauthorized',
        );
      });
    });

    describe('POST /api/merchant/payments/{paymentId}/refund', () => {
      it('cancels a pending payment: it is refunded at once and never batches or settles', async () => {
        const paymentId = await pay();
        const response = await refund(paymentId);
        expect(response.status).toBe(200);
        expect(corsHeaderNames(response)).toEqual([]);
        expect(response.headers.get('idempotent-replayed')).toBeNull();
        const { payment } = await refundedPayment(response);
        expect(payment).toMatchObject({ paymentId, status: 'refunded', subtotal: { cents: 1999 } });
        expect(payment.refundedAt).toMatch(ISO_MS);
        expect(payment.updatedAt).toBe(payment.refundedAt);
        expect(Date.parse(payment.refundedAt!)).toBeGreaterThanOrEqual(
          Date.parse(payment.createdAt),
        );

        await advanceClock(3 * step());
        expect(await paymentOf(paymentId)).toEqual(payment);
        expect(eventTypesFor(paymentId)).toEqual(['ACH Initiated', 'Refunded']);
      });

      it('cancels a batched payment: it never settles', async () => {
        const paymentId = await pay();
        await advanceClock(step());
        expect((await paymentOf(paymentId)).status).toBe('batched');
        const { payment } = await refundedPayment(await refund(paymentId));
        expect(payment.status).toBe('refunded');

        await advanceClock(2 * step());
        expect(await paymentOf(paymentId)).toEqual(payment);
        expect(eventTypesFor(paymentId)).toEqual(['ACH Batched', 'ACH Initiated', 'Refunded']);
      });

      it('credits back a settled payment and delivers a signed Refunded event', async () => {
        const paymentId = await pay();
        await advanceClock(2 * step());
        expect((await paymentOf(paymentId)).status).toBe('settled');
        const { payment } = await refundedPayment(await refund(paymentId));
        expect(payment).toMatchObject({ paymentId, status: 'refunded' });

        const delivered = () =>
          t()
            .webhooks.received()
            .find((hook) => hook.body.includes(paymentId) && hook.body.includes('"Refunded"'));
        await expect.poll(delivered, { timeout: 5_000 }).toBeDefined();
        const hook = delivered()!;
        const event = JSON.parse(hook.body) as { id: string; created: string; data: unknown };
        expect(event).toMatchObject({ eventType: 'Refunded', created: payment.refundedAt });
        expect(event.id).toMatch(/^evt_/);
        expect(event.data).toEqual(payment);
        const [, time, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.signature ?? '') ?? [];
        expect(await signatureMatches(webhookKey(), Number(time), hook.body, mac ?? '')).toBe(true);
        expect(eventTypesFor(paymentId)).toEqual([
          'ACH Batched',
          'ACH Initiated',
          'Refunded',
          'Settled',
        ]);
      });

      it('answers 409 conflict saying why for a returned, failed or refunded payment', async () => {
        const returned = await pay(MAGIC_AMOUNTS.returned);
        const failed = await pay(MAGIC_AMOUNTS.fails);
        const refunded = await pay(MAGIC_AMOUNTS.staysPending);
        await advanceClock(2 * step());
        expect((await refund(refunded)).status).toBe(200);
        for (const [paymentId, status, why] of [
          [returned, 'returned', /returned/],
          [failed, 'failed', /failed/],
          [refunded, 'refunded', /already refunded/],
        ] as const) {
          const before = await paymentOf(paymentId);
          expect(before.status).toBe(status);
          const body = await expectError(await refund(paymentId), 409, 'conflict');
          expect(body.message).toMatch(why);
          expect(body.message).toContain(paymentId);
          expect(await paymentOf(paymentId)).toEqual(before);
        }
      });

      it("answers 404 for an unknown payment and another merchant's, 401 without the API key", async () => {
        const elsewhere = createSandbox({ merchantId: `${t().merchantId}_elsewhere` });
        const theirs = await payAt(elsewhere);
        for (const paymentId of [theirs, 'pay_nope']) {
          const body = await expectError(await refund(paymentId), 404, 'not_found');
          expect(body.message).toContain(paymentId);
        }
        expect(elsewhere.payments[0]?.status).not.toBe('refunded');
        const mine = await pay();
        await expectError(await refund(mine, { Authorization: '' }), 401, 'unauthorized');
        await expectError(await refund(mine, { Authorization: 'sk_wrong' }), 401, 'unauthorized');
        expect((await paymentOf(mine)).status).toBe('pending');
      });

      it('honours Idempotency-Key: a replay answers the same refund, another payment with the key is 409', async () => {
        const paymentId = await pay(MAGIC_AMOUNTS.staysPending);
        const headers = { 'Idempotency-Key': crypto.randomUUID() };
        const first = await refundedPayment(await refund(paymentId, headers));
        const replay = await refund(paymentId, headers);
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect(await refundedPayment(replay)).toEqual(first);
        const concurrent = await Promise.all(
          Array.from({ length: 5 }, () => refund(paymentId, headers)),
        );
        for (const response of concurrent) expect(await refundedPayment(response)).toEqual(first);

        const other = await pay(MAGIC_AMOUNTS.staysPending);
        const conflict = await expectError(await refund(other, headers), 409, 'conflict');
        expect(conflict.message).toMatch(/Idempotency-Key/);
        expect((await paymentOf(other)).status).toBe('pending');
        const freshKey = { 'Idempotency-Key': crypto.randomUUID() };
        expect((await refundedPayment(await refund(other, freshKey))).payment.status).toBe(
          'refunded',
        );
        // Deliveries that were due have run once the clock's answer comes: one refund, one event.
        await advanceClock(1);
        expect(eventTypesFor(paymentId)).toEqual(['ACH Initiated', 'Refunded']);
      });

      it('concurrent refunds of one payment without a key: one refunds, the rest are 409', async () => {
        const paymentId = await pay(MAGIC_AMOUNTS.staysPending);
        const responses = await Promise.all(Array.from({ length: 5 }, () => refund(paymentId)));
        expect(responses.map((response) => response.status).sort()).toEqual([
          200, 409, 409, 409, 409,
        ]);
        await advanceClock(1);
        expect(eventTypesFor(paymentId)).toEqual(['ACH Initiated', 'Refunded']);
      });

      it('answers 400 for a body with fields, since a refund is of the whole payment', async () => {
        const paymentId = await pay(MAGIC_AMOUNTS.staysPending);
        const partial = await refund(paymentId, {}, { amount: { cents: 500, currency: 'USD' } });
        const body = await expectError(partial, 400, 'invalid_request');
        expect(body.issues?.map((issue) => issue.path)).toEqual(['amount']);
        expect(body.message).toMatch(/whole payment/);
        await expectError(await refund(paymentId, {}, '{"amount":'), 400, 'invalid_request');
        await expectError(
          await refund(paymentId, { 'Idempotency-Key': '' }),
          400,
          'invalid_request',
        );
        expect((await paymentOf(paymentId)).status).toBe('pending');
        expect((await refundedPayment(await refund(paymentId, {}, {}))).payment.status).toBe(
          'refunded',
        );
      });
    });

    describe('late returns', () => {
      it('returns a 1010 payment with R10 ten days after it settled, on the clock over HTTP', async () => {
        const paymentId = await pay(MAGIC_AMOUNTS.returnedAfterSettling);
        await advanceClock(2 * step());
        const settled = await paymentOf(paymentId);
        expect(settled.status).toBe('settled');
        expect(settled.settledAt).toMatch(ISO_MS);
        // A minute short of ten days: the real time that passes meanwhile is far less.
        await advanceClock(LATE_RETURN_DELAY_MS - 60_000);
        expect(await paymentOf(paymentId)).toEqual(settled);
        await advanceClock(60_000);
        const returned = await paymentOf(paymentId);
        expect(returned).toMatchObject({
          status: 'returned',
          returnCode: 'R10',
          settledAt: settled.settledAt,
          returnedAt: new Date(Date.parse(settled.settledAt!) + LATE_RETURN_DELAY_MS).toISOString(),
        });
        expect(returned.updatedAt).toBe(returned.returnedAt);

        const delivered = () =>
          t()
            .webhooks.received()
            .find((hook) => hook.body.includes(paymentId) && hook.body.includes('"ACH Returned"'));
        await expect.poll(delivered, { timeout: 5_000 }).toBeDefined();
        const event = JSON.parse(delivered()!.body) as { created: string; data: unknown };
        expect(event).toEqual(expect.objectContaining({ created: returned.returnedAt }));
        expect(event.data).toEqual(returned);
        expect(eventTypesFor(paymentId)).toEqual([
          'ACH Batched',
          'ACH Initiated',
          'ACH Returned',
          'Settled',
        ]);
        // A returned payment has nothing to refund.
        await expectError(await refund(paymentId), 409, 'conflict');
      });
    });

    describe('GET /api/merchant/events', () => {
      interface FeedEvent {
        id: string;
        eventType: string;
        created: string;
        data: { paymentId?: string };
      }
      const listEvents = (query = '', headers: Record<string, string> = {}) =>
        fetch(url(`/api/merchant/events${query}`), { headers: apiKeyHeaders(headers) });

      async function eventsPage(query = ''): Promise<{ events: FeedEvent[]; hasMore: boolean }> {
        const response = await listEvents(query);
        const text = await response.text();
        expect({ status: response.status, text }).toMatchObject({ status: 200 });
        expect(corsHeaderNames(response)).toEqual([]);
        const parsed = validate(eventsPageSchema, JSON.parse(text));
        if (!parsed.ok) throw new Error(`not a page of events: ${text}`);
        return parsed.value as { events: FeedEvent[]; hasMore: boolean };
      }

      /** Every event, page after page from the first. */
      async function allEvents(limit = 100): Promise<FeedEvent[]> {
        const events: FeedEvent[] = [];
        for (let page = await eventsPage(`?limit=${limit}`); ;) {
          expect(page.events.length).toBeLessThanOrEqual(limit);
          events.push(...page.events);
          if (!page.hasMore) return events;
          page = await eventsPage(`?after=${page.events.at(-1)!.id}&limit=${limit}`);
        }
      }

      it('lists the events its webhooks carry, same ids and bodies, oldest first, page after page', async () => {
        const before = await allEvents();
        const paymentId = await pay();
        await advanceClock(2 * step());
        const events = await allEvents();
        expect(events.slice(0, before.length)).toEqual(before);
        expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
        const mine = events.filter((event) => event.data.paymentId === paymentId);
        expect(mine.map((event) => event.eventType)).toEqual([
          'ACH Initiated',
          'ACH Batched',
          'Settled',
        ]);
        // The same events as the webhooks delivered, to the byte of their JSON.
        const deliveredOf = () =>
          t()
            .webhooks.received()
            .map((hook) => JSON.parse(hook.body) as FeedEvent)
            .filter((event) => event.data.paymentId === paymentId);
        await expect.poll(() => deliveredOf().length, { timeout: 5_000 }).toBe(3);
        const byId = (list: FeedEvent[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
        expect(byId(deliveredOf())).toEqual(byId(mine));

        // Smaller pages walk the same list.
        expect(await allEvents(7)).toEqual(events);
        const firstThree = await eventsPage('?limit=3');
        expect(firstThree).toEqual({ events: events.slice(0, 3), hasMore: events.length > 3 });
        const cursor = events.indexOf(mine[0]!);
        const after = await eventsPage(`?after=${mine[0]!.id}&limit=2`);
        expect(after.events).toEqual(events.slice(cursor + 1, cursor + 3));
        const last = events.at(-1)!.id;
        expect(await eventsPage(`?after=${last}`)).toEqual({ events: [], hasMore: false });
      });

      it('answers 400 naming after or limit for an unknown cursor or a limit outside 1 to 100', async () => {
        await pay();
        for (const limit of ['0', '101', '2.5', '-3', 'all', '']) {
          const body = await expectError(
            await listEvents(`?limit=${encodeURIComponent(limit)}`),
            400,
            'invalid_request',
          );
          expect(body.issues?.map((issue) => issue.path)).toEqual(['limit']);
          expect(body.message).toMatch(/limit/);
        }
        for (const after of ['evt_0000000000000000000000', '']) {
          const body = await expectError(
            await listEvents(`?after=${after}`),
            400,
            'invalid_request',
          );
          expect(body.issues?.map((issue) => issue.path)).toEqual(['after']);
          expect(body.message).toMatch(/after/);
        }
        await expectError(await listEvents('', { Authorization: '' }), 401, 'unauthorized');
        await expectError(
          await listEvents('', { Authorization: 'sk_sandbox_wrong_key_000' }),
          401,
          'unauthorized',
        );
      });

      it("shows none of another merchant's events, and refuses their ids as a cursor", async () => {
        const elsewhere = createSandbox({ merchantId: `${t().merchantId}_elsewhere` });
        await payAt(elsewhere);
        const theirs = (await (
          await elsewhere.handle(
            new Request('http://sandbox.test/api/merchant/events', {
              headers: { Authorization: elsewhere.apiKey },
            }),
          )
        ).json()) as { events: FeedEvent[] };
        expect(theirs.events.map((event) => event.eventType)).toEqual(['ACH Initiated']);
        const theirId = theirs.events[0]!.id;
        expect((await allEvents()).map((event) => event.id)).not.toContain(theirId);
        const body = await expectError(
          await listEvents(`?after=${theirId}`),
          400,
          'invalid_request',
        );
        expect(body.issues?.map((issue) => issue.path)).toEqual(['after']);
      });
    });

    describe('concurrency', () => {
      it('makes exactly one customer from 40 parallel first requests', async () => {
        const userId = fresh('concurrent');
        const responses = await Promise.all(
          Array.from({ length: 40 }, () => getSessionKey(userId)),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(40).fill(200));
        const keys = await Promise.all(
          responses.map(async (response) => ((await response.json()) as { key: string }).key),
        );
        const customers = await Promise.all(
          keys.map(
            async (key) =>
              ((await (await getCustomer(key)).json()) as { customer: Customer }).customer,
          ),
        );
        expect(new Set(customers.map((customer) => customer._id)).size).toBe(1);
        expect(new Set(customers.map((customer) => JSON.stringify(customer))).size).toBe(1);
      });
    });

    // Last: it moves the sandbox's clock a day, and the key every later delivery is signed with.
    describe('POST /api/merchant/webhook-key/roll', () => {
      const roll = (headers: Record<string, string> = {}) =>
        fetch(url('/api/merchant/webhook-key/roll'), {
          method: 'POST',
          headers: apiKeyHeaders(headers),
        });

      it('answers 401 without the API key, and the key stays', async () => {
        await expectError(await roll({ Authorization: '' }), 401, 'unauthorized');
        await expectError(
          await roll({ Authorization: 'sk_sandbox_wrong_key_000' }),
          401,
          'unauthorized',
        );
        const paymentId = await pay(MAGIC_AMOUNTS.staysPending);
        const hook = await deliveryOf(paymentId);
        expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(await verifiesUnder(hook, webhookKey())).toBe(true);
      });

      it('signs every delivery with the old and the new key for 24 hours, then with the new one only', async () => {
        const oldKey = webhookKey();
        const rolled = await roll();
        expect(rolled.status).toBe(200);
        expect(corsHeaderNames(rolled)).toEqual([]);
        const parsed = validate(webhookKeyRollResponseSchema, await rolled.json());
        if (!parsed.ok) throw new Error('not a rolled key');
        const newKey = parsed.value.key;
        expect(newKey).not.toBe(oldKey);
        rolledWebhookKey = newKey;

        /** A new payment's first delivery: how many signatures, and which key verifies it. */
        async function signedWith() {
          const hook = await deliveryOf(await pay(MAGIC_AMOUNTS.staysPending));
          return {
            v1: hook.signature?.match(/v1=/g)?.length,
            old: await verifiesUnder(hook, oldKey),
            new: await verifiesUnder(hook, newKey),
          };
        }
        expect(await signedWith()).toEqual({ v1: 2, old: true, new: true });
        // A minute short of a day: the real time that passes meanwhile is far less.
        await advanceClock(86_400_000 - 60_000);
        expect(await signedWith()).toEqual({ v1: 2, old: true, new: true });
        await advanceClock(60_000);
        expect(await signedWith()).toEqual({ v1: 1, old: false, new: true });
      });

      it('GET /api/merchant/webhook-key gives back the keys in force, for a roll whose answer was lost', async () => {
        const read = (headers: Record<string, string> = {}) =>
          fetch(url('/api/merchant/webhook-key'), { headers: apiKeyHeaders(headers) });
        await expectError(await read({ Authorization: '' }), 401, 'unauthorized');
        const before = (await (await read()).json()) as { keys: unknown[] };
        const { now: rolledAt } = (await (await readClock()).json()) as { now: string };
        // The roll's answer never arrives: the merchant has only what it reads back.
        await roll();
        const answer = await read();
        expect(answer.status).toBe(200);
        expect(corsHeaderNames(answer)).toEqual([]);
        const { keys } = (await answer.json()) as {
          keys: { key: string; createdAt: string | null; endsAt: string | null }[];
        };
        expect(keys).toHaveLength(2);
        const [current, previous] = keys;
        expect(current).toMatchObject({ endsAt: null, createdAt: expect.stringMatching(ISO_MS) });
        expect(previous!.key).toBe((before.keys[0] as { key: string }).key);
        expect(Date.parse(previous!.endsAt!) - Date.parse(rolledAt)).toBeGreaterThanOrEqual(
          86_400_000,
        );
        rolledWebhookKey = current!.key;
        const hook = await deliveryOf(await pay(MAGIC_AMOUNTS.staysPending));
        expect(await verifiesUnder(hook, current!.key)).toBe(true);
        // Once the replaced key has stopped signing, it is no longer in force.
        await advanceClock(86_400_000);
        expect(((await (await read()).json()) as { keys: unknown[] }).keys).toEqual([current]);
      });

      /** The first webhook that carried this payment. */
      async function deliveryOf(paymentId: string) {
        const delivered = () =>
          t()
            .webhooks.received()
            .find((hook) => hook.body.includes(paymentId));
        await expect.poll(delivered, { timeout: 5_000 }).toBeDefined();
        return delivered()!;
      }

      /** Whether verifyWebhook takes the delivery under `key`, at the sandbox's time. */
      async function verifiesUnder(
        hook: { body: string; signature: string | null },
        key: string,
      ): Promise<boolean> {
        const { now } = (await (await readClock()).json()) as { now: string };
        return verifyWebhook(hook.body, hook.signature, key, { now: () => Date.parse(now) }).then(
          () => true,
          () => false,
        );
      }
    });
  });
}
