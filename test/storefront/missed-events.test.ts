// Webhooks the shop never received, through its real routes and a real sandbox on one clock the
// test moves: the shop's webhook route is down for a week while payments settle, are returned
// late, refunded, or reach no order, and the service gives up retrying; with the route back, one
// catch-up through the events endpoint (the shop's minute work) puts every order and every
// inventory right, and another changes nothing. Also: deliveries that arrive during a catch-up,
// a cursor the service stopped keeping, and a service the shop cannot reach.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Order,
  UnmatchedPayment,
  WebhookRecord,
} from '../../examples/storefront/src/api-types.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';
import {
  inventoryOf,
  NOTHING,
  orderAndPay,
  orderOf,
  ordersOf,
  payWith,
  placeOrder,
  POUCH_AND_MOUNT,
  POUCH_AND_MOUNT_GOODS,
} from './shopper-steps.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let world: ShopAndSandbox;
const log: string[] = [];
let shoppers = 0;

beforeAll(async () => {
  // The shop's minute comes when the test runs it (app().runDue()), never in an outage's middle.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  world = await startShopAndSandbox({ settleStepMs: STEP_MS, log: (line) => log.push(line) });
  // The catch-up at start: nothing to read yet.
  await world.app().runDue();
});

afterAll(async () => {
  await world?.close();
  vi.useRealTimers();
});

const newShopper = () => world.signIn(`missed_${process.pid}_${++shoppers}`);
/** Sessions end while the shop is away for days: the shopper signs in again. */
const again = (shopper: Shopper) => world.signIn(shopper.customerId);

/** A payment for an order this shop never had, made with a token the service signed. */
async function payForNoOrder(shopper: Shopper): Promise<string> {
  const jwtToken = await world.sandbox.mintCheckoutToken({
    subtotal: { cents: 499, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gem Pouch', price: '4.99', quantity: 1, orderId: 'ord_never_here' },
    email: `${shopper.customerId}@example.com`,
    customerId: shopper.customerId,
  });
  return payWith(world, shopper, jwtToken);
}

async function staffView() {
  const staff = await world.signIn('staff');
  const { body } = await staff.get<{
    orders: Order[];
    webhooks: WebhookRecord[];
    unmatchedPayments: UnmatchedPayment[];
  }>('/api/merchant/activity');
  return body;
}

/** Runs the shop's minute work; the lines it logged. */
async function minute(): Promise<string[]> {
  const from = log.length;
  await world.app().runDue();
  return log.slice(from);
}

/** The webhook route answers 503 from now until `back()`; no delivery made meanwhile arrives. */
function outage() {
  const from = world.sandbox.deliveries.length;
  world.shopUnreachable();
  return {
    async back() {
      // The service's retries (about half an hour of them) run out, an hour at a time. Each
      // read of `deliveries` is a copy of them as they are then.
      const missed = () => world.sandbox.deliveries.slice(from);
      for (let hours = 0; missed().some((delivery) => delivery.state === 'pending'); hours++) {
        expect(hours).toBeLessThan(10);
        await world.advance(HOUR);
      }
      world.shopReachable();
      // The service tried each, and gave up: only the events endpoint still has them.
      const given = missed();
      expect(given.map((delivery) => delivery.state)).toEqual(given.map(() => 'failed'));
      return given;
    },
  };
}

describe('a week with the webhook route down', () => {
  it('ends, after one catch-up, with every order and inventory right; a second changes nothing', async () => {
    type Five = [Shopper, Shopper, Shopper, Shopper, Shopper];
    let [alice, bob, carol, dan, erin] = (await Promise.all(
      Array.from({ length: 5 }, () => newShopper()),
    )) as Five;
    const frank = await newShopper();
    // Before the outage: Alice's order is paid and delivered.
    const delivered = await orderAndPay(world, alice, POUCH_AND_MOUNT);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    expect(await inventoryOf(alice)).toEqual(POUCH_AND_MOUNT_GOODS);
    // Bob, Carol and Dan pay; the service announces their payments: processing.
    const settling = await orderAndPay(world, bob, [{ productId: 'gem-hoard', quantity: 1 }]);
    const returning = await orderAndPay(world, carol, POUCH_AND_MOUNT);
    const refunding = await orderAndPay(world, dan, [
      { productId: 'frostwing-mount', quantity: 1 },
    ]);
    await world.advance(0);
    expect((await orderOf(bob, settling.orderId)).status).toBe('processing');
    // Erin's order is never paid.
    await placeOrder(erin, [{ productId: 'arena-cup', quantity: 1 }]);
    expect(await minute()).toEqual([]);

    const down = outage();
    // Frank pays for an order this shop never had.
    const stray = await payForNoOrder(frank);
    await world.advance(0);
    world.sandbox.refundPayment(refunding.paymentId);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    // Settled: Bob's and Carol's. Then the banks return Alice's and Carol's, days later.
    await world.advance(3 * DAY);
    world.sandbox.advancePayment(delivered.paymentId, 'returned', { returnCode: 'R10' });
    world.sandbox.advancePayment(returning.paymentId, 'returned', { returnCode: 'R10' });
    await world.advance(4 * DAY);
    const missed = await down.back();
    // The stray payment's three events, the refund, Bob's and Carol's two each, and two returns.
    expect(missed).toHaveLength(10);

    // Back, before the shop catches up: nothing the week did is seen.
    // Sessions ended during the week: each signs in again.
    [alice, bob, carol, dan, erin] = (await Promise.all(
      [alice, bob, carol, dan, erin].map(again),
    )) as Five;
    expect((await orderOf(alice, delivered.orderId)).status).toBe('paid');
    expect(await inventoryOf(alice)).toEqual(POUCH_AND_MOUNT_GOODS);
    expect((await orderOf(bob, settling.orderId)).status).toBe('processing');
    expect(await inventoryOf(bob)).toEqual(NOTHING);

    const lines = await minute();
    // The week's events; then, in the run the stray payment's refund made due, that refund's
    // own event, read before the service's first delivery of it.
    expect(lines.filter((line) => line.startsWith('caught up'))).toEqual([
      `caught up on ${missed.length} missed payment events from the service's events endpoint, up to ${missed.at(-1)!.eventId}`,
      expect.stringMatching(/^caught up on 1 missed payment event from /),
    ]);

    expect(await orderOf(alice, delivered.orderId)).toMatchObject({
      status: 'reversed',
      returnCode: 'R10',
      reversal: { cause: 'returned' },
    });
    expect(await inventoryOf(alice)).toEqual(NOTHING);
    expect(await orderOf(bob, settling.orderId)).toMatchObject({
      status: 'paid',
      delivered: { gems: 3_100, items: [] },
    });
    expect(await inventoryOf(bob)).toEqual({ gems: 3_100, items: [] });
    // Settled, then returned, both read in one catch-up: delivered, then taken back.
    expect(await orderOf(carol, returning.orderId)).toMatchObject({
      status: 'reversed',
      returnCode: 'R10',
      delivered: POUCH_AND_MOUNT_GOODS,
    });
    expect(await inventoryOf(carol)).toEqual(NOTHING);
    const refunded = await orderOf(dan, refunding.orderId);
    expect(refunded.status).toBe('refunded');
    expect(refunded.delivered).toBeUndefined();
    expect(await inventoryOf(dan)).toEqual(NOTHING);
    // Up to date, the shop removes the order nobody paid, a week past its expiry.
    expect(await ordersOf(erin)).toEqual([]);
    expect(lines).toContain('removed 1 unpaid order(s) that expired over an hour ago');
    // The payment with no order: found, refunded, and closed by the refund's event.
    expect(await world.unmatched(stray)).toMatchObject({
      reason: expect.stringContaining('no such order'),
      refund: 'refunded',
    });
    // Staff see which events came from the catch-up.
    const { webhooks } = await staffView();
    expect(
      webhooks.find(
        (record) => record.orderId === settling.orderId && record.eventType === 'Settled',
      ),
    ).toMatchObject({ outcome: 'applied', detail: expect.stringContaining('events endpoint') });

    // The service's delivery of the refund's event, then a second catch-up: nothing changes.
    await world.advance(0);
    const before = await Promise.all(
      [alice, bob, carol, dan].map(async (shopper) => [
        await ordersOf(shopper),
        await inventoryOf(shopper),
      ]),
    );
    const unmatchedBefore = await world.unmatched(stray);
    expect(await minute()).toEqual([]);
    expect(
      await Promise.all(
        [alice, bob, carol, dan].map(async (shopper) => [
          await ordersOf(shopper),
          await inventoryOf(shopper),
        ]),
      ),
    ).toEqual(before);
    expect(await world.unmatched(stray)).toEqual(unmatchedBefore);
  });
});

describe('deliveries that arrive while the shop catches up', () => {
  it('apply once: the order is paid and its goods delivered once', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    const down = outage();
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    await world.advance(HOUR);
    await down.back();
    const settled = world.deliveredBody(paymentId, 'Settled');
    const from = log.length;
    const statuses = await Promise.all([
      world.deliver(settled),
      world.app().runDue(),
      world.deliver(settled),
      world.deliver(settled),
    ]);
    expect(statuses.filter((status) => status !== undefined)).toEqual([200, 200, 200]);
    const seen = await again(shopper);
    expect((await orderOf(seen, orderId)).status).toBe('paid');
    expect(await inventoryOf(seen)).toEqual(POUCH_AND_MOUNT_GOODS);
    expect(log.slice(from).filter((line) => line.includes(`${orderId}: Settled → paid`))).toEqual([
      `order ${orderId}: Settled → paid; delivered 500 gems, Frost trail effect, and Frostwing mount`,
    ]);
  });
});

describe('a cursor the service no longer keeps', () => {
  it('is said plainly, and the shop catches up from the oldest event kept', async () => {
    let shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    await minute();
    // Away for a month: the service lets go of the events older than 30 days, the last one the
    // shop applied among them; the payment's return, late on the 30th day, is kept.
    const down = outage();
    await world.advance(30 * DAY);
    world.sandbox.advancePayment(paymentId, 'returned', { returnCode: 'R10' });
    await world.advance(2 * DAY);
    await down.back();

    const lines = await minute();
    expect(lines.filter((line) => line.includes('does not know event'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('caught up'))).toHaveLength(1);
    shopper = await again(shopper);
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'reversed',
      returnCode: 'R10',
    });
    expect(await inventoryOf(shopper)).toEqual(NOTHING);
    // Not wedged: the next minute reads on from there.
    expect(await minute()).toEqual([]);
  });
});

describe('a service the shop cannot reach', () => {
  it('waits for the next minute, and meanwhile removes no order whose payment it has not read', async () => {
    let shopper = await newShopper();
    const { order, checkout } = await placeOrder(shopper, POUCH_AND_MOUNT);
    // Paid while the route is down: the shop never hears of the payment, and the order's
    // token stops paying 15 minutes later.
    const down = outage();
    await payWith(world, shopper, checkout.jwtToken);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    await world.advance(2 * HOUR);
    await down.back();

    await world.serviceUnreachable();
    let lines: string[];
    try {
      lines = await minute();
    } finally {
      await world.serviceReachable();
    }
    expect(lines.filter((line) => line.startsWith('catching up'))).toEqual([
      expect.stringMatching(
        /^catching up on missed payment events failed after .+ \(could not reach the payments service\); trying again in a minute$/,
      ),
    ]);
    shopper = await again(shopper);
    // Kept, though it expired over an hour ago: removed, its payment would be refunded.
    expect((await orderOf(shopper, order.orderId)).status).toBe('expired');

    await minute();
    expect(await orderOf(shopper, order.orderId)).toMatchObject({ status: 'paid' });
    expect(await inventoryOf(shopper)).toEqual(POUCH_AND_MOUNT_GOODS);
    expect(await world.unmatched(order.orderId)).toBeUndefined();
  });
});
