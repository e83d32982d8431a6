// The merchant server's side of payments, one section per endpoint: signed checkout tokens, the
// payment and its refund, webhook bodies, the events feed, the key roll and the sandbox's clock.
// Re-exported by schemas.ts, which is where every body of the service is found.
import * as z from 'zod/mini';
import {
  checkoutInputSchema,
  moneySchema,
  SETTLEMENT_TYPES,
  webhookInfoSchema,
} from './browser-schemas.js';
import {
  atLeastOne,
  integer,
  isoTimestamp,
  nonEmpty,
  positiveInt,
  refined,
} from './schema-checks.js';

// ---- Signed checkouts, payments and webhooks (the merchant's server) ---------------------

/** POST /api/checkout/jwt-token: the purchase the merchant's server decided, to be signed. */
export const checkoutTokenRequestSchema = z.object({
  ...checkoutInputSchema.shape,
  /** Binds the token to one customer: another customer's session cannot pay with it. */
  customerId: z.optional(nonEmpty()),
  expiresInSeconds: z.optional(
    positiveInt().check(z.lte(86_400, 'must be at most 86400 (24 hours)')),
  ),
});
/**
 * The purchase your server decided, for the service to sign as a checkout token: optionally bound
 * to one customer, and valid `expiresInSeconds` (default 3600, at most 86400).
 */
export type CheckoutTokenRequest = z.infer<typeof checkoutTokenRequestSchema>;

export const checkoutTokenResponseSchema = z.looseObject({ checkoutJwtToken: nonEmpty() });

/**
 * A payment's life: pending → batched → settled, or returned (after batched, or after settled:
 * a late return) or failed; the merchant may refund a pending, batched or settled one.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'batched',
  'settled',
  'returned',
  'failed',
  'refunded',
] as const;
/** One of {@link PAYMENT_STATUSES}. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What a payment event (a webhook, the events feed) says of the payment's debit authorization:
 * the digest of the words the payer agreed to, and when. The words are in the payment
 * `getPayment` answers.
 */
export const authorizationSummarySchema = z.looseObject({
  /** The lowercase hex SHA-256 of the authorization's text, as UTF-8 bytes. */
  textSha256: refined(
    z.string(),
    (value) => /^[0-9a-f]{64}$/.test(value),
    'must be 64 lowercase hex digits',
  ),
  /** When the payer accepted it, by the page's clock (ISO 8601 with milliseconds). */
  acceptedAt: isoTimestamp(),
});
/** A payment event's word on the debit authorization: its text's SHA-256, and when it was accepted. */
export type AuthorizationSummary = z.infer<typeof authorizationSummarySchema>;

/** The debit authorization as the service keeps it with the payment. */
export const paymentAuthorizationSchema = z.looseObject({
  ...authorizationSummarySchema.shape,
  /** The words the payer agreed to, exactly as the checkout showed them (plain text). */
  text: z.string(),
  /** The language the checkout showed them in (a BCP 47 tag). */
  locale: z.string(),
  /** When the service received them (ISO 8601 with milliseconds). */
  recordedAt: isoTimestamp(),
  /** The payer's IP address as the service saw it; null where it could not know it. */
  remoteAddress: z.nullable(z.string()),
  /** The `user-agent` header of the payer's browser; null when it sent none. */
  userAgent: z.nullable(z.string()),
});
/**
 * The debit authorization the payer accepted at Pay, as the service keeps it with the payment:
 * what `getPayment` answers. Keep it: it is your proof of the payer's consent when their bank asks.
 */
export type PaymentAuthorization = z.infer<typeof paymentAuthorizationSchema>;

/**
 * An authorization field as the service may send it: the object, null, or nothing. How the live
 * service reports authorizations is not published, so a shape this version does not know reads as
 * absent instead of refusing the payment (a webhook refused for it would never be applied).
 */
function tolerated<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(z.nullable(schema)), undefined);
}

export const paymentSchema = z.looseObject({
  /** The payment's id, as the purchase answered it. */
  paymentId: nonEmpty(),
  /** Where the payment is in its life. */
  status: z.enum(PAYMENT_STATUSES),
  /** The amount paid. */
  subtotal: moneySchema,
  /** What the merchant is settled in. */
  settlementType: z.enum(SETTLEMENT_TYPES),
  /** The customer who paid, by the merchant's own id. */
  customerId: z.string(),
  /** The payer's e-mail address. */
  email: z.string(),
  /** What the purchase said it was for, as the checkout sent it. */
  webhookInfo: webhookInfoSchema,
  /** When the payment was made (ISO 8601 with milliseconds). */
  createdAt: isoTimestamp(),
  /** When its status last changed (ISO 8601 with milliseconds). */
  updatedAt: isoTimestamp(),
  /** Why a returned payment came back, such as `R01` (insufficient funds). */
  returnCode: z.optional(z.string()),
  /** When it settled; it stays when a settled payment is returned or refunded later. */
  settledAt: z.optional(isoTimestamp()),
  /** When the payer's bank returned it: after batching, or after settling (a late return). */
  returnedAt: z.optional(isoTimestamp()),
  /** When the merchant refunded it. */
  refundedAt: z.optional(isoTimestamp()),
  /**
   * The debit authorization the payer accepted: in events, its digest and time; null when the
   * purchase sent none; absent where the service does not say.
   */
  authorization: tolerated(authorizationSummarySchema),
});
/**
 * A payment as the service reports it to your server: the `data` of every payment webhook event
 * and of the events feed, and (as {@link PaymentDetails}, with the whole authorization)
 * `merchant.getPayment()`.
 */
export type Payment = z.infer<typeof paymentSchema>;

/** A payment as GET /api/merchant/payments/{paymentId} and a refund answer it. */
export const paymentDetailsSchema = z.extend(paymentSchema, {
  /** The debit authorization the payer accepted, whole; null when the purchase sent none. */
  authorization: tolerated(paymentAuthorizationSchema),
});
/**
 * A payment as `merchant.getPayment()` and `merchant.refundPayment()` answer it: every field of
 * {@link Payment}, with the whole debit authorization, so it goes wherever a `Payment` does.
 */
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** A payment the payer's bank returned, as `ACH Returned` carries it: always with a code. */
export const returnedPaymentSchema = z.looseObject({
  ...paymentSchema.shape,
  returnCode: z.string(),
});
/** A payment the payer's bank sent back: its `returnCode` is always there. */
export type ReturnedPayment = z.infer<typeof returnedPaymentSchema>;

/** A payment the merchant refunded, as `Refunded` carries it: always with its time. */
export const refundedPaymentSchema = z.looseObject({
  ...paymentSchema.shape,
  refundedAt: isoTimestamp(),
});
/** A payment you refunded: its `refundedAt` is always there. */
export type RefundedPayment = z.infer<typeof refundedPaymentSchema>;

export const paymentResponseSchema = z.looseObject({ payment: paymentDetailsSchema });

/**
 * POST /api/merchant/payments/{paymentId}/refund: no body, or an empty object. A refund is
 * always of the whole payment, so every field (an `amount`, say) is refused, not ignored.
 */
export const refundRequestSchema = z.unknown().check(
  // Every own key of the body, each named at its own path: zod's objects pass over a key named
  // `__proto__`, which must be refused like any other.
  z.superRefine((body, ctx) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      ctx.addIssue({ code: 'invalid_type', expected: 'object', input: body });
      return;
    }
    for (const [key, value] of Object.entries(body)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        input: value,
        message: 'is not a field of a refund: a refund is always of the whole payment',
      });
    }
  }),
);

/** The webhook event sent when a payment reaches each status. */
export const PAYMENT_EVENT_TYPES = {
  /** The purchase was accepted. */
  pending: 'ACH Initiated',
  /** The debit was sent to the payer's bank. */
  batched: 'ACH Batched',
  /** The money arrived. */
  settled: 'Settled',
  /** The payer's bank sent the debit back, with a return code. */
  returned: 'ACH Returned',
  /** The debit failed before it was sent. */
  failed: 'ACH Failed',
  /** The merchant refunded the payment. */
  refunded: 'Refunded',
} as const satisfies Record<PaymentStatus, string>;
/** The `eventType` of a payment webhook event: one per {@link PaymentStatus}. */
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[PaymentStatus];

/** The event the dashboard's "Send test event" delivers: it proves the route works, nothing more. */
export const TEST_EVENT_TYPE = 'Test';

/** A test event's data: a message for whoever reads the logs. */
export const testEventDataSchema = z.looseObject({ message: z.string() });

/** Every webhook body: the event's id (the same on every delivery attempt), type, time, data. */
export const webhookEnvelopeSchema = z.looseObject({
  id: nonEmpty(),
  eventType: nonEmpty(),
  created: isoTimestamp(),
  data: z.unknown(),
});

// ---- The sandbox's clock (GET and POST /api/sandbox/clock; see docs/design.md) -----------

/** The most one POST /api/sandbox/clock moves the sandbox's time: 400 days. */
export const MAX_CLOCK_ADVANCE_MS = 400 * 86_400_000;

const CLOCK_ADVANCE_RANGE = `must be from 1 to ${MAX_CLOCK_ADVANCE_MS} (400 days): time only moves forward`;

export const clockAdvanceRequestSchema = z.object({
  advanceMs: integer().check(
    z.gte(1, CLOCK_ADVANCE_RANGE),
    z.lte(MAX_CLOCK_ADVANCE_MS, CLOCK_ADVANCE_RANGE),
  ),
});

export const clockResponseSchema = z.looseObject({ now: isoTimestamp() });

// ---- Missed events (GET /api/merchant/events; see docs/design.md) --------------------------

/** The most events one page of GET /api/merchant/events holds, and how many it holds unasked. */
export const EVENTS_PAGE_MAX_LIMIT = 100;
export const EVENTS_PAGE_DEFAULT_LIMIT = 100;

/**
 * GET /api/merchant/events's query, as the URL carries it: `after` the id of the last event the
 * merchant applied (left out: from the first), `limit` a whole number from 1 to 100.
 */
export const eventsQuerySchema = z.object({
  after: z.optional(nonEmpty()),
  limit: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(?:[1-9][0-9]?|100)$/,
          `must be a whole number from 1 to ${EVENTS_PAGE_MAX_LIMIT}`,
        ),
      ),
  ),
});

/** A page of events, oldest first, each as its webhook carried it; `hasMore`: more follow it. */
export const eventsPageSchema = z.looseObject({
  events: z.array(webhookEnvelopeSchema),
  hasMore: z.boolean(),
});

// ---- Webhook key rotation (POST /api/merchant/webhook-key/roll; see docs/design.md) ---------

/** The new webhook validation key; the one it replaced keeps signing beside it for 24 hours. */
export const webhookKeyRollResponseSchema = z.looseObject({ key: nonEmpty() });

/** A webhook key that signs deliveries now (GET /api/merchant/webhook-key). */
export const webhookKeyInForceSchema = z.looseObject({
  key: nonEmpty(),
  /** When it was made; null where the service did not record it. */
  createdAt: z.nullable(isoTimestamp()),
  /** When it stops signing: null for the current key, a time within 24 hours for a rolled one. */
  endsAt: z.nullable(isoTimestamp()),
});
/** A webhook key that signs deliveries now, and until when. */
export type WebhookKeyInForce = z.infer<typeof webhookKeyInForceSchema>;

/** Every webhook key in force, the current one first. */
export const webhookKeysResponseSchema = z.looseObject({
  keys: atLeastOne(webhookKeyInForceSchema),
});
