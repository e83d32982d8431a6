// Whether an event moves a payment forward from the status the merchant has recorded. Events
// come at least once and in any order, so a receiver applies only what comes later in a
// payment's life: a duplicate or a stale event (ACH Batched after Settled) changes nothing. ACH
// is not over at `settled`: a bank may return a settled debit weeks later, and the merchant may
// refund it; which statuses may follow which is src/core/payment-status.ts. Pure, with no
// server-only dependency, but exported from the server entry only: it judges what the service
// told the merchant's server.
import { ConfigError } from '../core/errors.js';
import { mayFollow } from '../core/payment-status.js';
import { PAYMENT_EVENT_TYPES, PAYMENT_STATUSES, type PaymentStatus } from '../core/schemas.js';
import { listValues } from '../core/validate.js';
import { serverMessages } from './messages.js';

const STATUS_BY_EVENT_TYPE: ReadonlyMap<string, PaymentStatus> = new Map(
  PAYMENT_STATUSES.map((status) => [PAYMENT_EVENT_TYPES[status], status]),
);

/**
 * True when `event` moves the payment forward from `recorded`, the status you stored for it
 * (`undefined` or `null` when you have stored none yet): then record `event.data.status`.
 * False for a duplicate, a stale event (ACH Initiated or ACH Batched after Settled), anything
 * after a final status (returned, failed, refunded), and `Test` or unrecognized events, which
 * never move a payment. A late ACH Returned after Settled is true.
 */
export function movesPaymentForward(
  recorded: PaymentStatus | null | undefined,
  event: { eventType: string },
): boolean {
  if (recorded !== undefined && recorded !== null && !isPaymentStatus(recorded)) {
    throw new ConfigError(
      'recorded',
      serverMessages.recordedStatusInvalid(listValues(PAYMENT_STATUSES)),
    );
  }
  if (typeof event !== 'object' || event === null || typeof event.eventType !== 'string') {
    throw new ConfigError('event', serverMessages.progressEventInvalid());
  }
  const next = STATUS_BY_EVENT_TYPE.get(event.eventType);
  if (next === undefined) return false;
  if (recorded === undefined || recorded === null) return true;
  return mayFollow(recorded, next);
}

function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value);
}
