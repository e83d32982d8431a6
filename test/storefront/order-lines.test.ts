// What the shop charges for: the lines a page sends, checked one by one. A line that breaks a
// rule is named and refuses the order; nothing is clamped or dropped.
import { describe, expect, it } from 'vitest';
import {
  cartKey,
  checkOrderLines,
  MAX_ORDER_LINES,
} from '../../examples/storefront/server/order-lines.js';

const line = (productId: unknown, quantity: unknown) => ({ productId, quantity });
const pouch = (quantity: unknown) => line('gem-pouch', quantity);

describe('checkOrderLines', () => {
  it.each([
    ['no lines', [], 'An order needs at least one product'],
    ['lines that are not a list', { 'gem-pouch': 1 }, 'An order needs at least one product'],
    ['no body at all', undefined, 'An order needs at least one product'],
    [
      'more lines than any cart has',
      Array.from({ length: MAX_ORDER_LINES + 1 }, () => pouch(1)),
      'An order has at most 50 lines',
    ],
    ['a line that is not an object', [pouch(1), 'gem-hoard'], 'lines[1] must be an object'],
    ['a line that is a list', [['gem-pouch', 1]], 'lines[0] must be an object'],
    [
      'an unknown product',
      [pouch(1), line('gem-mountain', 1)],
      'lines[1]: there is no product "gem-mountain"',
    ],
    ['a product id that is not a string', [line(7, 1)], 'lines[0]: productId must be the id'],
    [
      'a zero quantity',
      [pouch(0)],
      'lines[0]: the quantity of Gem Pouch must be a whole number from 1 to 10',
    ],
    ['a negative quantity', [pouch(-2)], 'lines[0]: the quantity of Gem Pouch'],
    ['a fractional quantity', [pouch(2.5)], 'lines[0]: the quantity of Gem Pouch'],
    ['a quantity as text', [pouch('2')], 'lines[0]: the quantity of Gem Pouch'],
    ['an infinite quantity', [pouch(Infinity)], 'lines[0]: the quantity of Gem Pouch'],
    ['a missing quantity', [line('gem-pouch', undefined)], 'lines[0]: the quantity of Gem Pouch'],
    [
      'a quantity above the limit',
      [pouch(11)],
      'lines[0]: that makes 11 Gem Pouch in this order; the most is 10 of a product per order.',
    ],
    [
      'a huge quantity',
      [pouch(1e9)],
      'lines[0]: that makes 1000000000 Gem Pouch in this order; the most is 10 of a product per order.',
    ],
    [
      'repeated lines of one product that together pass the limit',
      [pouch(10), line('gem-hoard', 1), pouch(1)],
      'lines[2]: that makes 11 Gem Pouch in this order',
    ],
    [
      'twenty lines of ten',
      Array.from({ length: 20 }, () => pouch(10)),
      'lines[1]: that makes 20 Gem Pouch in this order',
    ],
    [
      'an invalid line after valid ones',
      [pouch(1), line('gem-hoard', 2), line('season-pass', 0)],
      'lines[2]: the quantity of Season 7 Pass: Emberfall',
    ],
  ])('refuses %s, naming the problem', (_, requested, problem) => {
    const checked = checkOrderLines(requested);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.problem).toContain(problem);
  });

  it.each([
    [
      'one line per product, in the order sent',
      [line('gem-hoard', 2), pouch(10)],
      [
        ['gem-hoard', 2, 3998],
        ['gem-pouch', 10, 4990],
      ],
    ],
    [
      'repeated lines of one product added up, within the limit',
      [pouch(3), line('arena-cup', 1), pouch(7)],
      [
        ['gem-pouch', 10, 4990],
        ['arena-cup', 1, 200],
      ],
    ],
  ])('prices %s', (_, requested, expected) => {
    const checked = checkOrderLines(requested);
    expect(checked.ok).toBe(true);
    const priced = checked.ok ? checked.lines : [];
    expect(priced.map((l) => [l.product.id, l.quantity, l.totalCents])).toEqual(expected);
  });
});

describe('cartKey', () => {
  const key = (requested: unknown[]) => {
    const checked = checkOrderLines(requested);
    if (!checked.ok) throw new Error(checked.problem);
    return cartKey(checked.lines);
  };

  it('is the same for the same cart, whatever the order or split of its lines', () => {
    const cart = key([pouch(2), line('arena-cup', 1)]);
    expect(key([line('arena-cup', 1), pouch(2)])).toBe(cart);
    expect(key([pouch(1), line('arena-cup', 1), pouch(1)])).toBe(cart);
  });

  it('differs for another product or quantity', () => {
    const cart = key([pouch(2)]);
    expect(key([pouch(3)])).not.toBe(cart);
    expect(key([pouch(2), line('arena-cup', 1)])).not.toBe(cart);
    expect(key([line('gem-hoard', 2)])).not.toBe(cart);
  });
});
