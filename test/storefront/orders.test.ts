// The shop's order rules over HTTP, against a real sandbox on one clock the test moves: the shop
// never takes money without an order. A checkout token lives 15 minutes and never outlives its
// order; the same cart again answers the same order; a payment that reaches no payable order is
// kept, shown to staff, refunded once and closed by its Refunded event.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutTokenRequest } from '../../src/core/schemas.js';
import { MAGIC_AMOUNTS } from '../../src/sandbox/index.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';
import { orderOf, ordersOf, payWith, placeOrder, settle } from './shopper-steps.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const MINUTE = 60_000;
const TOKEN_LIFETIME_MS = 15 * MINUTE;

let world: ShopAndSandbox;
let shoppers = 0;

beforeAll(async () => {
  world = await startShopAndSandbox({ settleStepMs: STEP_MS });
});

afterEach(async () => {
  vi.useRealTimers();
  world.shopReachable();
  await world.serviceReachable().catch(() => undefined);
});

afterAll(async () => {
  await world?.close();
});

async function newShopper(): Promise<Shopper> {
  return world.signIn(`orders_${process.pid}_${++shoppers}`);
}

/** A checkout token the service signs for a purchase that names `orderId`, as any holder of the API key could. */
function strayToken(
  shopper: Shopper,
  purchase: { orderId?: string; cents?: number; customerId?: string },
): Promise<string> {
  const cents = purchase.cents ?? 499;
  const request: CheckoutTokenRequest = {
    subtotal: { cents, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: {
      itemName: 'Gem Pouch',
      price: (cents / 100).toFixed(2),
      quantity: 1,
      ...(purchase.orderId !== undefined && { orderId: purchase.orderId }),
    },
    email: `${shopper.customerId}@example.com`,
    customerId: purchase.customerId ?? shopper.customerId,
    expiresInSeconds: 86_400,
  };
  return world.sandbox.mintCheckoutToken(request);
}

const refundedDeliveries = (paymentId: string) =>
  world.sandbox.deliveries.filter(
    (delivery) => delivery.eventType === 'Refunded' && delivery.body.includes(paymentId),
  );

describe('a checkout token and its order', () => {
  it('never outlives its order: every payable order is kept, and a 21st is refused with what to do', async () => {
    const shopper = await newShopper();
    const first = await placeOrder(shopper, [{ productId: 'frostwing-mount', quantity: 1 }]);
    // 19 newer carts, each different: 20 orders can be paid at once.
    for (let quantity = 1; quantity <= 10; quantity++) {
      await placeOrder(shopper, [{ productId: 'gem-pouch', quantity }]);
      if (quantity < 10) await placeOrder(shopper, [{ productId: 'gem-hoard', quantity }]);
    }
    const refused = await shopper.post<{ message: string }>('/api/orders', {
      lines: [{ productId: 'gem-hoard', quantity: 10 }],
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /You have 20 orders waiting to be paid.*Pay one of them, or try again in 15 minutes/,
    );
    expect(await ordersOf(shopper)).toHaveLength(20);

    // The oldest order's token still pays, and its payment reaches the order.
    await payWith(world, shopper, first.checkout.jwtToken);
    await settle(world, STEP_MS);
    expect(await orderOf(shopper, first.order.orderId)).toMatchObject({
      status: 'paid',
      totalCents: 799,
    });
  });

  it('expires 15 minutes after it is signed; the order says until when it can be paid, then reads expired', async () => {
    const shopper = await newShopper();
    const signedAt = world.now();
    const { order, checkout } = await placeOrder(shopper, [
      { productId: 'gem-pouch', quantity: 1 },
    ]);
    const payableUntil = Date.parse(order.payableUntil);
    // The token's exp is in whole seconds.
    expect(signedAt + TOKEN_LIFETIME_MS - payableUntil).toBeGreaterThanOrEqual(0);
    expect(signedAt + TOKEN_LIFETIME_MS - payableUntil).toBeLessThan(1_000);

    await world.advance(payableUntil - world.now());
    expect((await orderOf(shopper, order.orderId)).status).toBe('expired');
    const late = await world.pay(shopper.customerId, checkout.jwtToken);
    expect(late.status).toBe(400);
    expect(world.sandbox.payments.filter((p) => p.customerId === shopper.customerId)).toEqual([]);
    // An expired order no longer counts against the 20: the same cart makes a new order.
    const again = await placeOrder(shopper, [{ productId: 'gem-pouch', quantity: 1 }]);
    expect(again.order.orderId).not.toBe(order.orderId);
  });

  it('keeps an unpaid order an hour after it can no longer be paid, then removes it', async () => {
    const shopper = await newShopper();
    const { order } = await placeOrder(shopper, [{ productId: 'sunken-isles', quantity: 1 }]);
    const expiredAt = Date.parse(order.payableUntil);
    await world.advance(expiredAt + 60 * MINUTE - 1_000 - world.now());
    await world.app().runDue();
    expect((await ordersOf(shopper)).map((kept) => [kept.orderId, kept.status])).toEqual([
      [order.orderId, 'expired'],
    ]);
    await world.advance(1_000);
    await world.app().runDue();
    expect(await ordersOf(shopper)).toEqual([]);
  });

  it('a payment made in the last second of its token pays the order, however late its events arrive', async () => {
    const shopper = await newShopper();
    const { order, checkout } = await placeOrder(shopper, [
      { productId: 'season-pass', quantity: 1 },
    ]);
    await world.advance(Date.parse(order.payableUntil) - 1_000 - world.now());
    // The shop is down while the payment is made and for 30 minutes after: its events arrive
    // with the service's last retry, 36 minutes after they were sent.
    world.shopUnreachable();
    const paymentId = await payWith(world, shopper, checkout.jwtToken);
    for (let minute = 0; minute < 30; minute++) await world.advance(MINUTE);
    world.shopReachable();
    expect((await orderOf(shopper, order.orderId)).status).toBe('expired');
    for (let minute = 0; minute < 10; minute++) await world.advance(MINUTE);

    expect(await orderOf(shopper, order.orderId)).toMatchObject({ status: 'paid', paymentId });
    expect(await world.unmatched(paymentId)).toBeUndefined();
  });
});

describe('the same cart ordered again', () => {
  it('answers the same order and token while 5 minutes or more are left to pay, then a new one', async () => {
    const shopper = await newShopper();
    const cart = [
      { productId: 'gem-pouch', quantity: 2 },
      { productId: 'arena-cup', quantity: 1 },
    ];
    const first = await placeOrder(shopper, cart);
    // A reload, with the lines in another order.
    const reloaded = await placeOrder(shopper, [...cart].reverse(), 200);
    expect(reloaded.order.orderId).toBe(first.order.orderId);
    expect(reloaded.checkout.jwtToken).toBe(first.checkout.jwtToken);
    expect(await ordersOf(shopper)).toHaveLength(1);

    // Another cart is another order.
    const other = await placeOrder(shopper, [{ productId: 'gem-pouch', quantity: 3 }]);
    expect(other.order.orderId).not.toBe(first.order.orderId);

    const payableUntil = Date.parse(first.order.payableUntil);
    await world.advance(payableUntil - 5 * MINUTE - world.now());
    const stillThere = await placeOrder(shopper, cart, 200);
    expect(stillThere.order.orderId).toBe(first.order.orderId);

    await world.advance(1);
    const fresh = await placeOrder(shopper, cart);
    expect(fresh.order.orderId).not.toBe(first.order.orderId);
    expect(fresh.checkout.jwtToken).not.toBe(first.checkout.jwtToken);
    // The first is still payable with its own token, until it expires.
    expect((await orderOf(shopper, first.order.orderId)).status).toBe('awaiting_payment');
    expect(await ordersOf(shopper)).toHaveLength(3);
  });
});

describe('the lines of an order', () => {
  const many = (count: number, line: unknown) => Array.from({ length: count }, () => line);
  it.each([
    ['a quantity above the limit', [{ productId: 'gem-pouch', quantity: 1e9 }], /lines\[0\]/],
    [
      'repeated lines that together pass the limit',
      many(20, { productId: 'gem-pouch', quantity: 10 }),
      /lines\[1\]: that makes 20 Gem Pouch in this order; the most is 10/,
    ],
    [
      'an unknown product beside a valid line',
      [
        { productId: 'gem-pouch', quantity: 1 },
        { productId: 'gem-mountain', quantity: 1 },
      ],
      /lines\[1\]: there is no product "gem-mountain"/,
    ],
    [
      'a zero quantity beside a valid line',
      [
        { productId: 'gem-pouch', quantity: 1 },
        { productId: 'gem-hoard', quantity: 0 },
      ],
      /lines\[1\]: the quantity of Gem Hoard must be a whole number from 1 to 10/,
    ],
    ['a fractional quantity', [{ productId: 'gem-pouch', quantity: 1.5 }], /lines\[0\]/],
    ['a quantity sent as text', [{ productId: 'gem-pouch', quantity: '2' }], /lines\[0\]/],
    ['a line that is not an object', [{ productId: 'gem-pouch', quantity: 1 }, 'x'], /lines\[1\]/],
    ['no lines', [], /at least one product/],
    ['too many lines', many(51, { productId: 'gem-pouch', quantity: 1 }), /at most 50 lines/],
  ])('refuses %s with a 400 naming it, and makes no order', async (_, lines, message) => {
    const shopper = await newShopper();
    const answer = await shopper.post<{ message: string }>('/api/orders', { lines });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
    expect(await ordersOf(shopper)).toEqual([]);
  });

  it('a quantity above the limit names the limit', async () => {
    const shopper = await newShopper();
    const answer = await shopper.post<{ message: string }>('/api/orders', {
      lines: [{ productId: 'gem-pouch', quantity: 1e9 }],
    });
    expect(answer.body.message).toBe(
      'lines[0]: that makes 1000000000 Gem Pouch in this order; the most is 10 of a product per order.',
    );
  });

  it('adds up repeated lines of one product within the limit into one line', async () => {
    const shopper = await newShopper();
    const { order } = await placeOrder(shopper, [
      { productId: 'gem-pouch', quantity: 3 },
      { productId: 'arena-cup', quantity: 1 },
      { productId: 'gem-pouch', quantity: 4 },
    ]);
    expect(order.lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['gem-pouch', 7],
      ['arena-cup', 1],
    ]);
    expect(order.totalCents).toBe(7 * 499 + 200);
  });
});

describe('a payment that reaches no payable order', () => {
  /** Each case makes a payment the shop has no payable order for, and says why it has none. */
  const cases: [string, (shopper: Shopper) => Promise<string>, RegExp][] = [
    [
      'names an order the shop never had',
      (shopper) => strayToken(shopper, { orderId: 'ord_never_made' }),
      /no such order/,
    ],
    ['names no order at all', (shopper) => strayToken(shopper, {}), /names no order/],
    [
      'is for another amount than its order',
      async (shopper) => {
        const { order } = await placeOrder(shopper, [{ productId: 'gem-pouch', quantity: 1 }]);
        return strayToken(shopper, { orderId: order.orderId, cents: 200 });
      },
      /the payment is for 200 USD/,
    ],
    [
      'is from another customer than its order',
      async (shopper) => {
        const owner = await newShopper();
        const { order } = await placeOrder(owner, [{ productId: 'gem-pouch', quantity: 1 }]);
        return strayToken(shopper, { orderId: order.orderId });
      },
      /the payer is not the order’s customer/,
    ],
    [
      'is a second payment for a paid order',
      async (shopper) => {
        const { order, checkout } = await placeOrder(shopper, [
          { productId: 'gem-pouch', quantity: 1 },
        ]);
        await payWith(world, shopper, checkout.jwtToken);
        await settle(world, STEP_MS);
        expect((await orderOf(shopper, order.orderId)).status).toBe('paid');
        return strayToken(shopper, { orderId: order.orderId });
      },
      /the order is paid by pay_/,
    ],
    [
      'is made after its order expired',
      async (shopper) => {
        const { order } = await placeOrder(shopper, [{ productId: 'gem-pouch', quantity: 1 }]);
        await world.advance(Date.parse(order.payableUntil) - world.now());
        return strayToken(shopper, { orderId: order.orderId });
      },
      /the order could be paid until .* expired/,
    ],
  ];

  it.each(cases)(
    'one that %s is kept, shown to staff, refunded once and closed by its Refunded event',
    async (_, makeToken, reason) => {
      const shopper = await newShopper();
      const paymentId = await payWith(world, shopper, await makeToken(shopper));
      await world.advance(0);
      expect(await world.unmatched(paymentId)).toMatchObject({
        customerId: shopper.customerId,
        reason: expect.stringMatching(reason),
      });

      // Refunded at once, without being asked.
      await expect.poll(() => world.unmatched(paymentId)).toMatchObject({ refund: 'requested' });
      expect(world.sandbox.payments.find((p) => p.paymentId === paymentId)?.status).toBe(
        'refunded',
      );
      expect((await world.sandbox.snapshot()).refundKeys).toContainEqual({
        idempotencyKey: `refund-${paymentId}`,
        paymentId,
      });

      await world.advance(0);
      expect(await world.unmatched(paymentId)).toMatchObject({
        refund: 'refunded',
        paymentStatus: 'refunded',
      });
      // Asked again, and after a restart, the shop refunds nothing more.
      await world.app().runDue();
      await world.restartShop();
      await world.app().runDue();
      await world.advance(STEP_MS);
      expect(refundedDeliveries(paymentId)).toHaveLength(1);
    },
  );

  it.each([
    ['failed', MAGIC_AMOUNTS.fails, 'failed'],
    ['returned', MAGIC_AMOUNTS.returned, 'returned'],
  ])(
    'one that %s before the shop could refund it needs no refund: shown, closed',
    async (_, cents, ending) => {
      const shopper = await newShopper();
      await world.serviceUnreachable();
      const paymentId = await payWith(
        world,
        shopper,
        await strayToken(shopper, { orderId: 'ord_gone', cents }),
      );
      await world.advance(0);
      await world.app().runDue();
      expect(await world.unmatched(paymentId)).toMatchObject({ refund: 'due' });

      await world.advance(STEP_MS);
      await world.advance(STEP_MS);
      expect(await world.unmatched(paymentId)).toMatchObject({
        refund: 'not_needed',
        paymentStatus: ending,
      });
      await world.serviceReachable();
      await world.app().runDue();
      expect(world.sandbox.payments.find((p) => p.paymentId === paymentId)?.status).toBe(ending);
    },
  );

  it('a refund the service could not take is retried at start and every minute', async () => {
    const shopper = await newShopper();
    await world.serviceUnreachable();
    const paymentId = await payWith(
      world,
      shopper,
      await strayToken(shopper, { orderId: 'ord_gone_too' }),
    );
    await world.advance(0);
    await world.app().runDue();
    expect(await world.unmatched(paymentId)).toMatchObject({
      refund: 'due',
      refundAttempts: 1,
      lastRefundError: expect.stringMatching(/could not reach the payments service/),
    });

    // A start tries again, by itself, after its catch-up on events has given up on the
    // unreachable service too (its retries take a few seconds).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await world.restartShop();
    await expect
      .poll(() => world.unmatched(paymentId), { timeout: 20_000 })
      .toMatchObject({ refund: 'due', refundAttempts: 2 });

    // So does each minute, until the service answers.
    await world.serviceReachable();
    vi.advanceTimersByTime(MINUTE - 1);
    expect(await world.unmatched(paymentId)).toMatchObject({ refund: 'due', refundAttempts: 2 });
    vi.advanceTimersByTime(1);
    await expect.poll(() => world.unmatched(paymentId)).toMatchObject({ refund: 'requested' });
    await world.advance(0);
    expect(await world.unmatched(paymentId)).toMatchObject({ refund: 'refunded' });
  });
});
