// What an order is for, from the lines a page sends: the rule that decides what the shop charges.
// Pure, so each case has its own test. Nothing is clamped or dropped: the first line that breaks
// a rule is named, and the whole order is refused, so the payer is never charged for an order
// other than the one they asked for.
import { findProduct, MAX_QUANTITY, type PricedLine } from '../src/catalog.js';

/** More lines than this is not a cart: the catalog has a handful of products. */
export const MAX_ORDER_LINES = 50;

export type CheckedLines = { ok: true; lines: PricedLine[] } | { ok: false; problem: string };

/**
 * The order's lines, one per product in the order first sent, priced from the catalog. Each line
 * must be `{ productId, quantity }` with a product of the catalog and a whole quantity from 1;
 * lines of one product add up, to at most MAX_QUANTITY of a product per order.
 */
export function checkOrderLines(requested: unknown): CheckedLines {
  const refuse = (problem: string): CheckedLines => ({ ok: false, problem });
  if (!Array.isArray(requested) || requested.length === 0) {
    return refuse(
      'An order needs at least one product: send lines as [{ "productId", "quantity" }].',
    );
  }
  if (requested.length > MAX_ORDER_LINES) {
    return refuse(
      `An order has at most ${MAX_ORDER_LINES} lines: send one line per product, with its quantity.`,
    );
  }
  const quantities = new Map<string, number>();
  for (const [index, line] of requested.entries()) {
    const at = `lines[${index}]`;
    if (typeof line !== 'object' || line === null || Array.isArray(line)) {
      return refuse(`${at} must be an object { "productId", "quantity" }.`);
    }
    const { productId, quantity } = line as Record<string, unknown>;
    const product = typeof productId === 'string' ? findProduct(productId) : undefined;
    if (!product) {
      return refuse(
        typeof productId === 'string'
          ? `${at}: there is no product ${JSON.stringify(productId)}.`
          : `${at}: productId must be the id of a product, as a string.`,
      );
    }
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return refuse(
        `${at}: the quantity of ${product.name} must be a whole number from 1 to ${MAX_QUANTITY}.`,
      );
    }
    const total = (quantities.get(product.id) ?? 0) + quantity;
    if (total > MAX_QUANTITY) {
      return refuse(
        `${at}: that makes ${total} ${product.name} in this order; the most is ${MAX_QUANTITY} of a product per order.`,
      );
    }
    quantities.set(product.id, total);
  }
  return {
    ok: true,
    lines: [...quantities].map(([productId, quantity]) => {
      const product = findProduct(productId)!;
      return { product, quantity, totalCents: product.priceCents * quantity };
    }),
  };
}

/**
 * The cart an order is for, the same whatever the order of its lines: the same cart ordered
 * again finds its order by it.
 */
export function cartKey(lines: readonly PricedLine[]): string {
  return lines
    .map((line) => `${line.product.id}×${line.quantity}`)
    .sort()
    .join(',');
}
