import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  chargebackProtectionItemSchema,
  checkoutInputSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  customerResponseSchema,
  errorBodySchema,
  payerEventSchema,
  PRODUCT_TYPES,
  sessionKeyResponseSchema,
  validate,
  withdrawalsResponseSchema,
} from '../../src/core/index.js';

const bankAccount = {
  alias: 'Everyday checking',
  token: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
  routingNumber: '011000015',
  last4: '6789',
  accountHash: 'a1b2c3',
  rtpEligible: true,
  reference: 'ref_1',
};

const customer = {
  _id: '65f0c0ffee',
  blockchain: 'user',
  email: 'payer@example.com',
  isBlocked: 'NotBlocked',
  chargebackProtectionEnabled: false,
  merchant: 'merchant_1',
  failedAttemptSetting: 'Standard',
  verificationSetting: 'Enforced',
  exempt3DS: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  __v: 0,
  customerId: 'alice',
  bankAccounts: [bankAccount],
};

const checkoutInput = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gem pack', price: '19.99', quantity: 1, currency: 'USD' },
  email: 'payer@example.com',
  chargebackProtectionData: [
    {
      productName: 'Gem pack',
      productType: 'inGameCurrency',
      quantity: 1,
      rawProductData: { productID: 'gems-100', platform: 'web' },
    },
  ],
};

/** The problems validate() reports, as `path: problem` lines. */
function problems(schema: z.ZodMiniType, input: unknown): string[] {
  const result = validate(schema, input);
  return result.ok ? [] : result.issues.map((issue) => `${issue.path}: ${issue.problem}`);
}

describe('session key response', () => {
  it('accepts { key } and keeps extra fields', () => {
    expect(validate(sessionKeyResponseSchema, { key: 'a.b.c', ttl: 86400 })).toEqual({
      ok: true,
      value: { key: 'a.b.c', ttl: 86400 },
    });
  });
  it('names a missing or empty key', () => {
    expect(problems(sessionKeyResponseSchema, {})).toEqual(['key: is required']);
    expect(problems(sessionKeyResponseSchema, { key: '' })).toEqual(['key: must not be empty']);
  });
});

describe('customer response', () => {
  it('accepts a full record and passes unknown fields through', () => {
    const result = validate(customerResponseSchema, {
      customer: {
        ...customer,
        loyaltyTier: 'gold',
        bankAccounts: [{ ...bankAccount, nickname: 'x' }],
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.customer).toMatchObject({ loyaltyTier: 'gold', customerId: 'alice' });
    expect(result.value.customer.bankAccounts[0]).toMatchObject({ nickname: 'x', last4: '6789' });
  });

  it('accepts a customer with no bank accounts', () => {
    expect(
      validate(customerResponseSchema, { customer: { ...customer, bankAccounts: [] } }).ok,
    ).toBe(true);
  });

  it.each([
    [{ ...customer, __v: 1.5 }, 'customer.__v: must be an integer'],
    [{ ...customer, __v: 2 ** 53 }, 'customer.__v: must be an integer'],
    [
      { ...customer, createdAt: '2026-02-30T12:00:00.000Z' },
      'customer.createdAt: must be an ISO 8601 UTC timestamp with milliseconds',
    ],
    [
      { ...customer, createdAt: '2026-11-01T12:00:00Z' },
      'customer.createdAt: must be an ISO 8601 UTC timestamp with milliseconds',
    ],
    [
      { ...customer, createdAt: '2026-13-01T12:00:00.000Z' },
      'customer.createdAt: must be an ISO 8601 UTC timestamp with milliseconds',
    ],
    [
      { ...customer, chargebackProtectionEnabled: 'no' },
      'customer.chargebackProtectionEnabled: must be a boolean',
    ],
    [{ ...customer, bankAccounts: undefined }, 'customer.bankAccounts: is required'],
    [
      { ...customer, bankAccounts: [{ ...bankAccount, last4: '12345' }] },
      'customer.bankAccounts.0.last4: must be four digits',
    ],
    [
      { ...customer, bankAccounts: [{ ...bankAccount, token: 'acct-1' }] },
      'customer.bankAccounts.0.token: must be a UUID',
    ],
    [
      { ...customer, bankAccounts: [{ ...bankAccount, rtpEligible: undefined }] },
      'customer.bankAccounts.0.rtpEligible: is required',
    ],
  ])('names the field that does not match (%#)', (record, problem) => {
    expect(problems(customerResponseSchema, { customer: record })).toEqual([problem]);
  });

  it('reports a missing customer object', () => {
    expect(problems(customerResponseSchema, { user: customer })).toEqual(['customer: is required']);
  });
});

describe('withdrawals', () => {
  const withdrawal = {
    id: 'wd_1',
    amount: { cents: 50_000, currency: 'USD' },
    status: 'completed',
    speed: 'standard',
    createdAt: '2026-11-01T12:00:00.000Z',
  };

  it('accepts an array of records and keeps extra fields', () => {
    const result = validate(withdrawalsResponseSchema, [
      withdrawal,
      { ...withdrawal, id: 'wd_2', fee: 25 },
    ]);
    expect(result.ok && result.value[1]).toMatchObject({ id: 'wd_2', fee: 25 });
  });

  it('rejects an unknown status and a non-array body', () => {
    expect(problems(withdrawalsResponseSchema, [{ ...withdrawal, status: 'done' }])).toEqual([
      '0.status: must be one of "pending", "in_review", "completed", "failed"',
    ]);
    expect(problems(withdrawalsResponseSchema, { withdrawals: [] })).toEqual([
      ': must be an array',
    ]);
  });
});

describe('payer events', () => {
  it.each([
    { eventType: 'SignUp', customerId: 'c1', username: 'ally', firstName: 'Al', country: 'US' },
    { eventType: 'SignIn', customerId: 'c1', email: 'payer@example.com' },
    { eventType: 'SignInFailure', customerId: 'c1', failureReason: 'wrong password' },
    {
      eventType: 'BuyerChallenge',
      customerId: 'c1',
      type: 'thirdPartyKyc',
      status: 'successfullyFulfilled',
    },
  ])('accepts a $eventType event', (event) => {
    expect(validate(payerEventSchema, event)).toEqual({ ok: true, value: event });
  });

  it('drops fields it does not know from outgoing events', () => {
    const result = validate(payerEventSchema, {
      eventType: 'SignIn',
      customerId: 'c1',
      password: 'x',
    });
    expect(result).toEqual({ ok: true, value: { eventType: 'SignIn', customerId: 'c1' } });
  });

  it.each([
    [{ eventType: 'SignUp', customerId: 'c1' }, 'username: is required'],
    [{ eventType: 'SignIn' }, 'customerId: is required'],
    [
      { eventType: 'BuyerChallenge', customerId: 'c1', type: 'thirdPartyKyc' },
      'status: is required',
    ],
    [
      { eventType: 'SignIn', customerId: 'c1', country: 'USA' },
      'country: must be a two-letter country code',
    ],
    [{ eventType: 'SignIn', customerId: 'c1', email: 'nope' }, 'email: must be an e-mail address'],
  ])('names the missing or mistyped field (%#)', (event, problem) => {
    expect(problems(payerEventSchema, event)).toEqual([problem]);
  });

  it('names the accepted event types for an unknown one', () => {
    expect(problems(payerEventSchema, { eventType: 'Purchase', customerId: 'c1' })).toEqual([
      'eventType: must be one of "SignUp", "SignIn", "SignInFailure", "BuyerChallenge"',
    ]);
  });
});

describe('checkout inputs', () => {
  it('accepts the service’s documented inputs and keeps webhookInfo extras for the merchant', () => {
    const result = validate(checkoutInputSchema, {
      ...checkoutInput,
      webhookInfo: { ...checkoutInput.webhookInfo, gamePlatform: 'web', orderRef: 'o-1' },
    });
    expect(result.ok && result.value.webhookInfo).toMatchObject({
      orderRef: 'o-1',
      gamePlatform: 'web',
    });
  });

  it('makes chargebackProtectionData optional', () => {
    const { chargebackProtectionData: _omitted, ...rest } = checkoutInput;
    expect(validate(checkoutInputSchema, rest).ok).toBe(true);
  });

  it('accepts every productType the service accepts, and only those', () => {
    const item = checkoutInput.chargebackProtectionData[0];
    for (const productType of PRODUCT_TYPES) {
      expect(validate(chargebackProtectionItemSchema, { ...item, productType }).ok).toBe(true);
    }
    expect(PRODUCT_TYPES).toHaveLength(36);
    expect(
      problems(chargebackProtectionItemSchema, { ...item, productType: 'gameofskill' })[0],
    ).toMatch(/^productType: must be one of "inGameProduct", .* \(36 values\)$/);
  });

  it.each([
    [{ subtotal: { cents: 19.99, currency: 'USD' } }, 'subtotal.cents: must be an integer'],
    [{ subtotal: { cents: 0, currency: 'USD' } }, 'subtotal.cents: must be greater than 0'],
    [
      { subtotal: { cents: 100, currency: 'XYZ' } },
      'subtotal.currency: must be a known ISO 4217 currency code',
    ],
    [{ settlementType: 'BTC' }, 'settlementType: must be one of "USDC", "Credits"'],
    [{ email: 'payer@' }, 'email: must be an e-mail address'],
    [
      { webhookInfo: { ...checkoutInput.webhookInfo, itemName: '' } },
      'webhookInfo.itemName: must not be empty',
    ],
    [
      { webhookInfo: { ...checkoutInput.webhookInfo, quantity: 0 } },
      'webhookInfo.quantity: must be greater than 0',
    ],
    [{ chargebackProtectionData: [] }, 'chargebackProtectionData: must have at least 1 item'],
    [
      {
        chargebackProtectionData: [
          { ...checkoutInput.chargebackProtectionData[0], productName: '' },
        ],
      },
      'chargebackProtectionData.0.productName: must not be empty',
    ],
  ])('names the bad input (%#)', (override, problem) => {
    expect(problems(checkoutInputSchema, { ...checkoutInput, ...override })).toEqual([problem]);
  });
});

describe('checkout request and response', () => {
  it('requires a bank account token on the request', () => {
    expect(validate(checkoutRequestSchema, { ...checkoutInput, token: bankAccount.token }).ok).toBe(
      true,
    );
    expect(problems(checkoutRequestSchema, checkoutInput)).toEqual(['token: is required']);
  });

  const authorization = {
    text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99.',
    acceptedAt: '2026-11-24T14:59:58.120Z',
    locale: 'en-US',
  };
  const request = { ...checkoutInput, token: bankAccount.token };

  it('takes the debit authorization the payer accepted, up to 2,000 characters as JavaScript counts them', () => {
    expect(validate(checkoutRequestSchema, { ...request, authorization })).toEqual({
      ok: true,
      value: { ...request, authorization },
    });
    // 1,000 emoji are 2,000 UTF-16 code units: the limit, reached.
    const atLimit = { ...authorization, text: '\u{1F600}'.repeat(1000) };
    expect(validate(checkoutRequestSchema, { ...request, authorization: atLimit }).ok).toBe(true);
    expect(
      problems(checkoutRequestSchema, {
        ...request,
        authorization: { ...atLimit, text: `${atLimit.text}.` },
      }),
    ).toEqual(['authorization.text: must be at most 2000 characters']);
    expect(
      problems(checkoutRequestSchema, {
        ...request,
        authorization: { ...authorization, text: '' },
      }),
    ).toEqual(['authorization.text: must not be empty']);
  });

  it('names an authorization without its time or locale, or with a time that is not ISO 8601', () => {
    expect(
      problems(checkoutRequestSchema, {
        ...request,
        authorization: { text: authorization.text, acceptedAt: '24/11/2026' },
      }),
    ).toEqual([
      'authorization.acceptedAt: must be an ISO 8601 UTC timestamp with milliseconds',
      'authorization.locale: is required',
    ]);
    expect(
      problems(checkoutRequestSchema, {
        ...request,
        authorization: { ...authorization, locale: 'not a tag!' },
      }),
    ).toEqual(['authorization.locale: must be a BCP 47 language tag, such as "en-US"']);
  });

  it('reads { paymentId, createdAt }, createdAt optional', () => {
    const createdAt = '2026-11-24T15:00:00.000Z';
    expect(validate(checkoutResponseSchema, { paymentId: 'pay_1', createdAt })).toEqual({
      ok: true,
      value: { paymentId: 'pay_1', createdAt },
    });
    expect(problems(checkoutResponseSchema, { paymentId: 'pay_1', createdAt: 'today' })).toEqual([
      'createdAt: must be an ISO 8601 UTC timestamp with milliseconds',
    ]);
  });

  it('reads { paymentId } and keeps extra fields', () => {
    expect(validate(checkoutResponseSchema, { paymentId: 'pay_1', status: 'pending' })).toEqual({
      ok: true,
      value: { paymentId: 'pay_1', status: 'pending' },
    });
    expect(problems(checkoutResponseSchema, { id: 'pay_1' })).toEqual(['paymentId: is required']);
  });
});

describe('error body', () => {
  it('reads { message, code } and names a missing field', () => {
    expect(
      validate(errorBodySchema, { message: 'no', code: 'unauthorized', requestId: 'r1' }).ok,
    ).toBe(true);
    expect(problems(errorBodySchema, { message: 'no' })).toEqual(['code: is required']);
  });
});
