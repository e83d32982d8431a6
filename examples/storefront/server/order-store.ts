// Orders, the payment events applied to them, the debit authorizations of their payments, what
// paid orders put in their customers' inventories, the bank accounts their returns ruled out, and
// payments that reached no payable order, in SQL over a Db (db.ts). The rules are pure functions
// elsewhere (order-rules.ts, order-status.ts, inventory.ts, return-advice.ts,
// unmatched-payments.ts); here they run inside transactions, so two requests or two deliveries at
// once act one after the other, and an order's inventory moves in the transaction that moves the
// order. Plain SQL that runs on PGlite and on PostgreSQL 15.
import type { PaymentWebhookEvent } from 'service-checkout/server';
import type {
  DebitAuthorization,
  Goods,
  Order,
  UnmatchedPayment,
  UnusableBankAccount,
} from '../src/api-types.js';
import { createSchema, type Db, type Queryable } from './db.js';
import { inventoryAfter, inventoryMove, NO_GOODS, type InventoryMove } from './inventory.js';
import { planOrder, type OrderPlan, type PayableOrder } from './order-rules.js';
import { applyPaymentEvent, type Applied } from './order-status.js';
import { unusableAccountAfter } from './return-advice.js';
import {
  unmatchedAfterEvent,
  unmatchedAfterRefund,
  type RefundAttempt,
} from './unmatched-payments.js';

export type EventOutcome =
  | Exclude<Applied, { outcome: 'unmatched' }>
  | { outcome: 'unmatched'; unmatched: UnmatchedPayment; reason: string }
  | { outcome: 'duplicate' };

/** A new order, with the cart it is for and the checkout token the service signed for it. */
export interface NewOrder {
  order: Order;
  cartKey: string;
  checkoutToken: string;
}

export interface OrderStore {
  /** The customer's orders whose token can still pay at `now`, with their carts and tokens. */
  payableOrdersOf(customerId: string, now: number): Promise<PayableOrder[]>;
  /**
   * Adds the order unless, at this moment, the plan (order-rules.ts) says to reuse another one
   * for the same cart, or to refuse: decided and done in one transaction per customer.
   */
  placeOrder(placed: NewOrder, now: number): Promise<OrderPlan>;
  order(orderId: string): Promise<Order | undefined>;
  ordersOf(customerId: string): Promise<Order[]>;
  recentOrders(limit: number): Promise<Order[]>;
  /** The `limit` orders reversed most recently, newest first. */
  reversedOrders(limit: number): Promise<Order[]>;
  /** What the customer's account holds: what their paid orders delivered, less what was taken back. */
  inventoryOf(customerId: string): Promise<Goods>;
  /** Removes unpaid orders whose token stopped paying at or before `before` (ISO); how many went. */
  removeUnpaidOrders(before: string): Promise<number>;
  /**
   * Applies a payment event once per event id: to its order, or, when it reaches no payable
   * order, to the payment kept apart as unmatched. An order that becomes paid puts its goods in
   * its customer's inventory, and a paid order reversed takes them back, in the same transaction.
   * `authorization`, read from the service for the event's payment, is kept with an order that
   * has none yet once the payment is the order's; a return whose account cannot take debits
   * records that account for the customer (unusableAccountsOf).
   */
  applyEvent(
    event: PaymentWebhookEvent,
    at: string,
    authorization?: DebitAuthorization,
  ): Promise<EventOutcome>;
  /** Every return of the customer's payments from an account that cannot take debits. */
  unusableAccountsOf(customerId: string): Promise<UnusableBankAccount[]>;
  /** Every unmatched payment still open, then the `closedLimit` most recently closed. */
  unmatchedPayments(closedLimit: number): Promise<UnmatchedPayment[]>;
  /** Unmatched payments whose refund is due, oldest first. */
  refundsDue(): Promise<UnmatchedPayment[]>;
  /** Records an attempt to refund an unmatched payment. */
  recordRefund(paymentId: string, attempt: RefundAttempt, at: string): Promise<UnmatchedPayment>;
}

export const ORDER_SCHEMA = `
  CREATE TABLE IF NOT EXISTS orders (
    order_id text PRIMARY KEY,
    customer_id text NOT NULL,
    status text NOT NULL,
    created_at text NOT NULL,
    body jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS orders_by_customer ON orders (customer_id, created_at);
  ALTER TABLE orders ADD COLUMN IF NOT EXISTS payable_until text;
  -- Orders kept from before tokens expired after 15 minutes were signed for the service's
  -- default hour.
  UPDATE orders SET
    payable_until = to_char((created_at::timestamptz + interval '1 hour') AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    body = jsonb_set(body, '{payableUntil}', to_jsonb(to_char(
      (created_at::timestamptz + interval '1 hour') AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  WHERE payable_until IS NULL;
  CREATE INDEX IF NOT EXISTS orders_unpaid ON orders (status, payable_until);
  CREATE TABLE IF NOT EXISTS order_checkouts (
    order_id text PRIMARY KEY REFERENCES orders (order_id) ON DELETE CASCADE,
    cart_key text NOT NULL,
    checkout_token text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS processed_events (
    event_id text PRIMARY KEY,
    received_at text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS unmatched_payments (
    payment_id text PRIMARY KEY,
    refund text NOT NULL,
    first_seen_at text NOT NULL,
    updated_at text NOT NULL,
    body jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS unmatched_payments_by_refund ON unmatched_payments (refund);
  -- The reversed ones, newest first, for staff.
  CREATE INDEX IF NOT EXISTS orders_reversed ON orders ((body #>> '{reversal,at}'))
    WHERE status = 'reversed';
  -- What each customer holds (Goods as JSON); changed only with the order that changes it.
  CREATE TABLE IF NOT EXISTS inventories (
    customer_id text PRIMARY KEY,
    updated_at text NOT NULL,
    body jsonb NOT NULL
  );
  -- The debit authorization of the order's payment, as read from the service (a
  -- DebitAuthorization); NULL until the shop learns of a payment, and on orders kept from before.
  ALTER TABLE orders ADD COLUMN IF NOT EXISTS debit_authorization jsonb;
  -- Returns whose account cannot take debits, one per payment (an UnusableBankAccount).
  CREATE TABLE IF NOT EXISTS unusable_bank_accounts (
    customer_id text NOT NULL,
    payment_id text NOT NULL,
    since text NOT NULL,
    body jsonb NOT NULL,
    PRIMARY KEY (customer_id, payment_id)
  );
`;

const bodies = <Body>(rows: { body: Body }[]) => rows.map((row) => row.body);

/** The columns an order is read from: its record, and its payment's authorization beside it. */
const ORDER_COLUMNS = 'body, debit_authorization';
type OrderRow = { body: Order; debit_authorization: DebitAuthorization | null };
const orderOf = (row: OrderRow): Order =>
  row.debit_authorization ? { ...row.body, authorization: row.debit_authorization } : row.body;

/** The order store over an open database; its tables are made (and brought up to date) if needed. */
export async function orderStoreOn(db: Db): Promise<OrderStore> {
  await createSchema(db, ORDER_SCHEMA);
  const orders = async (sql: string, params: unknown[]) =>
    (await db.query<OrderRow>(sql, params)).rows.map(orderOf);

  async function payableOrdersOf(
    tx: Queryable,
    customerId: string,
    now: number,
  ): Promise<PayableOrder[]> {
    const { rows } = await tx.query<{
      body: Order;
      cart_key: string | null;
      checkout_token: string | null;
    }>(
      `SELECT o.body, c.cart_key, c.checkout_token
       FROM orders o LEFT JOIN order_checkouts c ON c.order_id = o.order_id
       WHERE o.customer_id = $1 AND o.status = 'awaiting_payment' AND o.payable_until > $2`,
      [customerId, new Date(now).toISOString()],
    );
    return rows.map((row) => ({
      order: row.body,
      ...(row.cart_key !== null && { cartKey: row.cart_key }),
      ...(row.checkout_token !== null && { checkoutToken: row.checkout_token }),
    }));
  }

  async function saveUnmatched(tx: Queryable, unmatched: UnmatchedPayment): Promise<void> {
    await tx.query(
      `INSERT INTO unmatched_payments (payment_id, refund, first_seen_at, updated_at, body)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (payment_id) DO UPDATE
       SET refund = EXCLUDED.refund, updated_at = EXCLUDED.updated_at, body = EXCLUDED.body`,
      [
        unmatched.paymentId,
        unmatched.refund,
        unmatched.firstSeenAt,
        unmatched.updatedAt,
        unmatched,
      ],
    );
  }

  async function lockedUnmatched(
    tx: Queryable,
    paymentId: string,
  ): Promise<UnmatchedPayment | undefined> {
    const { rows } = await tx.query<{ body: UnmatchedPayment }>(
      'SELECT body FROM unmatched_payments WHERE payment_id = $1 FOR UPDATE',
      [paymentId],
    );
    return rows[0]?.body;
  }

  /** Moves the customer's inventory, its row locked until the transaction ends. */
  async function moveInventory(
    tx: Queryable,
    customerId: string,
    move: InventoryMove,
    at: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO inventories (customer_id, updated_at, body) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO NOTHING`,
      [customerId, at, NO_GOODS],
    );
    const { rows } = await tx.query<{ body: Goods }>(
      'SELECT body FROM inventories WHERE customer_id = $1 FOR UPDATE',
      [customerId],
    );
    await tx.query('UPDATE inventories SET updated_at = $2, body = $3 WHERE customer_id = $1', [
      customerId,
      at,
      inventoryAfter(rows[0]!.body, move),
    ]);
  }

  return {
    payableOrdersOf: (customerId, now) => payableOrdersOf(db, customerId, now),

    placeOrder({ order, cartKey, checkoutToken }, now) {
      return db.transaction(async (tx) => {
        // One customer's orders are planned one request at a time, across processes too.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `orders of ${order.customerId}`,
        ]);
        const plan = planOrder(await payableOrdersOf(tx, order.customerId, now), cartKey, now);
        if (plan.action !== 'create') return plan;
        await tx.query(
          `INSERT INTO orders (order_id, customer_id, status, created_at, payable_until, body)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            order.orderId,
            order.customerId,
            order.status,
            order.createdAt,
            order.payableUntil,
            order,
          ],
        );
        await tx.query(
          'INSERT INTO order_checkouts (order_id, cart_key, checkout_token) VALUES ($1, $2, $3)',
          [order.orderId, cartKey, checkoutToken],
        );
        return plan;
      });
    },

    async order(orderId) {
      return (
        await orders(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1`, [orderId])
      )[0];
    },
    ordersOf(customerId) {
      return orders(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE customer_id = $1
         ORDER BY created_at DESC, order_id`,
        [customerId],
      );
    },
    recentOrders(limit) {
      return orders(
        `SELECT ${ORDER_COLUMNS} FROM orders ORDER BY created_at DESC, order_id LIMIT $1`,
        [limit],
      );
    },
    reversedOrders(limit) {
      return orders(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE status = 'reversed'
         ORDER BY body #>> '{reversal,at}' DESC, order_id LIMIT $1`,
        [limit],
      );
    },
    async unusableAccountsOf(customerId) {
      const { rows } = await db.query<{ body: UnusableBankAccount }>(
        'SELECT body FROM unusable_bank_accounts WHERE customer_id = $1 ORDER BY since DESC',
        [customerId],
      );
      return bodies(rows);
    },
    async inventoryOf(customerId) {
      const { rows } = await db.query<{ body: Goods }>(
        'SELECT body FROM inventories WHERE customer_id = $1',
        [customerId],
      );
      return rows[0]?.body ?? NO_GOODS;
    },

    async removeUnpaidOrders(before) {
      const { affectedRows } = await db.query(
        `DELETE FROM orders WHERE status = 'awaiting_payment' AND payable_until <= $1`,
        [before],
      );
      return affectedRows;
    },

    applyEvent(event, at, authorization) {
      return db.transaction(async (tx): Promise<EventOutcome> => {
        const first = await tx.query(
          `INSERT INTO processed_events (event_id, received_at) VALUES ($1, $2)
           ON CONFLICT (event_id) DO NOTHING`,
          [event.id, at],
        );
        if (first.affectedRows !== 1) return { outcome: 'duplicate' };
        const payment = event.data;
        const known = await lockedUnmatched(tx, payment.paymentId);
        const unmatched = async (reason: string): Promise<EventOutcome> => {
          const updated = unmatchedAfterEvent(known, payment, reason, at);
          await saveUnmatched(tx, updated);
          return { outcome: 'unmatched', unmatched: updated, reason: updated.reason };
        };
        // A payment found unmatched stays so: its later events never reach an order.
        if (known) return unmatched(known.reason);
        const orderId = payment.webhookInfo.orderId;
        if (typeof orderId !== 'string') return unmatched('the payment names no order');
        const { rows } = await tx.query<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1 FOR UPDATE`,
          [orderId],
        );
        if (!rows[0]) {
          return unmatched('no such order: never made here, or removed after it expired unpaid');
        }
        const result = applyPaymentEvent(rows[0].body, event, at);
        if (result.outcome === 'unmatched') return unmatched(result.reason);
        // The first authorization read for the order's own payment is the one kept.
        const kept = rows[0].debit_authorization ?? authorization;
        if (!rows[0].debit_authorization && authorization) {
          await tx.query('UPDATE orders SET debit_authorization = $2 WHERE order_id = $1', [
            orderId,
            authorization,
          ]);
        }
        if (result.outcome === 'applied') {
          // Only from the status it was read in: the move happens once.
          const moved = await tx.query(
            'UPDATE orders SET status = $2, body = $3 WHERE order_id = $1 AND status = $4',
            [orderId, result.order.status, result.order, rows[0].body.status],
          );
          if (moved.affectedRows === 1) {
            const move = inventoryMove(rows[0].body, result.order);
            if (move) await moveInventory(tx, result.order.customerId, move, at);
            const unusable = unusableAccountAfter(result.order, kept ?? undefined, at);
            if (unusable) {
              await tx.query(
                `INSERT INTO unusable_bank_accounts (customer_id, payment_id, since, body)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (customer_id, payment_id) DO NOTHING`,
                [result.order.customerId, unusable.paymentId, unusable.since, unusable],
              );
            }
          }
        }
        return kept ? { ...result, order: { ...result.order, authorization: kept } } : result;
      });
    },

    async unmatchedPayments(closedLimit) {
      const open = await db.query<{ body: UnmatchedPayment }>(
        `SELECT body FROM unmatched_payments WHERE refund IN ('due', 'requested')
         ORDER BY first_seen_at DESC, payment_id`,
      );
      const closed = await db.query<{ body: UnmatchedPayment }>(
        `SELECT body FROM unmatched_payments WHERE refund NOT IN ('due', 'requested')
         ORDER BY updated_at DESC, payment_id LIMIT $1`,
        [closedLimit],
      );
      return [...bodies(open.rows), ...bodies(closed.rows)];
    },
    async refundsDue() {
      const { rows } = await db.query<{ body: UnmatchedPayment }>(
        `SELECT body FROM unmatched_payments WHERE refund = 'due'
         ORDER BY first_seen_at, payment_id`,
      );
      return bodies(rows);
    },
    recordRefund(paymentId, attempt, at) {
      return db.transaction(async (tx) => {
        const known = await lockedUnmatched(tx, paymentId);
        if (!known) throw new Error(`No unmatched payment ${paymentId} to record a refund for.`);
        const updated = unmatchedAfterRefund(known, attempt, at);
        await saveUnmatched(tx, updated);
        return updated;
      });
    },
  };
}
