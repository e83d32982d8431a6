// The shop's products. Shared by the page and the server: the server prices orders from here.
import type { ChargebackProtectionItem, ProductType } from 'service-checkout';

export type ProductArt = 'gems' | 'hoard' | 'vault' | 'pass' | 'mount' | 'expansion' | 'cup';

/** Every product's id: each language's words for the shop (src/text/en.ts) name them all. */
export type ProductId =
  | 'gem-pouch'
  | 'gem-hoard'
  | 'dragon-vault'
  | 'season-pass'
  | 'frostwing-mount'
  | 'sunken-isles'
  | 'arena-cup'
  | 'returned-payment-test'
  | 'late-return-test';

export type Category =
  'Gems' | 'Season pass' | 'Cosmetics' | 'Expansions' | 'Tournaments' | 'Sandbox tests';

export interface Product {
  id: ProductId;
  name: string;
  /** One line for the product card. */
  tagline: string;
  description: string;
  /** What the buyer receives, one line each. */
  includes: string[];
  /**
   * What one of it puts in the buyer's account once the payment settles, and a reversal takes
   * back: gems, and items by name.
   */
  delivers: { gems: number; items: string[] };
  priceCents: number;
  /** The chargeback-protection category the service knows this product by. */
  productType: ProductType;
  category: Category;
  art: ProductArt;
  badge?: string;
  /** ISO date after which the product can no longer be redeemed, if any. */
  expiration?: string;
}

export const CURRENCY = 'USD';
export const SHOP_NAME = 'Skyreach Store';
/**
 * Where payers reach the shop, and revoke a debit authorization; `.example` is reserved, so it
 * reaches no one in this demo.
 */
export const SUPPORT_EMAIL = 'support@skyreach.example';
export const GAME_NAME = 'Skyreach';

export const PRODUCTS: readonly Product[] = [
  {
    id: 'gem-pouch',
    name: 'Gem Pouch',
    tagline: '500 gems to get you started',
    description:
      'A handful of gems for your first upgrades: unlock a hero slot, speed up a forge or pick up the daily deal.',
    includes: ['500 gems', 'Delivered to your account instantly'],
    delivers: { gems: 500, items: [] },
    priceCents: 499,
    productType: 'inGameCurrency',
    category: 'Gems',
    art: 'gems',
  },
  {
    id: 'gem-hoard',
    name: 'Gem Hoard',
    tagline: '2,800 gems + 300 bonus',
    description:
      'The pack most players pick. Enough gems for a full legendary upgrade path, with 300 bonus gems on top.',
    includes: ['2,800 gems', '300 bonus gems', 'Delivered to your account instantly'],
    delivers: { gems: 3_100, items: [] },
    priceCents: 1999,
    productType: 'inGameCurrency',
    category: 'Gems',
    art: 'hoard',
    badge: 'Most popular',
  },
  {
    id: 'dragon-vault',
    name: "Dragon's Vault",
    tagline: '6,500 gems + 1,500 bonus',
    description:
      'For guild leaders and collectors: the largest gem chest in the store, with the best gems-per-dollar rate.',
    includes: ['6,500 gems', '1,500 bonus gems', 'Vault-keeper profile frame'],
    delivers: { gems: 8_000, items: ['Vault-keeper profile frame'] },
    priceCents: 4999,
    productType: 'inGameCurrency',
    category: 'Gems',
    art: 'vault',
    badge: 'Best value',
  },
  {
    id: 'season-pass',
    name: 'Season 7 Pass: Emberfall',
    tagline: '70 tiers of rewards, all season long',
    description:
      'Unlock the premium track of Season 7. Every tier you climb pays out: skins, gems, emotes and the Emberfall title.',
    includes: [
      'Premium reward track (70 tiers)',
      '1,000 gems across the season',
      'Emberfall title',
    ],
    delivers: { gems: 0, items: ['Season 7 Pass: Emberfall'] },
    priceCents: 999,
    productType: 'subscription',
    category: 'Season pass',
    art: 'pass',
    badge: 'New season',
    expiration: '2026-12-31',
  },
  {
    id: 'frostwing-mount',
    name: 'Frostwing Mount',
    tagline: 'A rideable ice drake, yours forever',
    description:
      'Glide over the Sunken Isles on a drake of living frost. Cosmetic only: it looks fast, it flies like every other mount.',
    includes: ['Frostwing mount', 'Frost trail effect'],
    delivers: { gems: 0, items: ['Frostwing mount', 'Frost trail effect'] },
    priceCents: 799,
    productType: 'inGameProduct',
    category: 'Cosmetics',
    art: 'mount',
  },
  {
    id: 'sunken-isles',
    name: 'The Sunken Isles',
    tagline: 'Expansion: a new region and 12 quests',
    description:
      'Dive into a drowned archipelago: a new region to explore, 12 story quests, two dungeons and the Tidecaller class.',
    includes: ['New region and 12 story quests', 'Tidecaller class', 'Two dungeons'],
    delivers: { gems: 0, items: ['The Sunken Isles expansion'] },
    priceCents: 2499,
    productType: 'DLC',
    category: 'Expansions',
    art: 'expansion',
  },
  {
    id: 'arena-cup',
    name: 'Weekend Arena Cup entry',
    tagline: 'Compete for a share of 50,000 gems',
    description:
      'One entry into this weekend’s ranked 1v1 cup. Top 64 players split the gem prize pool; results decide the winners, not chance.',
    includes: ['One tournament entry', 'Cup participant badge'],
    delivers: { gems: 0, items: ['Weekend Arena Cup entry', 'Cup participant badge'] },
    priceCents: 200,
    productType: 'gameOfSkill',
    category: 'Tournaments',
    art: 'cup',
    expiration: '2026-12-06',
  },
  {
    id: 'returned-payment-test',
    name: 'Sandbox test: a returned payment',
    tagline: '$2.22, the amount the sandbox settles as returned',
    description:
      'Not a real item: paying $2.22 makes the sandbox return the payment (R01, insufficient funds) after it is batched, so you can watch an order end as returned instead of paid.',
    includes: ['An order that ends as returned', 'Nothing delivered'],
    delivers: { gems: 0, items: [] },
    priceCents: 222,
    productType: 'inGameProduct',
    category: 'Sandbox tests',
    art: 'cup',
  },
  {
    id: 'late-return-test',
    name: 'Sandbox test: a late return',
    tagline: '$10.10, the amount the sandbox returns ten days after it settles',
    description:
      'Not a real item: paying $10.10 settles like any payment and delivers its gems, then the sandbox returns it (R10, not authorized) ten sandbox days after it settled, and the shop takes the gems back. On the staff page, time travel gets you there in seconds: Settle now, then Advance 10 days.',
    includes: [
      '1,010 gems and the Late-return test badge',
      'Taken back when the payment is returned',
    ],
    delivers: { gems: 1_010, items: ['Late-return test badge'] },
    priceCents: 1010,
    productType: 'inGameProduct',
    category: 'Sandbox tests',
    art: 'gems',
  },
];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

export interface CartLine {
  productId: string;
  quantity: number;
}

/** The most of one product an order may hold. */
export const MAX_QUANTITY = 10;

export interface PricedLine {
  product: Product;
  quantity: number;
  totalCents: number;
}

/**
 * The cart as this browser shows it: lines whose product exists, at most MAX_QUANTITY each. The
 * server never prices an order with it: it refuses an order whose lines break a rule
 * (server/order-lines.ts).
 */
export function priceLines(lines: readonly CartLine[]): PricedLine[] {
  return lines.flatMap((line) => {
    const product = findProduct(line.productId);
    if (!product || !Number.isInteger(line.quantity) || line.quantity < 1) return [];
    const quantity = Math.min(line.quantity, MAX_QUANTITY);
    return [{ product, quantity, totalCents: product.priceCents * quantity }];
  });
}

export function totalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/** One entry per product, as the chargeback protection of the checkout expects. */
export function chargebackProtectionData(lines: readonly PricedLine[]): ChargebackProtectionItem[] {
  return lines.map(({ product, quantity }) => ({
    productName: product.name,
    productType: product.productType,
    quantity,
    rawProductData: {
      productID: product.id,
      productDescription: product.tagline,
      productCategory: product.category,
      platform: 'PC, PlayStation, Xbox',
      redemptionMethod: 'Credited to the buyer’s Skyreach account',
      issuer: SHOP_NAME,
      ...(product.expiration && { expiration: product.expiration }),
    },
  }));
}
