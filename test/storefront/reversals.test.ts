// What a player owns, through the shop's real webhook route and a real sandbox on one clock the
// test moves: a paid order puts its gems and items in the account once; a late return of its
// payment by the bank, or a refund, reverses the order and takes exactly that back, once, however
// often and however late the events come. A payment returned before it settled delivered
// nothing, so nothing is taken back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Goods, Order, OrderCheckout } from '../../examples/storefront/src/api-types.js';
import { lateReturnOf, withEventId } from '../support/payment-events.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const DAY = 86_400_000;
const NOTHING: Goods = { gems: 0, items: [] };

let world: ShopAndSandbox;
let shoppers = 0;

beforeAll(async () => {
  world = await startShopAndSandbox({ settleStepMs: STEP_MS });
});

afterAll(async () => {
  await world?.close();
});

type Line = { productId: string; quantity: number };

const newShopper = () => world.signIn(`reversals_${process.pid}_${++shoppers}`);

async function orderOf(shopper: Shopper, orderId: string): Promise<Order> {
  const answer = await shopper.get<{ order: Order }>(`/api/orders/${orderId}`);
  expect(answer.status).toBe(200);
  return answer.body.order;
}

async function inventoryOf(shopper: Shopper): Promise<Goods> {
  const answer = await shopper.get<{ inventory: Goods }>('/api/inventory');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.inventory;
}

/** Orders `lines` and pays for them; the payment is pending until the clock moves. */
async function orderAndPay(
  shopper: Shopper,
  lines: Line[],
): Promise<{ orderId: string; paymentId: string }> {
  const placed = await shopper.post<{ order: Order; checkout: OrderCheckout }>('/api/orders', {
    lines,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const paid = await world.pay(shopper.customerId, placed.body.checkout.jwtToken);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { orderId: placed.body.order.orderId, paymentId: paid.body.paymentId! };
}

/** Runs the payment's steps one by one, each webhook delivered as it comes. */
async function settle(): Promise<void> {
  await world.advance(0);
  await world.advance(STEP_MS);
  await world.advance(STEP_MS);
}

/** The late return of a settled payment, `days` after now, under event id `id`. */
function lateReturn(paymentId: string, id: string, returnCode = 'R10', days = 10) {
  const returnedAt = new Date(world.now() + days * DAY).toISOString();
  return {
    returnedAt,
    body: lateReturnOf(world.deliveredBody(paymentId, 'Settled'), { id, returnedAt, returnCode }),
  };
}

async function reversedOrdersForStaff(): Promise<Order[]> {
  const staff = await world.signIn('staff');
  const { body } = await staff.get<{ reversedOrders: Order[] }>('/api/merchant/activity');
  return body.reversedOrders;
}

const POUCH_AND_MOUNT: Line[] = [
  { productId: 'gem-pouch', quantity: 1 },
  { productId: 'frostwing-mount', quantity: 1 },
];
const POUCH_AND_MOUNT_GOODS: Goods = {
  gems: 500,
  items: [
    { name: 'Frost trail effect', count: 1 },
    { name: 'Frostwing mount', count: 1 },
  ],
};

describe('a paid order the bank returns late', () => {
  it('is reversed with its code and when, and what it delivered is taken back once', async () => {
    let shopper = await newShopper();
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    await settle();
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'paid',
      delivered: POUCH_AND_MOUNT_GOODS,
    });
    expect(await inventoryOf(shopper)).toEqual(POUCH_AND_MOUNT_GOODS);

    // Ten days later the payer's bank returns the payment: not authorized. The player's session
    // has ended by then: they sign in again.
    const late = lateReturn(paymentId, `evt_late_${paymentId}`);
    await world.advance(10 * DAY);
    expect(await world.deliver(late.body)).toBe(200);
    shopper = await world.signIn(shopper.customerId);
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'reversed',
      returnCode: 'R10',
      reversal: { cause: 'returned', at: late.returnedAt },
      delivered: POUCH_AND_MOUNT_GOODS,
    });
    expect(await inventoryOf(shopper)).toEqual(NOTHING);

    // The same delivery again, and a second return under another id: nothing more is taken.
    expect(await world.deliver(late.body)).toBe(200);
    expect(await world.deliver(lateReturn(paymentId, `evt_again_${paymentId}`, 'R29').body)).toBe(
      200,
    );
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'reversed',
      returnCode: 'R10',
      reversal: { cause: 'returned', at: late.returnedAt },
    });
    expect(await inventoryOf(shopper)).toEqual(NOTHING);

    // Staff see it among the reversed orders, with why.
    expect(
      (await reversedOrdersForStaff()).find((order) => order.orderId === orderId),
    ).toMatchObject({ returnCode: 'R10', reversal: { cause: 'returned', at: late.returnedAt } });
  });

  it('takes back exactly what its own order delivered, and leaves what other orders did', async () => {
    const shopper = await newShopper();
    const first = await orderAndPay(shopper, [{ productId: 'gem-pouch', quantity: 2 }]);
    await settle();
    const second = await orderAndPay(shopper, [
      { productId: 'dragon-vault', quantity: 1 },
      { productId: 'frostwing-mount', quantity: 1 },
    ]);
    await settle();
    const third = await orderAndPay(shopper, [{ productId: 'frostwing-mount', quantity: 1 }]);
    await settle();
    expect(await inventoryOf(shopper)).toEqual({
      gems: 1_000 + 8_000,
      items: [
        { name: 'Frost trail effect', count: 2 },
        { name: 'Frostwing mount', count: 2 },
        { name: 'Vault-keeper profile frame', count: 1 },
      ],
    });

    expect(
      await world.deliver(lateReturn(second.paymentId, `evt_late_${second.paymentId}`).body),
    ).toBe(200);
    expect(await inventoryOf(shopper)).toEqual({
      gems: 1_000,
      items: [
        { name: 'Frost trail effect', count: 1 },
        { name: 'Frostwing mount', count: 1 },
      ],
    });
    expect((await orderOf(shopper, first.orderId)).status).toBe('paid');
    expect((await orderOf(shopper, third.orderId)).status).toBe('paid');
  });

  it('under concurrent deliveries of the return, and of a second return, takes back once', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    await settle();
    const late = lateReturn(paymentId, `evt_late_${paymentId}`);
    const another = lateReturn(paymentId, `evt_other_${paymentId}`, 'R29');
    const statuses = await Promise.all([
      ...Array.from({ length: 5 }, () => world.deliver(late.body)),
      ...Array.from({ length: 5 }, () => world.deliver(another.body)),
    ]);
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    const reversed = await orderOf(shopper, orderId);
    expect(reversed.status).toBe('reversed');
    // Whichever return came first is the one recorded.
    expect(['R10', 'R29']).toContain(reversed.returnCode);
  });
});

describe('a paid order', () => {
  it('delivers once: a stale ACH Batched and another Settled after it change nothing', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    await settle();
    expect(await inventoryOf(shopper)).toEqual(POUCH_AND_MOUNT_GOODS);

    // Events the shop has never applied, arriving after Settled.
    const batched = world.deliveredBody(paymentId, 'ACH Batched');
    const settled = world.deliveredBody(paymentId, 'Settled');
    expect(await world.deliver(withEventId(batched, `evt_stale_${paymentId}`))).toBe(200);
    expect(await world.deliver(withEventId(settled, `evt_settled_again_${paymentId}`))).toBe(200);
    expect(await world.deliver(settled)).toBe(200);
    expect((await orderOf(shopper, orderId)).status).toBe('paid');
    expect(await inventoryOf(shopper)).toEqual(POUCH_AND_MOUNT_GOODS);
  });

  it('delivers once when Settled arrives many times at once', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    await world.advance(STEP_MS);
    // The shop is down when the payment settles: the service will deliver Settled again later.
    world.shopUnreachable();
    await world.advance(STEP_MS);
    world.shopReachable();
    const settled = world.deliveredBody(paymentId, 'Settled');
    const statuses = await Promise.all([
      ...Array.from({ length: 5 }, () => world.deliver(settled)),
      ...Array.from({ length: 5 }, (_, n) =>
        world.deliver(withEventId(settled, `evt_copy_${n}_${paymentId}`)),
      ),
    ]);
    expect(statuses).toEqual(Array(10).fill(200));
    // The service's own retry, too.
    await world.advance(STEP_MS);
    expect((await orderOf(shopper, orderId)).status).toBe('paid');
    expect(await inventoryOf(shopper)).toEqual(POUCH_AND_MOUNT_GOODS);
  });

  it('that the shop refunds is reversed, and what it delivered is taken back', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    await settle();
    world.sandbox.refundPayment(paymentId);
    await world.advance(0);
    const refunded = await orderOf(shopper, orderId);
    expect(refunded).toMatchObject({ status: 'reversed', reversal: { cause: 'refunded' } });
    expect(refunded.returnCode).toBeUndefined();
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    // A late return after the refund is ignored: the money already went back.
    expect(await world.deliver(lateReturn(paymentId, `evt_after_refund_${paymentId}`).body)).toBe(
      200,
    );
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'reversed',
      reversal: { cause: 'refunded' },
    });
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
  });
});

describe('a payment returned before it settled', () => {
  it('leaves its order returned, with nothing delivered and nothing taken back', async () => {
    const shopper = await newShopper();
    await orderAndPay(shopper, [{ productId: 'gem-pouch', quantity: 1 }]);
    await settle();
    const { orderId, paymentId } = await orderAndPay(shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    world.sandbox.advancePayment(paymentId, 'returned');
    await world.advance(0);
    const returned = await orderOf(shopper, orderId);
    expect(returned).toMatchObject({ status: 'returned', returnCode: 'R01' });
    expect(returned.delivered).toBeUndefined();
    expect(returned.reversal).toBeUndefined();
    // The same return again, a second one, and a Settled after it (as a payment the bank
    // returned never settles, a forged or mistaken one), all at once.
    const returnedBody = world.deliveredBody(paymentId, 'ACH Returned');
    const { returnCode: _code, ...payment } = (
      JSON.parse(returnedBody) as { data: Record<string, unknown> }
    ).data;
    const settledAfter = JSON.stringify({
      id: `evt_settled_${paymentId}`,
      eventType: 'Settled',
      created: new Date(world.now()).toISOString(),
      data: { ...payment, status: 'settled' },
    });
    const statuses = await Promise.all([
      world.deliver(returnedBody),
      world.deliver(returnedBody),
      world.deliver(withEventId(returnedBody, `evt_second_${paymentId}`)),
      world.deliver(settledAfter),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await orderOf(shopper, orderId)).status).toBe('returned');
    // Only the other order's gems.
    expect(await inventoryOf(shopper)).toEqual({ gems: 500, items: [] });
    expect((await reversedOrdersForStaff()).map((order) => order.orderId)).not.toContain(orderId);
  });
});
