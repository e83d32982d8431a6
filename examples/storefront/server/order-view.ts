// An order as the shop's server answers it to the payer and to staff: as it reads now (an unpaid
// one past its time is expired, order-rules.ts), with the day a processing payment is expected to
// clear, and what a return means for the payer (return-advice.ts). Worked out at each answer,
// never kept: the rules may change, the order's record does not. Pure (its test:
// test/storefront/order-view.test.ts).
import { expectedSettlement } from 'service-checkout/server';
import type { Order } from '../src/api-types.js';
import { orderAsSeen } from './order-rules.js';
import { returnAdvice, returnCodeOf } from './return-advice.js';

export function orderAsAnswered(order: Order, now: number): Order {
  const seen = orderAsSeen(order, now);
  const returnCode = returnCodeOf(seen);
  return {
    ...seen,
    // The checkout's own rule on the purchase's createdAt, so both show the same day.
    ...(seen.status === 'processing' &&
      seen.paymentCreatedAt !== undefined && {
        expectedSettlesOn: expectedSettlement(seen.paymentCreatedAt).settlesOn,
      }),
    ...(returnCode !== undefined && { returnAdvice: returnAdvice(returnCode, seen.authorization) }),
  };
}
