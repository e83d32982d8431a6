// The schemas the browser entry runs: the session key it decodes, the customer it reads, the
// checkout's props (and the checkout token's claims), the purchase's answer and the service's
// error body. Every schema here ends up in a page's bundle, so the ones only servers run live
// in schemas.ts, which re-exports these beside them: a reader finds every schema from there.
// Response schemas are loose (unknown fields from the service pass through); input schemas
// keep only known fields. zod/mini keeps the browser bundle small.
import * as z from 'zod/mini';
import { BLOCKCHAINS, isHeaderSafe, type Wallet } from './headers.js';
import { isKnownCurrency } from './money.js';
import {
  atLeastOne,
  emailAddress,
  integer,
  isoTimestamp,
  keptAsSent,
  nonEmpty,
  positiveInt,
  refined,
  uuid,
} from './schema-checks.js';

// ---- Session key (GET /api/auth/session-key) -------------------------------------------

/** Claims inside a session key's JWT payload. */
export const sessionKeyClaimsSchema = z.looseObject({
  customerId: nonEmpty(),
  merchantId: nonEmpty(),
  iat: z.optional(z.number()),
  exp: z.number(),
});
/**
 * What a session key says about itself: its customer, its merchant and its expiry (`exp`, in
 * seconds). The page decodes these; it never verifies them.
 */
export type SessionKeyClaims = z.infer<typeof sessionKeyClaimsSchema>;

// ---- Wallet (x-service-auth-blockchain and x-service-auth-wallet) ----------------------

/** A Web3 customer's wallet, as the provider and the server client take it. */
export const walletSchema: z.ZodMiniType<Wallet> = z.object({
  blockchain: z.enum(BLOCKCHAINS),
  address: refined(
    nonEmpty(),
    isHeaderSafe,
    'must be sendable in a header: no control characters, no characters above U+00FF, no surrounding spaces',
  ),
});

// ---- Customer (GET /api/customer/v2) ---------------------------------------------------

export const bankAccountSchema = z.looseObject({
  alias: z.string(),
  token: uuid(),
  routingNumber: z.string(),
  last4: z.string().check(z.regex(/^\d{4}$/, 'must be four digits')),
  accountHash: z.string(),
  rtpEligible: z.boolean(),
  reference: z.string(),
});
/** One of a customer's saved bank accounts; its `token` is what a purchase pays with. */
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The observed "not blocked" value of `isBlocked`; any other value means blocked. */
export const NOT_BLOCKED = 'NotBlocked';

export const customerSchema = z.looseObject({
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
  __v: integer(),
  customerId: z.string(),
  bankAccounts: z.array(bankAccountSchema),
});
/** The customer a session key was made for, as `GET /api/customer/v2` answers it. */
export type Customer = z.infer<typeof customerSchema>;

export const customerResponseSchema = z.looseObject({ customer: customerSchema });

// ---- Checkout component inputs ---------------------------------------------------------

export const moneySchema = z.object({
  /** The amount in the currency's minor units (cents for USD). */
  cents: integer(),
  /** Its ISO 4217 currency code. */
  currency: refined(z.string(), isKnownCurrency, 'must be a known ISO 4217 currency code'),
});

/** How the merchant is paid out for a purchase. */
export const SETTLEMENT_TYPES = ['USDC', 'Credits'] as const;
/** One of {@link SETTLEMENT_TYPES}. */
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

/** The `productType` values the service accepts in chargeback-protection data. */
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
/** One of {@link PRODUCT_TYPES}. */
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const subtotalSchema = z.object({
  cents: positiveInt(),
  currency: moneySchema.shape.currency,
});

export const webhookInfoSchema = keptAsSent(
  z.looseObject({
    /** What was bought. */
    itemName: nonEmpty(),
    /** Its price, as text. */
    price: nonEmpty(),
    /** How many. */
    quantity: positiveInt(),
    /** The price's currency. */
    currency: z.optional(z.string()),
    /** Where the item is used, for games. */
    gamePlatform: z.optional(z.string()),
  }),
);
/**
 * Your data about the purchase (an order id, say), returned to your server with every webhook
 * event and payment record. Extra fields are kept.
 */
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

export const rawProductDataSchema = keptAsSent(
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

export const chargebackProtectionItemSchema = z.object({
  productName: nonEmpty(),
  productType: z.enum(PRODUCT_TYPES),
  quantity: positiveInt(),
  rawProductData: rawProductDataSchema,
});
/** One product of a purchase under chargeback protection: what it is and how it is delivered. */
export type ChargebackProtectionItem = z.infer<typeof chargebackProtectionItemSchema>;

export const chargebackProtectionDataSchema = atLeastOne(chargebackProtectionItemSchema);

/** What `<Checkout>` takes besides its callbacks. */
export const checkoutInputSchema = z.object({
  subtotal: subtotalSchema,
  settlementType: z.enum(SETTLEMENT_TYPES),
  webhookInfo: webhookInfoSchema,
  email: emailAddress(),
  chargebackProtectionData: z.optional(chargebackProtectionDataSchema),
});
/** The purchase `<Checkout>` pays: amount, settlement, webhook data, e-mail and chargeback data. */
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/**
 * Claims of a checkout token (POST /api/checkout/jwt-token): the purchase's fields, signed,
 * and who and when it is for. The purchase's fields are checked as `<Checkout>`'s props are.
 */
export const checkoutTokenClaimsSchema = z.looseObject({
  merchantId: nonEmpty(),
  /** Set when the token may pay only for this customer. */
  customerId: z.optional(nonEmpty()),
  iat: z.optional(z.number()),
  exp: z.number(),
  jti: z.optional(z.string()),
});
export type CheckoutTokenClaims = z.infer<typeof checkoutTokenClaimsSchema>;

/** A line of the order summary `<Checkout>` shows: display only, never sent. */
export const orderItemSchema = z.object({
  name: nonEmpty(),
  quantity: positiveInt(),
  /** The line's total. */
  amount: moneySchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** `<Checkout>`'s data props: the purchase, and the summary's lines. */
export const checkoutPropsSchema = z.object({
  ...checkoutInputSchema.shape,
  items: z.optional(atLeastOne(orderItemSchema)),
});

// ---- Purchase (POST /api/checkout/ach/{merchantId}; see docs/design.md) -----------------

export const checkoutResponseSchema = z.looseObject({
  paymentId: nonEmpty(),
  /** When the payment was made; the service may leave it out. */
  createdAt: z.optional(isoTimestamp()),
});
/**
 * The service's answer to a purchase it accepted: the new payment's id, and when it was made
 * (ISO 8601 with milliseconds) where the service says so, as the sandbox does.
 */
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

// ---- Errors (docs/design.md) -----------------------------------------------------------

export const errorBodySchema = z.looseObject({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
