// How long an order can be paid, when the same cart gets its order back, how many may be open
// at once, and when an unpaid order goes: one table per rule.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../examples/storefront/src/api-types.js';
import {
  isPayable,
  KEEP_UNPAID_MS,
  MAX_PAYABLE_ORDERS,
  orderAsSeen,
  planOrder,
  removeUnpaidBefore,
  REUSE_MARGIN_MS,
  type PayableOrder,
} from '../../examples/storefront/server/order-rules.js';
import { awaitingOrder } from './fixtures.js';

const MINUTE = 60_000;
// awaitingOrder() is placed at 09:50 and payable until 10:05.
const PAYABLE_UNTIL = Date.parse('2026-11-24T10:05:00.000Z');
const order = awaitingOrder();
const at = (offsetMs: number) => PAYABLE_UNTIL + offsetMs;

describe('isPayable and orderAsSeen', () => {
  it.each([
    ['awaiting_payment', -1, true, 'awaiting_payment'],
    ['awaiting_payment', 0, false, 'expired'],
    ['awaiting_payment', 2 * 60 * MINUTE, false, 'expired'],
    ['processing', 0, false, 'processing'],
    ['paid', 60 * MINUTE, false, 'paid'],
    ['refunded', 60 * MINUTE, false, 'refunded'],
  ] as const)(
    'an order %s, %i ms from its payable-until time: payable %s, seen %s',
    (status, offset, payable, seen) => {
      const stored: Order = { ...order, status };
      expect(isPayable(stored, at(offset))).toBe(payable);
      expect(orderAsSeen(stored, at(offset)).status).toBe(seen);
    },
  );
});

describe('removeUnpaidBefore', () => {
  it('lets an unpaid order go an hour after it stopped being payable, not before', () => {
    const keptUntil = PAYABLE_UNTIL + KEEP_UNPAID_MS;
    expect(KEEP_UNPAID_MS).toBe(60 * MINUTE);
    expect(Date.parse(removeUnpaidBefore(keptUntil - 1))).toBeLessThan(PAYABLE_UNTIL);
    expect(Date.parse(removeUnpaidBefore(keptUntil))).toBe(PAYABLE_UNTIL);
  });
});

describe('planOrder', () => {
  const entry = (
    orderId: string,
    payableUntil: number,
    { cartKey = 'gem-pouch×1', withToken = true } = {},
  ): PayableOrder => ({
    order: { ...order, orderId, payableUntil: new Date(payableUntil).toISOString() },
    cartKey,
    ...(withToken && { checkoutToken: `token-${orderId}` }),
  });

  it.each<[string, 'create' | 'reuse', PayableOrder[], string?]>([
    ['with no open order', 'create', []],
    ['for the same cart with 15 minutes left', 'reuse', [entry('a', at(15 * MINUTE))], 'a'],
    [
      'for the same cart with exactly the margin left',
      'reuse',
      [entry('a', at(REUSE_MARGIN_MS))],
      'a',
    ],
    [
      'for the same cart with less than the margin left',
      'create',
      [entry('a', at(REUSE_MARGIN_MS - 1))],
    ],
    ['for the same cart, already expired', 'create', [entry('a', at(0))]],
    ['for another cart', 'create', [entry('a', at(15 * MINUTE), { cartKey: 'gem-hoard×1' })]],
    [
      'for the same cart twice: the newest comes back',
      'reuse',
      [entry('old', at(REUSE_MARGIN_MS + MINUTE)), entry('new', at(14 * MINUTE))],
      'new',
    ],
    [
      'made before carts were recorded (no token kept)',
      'create',
      [entry('a', at(15 * MINUTE), { withToken: false })],
    ],
  ])('asking for an order %s: %s', (_, action, payable, reused) => {
    const plan = planOrder(payable, 'gem-pouch×1', at(0));
    expect(plan.action).toBe(action);
    if (plan.action === 'reuse') {
      expect(plan.order.orderId).toBe(reused);
      expect(plan.checkoutToken).toBe(`token-${reused}`);
    }
  });

  const full = (firstExpiresIn: number) =>
    Array.from({ length: MAX_PAYABLE_ORDERS }, (_, index) =>
      entry(`o${index}`, at(firstExpiresIn + index * 1_000), { cartKey: `cart ${index}` }),
    );

  it.each([
    ['in 15 minutes', 15 * MINUTE, 15],
    ['in 14 min 1 s', 14 * MINUTE + 1_000, 15],
    ['in 30 seconds', 30_000, 1],
  ])(
    'refuses a 21st payable order, saying when the oldest stops counting (%s)',
    (_, firstExpiresIn, minutes) => {
      expect(planOrder(full(firstExpiresIn), 'another cart', at(0))).toEqual({
        action: 'refuse',
        payableOrders: MAX_PAYABLE_ORDERS,
        retryInMinutes: minutes,
      });
    },
  );

  it('still gives the same cart its order back when 20 are open', () => {
    const open = full(15 * MINUTE);
    expect(planOrder(open, 'cart 3', at(0))).toMatchObject({ action: 'reuse' });
  });

  it('does not count orders that can no longer be paid', () => {
    const open = full(15 * MINUTE).slice(1);
    open.push(entry('expired', at(0), { cartKey: 'cart x' }));
    expect(planOrder(open, 'another cart', at(0))).toEqual({ action: 'create' });
  });
});
