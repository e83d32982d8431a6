// Every request and response body of the service, in one module: the ones the browser entry
// uses are defined in browser-schemas.ts, and the merchant server's payments, webhooks and events
// in merchant-schemas.ts, both re-exported here; the other ones only servers use (the merchant's
// client in src/server, the sandbox) are defined here, out of a page's module graph.
// Response schemas are loose (unknown fields from the service pass through); request schemas
// keep only known fields.
import * as z from 'zod/mini';
import { checkoutInputSchema } from './browser-schemas.js';
import { emailAddress, integer, isoTimestamp, nonEmpty, uuid } from './schema-checks.js';

export * from './browser-schemas.js';
export * from './merchant-schemas.js';

// ---- Session key (GET /api/auth/session-key) -------------------------------------------

export const sessionKeyResponseSchema = z.looseObject({ key: nonEmpty() });

// ---- Withdrawals (GET /api/merchant/withdraws; shape chosen in docs/design.md) ---------

/** Where a withdrawal of the merchant's funds stands. */
export const WITHDRAWAL_STATUSES = ['pending', 'in_review', 'completed', 'failed'] as const;

export const withdrawalSchema = z.looseObject({
  /** The withdrawal's id. */
  id: nonEmpty(),
  /** How much, in the currency's minor units. */
  amount: z.looseObject({
    /** The amount in minor units (cents for USD). */
    cents: integer(),
    /** Its ISO 4217 currency code. */
    currency: nonEmpty(),
  }),
  /** One of WITHDRAWAL_STATUSES. */
  status: z.enum(WITHDRAWAL_STATUSES),
  /** How fast it is paid out, as the service names it. */
  speed: z.string(),
  /** When it was asked for (ISO 8601 with milliseconds). */
  createdAt: isoTimestamp(),
});
/**
 * One of the merchant's withdrawals, as `merchant.listWithdrawals()` returns it; fields the
 * service adds pass through.
 */
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsResponseSchema = z.array(withdrawalSchema);

// ---- Payer events (POST /api/events; required fields chosen in docs/design.md) ---------

const eventCommon = () => ({
  customerId: nonEmpty(),
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code'))),
  email: z.optional(emailAddress()),
});

export const signUpEventSchema = z.object({
  eventType: z.literal('SignUp'),
  ...eventCommon(),
  username: nonEmpty(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
});
export const signInEventSchema = z.object({ eventType: z.literal('SignIn'), ...eventCommon() });
export const signInFailureEventSchema = z.object({
  eventType: z.literal('SignInFailure'),
  ...eventCommon(),
  failureReason: z.optional(z.string()),
});
export const buyerChallengeEventSchema = z.object({
  eventType: z.literal('BuyerChallenge'),
  ...eventCommon(),
  type: nonEmpty(),
  status: nonEmpty(),
});

export const payerEventSchema = z.discriminatedUnion('eventType', [
  signUpEventSchema,
  signInEventSchema,
  signInFailureEventSchema,
  buyerChallengeEventSchema,
]);
/**
 * A moment of a payer's life on your site (sign-up, sign-in, a failed sign-in, a buyer challenge)
 * that you send so the service knows the payer before a purchase.
 */
export type PayerEvent = z.infer<typeof payerEventSchema>;
/** A payer made an account: `username` is required. */
export type SignUpEvent = z.infer<typeof signUpEventSchema>;
/** A payer signed in. */
export type SignInEvent = z.infer<typeof signInEventSchema>;
/** A sign-in failed; `failureReason` says why, in your words. */
export type SignInFailureEvent = z.infer<typeof signInFailureEventSchema>;
/**
 * A payer went through a challenge such as a third-party KYC check: `type` and `status` are
 * required.
 */
export type BuyerChallengeEvent = z.infer<typeof buyerChallengeEventSchema>;
/** The `eventType` of each {@link PayerEvent}. */
export type PayerEventType = PayerEvent['eventType'];

export const eventResponseSchema = z.looseObject({});

// ---- Purchase (POST /api/checkout/ach/{merchantId}; see docs/design.md) -----------------

export const checkoutRequestSchema = z.object({
  ...checkoutInputSchema.shape,
  token: uuid(),
  /** A checkout token signed by the service: its parameters are the purchase's. */
  jwtToken: z.optional(nonEmpty()),
  /** The debit authorization the payer accepted by pressing Pay, as the checkout showed it. */
  authorization: z.optional(
    z.object({
      text: z
        .string()
        .check(
          z.minLength(1, 'must not be empty'),
          z.maxLength(2000, 'must be at most 2,000 characters'),
        ),
      acceptedAt: isoTimestamp(),
      locale: nonEmpty(),
    }),
  ),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
