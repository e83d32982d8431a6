// The service's state as the versioned JSON of state.ts, and back: whole, for `snapshot()` and
// `createSandbox({ state })`, and record by record, for the data directory's journal.
import type { StoredApiKey } from '../service/api-keys.js';
import type { CustomerState } from '../service/customer-records.js';
import { bytesOfHex, hexOf } from '../service/ids.js';
import type { ServiceState, StateInit } from '../service/state.js';
import type { Table } from '../service/table.js';
import {
  SANDBOX_STATE_VERSION,
  type RecordKind,
  type SandboxState,
  type StoredCustomer,
  type StoredMerchant,
  type StoredRecords,
} from './state.js';

/** What the state starts from when a sandbox starts from a snapshot. */
export function stateInitOf(snapshot: SandboxState): StateInit {
  return {
    merchantId: snapshot.merchantId,
    secrets: {
      sessionKeys: bytesOfHex(snapshot.secrets.sessionKeys),
      checkoutTokens: bytesOfHex(snapshot.secrets.checkoutTokens),
    },
    apiKeys: snapshot.apiKeys,
    webhook: { ...snapshot.webhook, url: snapshot.webhook.url ?? undefined },
    clock: snapshot.clock,
    counters: snapshot.counters,
    withdrawals: snapshot.withdrawals,
    customers: snapshot.customers.map(customerOf),
    payerEvents: snapshot.events,
    payments: snapshot.payments,
    deliveries: snapshot.deliveries,
    webhookEvents: snapshot.webhookEvents,
    idempotency: snapshot.idempotency,
    paidTokens: snapshot.paidTokens,
    refundKeys: snapshot.refundKeys,
  };
}

/**
 * Everything a restart keeps, as one moment's copy: the caller may keep or change it freely.
 * Asynchronous because key digests come from Web Crypto.
 */
export async function snapshotOf(state: ServiceState): Promise<SandboxState> {
  const apiKeys = await state.apiKeys.export();
  // Taken after the await, all at once: one moment's state.
  return structuredClone({
    version: SANDBOX_STATE_VERSION,
    merchantId: state.merchantId,
    secrets: secretsOf(state),
    ...merchantOf(state, apiKeys),
    customers: storedRecords(state, 'customers'),
    events: storedRecords(state, 'events'),
    payments: storedRecords(state, 'payments'),
    webhookEvents: storedRecords(state, 'webhookEvents'),
    deliveries: storedRecords(state, 'deliveries'),
    idempotency: storedRecords(state, 'idempotency'),
    paidTokens: storedRecords(state, 'paidTokens'),
    refundKeys: storedRecords(state, 'refundKeys'),
  });
}

/** The kept signing secrets, as hex. */
export function secretsOf(state: ServiceState): SandboxState['secrets'] {
  return {
    sessionKeys: hexOf(state.secrets.sessionKeys),
    checkoutTokens: hexOf(state.secrets.checkoutTokens),
  };
}

/**
 * The merchant's settings as kept, with the keys `apiKeys.export()` gave (the state's own
 * objects: stringify them at once, or clone them).
 */
export function merchantOf(state: ServiceState, apiKeys: StoredApiKey[]): StoredMerchant {
  return {
    apiKeys,
    webhook: {
      url: state.webhook.url ?? null,
      key: state.webhook.key,
      ...(state.webhook.createdAt && { createdAt: state.webhook.createdAt }),
      // While a rolled key signs beside the new one: a restart keeps signing with both.
      ...(state.webhook.previousKey && { previousKey: state.webhook.previousKey }),
    },
    withdrawals: state.withdrawals,
    counters: state.counters,
    clock: state.clock,
  };
}

/** The state's table of records of this kind. */
export function tableOf<K extends RecordKind>(state: ServiceState, kind: K): Table<InMemory<K>> {
  const tables: { [Kind in RecordKind]: Table<InMemory<Kind>> } = {
    customers: state.customers,
    events: state.payerEvents,
    payments: state.payments,
    webhookEvents: state.webhookEvents,
    deliveries: state.deliveries,
    idempotency: state.idempotency,
    paidTokens: state.paidTokens,
    refundKeys: state.refundKeys,
  };
  return tables[kind];
}

/** A record as kept (the state's own object where the two agree: stringify it at once). */
export function storedRecord<K extends RecordKind>(kind: K, row: InMemory<K>): StoredRecords[K] {
  if (kind === 'customers') return storedCustomer(row as CustomerState) as StoredRecords[K];
  return row as StoredRecords[K];
}

/** A kept record as the state holds it. */
export function recordOf<K extends RecordKind>(kind: K, stored: StoredRecords[K]): InMemory<K> {
  if (kind === 'customers') return customerOf(stored as StoredCustomer) as InMemory<K>;
  return stored as InMemory<K>;
}

/** How the state holds a record of each kind: as kept, except customers' sets. */
type InMemory<K extends RecordKind> = K extends 'customers' ? CustomerState : StoredRecords[K];

function storedRecords<K extends RecordKind>(state: ServiceState, kind: K): StoredRecords[K][] {
  return [...tableOf(state, kind).values()].map((row) => storedRecord(kind, row));
}

function storedCustomer(customer: CustomerState): StoredCustomer {
  return {
    record: customer.record,
    decliningTokens: [...customer.decliningTokens],
    needsVerification: customer.needsVerification,
  };
}

function customerOf(stored: StoredCustomer): CustomerState {
  return {
    record: stored.record,
    decliningTokens: new Set(stored.decliningTokens),
    needsVerification: stored.needsVerification,
  };
}
