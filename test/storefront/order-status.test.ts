// The shop's rule for when an order is paid: only what the service's events say, never
// backwards, once per payment, and only for the order's own customer, amount and payment, made
// while the order could be paid. Any other payment is unmatched: the shop refunds it. A paid
// order whose money goes back (a late return, a refund) is reversed: what it delivered is
// taken back.
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

  it('records when its payment was made, the moment its settlement day counts from', () => {
    const madeAt = '2026-11-24T09:59:59.000Z';
    const result = applyPaymentEvent(order, event('ACH Initiated', { createdAt: madeAt }), AT);
    expect(result.order.paymentCreatedAt).toBe(madeAt);
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

  it('records a return before settling with its code, and a failure; both are final', () => {
    let current = applyPaymentEvent(order, event('ACH Returned', { returnCode: 'R01' }), AT).order;
    expect(current).toMatchObject({ status: 'returned', returnCode: 'R01' });
    current = applyPaymentEvent(current, event('Settled'), AT).order;
    expect(current.status).toBe('returned');
    expect(current.delivered).toBeUndefined();
    expect(statuses('ACH Initiated', 'ACH Batched', 'ACH Returned', 'Settled')).toEqual([
      'processing',
      'processing',
      'returned',
      'returned',
    ]);
    expect(statuses('ACH Failed', 'Settled')).toEqual(['failed', 'failed']);
  });

  it('marks an order refunded when its payment is refunded before settling; refunded is final', () => {
    expect(statuses('ACH Initiated', 'Refunded')).toEqual(['processing', 'refunded']);
    expect(statuses('ACH Initiated', 'ACH Batched', 'Refunded')).toEqual([
      'processing',
      'processing',
      'refunded',
    ]);
    // A Settled that arrives after the refund's event does not deliver the order.
    expect(statuses('Refunded', 'Settled', 'ACH Returned')).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
  });

  it('records what a paid order delivers, fixed when it was ordered, and the payment’s status', () => {
    const goods = { gems: 500, items: [{ name: 'Frostwing mount', count: 1 }] };
    const paid = applyPaymentEvent({ ...order, goods }, event('Settled'), AT).order;
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'settled', delivered: goods });
    // An order kept from before orders carried their goods delivers what its lines do.
    expect(applyPaymentEvent(order, event('Settled'), AT).order.delivered).toEqual({
      gems: 500,
      items: [],
    });
  });

  // Each row: the events in order, then the order's statuses after each.
  it.each<[PaymentWebhookEvent['eventType'][], string[]]>([
    [
      ['Settled', 'ACH Returned'],
      ['paid', 'reversed'],
    ],
    [
      ['ACH Initiated', 'ACH Batched', 'Settled', 'ACH Returned'],
      ['processing', 'processing', 'paid', 'reversed'],
    ],
    [
      ['Settled', 'Refunded'],
      ['paid', 'reversed'],
    ],
    // A second return, a refund after a return, and anything after: nothing more.
    [
      ['Settled', 'ACH Returned', 'ACH Returned', 'Refunded', 'Settled'],
      ['paid', 'reversed', 'reversed', 'reversed', 'reversed'],
    ],
    [
      ['Settled', 'Refunded', 'ACH Returned'],
      ['paid', 'reversed', 'reversed'],
    ],
    // Stale events after Settled.
    [
      ['Settled', 'ACH Batched', 'ACH Initiated', 'Settled'],
      ['paid', 'paid', 'paid', 'paid'],
    ],
  ])('events %j move the order through %j', (types, expected) => {
    expect(statuses(...types)).toEqual(expected);
  });

  it('reverses a paid order the bank returns late, with its code and when; only once', () => {
    const paid = applyPaymentEvent(order, event('Settled'), AT).order;
    const returnedAt = '2026-12-04T10:00:00.000Z';
    const late = applyPaymentEvent(
      paid,
      event('ACH Returned', { returnCode: 'R10', settledAt: AT, returnedAt }),
      returnedAt,
    );
    expect(late).toMatchObject({
      outcome: 'applied',
      order: {
        status: 'reversed',
        paymentStatus: 'returned',
        returnCode: 'R10',
        reversal: { cause: 'returned', at: returnedAt },
        delivered: paid.delivered,
      },
    });
    const again = applyPaymentEvent(late.order, event('ACH Returned', { returnCode: 'R29' }), AT);
    expect(again).toMatchObject({ outcome: 'unchanged', order: late.order });
  });

  it('reverses a paid order the shop refunds, from when it was refunded', () => {
    const paid = applyPaymentEvent(order, event('Settled'), AT).order;
    const refundedAt = '2026-11-25T08:00:00.000Z';
    const refund = applyPaymentEvent(paid, event('Refunded', { refundedAt }), refundedAt);
    expect(refund.order).toMatchObject({
      status: 'reversed',
      paymentStatus: 'refunded',
      reversal: { cause: 'refunded', at: refundedAt },
    });
    expect(refund.order.returnCode).toBeUndefined();
  });

  it('judges an order kept from before orders recorded their payment’s status by its own status', () => {
    const keptPaid = { ...order, status: 'paid' as const, paymentId: 'pay_1' };
    expect(applyPaymentEvent(keptPaid, event('ACH Batched'), AT).outcome).toBe('unchanged');
    expect(applyPaymentEvent(keptPaid, event('ACH Returned'), AT).order.status).toBe('reversed');
    const keptProcessing = { ...order, status: 'processing' as const, paymentId: 'pay_1' };
    expect(applyPaymentEvent(keptProcessing, event('Settled'), AT).order.status).toBe('paid');
    const keptReturned = { ...order, status: 'returned' as const, paymentId: 'pay_1' };
    expect(applyPaymentEvent(keptReturned, event('Settled'), AT).outcome).toBe('unchanged');
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
