// The sandbox's state as plain, versioned JSON: what `snapshot()` gives and
// `createSandbox({ state })` starts from, so that a restart keeps keys, settings, customers,
// payments and events. It may come from a file a person edited, so it is checked on the way in.
import * as z from 'zod/mini';
import {
  chargebackProtectionDataSchema,
  customerSchema,
  payerEventSchema,
  PAYMENT_STATUSES,
  SETTLEMENT_TYPES,
  subtotalSchema,
  webhookInfoSchema,
  withdrawalSchema,
  type PayerEvent,
  type Withdrawal,
} from '../../core/schemas.js';
import { checked, int, isoTimestamp, nonEmpty, oneOf } from '../../core/schema-checks.js';
import { validate, type Validation } from '../../core/validate.js';
import type { StoredApiKey } from '../service/api-keys.js';
import type { CustomerState } from '../service/customer-records.js';
import type { LoggedEvent } from '../service/event-log.js';
import type { SandboxPayment } from '../service/payment-lifecycle.js';
import type { WebhookDelivery } from '../service/webhook-deliveries.js';

/**
 * The version of the state this build writes. It reads this one and every older one (version 1
 * had no clock offset and no refunds); a newer one is refused.
 */
export const SANDBOX_STATE_VERSION = 2;

export interface SandboxState {
  version: typeof SANDBOX_STATE_VERSION;
  merchantId: string;
  /**
   * The HS256 secrets of session keys and checkout tokens, as hex, so that those issued before
   * a restart still verify. A `jwtSecret` option is used in place of the first, never kept.
   */
  secrets: { sessionKeys: string; checkoutTokens: string };
  /** Every API key, oldest first, as SHA-256 digests: never a key itself. */
  apiKeys: StoredApiKey[];
  /** `previousKey`: the key the last roll replaced, and when it stops signing. */
  webhook: { url: string | null; key: string; previousKey?: { key: string; expiresAt: string } };
  customers: StoredCustomer[];
  events: PayerEvent[];
  payments: SandboxPayment[];
  deliveries: WebhookDelivery[];
  /**
   * Every event webhooks carry, delivered or not, oldest first, with its number: what
   * GET /api/merchant/events lists. A version 2 state without it starts with none.
   */
  webhookEvents: LoggedEvent[];
  /** Successful purchases by customer and Idempotency-Key: a replay answers the same payment. */
  idempotency: { scope: string; fingerprint: string; paymentId: string }[];
  /** Checkout tokens that paid, by their id: one token pays once. */
  paidTokens: { tokenId: string; paymentId: string }[];
  /** Successful refunds by Idempotency-Key: a replay answers the same refund. */
  refundKeys: { idempotencyKey: string; paymentId: string }[];
  withdrawals: Withdrawal[];
  /** How many events and deliveries were made, so new ids never repeat old ones. */
  counters: { events: number; deliveries: number };
  /** How far POST /api/sandbox/clock moved the sandbox's time past its clock: never back. */
  clock: { offsetMs: number };
}

/** A state as version 1 wrote it. */
type SandboxStateV1 = Omit<SandboxState, 'version' | 'refundKeys' | 'clock' | 'webhookEvents'> & {
  version: 1;
};

export interface StoredCustomer {
  record: CustomerState['record'];
  decliningTokens: string[];
  needsVerification: boolean;
}

/**
 * The state, brought up to this build's version, when it has the shape of a version this build
 * reads; the problems by field otherwise.
 */
export function parseSandboxState(input: unknown): Validation<SandboxState> {
  const parsed = validate(sandboxStateSchema(), input);
  if (!parsed.ok) return parsed;
  const state = parsed.value;
  if (state.version === SANDBOX_STATE_VERSION) return { ok: true, value: state };
  // Version 1 knew no refunds and had no clock of its own to move.
  return {
    ok: true,
    value: {
      ...state,
      version: SANDBOX_STATE_VERSION,
      refundKeys: [],
      clock: { offsetMs: 0 },
      webhookEvents: [],
    },
  };
}

// ---- The shape -------------------------------------------------------------------------------

const hex = (length: number) =>
  checked(
    z.string(),
    (value) => /^[0-9a-f]*$/.test(value) && value.length === length,
    `must be ${length} hex digits`,
  );
const count = () => checked(int(), (value) => value >= 0, 'must be a count');
const httpUrl = () => checked(z.string(), isHttpUrl, 'must be an http(s) URL');

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function sandboxStateSchema(): z.ZodMiniType<SandboxState | SandboxStateV1> {
  const paymentStatus = oneOf(PAYMENT_STATUSES);
  const common = {
    merchantId: checked(z.string(), (value) => value.trim() !== '', 'must not be empty'),
    secrets: z.object({ sessionKeys: hex(64), checkoutTokens: hex(64) }),
    apiKeys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        prefix: z.string(),
        createdAt: isoTimestamp(),
        lastUsedAt: z.nullable(isoTimestamp()),
        revokedAt: z.nullable(isoTimestamp()),
        sha256: hex(64),
      }),
    ),
    webhook: z.object({
      url: z.nullable(httpUrl()),
      key: nonEmpty(),
      previousKey: z.optional(z.object({ key: nonEmpty(), expiresAt: isoTimestamp() })),
    }),
    customers: z.array(
      z.object({
        record: z.extend(customerSchema, { wallet: z.optional(z.string()) }),
        decliningTokens: z.array(z.string()),
        needsVerification: z.boolean(),
      }),
    ),
    events: z.array(payerEventSchema),
    payments: z.array(
      z.object({
        paymentId: z.string(),
        merchantId: z.string(),
        customerId: z.string(),
        token: z.string(),
        subtotal: subtotalSchema,
        settlementType: oneOf(SETTLEMENT_TYPES),
        webhookInfo: webhookInfoSchema,
        email: z.string(),
        chargebackProtectionData: z.optional(chargebackProtectionDataSchema),
        deviceId: z.optional(z.string()),
        idempotencyKey: z.optional(z.string()),
        checkoutTokenId: z.optional(z.string()),
        status: paymentStatus,
        returnCode: z.optional(z.string()),
        settledAt: z.optional(isoTimestamp()),
        returnedAt: z.optional(isoTimestamp()),
        refundedAt: z.optional(isoTimestamp()),
        history: z.array(z.object({ status: paymentStatus, at: isoTimestamp() })),
        createdAt: isoTimestamp(),
        updatedAt: isoTimestamp(),
      }),
    ),
    deliveries: z.array(
      z.object({
        id: z.string(),
        eventId: z.string(),
        eventType: z.string(),
        paymentId: z.optional(z.string()),
        url: httpUrl(),
        body: z.string(),
        attempts: z.array(
          z.object({
            at: isoTimestamp(),
            status: z.optional(z.number()),
            error: z.optional(z.string()),
            durationMs: z.number(),
            responseExcerpt: z.optional(z.string()),
          }),
        ),
        state: oneOf(['pending', 'delivered', 'failed'] as const),
      }),
    ),
    idempotency: z.array(
      z.object({ scope: z.string(), fingerprint: z.string(), paymentId: z.string() }),
    ),
    paidTokens: z.array(z.object({ tokenId: z.string(), paymentId: z.string() })),
    withdrawals: z.array(withdrawalSchema),
    counters: z.object({ events: count(), deliveries: count() }),
  };
  return z.discriminatedUnion('version', [
    z.object({ version: z.literal(1), ...common }),
    z.object({
      version: z.literal(SANDBOX_STATE_VERSION),
      ...common,
      refundKeys: z.array(z.object({ idempotencyKey: z.string(), paymentId: z.string() })),
      clock: z.object({ offsetMs: count() }),
      webhookEvents: z._default(
        checked(
          z.array(
            z.object({
              number: count(),
              event: z.object({
                id: nonEmpty(),
                eventType: nonEmpty(),
                created: isoTimestamp(),
                data: z.unknown(),
              }),
            }),
          ),
          (entries) =>
            entries.every((entry, i) => i === 0 || entry.number > entries[i - 1]!.number),
          'must be in the order of their numbers',
        ),
        () => [],
      ),
    }),
  ]);
}
