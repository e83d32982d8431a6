// What a payment event does to an order: the one place the shop decides that it has been paid.
// Pure, so every rule has its own test. Delivery is at least once and in any order, so the
// rules never move an order backwards. A payment that does not belong to the order is
// `unmatched`: the shop keeps it apart and gives the money back (unmatched-payments.ts).
import type { PaymentWebhookEvent } from 'service-checkout/server';
import type { Order, OrderStatus } from '../src/api-types.js';

/** The order status each payment event moves to. */
const STATUS_AFTER: Record<PaymentWebhookEvent['eventType'], OrderStatus> = {
  'ACH Initiated': 'processing',
  'ACH Batched': 'processing',
  // Fulfil here: the money has arrived. Earlier events only say it is on its way.
  Settled: 'paid',
  'ACH Returned': 'returned',
  'ACH Failed': 'failed',
  // The shop refunded the whole payment: the order is not delivered.
  Refunded: 'refunded',
};

/**
 * Where each status may go next. Paid can still come back: a bank may return a settled debit,
 * or the shop refund it.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['processing', 'paid', 'returned', 'failed', 'refunded'],
  // Only ever shown (order-rules.ts), never stored: a payment made before the token expired
  // may still arrive, and moves the order as it would have.
  expired: ['processing', 'paid', 'returned', 'failed', 'refunded'],
  processing: ['paid', 'returned', 'failed', 'refunded'],
  paid: ['returned', 'refunded'],
  returned: [],
  failed: [],
  refunded: [],
};

export type Applied =
  | { outcome: 'applied'; order: Order }
  | { outcome: 'unchanged'; order: Order; reason: string }
  /** The payment is not this order's: the order stays as it is, the payment is refunded. */
  | { outcome: 'unmatched'; order: Order; reason: string };

export function applyPaymentEvent(order: Order, event: PaymentWebhookEvent, at: string): Applied {
  const payment = event.data;
  const unmatched = (reason: string): Applied => ({ outcome: 'unmatched', order, reason });
  if (payment.customerId !== order.customerId) {
    return unmatched('the payer is not the order’s customer');
  }
  if (payment.subtotal.cents !== order.totalCents || payment.subtotal.currency !== order.currency) {
    return unmatched(
      `the payment is for ${payment.subtotal.cents} ${payment.subtotal.currency}, the order for ${order.totalCents} ${order.currency}`,
    );
  }
  // The first payment seen for an order is its payment; another one is never counted.
  if (order.paymentId !== undefined && order.paymentId !== payment.paymentId) {
    return unmatched(`the order is paid by ${order.paymentId}`);
  }
  // The service refuses an expired token, so a payment made after the order stopped being
  // payable came some other way. One made before it pays the order, however late its events.
  if (
    order.paymentId === undefined &&
    Date.parse(payment.createdAt) >= Date.parse(order.payableUntil)
  ) {
    return unmatched(
      `the order could be paid until ${order.payableUntil}; this payment was made at ${payment.createdAt}, after it expired`,
    );
  }
  const status = STATUS_AFTER[event.eventType];
  if (!NEXT[order.status].includes(status)) {
    return { outcome: 'unchanged', order, reason: `the order is already ${order.status}` };
  }
  return {
    outcome: 'applied',
    order: {
      ...order,
      paymentId: payment.paymentId,
      status,
      ...(payment.returnCode !== undefined && { returnCode: payment.returnCode }),
      updatedAt: at,
    },
  };
}
