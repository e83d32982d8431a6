// The sandbox's state as plain, versioned JSON: what `snapshot()` gives and
// `createSandbox({ state })` starts from, so that a restart keeps keys, settings, customers,
// payments and events. It may come from a file a person edited, so it is checked on the way in
// (but for a state.json that matches its own seal, persistence/seal.ts); the data directory's
// journal checks each record it replays with the same schemas.
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
import { integer, isoTimestamp, nonEmpty, refined } from '../../core/schema-checks.js';
import { validate, type Validation } from '../../core/validate.js';
import type { StoredApiKey } from '../service/api-keys.js';
import type { CustomerState } from '../service/customer-records.js';
import type { LoggedEvent } from '../service/event-log.js';
import type { SandboxPayment } from '../service/payment-lifecycle.js';
import type {
  Counters,
  IdempotentPurchase,
  PaidCheckoutToken,
  ReceivedPayerEvent,
  RefundKey,
} from '../service/state.js';
import type { StoredDelivery, WebhookDelivery } from '../service/webhook-deliveries.js';

/**
 * The version of the state this build writes. It reads this one and every older one (version 1
 * had no clock offset and no refunds; version 2 kept payer events without the time they came
 * and counted no payments; version 3 kept no webhook events; version 4 kept each event's body
 * again in each of its deliveries; version 5 kept the body of each idempotent purchase where
 * this one keeps its digest, which the service compares either way); a newer one is refused.
 */
export const SANDBOX_STATE_VERSION = 6;

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
  /** Payer events, oldest first, with when each arrived. */
  events: ReceivedPayerEvent[];
  payments: SandboxPayment[];
  /**
   * The events webhooks carry, delivered or not, oldest first, each with its number: what
   * GET /api/merchant/events lists.
   */
  webhookEvents: LoggedEvent[];
  /** Each names its event, which `webhookEvents` holds, unless it carries the body itself. */
  deliveries: StoredDelivery[];
  /** Successful purchases by customer and Idempotency-Key: a replay answers the same payment. */
  idempotency: IdempotentPurchase[];
  /** Checkout tokens that paid, by their id: one token pays once. */
  paidTokens: PaidCheckoutToken[];
  /** Successful refunds by Idempotency-Key: a replay answers the same refund. */
  refundKeys: RefundKey[];
  withdrawals: Withdrawal[];
  /** How many events, deliveries, payments and payer events were made: new ids never repeat. */
  counters: Counters;
  /** How far POST /api/sandbox/clock moved the sandbox's time past its clock: never back. */
  clock: { offsetMs: number };
}

export interface StoredCustomer {
  record: CustomerState['record'];
  decliningTokens: string[];
  needsVerification: boolean;
}

/** The merchant's own settings: what is not a record of one of the kinds below. */
export type StoredMerchant = Pick<
  SandboxState,
  'apiKeys' | 'webhook' | 'withdrawals' | 'counters' | 'clock'
>;

/** The kinds of record a state holds in lists, by the name of their list. */
export interface StoredRecords {
  customers: StoredCustomer;
  events: ReceivedPayerEvent;
  payments: SandboxPayment;
  webhookEvents: LoggedEvent;
  deliveries: StoredDelivery;
  idempotency: IdempotentPurchase;
  paidTokens: PaidCheckoutToken;
  refundKeys: RefundKey;
}
export type RecordKind = keyof StoredRecords;
export const RECORD_KINDS: readonly RecordKind[] = [
  'customers',
  'events',
  'payments',
  'webhookEvents',
  'deliveries',
  'idempotency',
  'paidTokens',
  'refundKeys',
];

/** A state as version 5 wrote it: the same shape. */
type SandboxStateV5 = Omit<SandboxState, 'version'> & { version: 5 };
/** A state as version 4 wrote it. */
type SandboxStateV4 = Omit<SandboxState, 'version' | 'deliveries'> & {
  version: 4;
  deliveries: WebhookDelivery[];
};
/** A state as version 3 wrote it. */
type SandboxStateV3 = Omit<SandboxStateV4, 'version' | 'webhookEvents'> & { version: 3 };
/** A state as version 2 wrote it. */
type SandboxStateV2 = Omit<SandboxStateV3, 'version' | 'events' | 'counters'> & {
  version: 2;
  events: PayerEvent[];
  counters: { events: number; deliveries: number };
};
/** A state as version 1 wrote it. */
type SandboxStateV1 = Omit<SandboxStateV2, 'version' | 'refundKeys' | 'clock'> & { version: 1 };

/**
 * The state, brought up to this build's version, when it has the shape of a version this build
 * reads; the problems by field otherwise. `nowMs` is the caller's clock: payer events of an older
 * state, which did not keep when they came, count as received at the sandbox's time then.
 */
export function parseSandboxState(
  input: unknown,
  nowMs: number = Date.now(),
): Validation<SandboxState> {
  const parsed = validate(schemas().state, input);
  if (!parsed.ok) return parsed;
  const state = parsed.value;
  if (state.version === SANDBOX_STATE_VERSION) return { ok: true, value: state };
  if (state.version === 5) return { ok: true, value: { ...state, version: SANDBOX_STATE_VERSION } };
  const v4 = state.version === 4 ? state : version4Of(state, nowMs);
  return { ok: true, value: withoutCopiedBodies({ ...v4, version: SANDBOX_STATE_VERSION }) };
}

/**
 * The state without the bodies its deliveries copied from events the log holds: each reads its
 * event's from then on. Deliveries of version 4 or older each kept a body; so do the lines of a
 * journal that follows a state.json of such a version, which is why a replay of one ends here
 * too. The same body, to the byte, whichever it sends.
 */
export function withoutCopiedBodies(state: SandboxState): SandboxState {
  const bodies = new Map(
    state.webhookEvents.map((logged) => [logged.event.id, JSON.stringify(logged.event)]),
  );
  const deliveries = state.deliveries.map((delivery) => {
    const { body, ...named } = delivery;
    return body !== undefined && body === bodies.get(delivery.eventId) ? named : delivery;
  });
  return { ...state, deliveries };
}

/** A version 1, 2 or 3 state as version 4 held it. */
function version4Of(
  state: SandboxStateV3 | SandboxStateV2 | SandboxStateV1,
  nowMs: number,
): SandboxStateV4 {
  const v3 = state.version === 3 ? state : version3Of(state, nowMs);
  // Webhook events are kept from version 4 on: an older state has none to list. Their counter
  // was kept before, so new events still get new ids.
  return { ...v3, version: 4, webhookEvents: [] };
}

/** A version 1 or 2 state as version 3 held it. */
function version3Of(state: SandboxStateV2 | SandboxStateV1, nowMs: number): SandboxStateV3 {
  // Version 1 knew no refunds and had no clock of its own to move.
  const v2: SandboxStateV2 =
    state.version === 2 ? state : { ...state, version: 2, refundKeys: [], clock: { offsetMs: 0 } };
  const receivedAt = new Date(nowMs + v2.clock.offsetMs).toISOString();
  return {
    ...v2,
    version: 3,
    events: v2.events.map((event, index) => ({ id: `pe_${index + 1}`, receivedAt, event })),
    counters: { ...v2.counters, payments: v2.payments.length, payerEvents: v2.events.length },
  };
}

/** A record of one kind, checked as a state's list holds it. */
export function parseRecord<K extends RecordKind>(
  kind: K,
  input: unknown,
): Validation<StoredRecords[K]> {
  return validate(schemas().records[kind], input) as Validation<StoredRecords[K]>;
}

/** The merchant's settings, checked as a state holds them. */
export function parseMerchant(input: unknown): Validation<StoredMerchant> {
  return validate(schemas().merchant, input);
}

// ---- The shape -------------------------------------------------------------------------------

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

interface Schemas {
  state: z.ZodMiniType<
    | SandboxState
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
function schemas(): Schemas {
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
    previousKey: z.optional(z.object({ key: nonEmpty(), expiresAt: isoTimestamp() })),
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
