// One order of one $4.99 Gem Pouch by alex, and the service's events about its payment (made at
// AT, while the order can be paid).
import {
  PAYMENT_EVENT_TYPES,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentWebhookEvent,
} from 'service-checkout/server';
import type { Order } from '../../examples/storefront/src/api-types.js';

export const AT = '2026-11-24T10:00:00.000Z';

/** Placed at `createdAt` (default 09:50, ten minutes before AT), payable for 15 minutes. */
export function awaitingOrder(orderId = 'ord_1', createdAt = '2026-11-24T09:50:00.000Z'): Order {
  return {
    orderId,
    customerId: 'alex',
    email: 'alex@example.com',
    lines: [
      { productId: 'gem-pouch', name: 'Gem Pouch', quantity: 1, unitCents: 499, totalCents: 499 },
    ],
    totalCents: 499,
    currency: 'USD',
    status: 'awaiting_payment',
    payableUntil: new Date(Date.parse(createdAt) + 15 * 60_000).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * An event about payment pay_1 of the order, its id named after its type unless given, the
 * payment in the status the event announces. A return carries a `returnCode` (R01 unless given)
 * and a refund its `refundedAt` (AT), as the service's always do.
 */
export function paymentEvent(
  eventType: PaymentWebhookEvent['eventType'],
  options: { orderId?: string; id?: string; payment?: Partial<Payment> } = {},
): PaymentWebhookEvent {
  const { orderId = 'ord_1', id = `evt_${eventType}`, payment = {} } = options;
  const data: Payment = {
    paymentId: 'pay_1',
    status: PAYMENT_STATUSES.find((status) => PAYMENT_EVENT_TYPES[status] === eventType)!,
    subtotal: { cents: 499, currency: 'USD' },
    settlementType: 'USDC',
    customerId: 'alex',
    email: 'alex@example.com',
    webhookInfo: { itemName: `Order ${orderId}`, price: '4.99', quantity: 1, orderId },
    createdAt: AT,
    updatedAt: AT,
    ...payment,
  };
  if (eventType === 'ACH Returned') {
    return { id, eventType, created: AT, data: { ...data, returnCode: data.returnCode ?? 'R01' } };
  }
  if (eventType === 'Refunded') {
    return { id, eventType, created: AT, data: { ...data, refundedAt: data.refundedAt ?? AT } };
  }
  return { id, eventType, created: AT, data };
}

/** The words of a payer's debit authorization from the account ending in `last4`. */
export function authorizationText(last4 = '6789'): string {
  return `By selecting Pay $4.99, you authorize Skyreach Store to make a one-time debit of $4.99 from Sandbox checking ••${last4} on or after November 24, 2026. You may revoke this by contacting support@skyreach.example before it is sent to your bank.`;
}
