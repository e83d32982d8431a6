// The shop's rule for when an order is paid: only what the service's events say, never
// backwards, once per payment, and only for the order's own customer, amount and payment, made
// while the order could be paid. Any other payment is unmatched: the shop refunds it.
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

  it.each([
    [
      { subtotal: { cents: 200, currency: 'USD' } },
      'the payment is for 200 USD, the order for 499 USD',
    ],
    [
      { subtotal: { cents: 499, currency: 'EUR' } },
      'the payment is for 499 EUR, the order for 499 USD',
    ],
    [{ customerId: 'mallory' }, 'the payer is not the order’s customer'],
  ])(
    'leaves the order alone for a payment that is not its own (%o): unmatched',
    (payment, reason) => {
      const result = applyPaymentEvent(order, event('Settled', payment), AT);
      expect(result).toEqual({ outcome: 'unmatched', order, reason });
    },
  );

  it('counts only the first payment of an order: a second payment is unmatched', () => {
    const paid = applyPaymentEvent(order, event('Settled'), AT).order;
    const second = applyPaymentEvent(paid, event('ACH Returned', { paymentId: 'pay_2' }), AT);
    expect(second).toMatchObject({ outcome: 'unmatched', reason: 'the order is paid by pay_1' });
    expect(second.order.status).toBe('paid');
  });

  // The order can be paid until 10:05:00.000 (awaitingOrder placed at 09:50).
  it.each([
    ['2026-11-24T10:04:59.999Z', 'applied'],
    ['2026-11-24T10:05:00.000Z', 'unmatched'],
    ['2026-11-24T11:00:00.000Z', 'unmatched'],
  ])(
    'a first payment made at %s, for an order payable until 10:05, is %s',
    (createdAt, outcome) => {
      const result = applyPaymentEvent(order, event('ACH Initiated', { createdAt }), AT);
      expect(result.outcome).toBe(outcome);
      if (outcome === 'unmatched') {
        expect(result).toMatchObject({
          reason: `the order could be paid until 2026-11-24T10:05:00.000Z; this payment was made at ${createdAt}, after it expired`,
        });
      }
    },
  );

  it('a payment made in time moves its order whenever its events arrive, after expiry too', () => {
    const late = '2026-11-24T12:00:00.000Z';
    let current = applyPaymentEvent(order, event('ACH Initiated'), late).order;
    current = applyPaymentEvent(current, event('Settled'), late).order;
    expect(current).toMatchObject({ status: 'paid', paymentId: 'pay_1', updatedAt: late });
  });
});
