// A staff roll whose answer the shop never stored (the service rolled; the shop kept its old
// keys): once the old key stops signing, the shop's first delivery that does not verify makes it
// read the keys in force from the service, keep them, and verify again, so the order is paid as
// if nothing was lost. Forged deliveries cannot make it read the keys more than once a minute.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Order,
  OrderCheckout,
  WebhookKeyStatus,
} from '../../examples/storefront/src/api-types.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const HOUR = 3_600_000;
const KEY_READ = 'GET /api/merchant/webhook-key';

let world: ShopAndSandbox;

beforeAll(async () => {
  world = await startShopAndSandbox({ settleStepMs: STEP_MS });
});

afterAll(async () => {
  await world?.close();
});

const keyReads = () => world.serviceRequests().filter((each) => each === KEY_READ).length;

async function orderAndPay(shopper: Shopper): Promise<{ orderId: string; paymentId: string }> {
  const placed = await shopper.post<{ order: Order; checkout: OrderCheckout }>('/api/orders', {
    lines: [{ productId: 'gem-pouch', quantity: 1 }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const paid = await world.pay(shopper.customerId, placed.body.checkout.jwtToken);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { orderId: placed.body.order.orderId, paymentId: paid.body.paymentId! };
}

describe('webhook keys after a roll whose answer was lost', () => {
  it('reads the keys back at the first delivery that does not verify, and applies it', async () => {
    const shopper = await world.signIn(`recover_${process.pid}`);
    // The roll reaches the service, but its answer never reaches the shop.
    const rolledAt = new Date(world.now()).toISOString();
    const newKey = world.sandbox.rollWebhookKey();
    // A day on, the old key the shop holds no longer signs anything.
    await world.advance(24 * HOUR + 1);

    const { orderId, paymentId } = await orderAndPay(shopper);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    // Each first attempt was taken: no retry was needed.
    const deliveries = world.sandbox.deliveries.filter((each) => each.paymentId === paymentId);
    expect(deliveries.map((each) => each.attempts.map((attempt) => attempt.status))).toEqual([
      [200],
      [200],
      [200],
    ]);
    expect((await shopper.get<{ order: Order }>(`/api/orders/${orderId}`)).body.order.status).toBe(
      'paid',
    );
    expect(keyReads()).toBe(1);

    // Kept, for this process and the next: a restart verifies with the new key at once.
    await world.restartShop();
    const staff = await world.signIn('staff');
    const status = await staff.get<{ webhookKey: WebhookKeyStatus }>('/api/merchant/webhook-key');
    expect(status.body.webhookKey).toEqual({ rolledAt, oldKeyAcceptedUntil: null });
    expect(JSON.stringify(status.body)).not.toContain(newKey);
    const again = await world.signIn(shopper.customerId);
    const second = await orderAndPay(again);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    expect(
      (await again.get<{ order: Order }>(`/api/orders/${second.orderId}`)).body.order.status,
    ).toBe('paid');
    expect(keyReads()).toBe(1);
  });

  it('reads the keys at most once a minute, however many forged deliveries arrive', async () => {
    await world.advance(2 * 60_000);
    const before = keyReads();
    const forged = JSON.stringify({
      id: `evt_forged_${process.pid}`,
      eventType: 'Settled',
      created: new Date(world.now()).toISOString(),
      data: { paymentId: 'pay_forged' },
    });
    const forgedKey = 'whk_forged_by_someone_else_0123456789abcdef';

    // At once and one after another: each refused, and one read between them all.
    const together = await Promise.all(
      Array.from({ length: 10 }, () => world.deliver(forged, forgedKey)),
    );
    expect(together.every((status) => status === 400)).toBe(true);
    for (let i = 0; i < 10; i += 1) expect(await world.deliver(forged, forgedKey)).toBe(400);
    expect(keyReads()).toBe(before + 1);

    await world.advance(59_000);
    expect(await world.deliver(forged, forgedKey)).toBe(400);
    expect(keyReads()).toBe(before + 1);

    await world.advance(1_000);
    expect(await world.deliver(forged, forgedKey)).toBe(400);
    expect(keyReads()).toBe(before + 2);
  });
});
