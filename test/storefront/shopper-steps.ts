// What the storefront's server tests do the same way as a shopper, through the shop's real
// routes: place an order, pay for it through the sandbox, read orders and the inventory.
import { expect } from 'vitest';
import type { Goods, Order, OrderCheckout } from '../../examples/storefront/src/api-types.js';
import type { PurchaseAuthorization } from '../../src/core/schemas.js';
import type { ShopAndSandbox, Shopper } from './shop-and-sandbox.js';

export type Line = { productId: string; quantity: number };
export type Placed = { order: Order; checkout: OrderCheckout };

export const NOTHING: Goods = { gems: 0, items: [] };
export const POUCH_AND_MOUNT: Line[] = [
  { productId: 'gem-pouch', quantity: 1 },
  { productId: 'frostwing-mount', quantity: 1 },
];
/** What a paid POUCH_AND_MOUNT puts in the inventory. */
export const POUCH_AND_MOUNT_GOODS: Goods = {
  gems: 500,
  items: [
    { name: 'Frost trail effect', count: 1 },
    { name: 'Frostwing mount', count: 1 },
  ],
};

export async function placeOrder(shopper: Shopper, lines: Line[], status = 201): Promise<Placed> {
  const answer = await shopper.post<Placed>('/api/orders', { lines });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

export async function orderOf(shopper: Shopper, orderId: string): Promise<Order> {
  const answer = await shopper.get<{ order: Order }>(`/api/orders/${orderId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.order;
}

export async function ordersOf(shopper: Shopper): Promise<Order[]> {
  return (await shopper.get<{ orders: Order[] }>('/api/orders')).body.orders;
}

export async function inventoryOf(shopper: Shopper): Promise<Goods> {
  const answer = await shopper.get<{ inventory: Goods }>('/api/inventory');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.inventory;
}

/**
 * Pays with a checkout token at the sandbox, as the checkout does, with the debit authorization
 * the payer accepted when one is given: the payment's id.
 */
export async function payWith(
  world: ShopAndSandbox,
  shopper: Shopper,
  jwtToken: string,
  authorization?: PurchaseAuthorization,
): Promise<string> {
  const paid = await world.pay(shopper.customerId, jwtToken, authorization);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.paymentId!;
}

/** Orders `lines` and pays for them; the payment is pending until the clock moves. */
export async function orderAndPay(
  world: ShopAndSandbox,
  shopper: Shopper,
  lines: Line[],
  authorization?: PurchaseAuthorization,
): Promise<{ orderId: string; paymentId: string }> {
  const { order, checkout } = await placeOrder(shopper, lines);
  return {
    orderId: order.orderId,
    paymentId: await payWith(world, shopper, checkout.jwtToken, authorization),
  };
}

/** Runs a payment's steps `stepMs` apart one by one, each webhook delivered as it comes. */
export async function settle(world: ShopAndSandbox, stepMs: number): Promise<void> {
  await world.advance(0);
  await world.advance(stepMs);
  await world.advance(stepMs);
}
