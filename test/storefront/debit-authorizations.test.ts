// The debit authorization the payer accepted, kept with the order, through the shop's real routes
// and a real sandbox on one clock the test moves: when the shop learns of a payment (its webhook,
// or a catch-up on the events endpoint) it reads the payment from the service and keeps the
// authorization the service kept, checked against the digest the event carried; the customer and
// staff read it. The same event twice changes nothing, and a read of the payment that fails loses
// no event: it is applied when the service delivers it again, or at the next minute's catch-up.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, WebhookRecord } from '../../examples/storefront/src/api-types.js';
import { sha256Hex } from '../../examples/storefront/server/debit-authorization.js';
import { withEventId } from '../support/payment-events.js';
import { authorizationText } from './fixtures.js';
import { startShopAndSandbox, type ShopAndSandbox } from './shop-and-sandbox.js';
import { orderAndPay, orderOf, payWith, placeOrder, POUCH_AND_MOUNT } from './shopper-steps.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const HOUR = 3_600_000;
/** The shop's reads of a payment, and nothing else it asks the service. */
const PAYMENT_READS = /^\/api\/merchant\/payments\/[^/]+$/;

let world: ShopAndSandbox;
const log: string[] = [];
let shoppers = 0;

beforeAll(async () => {
  // Payments wait an hour a step: each event comes when the test moves the clock. The shop's
  // minute comes when the test runs it (app().runDue()).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  world = await startShopAndSandbox({ settleStepMs: HOUR, log: (line) => log.push(line) });
  await world.app().runDue();
});

afterAll(async () => {
  await world?.close();
  vi.useRealTimers();
});

const newShopper = () => world.signIn(`authorizations_${process.pid}_${++shoppers}`);

/** What the payer accepted at Pay, at the shared clock. */
const accepted = (last4 = '6789') => ({
  text: authorizationText(last4),
  acceptedAt: new Date(world.now()).toISOString(),
  locale: 'en-US',
});

async function staffOrder(orderId: string): Promise<Order | undefined> {
  const staff = await world.signIn('staff');
  const { body } = await staff.get<{ orders: Order[] }>('/api/merchant/activity');
  return body.orders.find((order) => order.orderId === orderId);
}

async function deliveriesFor(orderId: string): Promise<WebhookRecord[]> {
  const staff = await world.signIn('staff');
  const { body } = await staff.get<{ webhooks: WebhookRecord[] }>('/api/merchant/activity');
  return body.webhooks.filter((record) => record.orderId === orderId);
}

describe('the debit authorization kept with the order', () => {
  it('is read from the service when the shop learns of the payment, and shown to the payer and staff', async () => {
    const shopper = await newShopper();
    const authorization = accepted();
    const { orderId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT, authorization);
    expect((await orderOf(shopper, orderId)).authorization).toBeUndefined();

    await world.advance(0);
    const kept = {
      status: 'kept',
      text: authorization.text,
      textSha256: sha256Hex(authorization.text),
      digestMatches: true,
      acceptedAt: authorization.acceptedAt,
      locale: 'en-US',
      // The sandbox saw the purchase come from this machine, sent by Node's fetch.
      remoteAddress: '127.0.0.1',
      userAgent: 'node',
      recordedAt: expect.any(String),
      readAt: new Date(world.now()).toISOString(),
    };
    const order = await orderOf(shopper, orderId);
    expect(order).toMatchObject({ status: 'processing', authorization: kept });
    expect((await staffOrder(orderId))?.authorization).toEqual(order.authorization);

    // The payment's later events leave it as it was read.
    await world.advance(HOUR);
    await world.advance(HOUR);
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'paid',
      authorization: order.authorization,
    });
  });

  it('records that the service holds none for a purchase that sent none', async () => {
    const shopper = await newShopper();
    const { orderId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT);
    await world.advance(0);
    expect((await orderOf(shopper, orderId)).authorization).toEqual({
      status: 'none',
      readAt: new Date(world.now()).toISOString(),
    });
  });

  it('changes nothing when the same event arrives again, or a copy of it under another id', async () => {
    const shopper = await newShopper();
    const { orderId, paymentId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT, accepted());
    await world.advance(0);
    const first = await orderOf(shopper, orderId);
    expect(first.authorization).toMatchObject({ status: 'kept', digestMatches: true });

    await world.advance(60_000);
    const initiated = world.deliveredBody(paymentId, 'ACH Initiated');
    expect(await world.deliver(initiated)).toBe(200);
    expect(await world.deliver(withEventId(initiated, `evt_copy_${paymentId}`))).toBe(200);
    expect(await orderOf(shopper, orderId)).toEqual(first);
    expect((await deliveriesFor(orderId)).map((record) => record.outcome)).toEqual([
      'unchanged',
      'duplicate',
      'applied',
    ]);
  });

  it('keeps words whose SHA-256 is not the one the event carried, marked so, and logs it', async () => {
    const shopper = await newShopper();
    // The shop is away when the service announces the payment, so the first event it sees is
    // one whose digest is not the words' (a service fault, or words changed after the event).
    const { order, checkout } = await placeOrder(shopper, POUCH_AND_MOUNT);
    const orderId = order.orderId;
    world.shopUnreachable();
    const paymentId = await payWith(world, shopper, checkout.jwtToken, accepted());
    await world.advance(0);
    world.shopReachable();
    const initiated = JSON.parse(world.deliveredBody(paymentId, 'ACH Initiated')) as {
      data: { authorization: { textSha256: string } };
    };
    initiated.data.authorization.textSha256 = sha256Hex('words the payer never saw');
    const from = log.length;
    expect(await world.deliver(JSON.stringify(initiated))).toBe(200);

    expect((await orderOf(shopper, orderId)).authorization).toMatchObject({
      status: 'kept',
      text: authorizationText(),
      digestMatches: false,
    });
    expect(log.slice(from)).toContainEqual(
      expect.stringContaining(`order ${orderId}: the debit authorization's text`),
    );
  });

  it('loses no event when the payment cannot be read: refused (500), applied at the next delivery', async () => {
    const shopper = await newShopper();
    const authorization = accepted('4321');
    const { orderId } = await orderAndPay(world, shopper, POUCH_AND_MOUNT, authorization);
    world.failServiceCalls(PAYMENT_READS);
    try {
      await world.advance(0);
      expect((await orderOf(shopper, orderId)).status).toBe('awaiting_payment');
    } finally {
      world.failServiceCalls(undefined);
    }
    // The service delivers again within seconds.
    await world.advance(5_000);
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'processing',
      authorization: { status: 'kept', text: authorization.text, digestMatches: true },
    });
  });

  it('keeps it from a catch-up too, and a catch-up whose read fails tries again the next minute', async () => {
    const shopper = await newShopper();
    const authorization = accepted();
    const { order, checkout } = await placeOrder(shopper, POUCH_AND_MOUNT);
    world.shopUnreachable();
    await payWith(world, shopper, checkout.jwtToken, authorization);
    // The webhook route is down while the payment settles.
    for (let hours = 0; hours < 3; hours++) await world.advance(HOUR);
    world.shopReachable();
    const orderId = order.orderId;

    world.failServiceCalls(PAYMENT_READS);
    try {
      await world.app().runDue();
      // Its payment is not applied yet: hours on, the order reads as never paid.
      const waiting = await orderOf(shopper, orderId);
      expect(waiting.status).toBe('expired');
      expect(waiting.authorization).toBeUndefined();
    } finally {
      world.failServiceCalls(undefined);
    }
    await world.app().runDue();
    expect(await orderOf(shopper, orderId)).toMatchObject({
      status: 'paid',
      authorization: { status: 'kept', text: authorization.text, digestMatches: true },
    });
  });
});
