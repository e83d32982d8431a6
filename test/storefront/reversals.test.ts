// What a player owns, through the shop's real webhook route and a real sandbox on one clock the
// test moves: a paid order puts its gems and items in the account once; a late return of its
// payment by the bank, or a refund, reverses the order and takes exactly that back, once, however
// often and however late the events come. A payment returned before it settled delivered
// nothing, so nothing is taken back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../examples/storefront/src/api-types.js';
import { lateReturnOf, withEventId } from '../support/payment-events.js';
import { startShopAndSandbox, type ShopAndSandbox } from './shop-and-sandbox.js';
import {
  inventoryOf,
  NOTHING,
  orderAndPay,
  orderOf,
  POUCH_AND_MOUNT,
  POUCH_AND_MOUNT_GOODS,
  settle,
} from './shopper-steps.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const DAY = 86_400_000;

let world: ShopAndSandbox;
let shoppers = 0;

beforeAll(async () => {
  world = await startShopAndSandbox({ settleStepMs: STEP_MS });
});

afterAll(async () => {
  await world?.close();
});

const newShopper = () => world.signIn(`reversals_${process.pid}_${++shoppers}`);

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

describe('a paid order the bank returns late', () => {
  it('is reversed with its code and when, and what it delivered is taken back once', async () => {
    let shopper = await newShopper();
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    await settle(world, STEP_MS);
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
    const first = await orderAndPay(world, shopper, [{ productId: 'gem-pouch', quantity: 2 }]);
    await settle(world, STEP_MS);
    const second = await orderAndPay(world, shopper, [
      { productId: 'dragon-vault', quantity: 1 },
      { productId: 'frostwing-mount', quantity: 1 },
    ]);
    await settle(world, STEP_MS);
    const third = await orderAndPay(world, shopper, [
      { productId: 'frostwing-mount', quantity: 1 },
    ]);
    await settle(world, STEP_MS);
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
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await settle(world, STEP_MS);
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
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await settle(world, STEP_MS);
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
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
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
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await settle(world, STEP_MS);
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
    await orderAndPay(world, shopper, [{ productId: 'gem-pouch', quantity: 1 }]);
    await settle(world, STEP_MS);
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
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
