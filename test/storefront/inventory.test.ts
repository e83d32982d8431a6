// What an order delivers to a player's account, when, and what a reversal takes back: exactly
// what that order gave, once, whatever else the account holds.
import { describe, expect, it } from 'vitest';
import type { Goods, Order, OrderStatus } from '../../examples/storefront/src/api-types.js';
import {
  goodsOf,
  inventoryAfter,
  inventoryMove,
  NO_GOODS,
} from '../../examples/storefront/server/inventory.js';
import { describeGoods } from '../../examples/storefront/src/goods.js';
import { awaitingOrder } from './fixtures.js';

const FRAME = 'Vault-keeper profile frame';
const gems = (count: number): Goods => ({ gems: count, items: [] });

describe('goodsOf', () => {
  it.each<[string, { productId: string; quantity: number }[], Goods]>([
    ['one gem pack', [{ productId: 'gem-pouch', quantity: 1 }], gems(500)],
    [
      'gems with their bonus, times the quantity',
      [{ productId: 'gem-hoard', quantity: 2 }],
      gems(6_200),
    ],
    [
      'gems and an item from one product',
      [{ productId: 'dragon-vault', quantity: 1 }],
      { gems: 8_000, items: [{ name: FRAME, count: 1 }] },
    ],
    [
      'several lines, items by name with how many',
      [
        { productId: 'frostwing-mount', quantity: 2 },
        { productId: 'gem-pouch', quantity: 3 },
        { productId: 'dragon-vault', quantity: 1 },
      ],
      {
        gems: 9_500,
        items: [
          { name: 'Frost trail effect', count: 2 },
          { name: 'Frostwing mount', count: 2 },
          { name: FRAME, count: 1 },
        ],
      },
    ],
    [
      'a product that delivers nothing',
      [{ productId: 'returned-payment-test', quantity: 1 }],
      NO_GOODS,
    ],
    ['a product no longer in the catalog', [{ productId: 'retired-pack', quantity: 4 }], NO_GOODS],
  ])('%s', (_, lines, goods) => {
    expect(goodsOf(lines)).toEqual(goods);
  });
});

describe('inventoryAfter', () => {
  const mount = (count: number) => ({ name: 'Frostwing mount', count });
  it.each<[string, Goods, 'deliver' | 'take_back', Goods, Goods]>([
    ['a delivery to an empty account', NO_GOODS, 'deliver', gems(500), gems(500)],
    [
      'a delivery adds to what is held, item by item',
      { gems: 500, items: [mount(1)] },
      'deliver',
      { gems: 8_000, items: [mount(1), { name: FRAME, count: 1 }] },
      { gems: 8_500, items: [mount(2), { name: FRAME, count: 1 }] },
    ],
    [
      'taking back leaves what other orders gave',
      { gems: 8_500, items: [mount(2), { name: FRAME, count: 1 }] },
      'take_back',
      { gems: 8_000, items: [mount(1), { name: FRAME, count: 1 }] },
      { gems: 500, items: [mount(1)] },
    ],
    ['taking back all of it leaves nothing', gems(500), 'take_back', gems(500), NO_GOODS],
    // Gems cannot be spent in the demo; in a game where they can, the debt shows.
    [
      'taking back more gems than are held goes below zero',
      gems(200),
      'take_back',
      gems(500),
      gems(-300),
    ],
  ])('%s', (_, held, move, goods, after) => {
    expect(inventoryAfter(held, { move, goods })).toEqual(after);
  });
});

describe('inventoryMove', () => {
  const delivered = { gems: 500, items: [{ name: 'Frostwing mount', count: 1 }] };
  const order = (status: OrderStatus, extra: Partial<Order> = {}): Order => ({
    ...awaitingOrder(),
    status,
    ...extra,
  });
  it.each<
    [OrderStatus, Partial<Order>, OrderStatus, Partial<Order>, ReturnType<typeof inventoryMove>]
  >([
    ['awaiting_payment', {}, 'processing', {}, undefined],
    ['awaiting_payment', {}, 'paid', { delivered }, { move: 'deliver', goods: delivered }],
    ['processing', {}, 'paid', { delivered }, { move: 'deliver', goods: delivered }],
    ['processing', {}, 'returned', {}, undefined],
    ['processing', {}, 'refunded', {}, undefined],
    ['processing', {}, 'failed', {}, undefined],
    ['paid', { delivered }, 'paid', { delivered }, undefined],
    ['paid', { delivered }, 'reversed', { delivered }, { move: 'take_back', goods: delivered }],
    // Paid before the shop kept inventories: nothing was put in the account, nothing is taken.
    ['paid', {}, 'reversed', {}, undefined],
    ['reversed', { delivered }, 'reversed', { delivered }, undefined],
  ])('%s → %s', (before, beforeExtra, after, afterExtra, move) => {
    expect(inventoryMove(order(before, beforeExtra), order(after, afterExtra))).toEqual(move);
  });
});

describe('describeGoods', () => {
  it.each<[Goods, string]>([
    [NO_GOODS, 'nothing'],
    [gems(1), '1 gem'],
    [gems(8_000), '8,000 gems'],
    [{ gems: 8_000, items: [{ name: FRAME, count: 1 }] }, `8,000 gems and ${FRAME}`],
    [
      {
        gems: 500,
        items: [
          { name: 'Frost trail effect', count: 1 },
          { name: 'Frostwing mount', count: 2 },
        ],
      },
      '500 gems, Frost trail effect, and 2 × Frostwing mount',
    ],
  ])('%j reads %s', (goods, text) => {
    expect(describeGoods(goods)).toBe(text);
  });
});
