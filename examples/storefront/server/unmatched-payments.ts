// A payment that reaches no payable order (unknown or removed, expired, another amount, currency
// or customer, or a second payment for an order) is the payer's money with nothing to deliver:
// the shop keeps it, shows it to staff and refunds it. These rules decide where each one is, from
// the service's events and the shop's refund attempts. Pure, so each has its own test; events
// come at least once and in any order, so a closed one stays closed.
import {
  movesPaymentForward,
  PAYMENT_EVENT_TYPES,
  type Payment,
  type PaymentStatus,
} from 'service-checkout/server';
import type { UnmatchedPayment, UnmatchedRefund } from '../src/api-types.js';

/**
 * The Idempotency-Key of the refund of a payment: the same for every attempt, from any process
 * or after a restart, so the service refunds the payment once however often the shop asks.
 */
export function refundKey(paymentId: string): string {
  return `refund-${paymentId}`;
}

/** What one attempt to refund gave. */
export type RefundAttempt =
  /** The service took the refund; its Refunded event follows. */
  | { outcome: 'refunded'; payment: Payment }
  /** The service would not refund it (409): the payment as it is now says why. */
  | { outcome: 'refused'; payment: Payment }
  /** Unreachable, or an error: try again later. */
  | { outcome: 'failed'; error: string };

const CLOSED: readonly UnmatchedRefund[] = ['refunded', 'not_needed'];

/** What a payment's status says about its refund, when it settles it. */
function refundAfter(status: PaymentStatus): UnmatchedRefund | undefined {
  if (status === 'refunded') return 'refunded';
  // No money came: nothing to give back.
  if (status === 'returned' || status === 'failed') return 'not_needed';
  return undefined;
}

export function isOpen(unmatched: UnmatchedPayment): boolean {
  return !CLOSED.includes(unmatched.refund);
}

/**
 * The unmatched payment after one of its events: a new one is due a refund unless its payment
 * already ended (returned or failed: not needed; refunded: done).
 */
export function unmatchedAfterEvent(
  known: UnmatchedPayment | undefined,
  payment: Payment,
  reason: string,
  at: string,
): UnmatchedPayment {
  if (known && !isOpen(known)) return known;
  // An event never moves a payment back: a stale one leaves the status it had.
  const forward =
    !known ||
    movesPaymentForward(known.paymentStatus, { eventType: PAYMENT_EVENT_TYPES[payment.status] });
  const orderId = payment.webhookInfo.orderId;
  return {
    paymentId: payment.paymentId,
    ...(typeof orderId === 'string' && { orderId }),
    customerId: payment.customerId,
    amount: { cents: payment.subtotal.cents, currency: payment.subtotal.currency },
    reason: known?.reason ?? reason,
    paymentStatus: forward ? payment.status : known.paymentStatus,
    ...((forward ? payment.returnCode : known.returnCode) !== undefined && {
      returnCode: forward ? payment.returnCode : known.returnCode,
    }),
    refund: refundAfter(payment.status) ?? known?.refund ?? 'due',
    refundAttempts: known?.refundAttempts ?? 0,
    ...(known?.lastRefundError !== undefined && { lastRefundError: known.lastRefundError }),
    firstSeenAt: known?.firstSeenAt ?? at,
    updatedAt: at,
  };
}

/** The unmatched payment after an attempt to refund it. */
export function unmatchedAfterRefund(
  known: UnmatchedPayment,
  attempt: RefundAttempt,
  at: string,
): UnmatchedPayment {
  if (!isOpen(known)) return known;
  const { lastRefundError: _previous, ...rest } = known;
  const tried = { ...rest, refundAttempts: known.refundAttempts + 1, updatedAt: at };
  switch (attempt.outcome) {
    case 'refunded':
      // Closed by the Refunded event, which says the service did it.
      return { ...tried, paymentStatus: 'refunded', refund: 'requested' };
    case 'refused': {
      const ending = refundAfter(attempt.payment.status);
      if (ending === undefined) {
        return {
          ...tried,
          lastRefundError: `the service refused the refund while the payment is ${attempt.payment.status}`,
        };
      }
      // Refunded by someone else (the console, say): its Refunded event closes it too.
      return {
        ...tried,
        paymentStatus: attempt.payment.status,
        ...(attempt.payment.returnCode !== undefined && {
          returnCode: attempt.payment.returnCode,
        }),
        refund: ending === 'refunded' ? 'requested' : ending,
      };
    }
    case 'failed':
      return { ...tried, lastRefundError: attempt.error };
  }
}
