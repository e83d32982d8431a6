// Where a payment that reached no payable order is with its refund, from the service's events
// (in any order, at least once) and the shop's attempts to refund it.
import { describe, expect, it } from 'vitest';
import type { Payment, PaymentStatus } from 'service-checkout/server';
import type { UnmatchedPayment } from '../../examples/storefront/src/api-types.js';
import {
  refundKey,
  unmatchedAfterEvent,
  unmatchedAfterRefund,
  type RefundAttempt,
} from '../../examples/storefront/server/unmatched-payments.js';
import { AT, paymentEvent } from './fixtures.js';

const LATER = '2026-11-24T10:05:00.000Z';
const REASON = 'no such order: never made here, or removed after it expired unpaid';

const payment = (status: PaymentStatus, extra: Partial<Payment> = {}): Payment => ({
  ...paymentEvent('ACH Initiated', { orderId: 'ord_gone' }).data,
  status,
  ...extra,
});

const seen = (...statuses: PaymentStatus[]): UnmatchedPayment | undefined =>
  statuses.reduce<UnmatchedPayment | undefined>(
    (known, status) => unmatchedAfterEvent(known, payment(status), REASON, AT),
    undefined,
  );

describe('unmatchedAfterEvent', () => {
  it('keeps a new one with what the payment says, its refund due', () => {
    expect(unmatchedAfterEvent(undefined, payment('pending'), REASON, AT)).toEqual({
      paymentId: 'pay_1',
      orderId: 'ord_gone',
      customerId: 'alex',
      amount: { cents: 499, currency: 'USD' },
      reason: REASON,
      paymentStatus: 'pending',
      refund: 'due',
      refundAttempts: 0,
      firstSeenAt: AT,
      updatedAt: AT,
    });
  });

  it.each([
    [['pending'], 'due', 'pending'],
    [['pending', 'batched', 'settled'], 'due', 'settled'],
    // Events out of order: the status never goes back.
    [['settled', 'pending'], 'due', 'settled'],
    // No money came: nothing to give back.
    [['pending', 'failed'], 'not_needed', 'failed'],
    [['batched', 'returned'], 'not_needed', 'returned'],
    [['returned'], 'not_needed', 'returned'],
    [['pending', 'refunded'], 'refunded', 'refunded'],
    // Closed stays closed, whatever arrives late.
    [['refunded', 'settled'], 'refunded', 'refunded'],
    [['failed', 'pending'], 'not_needed', 'failed'],
  ] as const)('after events %j: refund %s, payment %s', (statuses, refund, status) => {
    expect(seen(...statuses)).toMatchObject({ refund, paymentStatus: status });
  });

  it('keeps the first reason and the first time it was seen', () => {
    const first = unmatchedAfterEvent(undefined, payment('pending'), REASON, AT);
    const next = unmatchedAfterEvent(first, payment('settled'), 'another reason', LATER);
    expect(next).toMatchObject({ reason: REASON, firstSeenAt: AT, updatedAt: LATER });
  });

  it('records a return code', () => {
    expect(
      unmatchedAfterEvent(undefined, payment('returned', { returnCode: 'R01' }), REASON, AT),
    ).toMatchObject({ returnCode: 'R01', refund: 'not_needed' });
  });

  it('names no order when the payment named none', () => {
    const { webhookInfo } = payment('pending');
    const { orderId: _none, ...withoutOrder } = webhookInfo;
    const unmatched = unmatchedAfterEvent(
      undefined,
      payment('pending', { webhookInfo: withoutOrder }),
      'the payment names no order',
      AT,
    );
    expect(unmatched).not.toHaveProperty('orderId');
  });
});

describe('unmatchedAfterRefund', () => {
  const due = seen('settled')!;
  const failed: RefundAttempt = {
    outcome: 'failed',
    error: 'could not reach the payments service',
  };

  it.each<[string, RefundAttempt, Partial<UnmatchedPayment>]>([
    [
      'the service took the refund: requested, until its Refunded event',
      { outcome: 'refunded', payment: payment('refunded') },
      { refund: 'requested', paymentStatus: 'refunded', refundAttempts: 1 },
    ],
    [
      'unreachable: still due, with why',
      failed,
      { refund: 'due', refundAttempts: 1, lastRefundError: 'could not reach the payments service' },
    ],
    [
      'refused, the payment returned meanwhile: not needed',
      { outcome: 'refused', payment: payment('returned', { returnCode: 'R01' }) },
      { refund: 'not_needed', paymentStatus: 'returned', returnCode: 'R01' },
    ],
    [
      'refused, the payment failed meanwhile: not needed',
      { outcome: 'refused', payment: payment('failed') },
      { refund: 'not_needed', paymentStatus: 'failed' },
    ],
    [
      'refused, refunded by someone else: requested, until its Refunded event',
      { outcome: 'refused', payment: payment('refunded') },
      { refund: 'requested', paymentStatus: 'refunded' },
    ],
    [
      'refused while the payment can still be refunded: still due, with why',
      { outcome: 'refused', payment: payment('settled') },
      {
        refund: 'due',
        lastRefundError: 'the service refused the refund while the payment is settled',
      },
    ],
  ])('%s', (_, attempt, expected) => {
    expect(unmatchedAfterRefund(due, attempt, LATER)).toMatchObject({
      ...expected,
      updatedAt: LATER,
    });
  });

  it('counts attempts, and a later success clears the last error', () => {
    const twice = unmatchedAfterRefund(unmatchedAfterRefund(due, failed, AT), failed, AT);
    expect(twice).toMatchObject({ refundAttempts: 2, refund: 'due' });
    const done = unmatchedAfterRefund(
      twice,
      { outcome: 'refunded', payment: payment('refunded') },
      LATER,
    );
    expect(done.refundAttempts).toBe(3);
    expect(done).not.toHaveProperty('lastRefundError');
  });

  it('changes nothing once closed: the Refunded event came first', () => {
    const closed = seen('settled', 'refunded')!;
    expect(
      unmatchedAfterRefund(closed, { outcome: 'refunded', payment: payment('refunded') }, LATER),
    ).toBe(closed);
  });

  it('the Refunded event closes a requested refund', () => {
    const requested = unmatchedAfterRefund(
      due,
      { outcome: 'refunded', payment: payment('refunded') },
      AT,
    );
    expect(unmatchedAfterEvent(requested, payment('refunded'), REASON, LATER)).toMatchObject({
      refund: 'refunded',
    });
  });
});

describe('refundKey', () => {
  it('is derived from the payment alone, so every attempt sends the same key', () => {
    expect(refundKey('pay_1')).toBe('refund-pay_1');
    expect(refundKey('pay_2')).not.toBe(refundKey('pay_1'));
  });
});
