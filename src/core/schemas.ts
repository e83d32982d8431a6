// Every request and response body of the service, in one module. Response schemas are loose
// (unknown fields from the service pass through); request schemas keep only known fields.
// zod/mini keeps the browser bundle small; the server and sandbox share these schemas.
import * as z from 'zod/mini';
import { BLOCKCHAINS, isHeaderSafe, type Wallet } from './headers.js';
import { isKnownCurrency } from './money.js';
import { checked, int, isoTimestamp, nonEmpty, oneOf, pattern, pure } from './schema-checks.js';

const positiveInt = () => checked(int(), (value) => value > 0, 'must be greater than 0');
const atLeastOne = <T>(item: z.ZodMiniType<T>) =>
  checked(z.array(item), (items) => items.length > 0, 'must have at least 1 item');

// Formats as plain patterns, and the service remains the judge of what it accepts.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const uuid = () => pattern(UUID, 'must be a UUID');
const email = () => pattern(EMAIL, 'must be an e-mail address');

// ---- Session key (GET /api/auth/session-key) -------------------------------------------

export const sessionKeyResponseSchema = pure(() => z.looseObject({ key: nonEmpty() }));

/** Claims inside a session key's JWT payload. */
export const sessionKeyClaimsSchema = pure(() =>
  z.looseObject({
    customerId: nonEmpty(),
    merchantId: nonEmpty(),
    iat: z.optional(z.number()),
    exp: z.number(),
  }),
);
export type SessionKeyClaims = z.infer<typeof sessionKeyClaimsSchema>;

// ---- Wallet (x-service-auth-blockchain and x-service-auth-wallet) ----------------------

/** A Web3 customer's wallet, as the provider and the server client take it. */
export const walletSchema = pure((): z.ZodMiniType<Wallet> =>
  z.object({
    blockchain: oneOf(BLOCKCHAINS),
    address: checked(
      nonEmpty(),
      isHeaderSafe,
      'must be sendable in a header: no control characters, no characters above U+00FF, no surrounding spaces',
    ),
  }),
);

// ---- Customer (GET /api/customer/v2) ---------------------------------------------------

export const bankAccountSchema = pure(() =>
  z.looseObject({
    alias: z.string(),
    token: uuid(),
    routingNumber: z.string(),
    last4: pattern(/^\d{4}$/, 'must be four digits'),
    accountHash: z.string(),
    rtpEligible: z.boolean(),
    reference: z.string(),
  }),
);
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The observed "not blocked" value of `isBlocked`; any other value means blocked. */
export const NOT_BLOCKED = 'NotBlocked';

export const customerSchema = pure(() =>
  z.looseObject({
    _id: nonEmpty(),
    blockchain: z.string(),
    email: z.string(),
    isBlocked: z.string(),
    chargebackProtectionEnabled: z.boolean(),
    merchant: z.string(),
    failedAttemptSetting: z.string(),
    verificationSetting: z.string(),
    exempt3DS: z.boolean(),
    createdAt: isoTimestamp(),
    __v: int(),
    customerId: z.string(),
    bankAccounts: z.array(bankAccountSchema),
  }),
);
export type Customer = z.infer<typeof customerSchema>;

export const customerResponseSchema = pure(() => z.looseObject({ customer: customerSchema }));

// ---- Withdrawals (GET /api/merchant/withdraws; shape chosen in docs/design.md) ---------

export const WITHDRAWAL_STATUSES = ['pending', 'in_review', 'completed', 'failed'] as const;

export const moneySchema = pure(() =>
  z.object({
    cents: int(),
    currency: checked(z.string(), isKnownCurrency, 'must be a known ISO 4217 currency code'),
  }),
);

export const withdrawalSchema = pure(() =>
  z.looseObject({
    id: nonEmpty(),
    amount: z.looseObject({ cents: int(), currency: nonEmpty() }),
    status: oneOf(WITHDRAWAL_STATUSES),
    speed: z.string(),
    createdAt: isoTimestamp(),
  }),
);
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsResponseSchema = pure(() => z.array(withdrawalSchema));

// ---- Payer events (POST /api/events; required fields chosen in docs/design.md) ---------

const eventCommon = () => ({
  customerId: nonEmpty(),
  country: z.optional(pattern(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  email: z.optional(email()),
});

export const signUpEventSchema = pure(() =>
  z.object({
    eventType: z.literal('SignUp'),
    ...eventCommon(),
    username: nonEmpty(),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
  }),
);
export const signInEventSchema = pure(() =>
  z.object({ eventType: z.literal('SignIn'), ...eventCommon() }),
);
export const signInFailureEventSchema = pure(() =>
  z.object({
    eventType: z.literal('SignInFailure'),
    ...eventCommon(),
    failureReason: z.optional(z.string()),
  }),
);
export const buyerChallengeEventSchema = pure(() =>
  z.object({
    eventType: z.literal('BuyerChallenge'),
    ...eventCommon(),
    type: nonEmpty(),
    status: nonEmpty(),
  }),
);

export const payerEventSchema = pure(() =>
  z.discriminatedUnion('eventType', [
    signUpEventSchema,
    signInEventSchema,
    signInFailureEventSchema,
    buyerChallengeEventSchema,
  ]),
);
export type PayerEvent = z.infer<typeof payerEventSchema>;
export type SignUpEvent = z.infer<typeof signUpEventSchema>;
export type SignInEvent = z.infer<typeof signInEventSchema>;
export type SignInFailureEvent = z.infer<typeof signInFailureEventSchema>;
export type BuyerChallengeEvent = z.infer<typeof buyerChallengeEventSchema>;
export type PayerEventType = PayerEvent['eventType'];

export const eventResponseSchema = pure(() => z.looseObject({}));

// ---- Checkout component inputs ---------------------------------------------------------

export const SETTLEMENT_TYPES = ['USDC', 'Credits'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const PRODUCT_TYPES = [
  'inGameProduct',
  'gameOfSkill',
  'dataStorage',
  'computingResources',
  'sportsTicket',
  'eSportsTicket',
  'musicTicket',
  'conferenceTicket',
  'virtualSportsTicket',
  'virtualESportsTicket',
  'virtualMusicTicket',
  'virtualConferenceTicket',
  'alcohol',
  'DLC',
  'subscription',
  'fundACause',
  'realEstate',
  'computingContract',
  'digitalArt',
  'topUp',
  'ownershipContract',
  'inGameCurrency',
  'digitalCollectibles',
  'digitalCollectiblesMarketplace',
  'digitalGiftingMarketplace',
  'sweepstakes',
  'virtualSportsEvents',
  'contractInvoicing',
  'onlineCasino',
  'cryptoOnramp',
  'gaming',
  'travelDocuments',
  'musicStreaming',
  'digitalContent',
  'eBooks',
  'digitalSubscriptionContent',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const subtotalSchema = pure(() =>
  z.object({
    cents: positiveInt(),
    currency: moneySchema.shape.currency,
  }),
);

export const webhookInfoSchema = pure(() =>
  z.looseObject({
    itemName: nonEmpty(),
    price: nonEmpty(),
    quantity: positiveInt(),
    currency: z.optional(z.string()),
    gamePlatform: z.optional(z.string()),
  }),
);
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

export const rawProductDataSchema = pure(() =>
  z.looseObject({
    productID: z.optional(z.string()),
    productDescription: z.optional(z.string()),
    productCategory: z.optional(z.string()),
    platform: z.optional(z.string()),
    redemptionMethod: z.optional(z.string()),
    expiration: z.optional(z.string()),
    issuer: z.optional(z.string()),
  }),
);

export const chargebackProtectionItemSchema = pure(() =>
  z.object({
    productName: nonEmpty(),
    productType: oneOf(PRODUCT_TYPES),
    quantity: positiveInt(),
    rawProductData: rawProductDataSchema,
  }),
);
export type ChargebackProtectionItem = z.infer<typeof chargebackProtectionItemSchema>;

export const chargebackProtectionDataSchema = pure(() =>
  atLeastOne(chargebackProtectionItemSchema),
);

/** What `<Checkout>` takes besides its callbacks. */
export const checkoutInputSchema = pure(() =>
  z.object({
    subtotal: subtotalSchema,
    settlementType: oneOf(SETTLEMENT_TYPES),
    webhookInfo: webhookInfoSchema,
    email: email(),
    chargebackProtectionData: z.optional(chargebackProtectionDataSchema),
  }),
);
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/**
 * Claims of a checkout token (POST /api/checkout/jwt-token): the purchase's fields, signed,
 * and who and when it is for. The purchase's fields are checked as `<Checkout>`'s props are.
 */
export const checkoutTokenClaimsSchema = pure(() =>
  z.looseObject({
    merchantId: nonEmpty(),
    /** Set when the token may pay only for this customer. */
    customerId: z.optional(nonEmpty()),
    iat: z.optional(z.number()),
    exp: z.number(),
    jti: z.optional(z.string()),
  }),
);
export type CheckoutTokenClaims = z.infer<typeof checkoutTokenClaimsSchema>;

/** A line of the order summary `<Checkout>` shows: display only, never sent. */
export const orderItemSchema = pure(() =>
  z.object({
    name: nonEmpty(),
    quantity: positiveInt(),
    /** The line's total. */
    amount: moneySchema,
  }),
);
export type OrderItem = z.infer<typeof orderItemSchema>;

/** `<Checkout>`'s data props: the purchase, and the summary's lines. */
export const checkoutPropsSchema = pure(() =>
  z.object({
    ...checkoutInputSchema.shape,
    items: z.optional(atLeastOne(orderItemSchema)),
  }),
);

// ---- Purchase (POST /api/checkout/ach/{merchantId}; see docs/design.md) -----------------

export const checkoutRequestSchema = pure(() =>
  z.object({
    ...checkoutInputSchema.shape,
    token: uuid(),
    /** A checkout token signed by the service: its parameters are the purchase's. */
    jwtToken: z.optional(nonEmpty()),
  }),
);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = pure(() => z.looseObject({ paymentId: nonEmpty() }));
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

// ---- Signed checkouts, payments and webhooks (the merchant's server) ---------------------

/** POST /api/checkout/jwt-token: the purchase the merchant's server decided, to be signed. */
export const checkoutTokenRequestSchema = pure(() =>
  z.object({
    ...checkoutInputSchema.shape,
    /** Binds the token to one customer: another customer's session cannot pay with it. */
    customerId: z.optional(nonEmpty()),
    expiresInSeconds: z.optional(
      checked(positiveInt(), (value) => value <= 86_400, 'must be at most 86400 (24 hours)'),
    ),
  }),
);
export type CheckoutTokenRequest = z.infer<typeof checkoutTokenRequestSchema>;

export const checkoutTokenResponseSchema = pure(() =>
  z.looseObject({ checkoutJwtToken: nonEmpty() }),
);

/**
 * A payment's life: pending → batched → settled, or returned (after batched) or failed; the
 * merchant may refund a pending, batched or settled one.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'batched',
  'settled',
  'returned',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = pure(() =>
  z.looseObject({
    paymentId: nonEmpty(),
    status: oneOf(PAYMENT_STATUSES),
    subtotal: moneySchema,
    settlementType: oneOf(SETTLEMENT_TYPES),
    customerId: z.string(),
    email: z.string(),
    webhookInfo: webhookInfoSchema,
    createdAt: isoTimestamp(),
    updatedAt: isoTimestamp(),
    /** Why a returned payment came back, such as `R01` (insufficient funds). */
    returnCode: z.optional(z.string()),
    /** When it settled; kept when a settled payment is later returned. */
    settledAt: z.optional(isoTimestamp()),
    /** When the payer's bank returned it: added when a settled payment is returned. */
    returnedAt: z.optional(isoTimestamp()),
    /** When the merchant refunded it. */
    refundedAt: z.optional(isoTimestamp()),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** A payment the payer's bank returned, as `ACH Returned` carries it: always with a code. */
export const returnedPaymentSchema = pure(() =>
  z.looseObject({ ...paymentSchema.shape, returnCode: z.string() }),
);
export type ReturnedPayment = z.infer<typeof returnedPaymentSchema>;

/** A payment the merchant refunded, as `Refunded` carries it: always with its time. */
export const refundedPaymentSchema = pure(() =>
  z.looseObject({ ...paymentSchema.shape, refundedAt: isoTimestamp() }),
);
export type RefundedPayment = z.infer<typeof refundedPaymentSchema>;

export const paymentResponseSchema = pure(() => z.looseObject({ payment: paymentSchema }));

/**
 * POST /api/merchant/payments/{paymentId}/refund: no body, or an empty object. A refund is
 * always of the whole payment, so every field (an `amount`, say) is refused, not ignored.
 */
export const refundRequestSchema = pure(() =>
  z.catchall(
    z.object({}),
    checked(
      z.unknown(),
      () => false,
      'is not a field of a refund: a refund is always of the whole payment',
    ),
  ),
);

/** The webhook event sent when a payment reaches each status. */
export const PAYMENT_EVENT_TYPES = {
  pending: 'ACH Initiated',
  batched: 'ACH Batched',
  settled: 'Settled',
  returned: 'ACH Returned',
  failed: 'ACH Failed',
  refunded: 'Refunded',
} as const satisfies Record<PaymentStatus, string>;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[PaymentStatus];

/** The event the dashboard's "Send test event" delivers: it proves the route works, nothing more. */
export const TEST_EVENT_TYPE = 'Test';

/** A test event's data: a message for whoever reads the logs. */
export const testEventDataSchema = pure(() => z.looseObject({ message: z.string() }));

/** Every webhook body: the event's id (the same on every delivery attempt), type, time, data. */
export const webhookEnvelopeSchema = pure(() =>
  z.looseObject({
    id: nonEmpty(),
    eventType: nonEmpty(),
    created: isoTimestamp(),
    data: z.unknown(),
  }),
);

// ---- The sandbox's clock (GET and POST /api/sandbox/clock; see docs/design.md) -----------

/** The most one POST /api/sandbox/clock moves the sandbox's time: 400 days. */
export const MAX_CLOCK_ADVANCE_MS = 400 * 86_400_000;

export const clockAdvanceRequestSchema = pure(() =>
  z.object({
    advanceMs: checked(
      int(),
      (value) => value >= 1 && value <= MAX_CLOCK_ADVANCE_MS,
      `must be from 1 to ${MAX_CLOCK_ADVANCE_MS} (400 days): time only moves forward`,
    ),
  }),
);

export const clockResponseSchema = pure(() => z.looseObject({ now: isoTimestamp() }));

// ---- Errors (docs/design.md) -----------------------------------------------------------

export const errorBodySchema = pure(() => z.looseObject({ message: z.string(), code: z.string() }));
export type ErrorBody = z.infer<typeof errorBodySchema>;
