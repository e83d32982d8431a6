// What a payment event does to an order: the one place the shop decides that it has been paid,
// and that a paid order's money went back. Pure, so every rule has its own test. Delivery is at
// least once and in any order: whether an event moves the payment forward from what the order
// recorded is the library's `movesPaymentForward`, so a repeated or stale event changes nothing;
// what that means for the order is decided here. A payment that does not belong to the order is
// `unmatched`: the shop keeps it apart and gives the money back (unmatched-payments.ts).
import {
  movesPaymentForward,
  type PaymentStatus,
  type PaymentWebhookEvent,
} from 'service-checkout/server';
import type { Order, OrderStatus } from '../src/api-types.js';
import { goodsOf } from './inventory.js';

/**
 * The order's status once its payment is in `payment`. Only `settled` delivers: the money has
 * arrived. A return or a refund after that is a reversal: the order was delivered, and what it
 * delivered is taken back. Before it, nothing was delivered.
 */
function statusAfter(order: Order, payment: PaymentStatus): OrderStatus {
  switch (payment) {
    case 'pending':
    case 'batched':
      return 'processing';
    case 'settled':
      return 'paid';
    case 'returned':
      return order.status === 'paid' ? 'reversed' : 'returned';
    case 'refunded':
      return order.status === 'paid' ? 'reversed' : 'refunded';
    case 'failed':
      return 'failed';
  }
}

/**
 * The payment status the order recorded. Orders kept from before they recorded it have only
 * their own status to go by: processing counts as pending, so a later event still applies.
 */
const PAYMENT_STATUS_OF: Record<OrderStatus, PaymentStatus | undefined> = {
  awaiting_payment: undefined,
  expired: undefined,
  processing: 'pending',
  paid: 'settled',
  returned: 'returned',
  failed: 'failed',
  refunded: 'refunded',
  reversed: 'returned',
};

export function recordedPaymentStatus(order: Order): PaymentStatus | undefined {
  return order.paymentStatus ?? PAYMENT_STATUS_OF[order.status];
}

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
  if (!movesPaymentForward(recordedPaymentStatus(order), event)) {
    return { outcome: 'unchanged', order, reason: `the order is already ${order.status}` };
  }
  const status = statusAfter(order, payment.status);
  return {
    outcome: 'applied',
    order: {
      ...order,
      paymentId: payment.paymentId,
      paymentStatus: payment.status,
      // The moment its settlement day counts from (order-view.ts).
      paymentCreatedAt: payment.createdAt,
      status,
      ...(payment.returnCode !== undefined && { returnCode: payment.returnCode }),
      // What it delivers was fixed when it was ordered; an order kept from before, by its lines.
      ...(status === 'paid' && { delivered: order.goods ?? goodsOf(order.lines) }),
      ...(status === 'reversed' && { reversal: reversalOf(event, at) }),
      updatedAt: at,
    },
  };
}

/** Why and when a paid order's money went back: the bank's return, or the shop's refund. */
function reversalOf(event: PaymentWebhookEvent, at: string): Order['reversal'] {
  if (event.eventType === 'Refunded') return { cause: 'refunded', at: event.data.refundedAt };
  return { cause: 'returned', at: event.data.returnedAt ?? at };
}
