// What a player owns, and the one place the shop decides when it changes: an order puts its goods
// in the account when it becomes paid, and a reversal takes back exactly what that order put
// there, nothing more. Pure, so every rule has its own test; the store (order-store.ts) carries
// them out in the transaction that moves the order, so each happens once.
//
// Gems cannot be spent in this demo. A reversal subtracts what the order gave even when the
// account holds less (the balance goes below zero): a game that lets players spend gems shows
// that debt and refuses spending until it is paid, rather than letting the return go unpaid.
import type { Goods, Order } from '../src/api-types.js';
import { findProduct } from '../src/catalog.js';

export const NO_GOODS: Goods = { gems: 0, items: [] };

/** A change to an account's inventory. */
export interface InventoryMove {
  move: 'deliver' | 'take_back';
  goods: Goods;
}

/**
 * What order lines deliver, from the catalog: each product's `delivers` times its quantity. A
 * product the catalog no longer has delivers nothing.
 */
export function goodsOf(lines: readonly { productId: string; quantity: number }[]): Goods {
  const counts = new Map<string, number>();
  let gems = 0;
  for (const { productId, quantity } of lines) {
    const delivers = findProduct(productId)?.delivers;
    if (!delivers) continue;
    gems += delivers.gems * quantity;
    for (const name of delivers.items) counts.set(name, (counts.get(name) ?? 0) + quantity);
  }
  return goodsFrom(gems, counts);
}

/** The inventory after a move: goods added, or taken back exactly (an item at zero is gone). */
export function inventoryAfter(held: Goods, { move, goods }: InventoryMove): Goods {
  const sign = move === 'deliver' ? 1 : -1;
  const counts = new Map(held.items.map((item) => [item.name, item.count]));
  for (const item of goods.items) {
    counts.set(item.name, (counts.get(item.name) ?? 0) + sign * item.count);
  }
  return goodsFrom(held.gems + sign * goods.gems, counts);
}

/**
 * What an order's change from `before` to `after` does to its customer's inventory: becoming
 * paid delivers its goods; a paid order reversed takes back what it delivered. Nothing else
 * moves anything, so a repeated or stale event, which leaves the order's status as it was,
 * changes no inventory.
 */
export function inventoryMove(before: Order, after: Order): InventoryMove | undefined {
  if (before.status !== 'paid' && after.status === 'paid' && after.delivered) {
    return { move: 'deliver', goods: after.delivered };
  }
  // An order paid before the shop kept inventories put nothing in the account.
  if (before.status === 'paid' && after.status === 'reversed' && before.delivered) {
    return { move: 'take_back', goods: before.delivered };
  }
  return undefined;
}

function goodsFrom(gems: number, counts: ReadonlyMap<string, number>): Goods {
  return {
    gems,
    items: [...counts]
      .filter(([, count]) => count !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, count]) => ({ name, count })),
  };
}
