// What a payment event does to an order: the one place the shop decides that it has been paid.
// Pure, so every rule has its own test. Delivery is at least once and in any order, so the
// rules never move an order backwards and ignore what does not belong to the order.
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
  processing: ['paid', 'returned', 'failed', 'refunded'],
  paid: ['returned', 'refunded'],
  returned: [],
  failed: [],
  refunded: [],
};

export type Applied =
  | { outcome: 'applied'; order: Order }
  | { outcome: 'unchanged' | 'ignored'; order: Order; reason: string };

export function applyPaymentEvent(order: Order, event: PaymentWebhookEvent, at: string): Applied {
  const payment = event.data;
  const ignore = (reason: string): Applied => ({ outcome: 'ignored', order, reason });
  if (payment.customerId !== order.customerId)
    return ignore('the payer is not the order’s customer');
  if (payment.subtotal.cents !== order.totalCents || payment.subtotal.currency !== order.currency) {
    return ignore(`the payment is for ${payment.subtotal.cents} ${payment.subtotal.currency}`);
  }
  // The first payment seen for an order is its payment; another one is never counted.
  if (order.paymentId !== undefined && order.paymentId !== payment.paymentId) {
    return ignore(`the order is paid by ${order.paymentId}`);
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
