// The shop's database (PGlite): orders and accounts survive a restart, each payment event
// changes an order once even when delivered twice at the same moment, a payment with no order is
// kept apart, one cart asked for twice at once makes one order, and only unpaid orders long
// expired go.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../examples/storefront/server/db.js';
import { removeUnpaidBefore } from '../../examples/storefront/server/order-rules.js';
import {
  openShopStore,
  shopStoreOn,
  type ShopStore,
} from '../../examples/storefront/server/store.js';
import { AT, awaitingOrder, paymentEvent } from './fixtures.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const opened: ShopStore[] = [];
const dirs: string[] = [];

async function open(dataDir?: string) {
  const store = await openShopStore(dataDir);
  opened.push(store);
  return store;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const order = (orderId: string, createdAt?: string) => awaitingOrder(orderId, createdAt);
const settled = (orderId: string) => paymentEvent('Settled', { orderId });
/** Places the order as the shop does, at its creation time, for a cart of its own. */
const place = (store: ShopStore, placed = order('ord_1'), cartKey = `cart of ${placed.orderId}`) =>
  store.placeOrder(
    { order: placed, cartKey, checkoutToken: `token of ${placed.orderId}` },
    Date.parse(placed.createdAt),
  );

describe('the shop store', () => {
  it('keeps accounts and orders, with their status, across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storefront-'));
    dirs.push(dir);
    const first = await open(dir);
    expect(
      await first.addAccount({
        customerId: 'alex',
        email: 'alex@example.com',
        passwordHash: 'scrypt$salt$hash',
        staff: false,
        signedUpAt: AT,
      }),
    ).toBe(true);
    await place(first, order('ord_1'));
    await first.applyEvent(settled('ord_1'), AT);
    await first.close();

    const second = await open(dir);
    expect((await second.account('alex'))?.passwordHash).toBe('scrypt$salt$hash');
    expect((await second.order('ord_1'))?.status).toBe('paid');
    expect(await second.inventoryOf('alex')).toEqual({ gems: 500, items: [] });
    // The event is remembered too: delivered again after the restart, it changes nothing.
    expect((await second.applyEvent(settled('ord_1'), AT)).outcome).toBe('duplicate');
  });

  it('starts every store in memory empty, though each after the first is a copy of a fresh database', async () => {
    const first = await open();
    await place(first, order('ord_1'));
    const second = await open();
    expect(await second.order('ord_1')).toBeUndefined();
    await place(second, order('ord_1'));
    expect((await second.order('ord_1'))?.orderId).toBe('ord_1');
  });

  it('applies one event once, even when two deliveries of it arrive at the same moment', async () => {
    const store = await open();
    await place(store, order('ord_2'));
    const outcomes = await Promise.all([
      store.applyEvent(settled('ord_2'), AT),
      store.applyEvent(settled('ord_2'), AT),
    ]);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await store.order('ord_2'))?.status).toBe('paid');
    expect(await store.inventoryOf('alex')).toEqual({ gems: 500, items: [] });
  });

  it('reverses an order paid before the shop kept inventories without taking anything back', async () => {
    const db = await openPglite();
    const store = await shopStoreOn(db);
    opened.push(store);
    await place(store, order('ord_kept'));
    await place(store, order('ord_new', '2026-11-24T09:55:00.000Z'));
    await store.applyEvent(
      paymentEvent('Settled', {
        orderId: 'ord_new',
        id: 'evt_new',
        payment: { paymentId: 'pay_new' },
      }),
      AT,
    );
    // As an order paid before inventories was kept: paid, with no payment status or delivery.
    await db.query(`UPDATE orders SET status = 'paid', body = body || $2 WHERE order_id = $1`, [
      'ord_kept',
      { status: 'paid', paymentId: 'pay_1' },
    ]);
    expect(await store.inventoryOf('alex')).toEqual({ gems: 500, items: [] });

    const late = paymentEvent('ACH Returned', {
      orderId: 'ord_kept',
      payment: { returnCode: 'R10' },
    });
    expect(await store.applyEvent(late, AT)).toMatchObject({
      outcome: 'applied',
      order: { status: 'reversed', returnCode: 'R10' },
    });
    // Only what the other order delivered.
    expect(await store.inventoryOf('alex')).toEqual({ gems: 500, items: [] });
    expect((await store.reversedOrders(10)).map((reversed) => reversed.orderId)).toEqual([
      'ord_kept',
    ]);
  });

  it('keeps a payment for an order it does not have apart, due a refund, with its later events', async () => {
    const store = await open();
    const initiated = paymentEvent('ACH Initiated', { orderId: 'ord_none' });
    expect(await store.applyEvent(initiated, AT)).toMatchObject({
      outcome: 'unmatched',
      reason: 'no such order: never made here, or removed after it expired unpaid',
      unmatched: { paymentId: 'pay_1', refund: 'due', paymentStatus: 'pending' },
    });
    await store.applyEvent(
      paymentEvent('Settled', { orderId: 'ord_none', payment: { status: 'settled' } }),
      AT,
    );
    expect(await store.refundsDue()).toMatchObject([
      { paymentId: 'pay_1', paymentStatus: 'settled' },
    ]);
    expect(await store.order('ord_none')).toBeUndefined();
  });

  it('once a payment is unmatched, its later events never reach an order', async () => {
    const store = await open();
    await store.applyEvent(paymentEvent('ACH Initiated', { orderId: 'ord_late' }), AT);
    // An order of that id appearing later (it cannot: ids are random) would not take it.
    await place(store, order('ord_late'));
    expect(
      (await store.applyEvent(paymentEvent('Settled', { orderId: 'ord_late' }), AT)).outcome,
    ).toBe('unmatched');
    expect((await store.order('ord_late'))?.status).toBe('awaiting_payment');
  });

  it('records refund attempts, and lists open unmatched payments before closed ones', async () => {
    const store = await open();
    const of = (paymentId: string, orderId: string) =>
      paymentEvent('ACH Initiated', { orderId, id: `evt_${paymentId}`, payment: { paymentId } });
    await store.applyEvent(of('pay_closed', 'ord_a'), AT);
    await store.applyEvent(of('pay_open', 'ord_b'), '2026-11-24T09:00:00.000Z');
    const refunded = { ...of('pay_closed', 'ord_a').data, status: 'refunded' as const };
    expect(
      await store.recordRefund('pay_closed', { outcome: 'refunded', payment: refunded }, AT),
    ).toMatchObject({ refund: 'requested', refundAttempts: 1 });
    await store.applyEvent(
      paymentEvent('Refunded', {
        orderId: 'ord_a',
        payment: { paymentId: 'pay_closed', status: 'refunded' },
      }),
      AT,
    );
    expect((await store.unmatchedPayments(10)).map((p) => [p.paymentId, p.refund])).toEqual([
      ['pay_open', 'due'],
      ['pay_closed', 'refunded'],
    ]);
    expect((await store.unmatchedPayments(0)).map((p) => p.paymentId)).toEqual(['pay_open']);
  });

  it('refuses a second account with a taken id', async () => {
    const store = await open();
    const account = {
      customerId: 'sam',
      email: 's@example.com',
      passwordHash: 'h',
      staff: false,
      signedUpAt: AT,
    };
    expect(await store.addAccount(account)).toBe(true);
    expect(await store.addAccount({ ...account, passwordHash: 'other' })).toBe(false);
    expect((await store.account('sam'))?.passwordHash).toBe('h');
  });

  it('places one order when the same cart is asked for twice at once', async () => {
    const store = await open();
    const outcomes = await Promise.all([
      place(store, order('ord_x'), 'gem-pouch×1'),
      place(store, order('ord_y'), 'gem-pouch×1'),
    ]);
    expect(outcomes.map((plan) => plan.action).sort()).toEqual(['create', 'reuse']);
    expect(await store.ordersOf('alex')).toHaveLength(1);
  });

  it('removes unpaid orders an hour after they stopped being payable, and never any other', async () => {
    const store = await open();
    // Payable until 10:05, 10:15 and 10:05.
    await place(store, order('ord_unpaid', '2026-11-24T09:50:00.000Z'));
    await place(store, order('ord_later', '2026-11-24T10:00:00.000Z'));
    await place(store, order('ord_paid', '2026-11-24T09:50:00.000Z'));
    await store.applyEvent(settled('ord_paid'), AT);

    expect(
      await store.removeUnpaidOrders(removeUnpaidBefore(Date.parse('2026-11-24T11:04:59.999Z'))),
    ).toBe(0);
    expect(
      await store.removeUnpaidOrders(removeUnpaidBefore(Date.parse('2026-11-24T11:05:00.000Z'))),
    ).toBe(1);
    expect((await store.ordersOf('alex')).map((kept) => kept.orderId).sort()).toEqual([
      'ord_later',
      'ord_paid',
    ]);
  });

  it('gives orders kept from before they recorded their payable time the hour their token had', async () => {
    const db = await openPglite();
    await db.exec(`
      CREATE TABLE orders (
        order_id text PRIMARY KEY, customer_id text NOT NULL, status text NOT NULL,
        created_at text NOT NULL, body jsonb NOT NULL
      );
    `);
    const { payableUntil: _unknown, ...before } = order('ord_old', '2026-11-24T09:50:00.000Z');
    await db.query(
      'INSERT INTO orders (order_id, customer_id, status, created_at, body) VALUES ($1, $2, $3, $4, $5)',
      [before.orderId, before.customerId, before.status, before.createdAt, before],
    );
    const store = await shopStoreOn(db);
    opened.push(store);
    expect((await store.order('ord_old'))?.payableUntil).toBe('2026-11-24T10:50:00.000Z');
    expect(
      (await store.payableOrdersOf('alex', Date.parse('2026-11-24T10:49:59.999Z'))).map((entry) => [
        entry.order.orderId,
        entry.cartKey,
      ]),
    ).toEqual([['ord_old', undefined]]);
  });

  it('keeps working on a database from before it kept authorizations: their orders have none yet, and take one', async () => {
    const db = await openPglite();
    // The orders table as it was, with an order whose payment is processing.
    await db.exec(`
      CREATE TABLE orders (
        order_id text PRIMARY KEY, customer_id text NOT NULL, status text NOT NULL,
        created_at text NOT NULL, body jsonb NOT NULL, payable_until text
      );
      CREATE TABLE processed_events (event_id text PRIMARY KEY, received_at text NOT NULL);
    `);
    const before = { ...order('ord_kept'), status: 'processing', paymentId: 'pay_1' } as const;
    await db.query(
      `INSERT INTO orders (order_id, customer_id, status, created_at, payable_until, body)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [before.orderId, 'alex', before.status, before.createdAt, before.payableUntil, before],
    );
    const store = await shopStoreOn(db);
    opened.push(store);
    expect(await store.order('ord_kept')).toEqual(before);

    const authorization = { status: 'none', readAt: AT } as const;
    await store.applyEvent(paymentEvent('Settled', { orderId: 'ord_kept' }), AT, authorization);
    expect(await store.order('ord_kept')).toMatchObject({ status: 'paid', authorization });
    // What the order's record holds is the order's; the authorization is kept beside it.
    const { rows } = await db.query<{ body: object }>('SELECT body FROM orders');
    expect(rows[0]!.body).not.toHaveProperty('authorization');
  });

  it('keeps the first authorization read for an order, and remembers an account its return ruled out once', async () => {
    const store = await open();
    await place(store);
    const first = { status: 'none', readAt: AT } as const;
    await store.applyEvent(paymentEvent('ACH Initiated'), AT, first);
    await store.applyEvent(paymentEvent('ACH Batched'), AT, { status: 'none', readAt: 'later' });
    expect((await store.order('ord_1'))?.authorization).toEqual(first);

    const closed = paymentEvent('ACH Returned', { payment: { returnCode: 'R02' } });
    await store.applyEvent(closed, AT);
    await store.applyEvent({ ...closed, id: 'evt_copy_of_the_return' }, AT);
    expect(await store.unusableAccountsOf('alex')).toEqual([
      {
        last4: null,
        orderId: 'ord_1',
        paymentId: 'pay_1',
        returnCode: 'R02',
        title: 'Account Closed',
        since: AT,
      },
    ]);
    expect(await store.unusableAccountsOf('bo')).toEqual([]);
  });
});
