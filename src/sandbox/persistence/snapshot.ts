// The service's state as the versioned JSON of state.ts, and back: for `snapshot()` and
// `createSandbox({ state })`.
import type { CustomerState } from '../service/customer-records.js';
import { bytesOfHex, hexOf } from '../service/ids.js';
import type { ServiceState, StateInit } from '../service/state.js';
import { SANDBOX_STATE_VERSION, type SandboxState, type StoredCustomer } from './state.js';

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
    secrets: {
      sessionKeys: hexOf(state.secrets.sessionKeys),
      checkoutTokens: hexOf(state.secrets.checkoutTokens),
    },
    apiKeys,
    webhook: { ...state.webhook, url: state.webhook.url ?? null },
    customers: [...state.customers.values()].map(storedCustomer),
    events: state.payerEvents,
    payments: [...state.payments.values()],
    deliveries: [...state.deliveries.values()],
    webhookEvents: state.webhookEvents.values(),
    idempotency: [...state.idempotency.values()],
    paidTokens: [...state.paidTokens.values()],
    refundKeys: [...state.refundKeys.values()],
    withdrawals: state.withdrawals,
    counters: state.counters,
    clock: state.clock,
  });
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
