// How gems and items read, on the pages and in the shop's log: "500 gems, Frost trail effect, and
// Frostwing mount".
import type { Goods } from './api-types.js';

const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** A count of gems: "1 gem", "8,000 gems". */
export function gemCount(gems: number): string {
  return `${gems.toLocaleString('en-US')} ${Math.abs(gems) === 1 ? 'gem' : 'gems'}`;
}

/** An item with how many: "Frostwing mount", "2 × Frostwing mount". */
export function itemCount(item: Goods['items'][number]): string {
  return item.count === 1 ? item.name : `${item.count} × ${item.name}`;
}

/** Whether there is anything in `goods`. */
export function hasGoods(goods: Goods): boolean {
  return goods.gems !== 0 || goods.items.length > 0;
}

/** Everything in `goods` as one phrase; "nothing" when it is empty. */
export function describeGoods(goods: Goods): string {
  const parts = [
    ...(goods.gems !== 0 ? [gemCount(goods.gems)] : []),
    ...goods.items.map(itemCount),
  ];
  return parts.length === 0 ? 'nothing' : list.format(parts);
}
