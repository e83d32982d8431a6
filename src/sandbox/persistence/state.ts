// The sandbox's state as plain, versioned JSON: what `snapshot()` gives and
// `createSandbox({ state })` starts from, so that a restart keeps keys, settings, customers,
// payments and events. This file is its shape as this build writes it; parse-state.ts checks a
// state on the way in (it may come from a file a person edited) and brings an older version up to
// this one, with the schemas of every version in state-schemas.ts.
import type { Withdrawal } from '../../core/schemas.js';
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
import type { StoredDelivery } from '../service/webhook-deliveries.js';

/**
 * The version of the state this build writes. It reads this one and every older one (version 1
 * had no clock offset and no refunds; version 2 kept payer events without the time they came
 * and counted no payments; version 3 kept no webhook events; version 4 kept each event's body
 * again in each of its deliveries; version 5 kept the body of each idempotent purchase where
 * later ones keep its digest, which the service compares either way; version 6 kept no debit
 * authorization with a payment, so its payments load with `authorization: null`); a newer one
 * is refused.
 */
export const SANDBOX_STATE_VERSION = 7;

/**
 * Everything a sandbox knows, as plain data: what `snapshot()` gives and a data directory's
 * `state.json` keeps, so a sandbox can be started again where another left off.
 */
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
  webhook: {
    url: string | null;
    key: string;
    /** When the key was made: absent in a state kept before keys recorded it. */
    createdAt?: string;
    previousKey?: { key: string; createdAt?: string; expiresAt: string };
  };
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

/** A customer as the state keeps it: the record and the sandbox behaviours set on it. */
export interface StoredCustomer {
  /** The customer record GET /api/customer/v2 answers. */
  record: CustomerState['record'];
  /** Tokens of the bank accounts whose purchases are declined (402). */
  decliningTokens: string[];
  /** Purchases are refused with 451 until the customer is verified. */
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
