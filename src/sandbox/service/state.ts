// The one state every resource of the service reads and changes: the merchant's settings and a
// table per kind of record. A resource that changes a record in place says so on its table
// (`changed`), which is how the data directory learns what to write (persistence/journal.ts).
import type { PayerEvent, Withdrawal } from '../../core/schemas.js';
import { createApiKeyStore, type ApiKeyStore, type StoredApiKey } from './api-keys.js';
import type { CustomerState } from './customer-records.js';
import { EventLog, type LoggedEvent } from './event-log.js';
import type { SandboxPayment } from './payment-lifecycle.js';
import { Table } from './table.js';
import type { StoredDelivery } from './webhook-deliveries.js';
import type { WebhookKeyring } from './webhook-keys.js';

/** A payer event as POST /api/events received it, numbered so that it can be let go later. */
export interface ReceivedPayerEvent {
  id: string;
  /** ISO 8601 time it arrived, on the sandbox's clock. */
  receivedAt: string;
  event: PayerEvent;
}

/** A successful purchase by customer and Idempotency-Key: a replay answers the same payment. */
export interface IdempotentPurchase {
  scope: string;
  /**
   * The SHA-256 of the request body, canonical, as hex: the same key with another body is a
   * conflict. (A state of version 5 kept the canonical body itself.)
   */
  fingerprint: string;
  paymentId: string;
}

/** A checkout token that paid, by its id: one token pays once. */
export interface PaidCheckoutToken {
  tokenId: string;
  paymentId: string;
}

/** A successful refund by Idempotency-Key (one per merchant): a replay answers the same refund. */
export interface RefundKey {
  idempotencyKey: string;
  paymentId: string;
}

/** How many of each numbered thing were ever made, so that new ids never repeat old ones. */
export interface Counters {
  events: number;
  deliveries: number;
  payments: number;
  payerEvents: number;
}

/** What a state starts from: a fresh sandbox's values, or those a snapshot kept. */
export interface StateInit {
  merchantId: string;
  secrets: { sessionKeys: Uint8Array; checkoutTokens: Uint8Array };
  apiKeys: readonly StoredApiKey[];
  webhook: { url: string | undefined } & WebhookKeyring;
  clock: { offsetMs: number };
  counters: Counters;
  withdrawals: Withdrawal[];
  customers: CustomerState[];
  payerEvents: ReceivedPayerEvent[];
  payments: SandboxPayment[];
  deliveries: StoredDelivery[];
  webhookEvents: LoggedEvent[];
  idempotency: IdempotentPurchase[];
  paidTokens: PaidCheckoutToken[];
  refundKeys: RefundKey[];
}

export interface ServiceState {
  readonly merchantId: string;
  /** The kept HS256 secrets of session keys and checkout tokens. */
  readonly secrets: { readonly sessionKeys: Uint8Array; readonly checkoutTokens: Uint8Array };
  readonly apiKeys: ApiKeyStore;
  readonly webhook: { url: string | undefined } & WebhookKeyring;
  /** How far POST /api/sandbox/clock moved the sandbox's time past its clock: never back. */
  readonly clock: { offsetMs: number };
  readonly counters: Counters;
  withdrawals: Withdrawal[];
  readonly customers: Table<CustomerState>;
  readonly payerEvents: Table<ReceivedPayerEvent>;
  readonly payments: Table<SandboxPayment>;
  /** Webhook deliveries, each naming an event the log below holds (or carrying its body). */
  readonly deliveries: Table<StoredDelivery>;
  /** Every event webhooks carry (delivered or not), oldest first: GET /api/merchant/events. */
  readonly webhookEvents: EventLog;
  readonly idempotency: Table<IdempotentPurchase>;
  readonly paidTokens: Table<PaidCheckoutToken>;
  readonly refundKeys: Table<RefundKey>;
}

/** The state, from `init`; `now` is the sandbox's clock, which API keys are stamped by. */
export function createServiceState(init: StateInit, now: () => number): ServiceState {
  const webhookEvents = new EventLog(init.webhookEvents);
  // Retention lets a delivery go with its event; one left behind (a file edited, or a journal
  // cut between the two) has nothing to send and is let go too.
  const sendable = init.deliveries.filter(
    (delivery) => delivery.body !== undefined || webhookEvents.has(delivery.eventId),
  );
  return {
    merchantId: init.merchantId,
    secrets: init.secrets,
    apiKeys: createApiKeyStore(now, init.apiKeys),
    webhook: { ...init.webhook },
    clock: { ...init.clock },
    counters: { ...init.counters },
    withdrawals: init.withdrawals,
    customers: new Table((customer) => customer.record.customerId, init.customers),
    payerEvents: new Table((received) => received.id, init.payerEvents),
    payments: new Table((payment) => payment.paymentId, init.payments),
    deliveries: new Table((delivery) => delivery.id, sendable),
    webhookEvents,
    idempotency: new Table((purchase) => purchase.scope, init.idempotency),
    paidTokens: new Table((paid) => paid.tokenId, init.paidTokens),
    refundKeys: new Table((refund) => refund.idempotencyKey, init.refundKeys),
  };
}
