// Random requests against the sandbox's handler: whatever arrives, the answer is never a 5xx or
// a stack trace, and the sandbox keeps serving. Most requests are nearly right (a purchase or a
// payer event with a few parts replaced), so they reach the code behind the credential checks.
// fast-check prints the seed and the smallest failing request; FUZZ_SEED=<seed> replays a run
// and FUZZ_RUNS=<n> makes it longer.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCKCHAINS } from '../../src/core/headers.js';
import { PRODUCT_TYPES } from '../../src/core/schemas.js';
import { createSandbox, MAGIC } from '../../src/sandbox/index.js';
import { checkoutBody } from './conformance.js';

const BASE = 'http://sandbox.test';
const unexpected: unknown[] = [];
const sandbox = createSandbox({
  jwtSecret: 'fuzz secret',
  onError: (error) => unexpected.push(error),
  // Deliveries name the events, so that pages of events can start after a real one.
  webhookUrl: 'https://merchant.test/webhooks',
  webhookFetch: async () => new Response('ok'),
});

// Stand-ins in generated requests, replaced once the real values exist.
const SESSION_KEY = 'SESSION_KEY';
const BANK_TOKEN = 'BANK_TOKEN';
const CHECKOUT_TOKEN = 'CHECKOUT_TOKEN';
/** The newest payment's id, so that refunds reach past the lookup. */
const PAYMENT_ID = 'PAYMENT_ID';
/** The newest event's id, so that pages of events reach past the cursor's lookup. */
const EVENT_ID = 'EVENT_ID';
let sessionKey = '';
let bankToken = '';
let checkoutToken = '';

beforeAll(async () => {
  sessionKey = await sandbox.mintSessionKey('fuzz-payer');
  const response = await sandbox.handle(
    new Request(`${BASE}/api/customer/v2`, {
      headers: { 'x-service-auth-session-key': sessionKey },
    }),
  );
  const { customer } = (await response.json()) as {
    customer: { bankAccounts: { token: string }[] };
  };
  bankToken = customer.bankAccounts[0]!.token;
  const { subtotal, webhookInfo, email } = checkoutBody(bankToken);
  checkoutToken = await sandbox.mintCheckoutToken({
    subtotal,
    settlementType: 'USDC',
    webhookInfo,
    email,
  });
});

// ---- Parts of a request -----------------------------------------------------------------------

/** Mostly the right value, sometimes anything the other arbitrary makes. */
function mostly<T>(right: T, other: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(right) }, { weight: 1, arbitrary: other });
}

// fetch's Request refuses CONNECT, TRACE and TRACK, so no transport can deliver them.
const method = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  fc.stringMatching(/^[A-Za-z]{1,8}$/).filter((name) => !/^(connect|trace|track)$/i.test(name)),
);

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'auth',
    'session-key',
    'customer',
    'v2',
    'merchant',
    'withdraws',
    'events',
    'checkout',
    'ach',
    sandbox.merchantId,
    'chargeback',
    'device.js',
    'jwt-token',
    'payments',
    'pay_0',
    'refund',
    '',
    '..',
    '%',
    '%E0%A4%A',
    '%00',
    '%2F',
    '%ZZ',
    '%C3%A9',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

const ROUTES = [
  '/api/auth/session-key',
  '/api/customer/v2',
  '/api/merchant/withdraws',
  '/api/events',
  `/api/checkout/ach/${sandbox.merchantId}`,
  '/api/checkout/jwt-token',
  '/api/merchant/payments/pay_0',
  '/api/merchant/payments/pay_0/refund',
  '/api/merchant/events',
  '/api/merchant/webhook-key/roll',
  '/chargeback/device.js',
];

const path = fc.oneof(
  fc.constantFrom(...ROUTES),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.tuple(fc.constantFrom(...ROUTES), segment).map(([route, extra]) => route + extra),
);

const headerValue = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,40}$/);
const contentType = fc.oneof(
  fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/jsonx'),
  headerValue,
);

/** Anything JSON holds, and now and then arrays nested up to 20,000 deep (see expandDeep). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((depth) => `DEEP_${depth}`) },
);

/** Deep nesting is written into the text: built as values, it would overflow this test's stack. */
function expandDeep(text: string): string {
  return text.replace(/"DEEP_(\d+)"/g, (_, depth: string) => {
    const levels = Number(depth);
    return `${'['.repeat(levels)}${']'.repeat(levels)}`;
  });
}

const purchaseBody = fc.record(
  {
    subtotal: mostly<unknown>({ cents: 1999, currency: 'USD' }, anyJson),
    token: mostly<unknown>(BANK_TOKEN, fc.oneof(fc.uuid(), anyJson)),
    settlementType: mostly<unknown>('USDC', anyJson),
    webhookInfo: mostly<unknown>(
      checkoutBody('').webhookInfo,
      fc.oneof(
        fc.record({
          itemName: fc.constant('Gems'),
          price: fc.constant('1'),
          quantity: fc.constant(1),
          extra: anyJson,
        }),
        anyJson,
      ),
    ),
    email: mostly<unknown>('payer@example.com', anyJson),
    chargebackProtectionData: fc.oneof(
      fc.constant([
        { productName: 'Gems', productType: PRODUCT_TYPES[0], quantity: 1, rawProductData: {} },
      ]),
      anyJson,
    ),
    jwtToken: fc.oneof(fc.constant(CHECKOUT_TOKEN), anyJson),
    extra: anyJson,
  },
  { requiredKeys: ['subtotal', 'token', 'settlementType', 'webhookInfo', 'email'] },
);

/** A checkout token request: a purchase without its bank token, bound or not, any lifetime. */
const tokenRequestBody = fc.record(
  {
    subtotal: mostly<unknown>({ cents: 1999, currency: 'USD' }, anyJson),
    settlementType: mostly<unknown>('USDC', anyJson),
    webhookInfo: mostly<unknown>(checkoutBody('').webhookInfo, anyJson),
    email: mostly<unknown>('payer@example.com', anyJson),
    customerId: fc.oneof(fc.constant('fuzz-payer'), anyJson),
    expiresInSeconds: fc.oneof(fc.integer({ min: -10, max: 100_000 }), anyJson),
  },
  { requiredKeys: ['subtotal', 'settlementType', 'webhookInfo', 'email'] },
);

const eventBody = fc.record(
  {
    eventType: mostly<unknown>(
      'SignUp',
      fc.oneof(fc.constantFrom('SignIn', 'SignInFailure', 'BuyerChallenge', 'Refund'), anyJson),
    ),
    customerId: mostly<unknown>('payer-1', anyJson),
    username: mostly<unknown>('ada', anyJson),
    type: anyJson,
    status: anyJson,
    country: fc.oneof(fc.constantFrom('US', 'us', 'USA'), anyJson),
    email: anyJson,
  },
  { requiredKeys: ['eventType', 'customerId'] },
);

const rawBody = fc.oneof(
  anyJson.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  fc.constant(undefined),
);

// ---- Requests ---------------------------------------------------------------------------------

/** A JSON POST, mostly right: its credential headers, any optional ones, and a body. */
function jsonPost(request: {
  path: fc.Arbitrary<string>;
  credentials: Record<string, fc.Arbitrary<string>>;
  optionalHeaders?: Record<string, fc.Arbitrary<string>>;
  body: fc.Arbitrary<string>;
}) {
  return fc.record({
    method: mostly('POST', method),
    path: request.path,
    headers: fc
      .tuple(
        fc.record({
          'content-type': mostly('application/json', contentType),
          ...request.credentials,
        }),
        fc.record(request.optionalHeaders ?? {}, { requiredKeys: [] }),
      )
      .map(([required, optional]) => ({ ...required, ...optional })),
    body: fc.oneof({ weight: 4, arbitrary: request.body }, { weight: 1, arbitrary: rawBody }),
  });
}

const apiKey = mostly(sandbox.apiKey, headerValue);

const purchase = jsonPost({
  path: mostly(
    `/api/checkout/ach/${sandbox.merchantId}`,
    segment.map((merchant) => `/api/checkout/ach/${merchant}`),
  ),
  credentials: { 'x-service-auth-session-key': mostly(SESSION_KEY, headerValue) },
  optionalHeaders: {
    'x-device-id': headerValue,
    'idempotency-key': fc.oneof(fc.constantFrom('order-1', 'order-2'), headerValue),
  },
  body: purchaseBody.map((fields) => JSON.stringify(fields)),
});

const checkoutTokenRequest = jsonPost({
  path: mostly('/api/checkout/jwt-token', path),
  credentials: { authorization: apiKey },
  body: tokenRequestBody.map((fields) => JSON.stringify(fields)),
});

const payerEvent = jsonPost({
  path: mostly('/api/events', path),
  credentials: {
    authorization: mostly(
      sandbox.apiKey,
      fc.oneof(fc.constant(`Bearer ${sandbox.apiKey}`), headerValue),
    ),
  },
  body: eventBody.map((fields) => JSON.stringify(fields)),
});

const paymentRead = fc.record({
  method: mostly('GET', method),
  path: segment.map((paymentId) => `/api/merchant/payments/${paymentId}`),
  headers: fc.record({ authorization: apiKey }),
  body: fc.constant(undefined),
});

/** A refund, mostly of a real payment: no body, `{}`, a field it refuses, or anything. */
const refundRequest = fc.record({
  method: mostly('POST', method),
  path: mostly<string>(PAYMENT_ID, segment).map(
    (paymentId) => `/api/merchant/payments/${paymentId}/refund`,
  ),
  headers: fc.record(
    {
      authorization: apiKey,
      'content-type': mostly('application/json', contentType),
      'idempotency-key': fc.oneof(fc.constantFrom('refund-1', 'refund-2'), headerValue),
    },
    { requiredKeys: ['authorization'] },
  ),
  body: fc.oneof(
    fc.constant(undefined),
    fc.constant('{}'),
    fc.record({ amount: anyJson }).map((fields) => JSON.stringify(fields)),
    rawBody,
  ),
});

/** A page of events: a cursor that is the newest event's, anything, or none, and any limit. */
const eventsRead = fc.record({
  method: mostly('GET', method),
  path: fc
    .record(
      {
        after: mostly<string>(EVENT_ID, fc.oneof(headerValue, fc.constant(''))),
        limit: fc.oneof(fc.integer({ min: -5, max: 205 }).map(String), headerValue),
      },
      { requiredKeys: [] },
    )
    .map((query) => `/api/merchant/events?${new URLSearchParams(query)}`),
  headers: fc.record({ authorization: apiKey }),
  body: fc.constant(undefined),
});

const sessionKeyRequest = fc.record({
  method: mostly('GET', method),
  path: mostly('/api/auth/session-key', path),
  headers: fc.record(
    {
      authorization: apiKey,
      'x-service-auth-user-id': fc.oneof(
        fc.constantFrom('alice', `${MAGIC.blocked}-fuzz`, `${MAGIC.declining}-fuzz`),
        headerValue,
        fc.stringMatching(/^[a-z]{250,260}$/),
      ),
      'x-service-auth-blockchain': fc.oneof(fc.constantFrom(...BLOCKCHAINS), headerValue),
      'x-service-auth-wallet': headerValue,
    },
    { requiredKeys: ['authorization'] },
  ),
  body: fc.constant(undefined),
});

const anything = fc.record({
  method,
  path,
  headers: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'authorization',
        'x-service-auth-session-key',
        'content-type',
        'content-length',
        'origin',
        'access-control-request-method',
      ),
      fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    ),
    fc.oneof(fc.constantFrom(SESSION_KEY, sandbox.apiKey, 'application/json'), headerValue),
    { maxKeys: 5 },
  ),
  body: rawBody,
});

const request = fc.oneof(
  purchase,
  checkoutTokenRequest,
  paymentRead,
  refundRequest,
  eventsRead,
  payerEvent,
  sessionKeyRequest,
  anything,
);
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function toRequest(input: FuzzRequest): Request {
  const headers = Object.fromEntries(
    Object.entries(input.headers).map(([name, value]) => [
      name,
      value === SESSION_KEY ? sessionKey : value,
    ]),
  );
  const body =
    typeof input.body === 'string'
      ? expandDeep(input.body)
          .replaceAll(BANK_TOKEN, bankToken)
          .replaceAll(CHECKOUT_TOKEN, checkoutToken)
      : input.body;
  const hasBody = input.method !== 'GET' && input.method !== 'HEAD';
  const path = input.path
    .replace(PAYMENT_ID, sandbox.payments.at(-1)?.paymentId ?? 'pay_0')
    .replace(EVENT_ID, sandbox.deliveries.at(-1)?.eventId ?? 'evt_0');
  return new Request(`${BASE}${path}`, {
    method: input.method,
    headers,
    body: hasBody ? body : undefined,
  });
}

// ---- The property -----------------------------------------------------------------------------

const STACK_FRAME = /\bat .+:\d+:\d+|\n\s+at /;

describe('the sandbox under random requests', () => {
  it('never answers 5xx or a stack trace, and keeps serving', { timeout: 60_000 }, async () => {
    const statuses = new Map<number, number>();
    let pagesOfEvents = 0;
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        unexpected.length = 0;
        const response = await sandbox.handle(toRequest(input));
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200 && text.includes('"hasMore"')) pagesOfEvents += 1;
        expect(response.status, text).toBeLessThan(500);
        expect(text).not.toMatch(STACK_FRAME);
        if (response.status >= 400) {
          expect(JSON.parse(text)).toEqual(
            expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
          );
        }
        expect(unexpected).toEqual([]);
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS) || 2_000,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    // The runs reached past the credential checks: payments were taken, some refunded, pages of
    // events read, and bodies refused.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(sandbox.payments.some((payment) => payment.status === 'refunded')).toBe(true);
    expect(pagesOfEvents).toBeGreaterThan(0);

    // A normal purchase still goes through afterwards.
    const after = await sandbox.handle(
      new Request(`${BASE}/api/checkout/ach/${sandbox.merchantId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-auth-session-key': sessionKey },
        body: JSON.stringify(checkoutBody(bankToken)),
      }),
    );
    expect(after.status).toBe(200);
  });
});
