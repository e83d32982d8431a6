// An order as the shop answers it: while its payment is processing, the day it is expected to
// clear, the day the checkout showed (expectedSettlement on the payment's createdAt: New York
// banking days, the 16:00 cutoff); once returned, what that means for the payer.
import { describe, expect, it } from 'vitest';
import { expectedSettlement } from 'service-checkout/server';
import type { Order } from '../../examples/storefront/src/api-types.js';
import { orderAsAnswered } from '../../examples/storefront/server/order-view.js';
import { awaitingOrder } from './fixtures.js';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');

const processing = (paymentCreatedAt: string): Order => ({
  ...awaitingOrder(),
  status: 'processing',
  paymentId: 'pay_1',
  paymentStatus: 'pending',
  paymentCreatedAt,
});

describe('orderAsAnswered', () => {
  it.each([
    // Tuesday before the cutoff (10:00 New York): three banking days on, over Thanksgiving.
    ['2026-11-24T15:00:00.000Z', '2026-11-30'],
    // Wednesday after the cutoff (16:30): counted from Friday, over a weekend.
    ['2026-11-25T21:30:00.000Z', '2026-12-02'],
    // A Saturday: counted from Monday.
    ['2026-11-28T12:00:00.000Z', '2026-12-03'],
  ])('a payment made at %s is expected to clear on %s', (createdAt, day) => {
    const answered = orderAsAnswered(processing(createdAt), NOW);
    expect(answered.expectedSettlesOn).toBe(day);
    expect(answered.expectedSettlesOn).toBe(expectedSettlement(createdAt).settlesOn);
  });

  it('gives the day only while the payment is processing', () => {
    const paid = { ...processing('2026-11-24T15:00:00.000Z'), status: 'paid' } as const;
    expect(orderAsAnswered(paid, NOW)).not.toHaveProperty('expectedSettlesOn');
    // An order kept from before the shop recorded when its payment was made.
    const { paymentCreatedAt: _unknown, ...older } = processing('2026-11-24T15:00:00.000Z');
    expect(orderAsAnswered(older, NOW)).not.toHaveProperty('expectedSettlesOn');
    expect(orderAsAnswered(awaitingOrder(), NOW)).not.toHaveProperty('expectedSettlesOn');
  });

  it('says what a return means once the payment is returned, and reads expired orders as expired', () => {
    const returned: Order = {
      ...processing(awaitingOrder().createdAt),
      status: 'returned',
      returnCode: 'R01',
    };
    expect(orderAsAnswered(returned, NOW).returnAdvice).toMatchObject({
      returnCode: 'R01',
      offer: 'pay-again',
    });
    expect(orderAsAnswered(awaitingOrder(), Date.parse('2026-11-24T11:00:00.000Z')).status).toBe(
      'expired',
    );
  });
});
