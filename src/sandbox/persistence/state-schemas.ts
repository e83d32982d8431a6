// The schemas of the sandbox's state (state.ts), of every version this build reads, and of each
// kind of record and the merchant's settings as a journal line puts them. Built on first use.
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
} from '../../core/schemas.js';
import { integer, isoTimestamp, nonEmpty, refined } from '../../core/schema-checks.js';
import type { WebhookDelivery } from '../service/webhook-deliveries.js';
import {
  SANDBOX_STATE_VERSION,
  type RecordKind,
  type SandboxState,
  type StoredMerchant,
  type StoredRecords,
} from './state.js';

/**
 * A state as version 6 wrote it, as read: the same shape, its payments' authorization null (the
 * payment schema's default), which it did not keep.
 */
export type SandboxStateV6 = Omit<SandboxState, 'version'> & { version: 6 };
/** A state as version 5 wrote it, as read: the shape of version 6. */
export type SandboxStateV5 = Omit<SandboxState, 'version'> & { version: 5 };
/** A state as version 4 wrote it. */
export type SandboxStateV4 = Omit<SandboxState, 'version' | 'deliveries'> & {
  version: 4;
  deliveries: WebhookDelivery[];
};
/** A state as version 3 wrote it. */
export type SandboxStateV3 = Omit<SandboxStateV4, 'version' | 'webhookEvents'> & { version: 3 };
/** A state as version 2 wrote it. */
export type SandboxStateV2 = Omit<SandboxStateV3, 'version' | 'events' | 'counters'> & {
  version: 2;
  events: PayerEvent[];
  counters: { events: number; deliveries: number };
};
/** A state as version 1 wrote it. */
export type SandboxStateV1 = Omit<SandboxStateV2, 'version' | 'refundKeys' | 'clock'> & {
  version: 1;
};

const hex = (length: number) =>
  refined(
    z.string(),
    (value) => /^[0-9a-f]*$/.test(value) && value.length === length,
    `must be ${length} hex digits`,
  );
const count = () => refined(integer(), (value) => value >= 0, 'must be a count');
const httpUrl = () => refined(z.string(), isHttpUrl, 'must be an http(s) URL');

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export interface Schemas {
  state: z.ZodMiniType<
    | SandboxState
    | SandboxStateV6
    | SandboxStateV5
    | SandboxStateV4
    | SandboxStateV3
    | SandboxStateV2
    | SandboxStateV1
  >;
  records: { [K in RecordKind]: z.ZodMiniType<StoredRecords[K]> };
  merchant: z.ZodMiniType<StoredMerchant>;
}

let built: Schemas | undefined;

/** Built on first use, once: a sandbox that never reads a state never builds them. */
export function stateSchemas(): Schemas {
  built ??= buildSchemas();
  return built;
}

/** Each kind of record, as a state's list holds it and a journal line puts it. */
function recordSchemas(): Schemas['records'] {
  const paymentStatus = z.enum(PAYMENT_STATUSES);
  return {
    customers: z.object({
      record: z.extend(customerSchema, { wallet: z.optional(z.string()) }),
      decliningTokens: z.array(z.string()),
      needsVerification: z.boolean(),
    }),
    events: z.object({ id: nonEmpty(), receivedAt: isoTimestamp(), event: payerEventSchema }),
    payments: z.object({
      paymentId: z.string(),
      merchantId: z.string(),
      customerId: z.string(),
      token: z.string(),
      subtotal: subtotalSchema,
      settlementType: z.enum(SETTLEMENT_TYPES),
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
      // Kept from version 7 on: a payment of an older state, or of a journal line that follows
      // one, has none.
      authorization: z._default(z.nullable(authorizationSchema()), null),
      createdAt: isoTimestamp(),
      updatedAt: isoTimestamp(),
    }),
    webhookEvents: z.object({
      number: count(),
      event: z.object({
        id: nonEmpty(),
        eventType: nonEmpty(),
        created: isoTimestamp(),
        data: z.unknown(),
      }),
    }),
    deliveries: deliverySchema(),
    idempotency: z.object({ scope: z.string(), fingerprint: z.string(), paymentId: z.string() }),
    paidTokens: z.object({ tokenId: z.string(), paymentId: z.string() }),
    refundKeys: z.object({ idempotencyKey: z.string(), paymentId: z.string() }),
  };
}

/** A payment's debit authorization as kept (the payment endpoint's, refusing unknown fields). */
function authorizationSchema() {
  return z.object({
    text: z.string(),
    textSha256: hex(64),
    acceptedAt: isoTimestamp(),
    locale: z.string(),
    recordedAt: isoTimestamp(),
    remoteAddress: z.nullable(z.string()),
    userAgent: z.nullable(z.string()),
  });
}

function deliverySchema() {
  return z.object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    paymentId: z.optional(z.string()),
    url: httpUrl(),
    body: z.optional(z.string()),
    attempts: z.array(
      z.object({
        at: isoTimestamp(),
        status: z.optional(z.number()),
        error: z.optional(z.string()),
        durationMs: z.number(),
        responseExcerpt: z.optional(z.string()),
      }),
    ),
    state: z.enum(['pending', 'delivered', 'failed'] as const),
  });
}

function buildSchemas(): Schemas {
  const records = recordSchemas();
  const apiKeys = z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      createdAt: isoTimestamp(),
      lastUsedAt: z.nullable(isoTimestamp()),
      revokedAt: z.nullable(isoTimestamp()),
      sha256: hex(64),
    }),
  );
  const webhook = z.object({
    url: z.nullable(httpUrl()),
    key: nonEmpty(),
    createdAt: z.optional(isoTimestamp()),
    previousKey: z.optional(
      z.object({
        key: nonEmpty(),
        createdAt: z.optional(isoTimestamp()),
        expiresAt: isoTimestamp(),
      }),
    ),
  });
  const clock = z.object({ offsetMs: count() });
  const counters = z.object({
    events: count(),
    deliveries: count(),
    payments: count(),
    payerEvents: count(),
  });
  const common = {
    merchantId: refined(z.string(), (value) => value.trim() !== '', 'must not be empty'),
    secrets: z.object({ sessionKeys: hex(64), checkoutTokens: hex(64) }),
    apiKeys,
    webhook,
    customers: z.array(records.customers),
    payments: z.array(records.payments),
    idempotency: z.array(records.idempotency),
    paidTokens: z.array(records.paidTokens),
    withdrawals: z.array(withdrawalSchema),
  };
  // Up to version 4, every delivery kept its body.
  const bodiedDeliveries = z.array(z.extend(deliverySchema(), { body: z.string() }));
  const before3 = {
    ...common,
    deliveries: bodiedDeliveries,
    events: z.array(payerEventSchema),
    counters: z.object({ events: count(), deliveries: count() }),
  };
  const refundKeys = z.array(records.refundKeys);
  const from3 = {
    ...common,
    events: z.array(records.events),
    refundKeys,
    counters,
    clock,
  };
  // Pages of events are found by number (service/event-log.ts).
  const webhookEvents = refined(
    z.array(records.webhookEvents),
    (entries) => entries.every((entry, i) => i === 0 || entry.number > entries[i - 1]!.number),
    'must be in the order of their numbers, each number once',
  );
  const from5 = { ...from3, deliveries: z.array(records.deliveries), webhookEvents };
  return {
    state: z.discriminatedUnion('version', [
      z.object({ version: z.literal(1), ...before3 }),
      z.object({ version: z.literal(2), ...before3, refundKeys, clock }),
      z.object({ version: z.literal(3), ...from3, deliveries: bodiedDeliveries }),
      z.object({ version: z.literal(4), ...from3, deliveries: bodiedDeliveries, webhookEvents }),
      z.object({ version: z.literal(5), ...from5 }),
      z.object({ version: z.literal(6), ...from5 }),
      z.object({ version: z.literal(SANDBOX_STATE_VERSION), ...from5 }),
    ]),
    records,
    merchant: z.object({
      apiKeys,
      webhook,
      withdrawals: z.array(withdrawalSchema),
      counters,
      clock,
    }),
  };
}
