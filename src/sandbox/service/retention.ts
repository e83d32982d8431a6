// How long the sandbox keeps what piles up with use, on its own clock, so that its memory and its
// data directory follow recent use, not everything since the first start. Once an hour (sandbox
// time, and wherever a move of the clock lands) it lets go of:
// - a payment 90 days after its last change: a settled one is kept at least 60 days after it
//   settled, since a bank may return it that late;
// - an Idempotency-Key record (purchase or refund) and the record of a checkout token that paid,
//   7 days after the purchase or refund: retries come within minutes, and a checkout token lives
//   24 hours at most;
// - an event the webhooks carry (GET /api/merchant/events), 30 days after it was made, as
//   docs/design.md promises: a receiver that was down that long can still catch up; an event a
//   delivery still retries stays until it ends (a clock moved far ahead makes events due later);
// - a webhook delivery, with its attempts, when its event goes, whose body it sends (a delivery
//   with a body of its own, kept from before events were, 30 days after its last attempt once it
//   was delivered or given up on);
// - a payer event 30 days after it arrived.
// Customers, API keys and the merchant's settings stay: they do not grow with traffic.
import type { Scheduler } from './scheduler.js';
import type { ServiceState } from './state.js';

const DAY_MS = 86_400_000;

export const RETENTION_MS = {
  payments: 90 * DAY_MS,
  idempotency: 7 * DAY_MS,
  webhookEvents: 30 * DAY_MS,
  deliveries: 30 * DAY_MS,
  payerEvents: 30 * DAY_MS,
} as const;

/** How often, on the sandbox's clock, what has aged out is let go. */
export const RETENTION_SWEEP_EVERY_MS = 3_600_000;

/** Sweeps now, then every RETENTION_SWEEP_EVERY_MS; call again after the scheduler is cleared. */
export function startRetention(options: {
  state: ServiceState;
  scheduler: Scheduler;
  now: () => number;
}): void {
  const { state, scheduler, now } = options;
  const schedule = (dueAt: number) =>
    scheduler.at(
      dueAt,
      () => {
        sweep(state, dueAt);
        // A clock moved ahead by days sweeps once more where it landed, not once per hour passed.
        schedule(Math.max(dueAt + RETENTION_SWEEP_EVERY_MS, now()));
      },
      { upkeep: true },
    );
  schedule(now());
}

/** Lets go of everything that aged out by `atMs`. */
export function sweep(state: ServiceState, atMs: number): void {
  const agedOut = (at: string | undefined, retentionMs: number) =>
    at === undefined || Date.parse(at) <= atMs - retentionMs;

  for (const payment of state.payments.values()) {
    if (agedOut(payment.updatedAt, RETENTION_MS.payments)) state.payments.delete(payment.paymentId);
  }
  // Keyed records whose payment is gone go with it, whatever their age.
  for (const purchase of state.idempotency.values()) {
    const payment = state.payments.get(purchase.paymentId);
    if (agedOut(payment?.createdAt, RETENTION_MS.idempotency)) {
      state.idempotency.delete(purchase.scope);
    }
  }
  for (const paid of state.paidTokens.values()) {
    const payment = state.payments.get(paid.paymentId);
    if (agedOut(payment?.createdAt, RETENTION_MS.idempotency))
      state.paidTokens.delete(paid.tokenId);
  }
  for (const refund of state.refundKeys.values()) {
    const payment = state.payments.get(refund.paymentId);
    if (agedOut(payment?.refundedAt, RETENTION_MS.idempotency)) {
      state.refundKeys.delete(refund.idempotencyKey);
    }
  }
  // Events are made in order: the oldest go first, but not one a delivery still retries.
  const retried = new Set<string>();
  for (const delivery of state.deliveries.values()) {
    if (delivery.state === 'pending') retried.add(delivery.eventId);
  }
  state.webhookEvents.dropCreatedBefore(atMs - RETENTION_MS.webhookEvents, retried);
  // A delivery sends its event's body: it goes with its event.
  for (const delivery of state.deliveries.values()) {
    const gone =
      delivery.body === undefined
        ? !state.webhookEvents.has(delivery.eventId)
        : delivery.state !== 'pending' &&
          agedOut(delivery.attempts.at(-1)?.at, RETENTION_MS.deliveries);
    if (gone) state.deliveries.delete(delivery.id);
  }
  for (const received of state.payerEvents.values()) {
    if (agedOut(received.receivedAt, RETENTION_MS.payerEvents)) {
      state.payerEvents.delete(received.id);
    }
  }
}
