// The shop's rule for when an order is paid: only what the service's events say, never
// backwards, once per payment, and only for the order's own customer, amount and payment.
import { describe, expect, it } from 'vitest';
import type { PaymentWebhookEvent } from 'service-checkout/server';
import { applyPaymentEvent } from '../../examples/storefront/server/order-status.js';
import { AT, awaitingOrder, paymentEvent } from './fixtures.js';

const order = awaitingOrder();
const event = (
  eventType: PaymentWebhookEvent['eventType'],
  payment: Partial<PaymentWebhookEvent['data']> = {},
) => paymentEvent(eventType, { payment });

/** Applies the events in order and returns the order's statuses along the way. */
function statuses(...types: PaymentWebhookEvent['eventType'][]) {
  let current = order;
  return types.map((type) => {
    current = applyPaymentEvent(current, event(type), AT).order;
    return current.status;
  });
}

describe('applyPaymentEvent', () => {
  it('pays an order only when the payment settles', () => {
    expect(statuses('ACH Initiated', 'ACH Batched', 'Settled')).toEqual([
      'processing',
      'processing',
      'paid',
    ]);
  });

  it('binds the order to its payment and stamps the change', () => {
    const result = applyPaymentEvent(order, event('ACH Initiated'), AT);
    expect(result.outcome).toBe('applied');
    expect(result.order).toMatchObject({ paymentId: 'pay_1', status: 'processing', updatedAt: AT });
  });

  it('never moves an order backwards when events arrive out of order', () => {
    expect(statuses('Settled', 'ACH Batched', 'ACH Initiated')).toEqual(['paid', 'paid', 'paid']);
    const late = applyPaymentEvent(
      { ...order, status: 'paid', paymentId: 'pay_1' },
      event('ACH Batched'),
      AT,
    );
    expect(late).toMatchObject({ outcome: 'unchanged', reason: 'the order is already paid' });
  });

  it('records a return with its code, even after settling, and a failure; both are final', () => {
    let current = applyPaymentEvent(order, event('ACH Returned', { returnCode: 'R01' }), AT).order;
    expect(current).toMatchObject({ status: 'returned', returnCode: 'R01' });
    current = applyPaymentEvent(current, event('Settled'), AT).order;
    expect(current.status).toBe('returned');
    expect(statuses('Settled', 'ACH Returned')).toEqual(['paid', 'returned']);
    expect(statuses('ACH Failed', 'Settled')).toEqual(['failed', 'failed']);
  });

  it('marks an order refunded when its payment is, before or after settling; refunded is final', () => {
    expect(statuses('ACH Initiated', 'Refunded')).toEqual(['processing', 'refunded']);
    expect(statuses('ACH Initiated', 'ACH Batched', 'Refunded')).toEqual([
      'processing',
      'processing',
      'refunded',
    ]);
    expect(statuses('Settled', 'Refunded')).toEqual(['paid', 'refunded']);
    // A Settled that arrives after the refund's event does not deliver the order.
    expect(statuses('Refunded', 'Settled', 'ACH Returned')).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
  });

  it('ignores a payment of another amount, currency or customer', () => {
    for (const payment of [
      { subtotal: { cents: 200, currency: 'USD' } },
      { subtotal: { cents: 499, currency: 'EUR' } },
      { customerId: 'mallory' },
    ]) {
      const result = applyPaymentEvent(order, event('Settled', payment), AT);
      expect(result.outcome).toBe('ignored');
      expect(result.order).toBe(order);
    }
  });

  it('counts only the first payment of an order: a second payment is ignored', () => {
    const paid = applyPaymentEvent(order, event('Settled'), AT).order;
    const second = applyPaymentEvent(paid, event('ACH Returned', { paymentId: 'pay_2' }), AT);
    expect(second).toMatchObject({ outcome: 'ignored', reason: 'the order is paid by pay_1' });
    expect(second.order.status).toBe('paid');
  });
});
