// How long an order can be paid, when the same cart gets its order back, how many orders a
// customer may leave open, and when an unpaid one goes. Pure, so every rule has its own test
// (test/storefront/order-rules.test.ts); the store (order-store.ts) and the routes
// (order-routes.ts) only carry them out. The one aim: the shop never takes money without an
// order, so no order is removed while its checkout token can still pay.
import type { Order } from '../src/api-types.js';

/** A checkout token pays for 15 minutes after it is signed (`expiresInSeconds`). */
export const CHECKOUT_TOKEN_SECONDS = 15 * 60;

/**
 * The same cart ordered again gets its order and token back only while this much time is left
 * to pay: enough to choose a bank account and press Pay. Closer to the end, a new order.
 */
export const REUSE_MARGIN_MS = 5 * 60_000;

/**
 * An order nobody paid is kept this long after its token stopped paying. The service retries a
 * webhook for about 37 minutes (docs/payments.md, "Webhook deliveries": 2 s, 10 s, 1 min, 5 min
 * and 30 min), so the events of a payment made in the token's last second still find their order.
 */
export const KEEP_UNPAID_MS = 60 * 60_000;

/** Orders a customer may have awaiting payment at once; expired ones do not count. */
export const MAX_PAYABLE_ORDERS = 20;

/** An order awaiting payment whose token can still pay. */
export function isPayable(order: Order, now: number): boolean {
  return order.status === 'awaiting_payment' && now < Date.parse(order.payableUntil);
}

/** The order as the customer and staff see it now: one nobody can pay any more is expired. */
export function orderAsSeen(order: Order, now: number): Order {
  return order.status === 'awaiting_payment' && !isPayable(order, now)
    ? { ...order, status: 'expired' }
    : order;
}

/**
 * Unpaid orders whose token stopped paying at or before this time go; every other order stays
 * (a paid, returned, failed or refunded one is a record of money).
 */
export function removeUnpaidBefore(now: number): string {
  return new Date(now - KEEP_UNPAID_MS).toISOString();
}

/** One of the customer's payable orders, with what its checkout was signed for. */
export interface PayableOrder {
  order: Order;
  /** Absent for orders made before carts were recorded: never handed out again. */
  cartKey?: string;
  checkoutToken?: string;
}

export type OrderPlan =
  | { action: 'create' }
  | { action: 'reuse'; order: Order; checkoutToken: string }
  | { action: 'refuse'; payableOrders: number; retryInMinutes: number };

/**
 * What asking for an order of `cartKey` does, given the customer's payable orders: the newest
 * order for the same cart comes back with its own token while REUSE_MARGIN_MS or more is left
 * to pay it (a token is never signed twice for one order); otherwise a new order, unless the
 * customer already has MAX_PAYABLE_ORDERS that can be paid: then a refusal that says when the
 * oldest stops counting.
 */
export function planOrder(
  payable: readonly PayableOrder[],
  cartKey: string,
  now: number,
): OrderPlan {
  const stillPayable = payable.filter((entry) => isPayable(entry.order, now));
  const sameCart = stillPayable
    .filter((entry) => entry.cartKey === cartKey && entry.checkoutToken !== undefined)
    .sort((a, b) => Date.parse(b.order.payableUntil) - Date.parse(a.order.payableUntil))[0];
  if (sameCart && Date.parse(sameCart.order.payableUntil) - now >= REUSE_MARGIN_MS) {
    return { action: 'reuse', order: sameCart.order, checkoutToken: sameCart.checkoutToken! };
  }
  if (stillPayable.length >= MAX_PAYABLE_ORDERS) {
    const oldest = Math.min(...stillPayable.map((entry) => Date.parse(entry.order.payableUntil)));
    return {
      action: 'refuse',
      payableOrders: stillPayable.length,
      retryInMinutes: Math.max(1, Math.ceil((oldest - now) / 60_000)),
    };
  }
  return { action: 'create' };
}
