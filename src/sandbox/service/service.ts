// The service put together: one shared state, the clock and its scheduler, and each resource
// over them, with every endpoint they answer. What came from a kept state carries on: payments
// take their remaining steps and pending deliveries their next attempt.
import { checkApiKey } from './api-keys.js';
import { createCheckoutTokens, type CheckoutTokens } from './checkout-tokens.js';
import { clockRoutes, createClock, type SandboxClock } from './clock.js';
import type { CustomerState } from './customer-records.js';
import { createCustomers, type Customers } from './customers.js';
import { deviceScriptRoute } from './device-script.js';
import { eventFeedRoutes } from './event-feed.js';
import { createPayerEvents, type PayerEvents } from './payer-events.js';
import { createPayments, type Payments } from './payments.js';
import { purchaseRoutes } from './purchases.js';
import { createRefunds, type Refunds } from './refunds.js';
import { startRetention } from './retention.js';
import type { Route } from './route.js';
import { createScheduler, type Scheduler } from './scheduler.js';
import { createSessionKeys, type SessionKeys } from './session-keys.js';
import { stepTiming, type Settlement } from './settlement.js';
import { createServiceState, type ServiceState, type StateInit } from './state.js';
import { createWebhooks, type Webhooks } from './webhooks.js';
import { seedWithdrawals, withdrawalRoutes } from './withdrawals.js';

export interface ServiceSettings {
  /** The caller's clock; the sandbox's time is this plus the state's clock offset. */
  clock: () => number;
  /** Timers run what is due; false: the caller moves its clock and calls runDue(). */
  realTimers: boolean;
  settleStepMs: number;
  /** Fast steps `settleStepMs` apart, or the banking days of ACH. */
  settlement: Settlement;
  sessionKeyTtlSeconds: number;
  /** Signs and verifies session keys: the state's secret, or the jwtSecret option's. */
  sessionKeySecret: Uint8Array;
  requireSignedCheckout: boolean;
  webhookFetch: (input: string, init: RequestInit) => Promise<Response>;
  log?: (line: string) => void;
  /**
   * Awaited before each webhook attempt leaves: resolves once what it announces is kept, rejects
   * when it cannot be (the attempt then fails and is retried). Unset: nothing to wait for.
   */
  beforeDelivery?: () => Promise<void>;
  /** Told after every payment step and delivery attempt: the state may have changed. */
  onTaskDone: () => void;
}

export interface Service {
  readonly state: ServiceState;
  readonly clock: SandboxClock;
  readonly scheduler: Scheduler;
  readonly customers: Customers;
  readonly sessionKeys: SessionKeys;
  readonly checkoutTokens: CheckoutTokens;
  readonly payments: Payments;
  readonly refunds: Refunds;
  readonly webhooks: Webhooks;
  readonly payerEvents: PayerEvents;
  /** Every endpoint of the service. */
  readonly routes: Route[];
  /** Checks a route's credential: a live API key, or a valid session key (its customer). */
  readonly authenticate: {
    apiKey(request: Request): Promise<void>;
    sessionKey(request: Request): Promise<CustomerState>;
  };
  /** Forgets customers, events, payments, deliveries, idempotency keys and pending steps. */
  reset(): void;
}

export function createService(init: StateInit, settings: ServiceSettings): Service {
  // The clock reads the state's offset; the state stamps API keys by the clock (later, on use).
  const state = createServiceState(init, () => clock.now());
  const clock = createClock(settings.clock, state);
  const now = clock.now;
  const scheduler = taskScheduler(now, settings);

  const customers = createCustomers(state, now);
  const sessionKeys = createSessionKeys({
    merchantId: state.merchantId,
    secret: settings.sessionKeySecret,
    ttlSeconds: settings.sessionKeyTtlSeconds,
    now,
    customers,
  });
  const webhooks = createWebhooks({
    state,
    scheduler,
    now,
    fetch: settings.webhookFetch,
    log: settings.log,
    beforeDelivery: settings.beforeDelivery,
  });
  const payments = createPayments({
    state,
    scheduler,
    now,
    timing: stepTiming(settings.settlement, settings.settleStepMs),
    webhooks,
  });
  const checkoutTokens = createCheckoutTokens({
    state,
    now,
    requireSignedCheckout: settings.requireSignedCheckout,
  });
  const refunds = createRefunds({ state, now, payments });
  const payerEvents = createPayerEvents(state, now);

  payments.resume();
  webhooks.resume();
  startRetention({ state, scheduler, now });

  return {
    state,
    clock,
    scheduler,
    customers,
    sessionKeys,
    checkoutTokens,
    payments,
    refunds,
    webhooks,
    payerEvents,
    routes: [
      ...sessionKeys.routes,
      ...customers.routes,
      ...withdrawalRoutes(state),
      ...payerEvents.routes,
      ...purchaseRoutes({ state, now, payments, checkoutTokens }),
      ...checkoutTokens.routes,
      ...payments.routes,
      ...refunds.routes,
      ...eventFeedRoutes(state),
      ...webhooks.routes,
      ...clockRoutes(clock, scheduler),
      deviceScriptRoute,
    ],
    authenticate: {
      apiKey: (request) => checkApiKey(state.apiKeys, request),
      sessionKey: (request) => sessionKeys.authenticate(request),
    },
    reset() {
      for (const table of [
        state.customers,
        state.payerEvents,
        state.payments,
        state.deliveries,
        state.webhookEvents,
        state.idempotency,
        state.paidTokens,
        state.refundKeys,
      ]) {
        table.clear();
      }
      state.withdrawals = seedWithdrawals(state.merchantId, now());
      scheduler.clear();
      startRetention({ state, scheduler, now });
    },
  };
}

/**
 * The scheduler on the sandbox's clock: with a clock of its own a test moves time and calls
 * runDue(); otherwise timers do. Every payment step, delivery attempt and retention sweep
 * changes the state.
 */
function taskScheduler(now: () => number, settings: ServiceSettings): Scheduler {
  const scheduler = createScheduler(now, { realTimers: settings.realTimers });
  return {
    ...scheduler,
    at: (time, task, options) =>
      scheduler.at(
        time,
        async () => {
          try {
            await task();
          } finally {
            settings.onTaskDone();
          }
        },
        options,
      ),
  };
}
