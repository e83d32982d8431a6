// How gems and items read, on the pages (in the shopper's language) and in the shop's log (in
// English): "500 gems, Frost trail effect, and Frostwing mount".
import type { Goods } from './api-types.js';
import { en, type ShopText } from './text/en.js';

type GoodsWords = ShopText['goods'];

/** A count of gems: "1 gem", "8,000 gems". */
export function gemCount(gems: number, words: GoodsWords = en.goods): string {
  return words.gems(gems);
}

/** An item's name in the language of `words`; a name the catalogue no longer has, as it is. */
function itemName(name: string, words: GoodsWords): string {
  return Object.hasOwn(words.items, name) ? words.items[name as keyof GoodsWords['items']] : name;
}

/** An item with how many: "Frostwing mount", "2 × Frostwing mount". */
export function itemCount(item: Goods['items'][number], words: GoodsWords = en.goods): string {
  const name = itemName(item.name, words);
  return item.count === 1 ? name : `${item.count} × ${name}`;
}

/** Whether there is anything in `goods`. */
export function hasGoods(goods: Goods): boolean {
  return goods.gems !== 0 || goods.items.length > 0;
}

/** Everything in `goods` as one phrase; "nothing" when it is empty. */
export function describeGoods(goods: Goods, words: GoodsWords = en.goods): string {
  const parts = [
    ...(goods.gems !== 0 ? [gemCount(goods.gems, words)] : []),
    ...goods.items.map((item) => itemCount(item, words)),
  ];
  return parts.length === 0 ? words.nothing : words.list(parts);
}
