// The shop's records, in SQL over a Db (db.ts): orders here, and accounts, sessions and sign-in
// attempts in their own part (account-store.ts). Real transactions: a status moves in one
// transaction that also records the event id, so a delivery that arrives twice, or two at once,
// changes an order once.
import type { PaymentWebhookEvent } from 'service-checkout/server';
import type { Order } from '../src/api-types.js';
import { accountStoreOn, type AccountStore } from './account-store.js';
import { createSchema, openPglite, type Db } from './db.js';
import { applyPaymentEvent, type Applied } from './order-status.js';

export type { Account } from './account-store.js';

export type EventOutcome =
  Applied | { outcome: 'duplicate' } | { outcome: 'ignored'; reason: string; order?: undefined };

export interface ShopStore extends AccountStore {
  /**
   * Adds the order; the customer's oldest orders still awaiting payment beyond `keepUnpaid` go
   * (abandoned checkouts), so no one can fill the database.
   */
  addOrder(order: Order, keepUnpaid: number): Promise<void>;
  order(orderId: string): Promise<Order | undefined>;
  ordersOf(customerId: string): Promise<Order[]>;
  recentOrders(limit: number): Promise<Order[]>;
  /** Applies a payment event to its order once per event id. */
  applyEvent(event: PaymentWebhookEvent, orderId: string, at: string): Promise<EventOutcome>;
  close(): Promise<void>;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS orders (
    order_id text PRIMARY KEY,
    customer_id text NOT NULL,
    status text NOT NULL,
    created_at text NOT NULL,
    body jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS orders_by_customer ON orders (customer_id, created_at);
  CREATE TABLE IF NOT EXISTS processed_events (
    event_id text PRIMARY KEY,
    received_at text NOT NULL
  );
`;

/** The store on PGlite in `dataDir` (made private if missing), or in memory without one. */
export async function openShopStore(dataDir?: string): Promise<ShopStore> {
  return shopStoreOn(await openPglite(dataDir));
}

/** The store over an open database; its tables are made if missing. */
export async function shopStoreOn(db: Db): Promise<ShopStore> {
  const accounts = await accountStoreOn(db);
  await createSchema(db, SCHEMA);
  const orders = async (sql: string, params: unknown[]) =>
    (await db.query<{ body: Order }>(sql, params)).rows.map((row) => row.body);

  return {
    ...accounts,
    async addOrder(order, keepUnpaid) {
      await db.transaction(async (tx) => {
        await tx.query(
          'INSERT INTO orders (order_id, customer_id, status, created_at, body) VALUES ($1, $2, $3, $4, $5)',
          [order.orderId, order.customerId, order.status, order.createdAt, order],
        );
        await tx.query(
          `DELETE FROM orders WHERE order_id IN (
             SELECT order_id FROM orders WHERE customer_id = $1 AND status = 'awaiting_payment'
             ORDER BY created_at DESC, order_id OFFSET $2)`,
          [order.customerId, keepUnpaid],
        );
      });
    },
    async order(orderId) {
      return (await orders('SELECT body FROM orders WHERE order_id = $1', [orderId]))[0];
    },
    ordersOf(customerId) {
      return orders(
        'SELECT body FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, order_id',
        [customerId],
      );
    },
    recentOrders(limit) {
      return orders('SELECT body FROM orders ORDER BY created_at DESC, order_id LIMIT $1', [limit]);
    },
    applyEvent(event, orderId, at) {
      return db.transaction(async (tx): Promise<EventOutcome> => {
        const first = await tx.query(
          `INSERT INTO processed_events (event_id, received_at) VALUES ($1, $2)
           ON CONFLICT (event_id) DO NOTHING`,
          [event.id, at],
        );
        if (first.affectedRows !== 1) return { outcome: 'duplicate' };
        const { rows } = await tx.query<{ body: Order }>(
          'SELECT body FROM orders WHERE order_id = $1 FOR UPDATE',
          [orderId],
        );
        if (!rows[0]) return { outcome: 'ignored', reason: 'no such order' };
        const result = applyPaymentEvent(rows[0].body, event, at);
        if (result.outcome === 'applied') {
          // Only from the status it was read in: the move happens once.
          await tx.query(
            'UPDATE orders SET status = $2, body = $3 WHERE order_id = $1 AND status = $4',
            [orderId, result.order.status, result.order, rows[0].body.status],
          );
        }
        return result;
      });
    },
    close: () => db.close(),
  };
}
