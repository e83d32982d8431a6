// Staff roll the webhook key while the service is still retrying deliveries, through the shop's
// real routes and a real sandbox on one clock the test moves: every delivery verifies (those
// signed with both keys, and one signed with the old key alone just before the roll) and
// applies once; the old key stops 24 hours later; a restart keeps verifying with the new one;
// staff see when, never a key.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Goods,
  Order,
  OrderCheckout,
  WebhookKeyStatus,
} from '../../examples/storefront/src/api-types.js';
import { withEventId } from '../support/payment-events.js';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const STEP_MS = 2_000;
const HOUR = 3_600_000;

let world: ShopAndSandbox;

beforeAll(async () => {
  world = await startShopAndSandbox({ settleStepMs: STEP_MS });
});

afterAll(async () => {
  await world?.close();
});

const keyStatus = async (staff: Shopper) => {
  const answer = await staff.get<{ webhookKey: WebhookKeyStatus }>('/api/merchant/webhook-key');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.webhookKey;
};

async function orderAndPay(shopper: Shopper): Promise<{ orderId: string; paymentId: string }> {
  const placed = await shopper.post<{ order: Order; checkout: OrderCheckout }>('/api/orders', {
    lines: [{ productId: 'gem-pouch', quantity: 1 }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const paid = await world.pay(shopper.customerId, placed.body.checkout.jwtToken);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { orderId: placed.body.order.orderId, paymentId: paid.body.paymentId! };
}

describe('rolling the webhook key', () => {
  it('is for staff only, and a roll the service refuses changes nothing', async () => {
    const shopper = await world.signIn(`roll_shopper_${process.pid}`);
    const key = world.sandbox.webhookKey;
    expect((await shopper.post('/api/merchant/webhook-key/roll', {})).status).toBe(403);
    expect((await shopper.get('/api/merchant/webhook-key')).status).toBe(403);

    const staff = await world.signIn('staff');
    await world.serviceUnreachable();
    try {
      const refused = await staff.post<{ message: string }>('/api/merchant/webhook-key/roll', {});
      expect(refused.status).toBe(502);
      expect(refused.body.message).toMatch(/the current one still works/);
    } finally {
      await world.serviceReachable();
    }
    expect(world.sandbox.webhookKey).toBe(key);
    expect(await keyStatus(staff)).toEqual({ rolledAt: null, oldKeyAcceptedUntil: null });
  });

  it('keeps every delivery verifying through the overlap, each applied once, and after a restart', async () => {
    const shopper = await world.signIn(`roll_${process.pid}`);
    const staff = await world.signIn('staff');
    const oldKey = world.sandbox.webhookKey;
    const { orderId, paymentId } = await orderAndPay(shopper);

    // The shop's webhook route is down while the payment settles: the service retries.
    world.shopUnreachable();
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    world.shopReachable();
    const pending = world.sandbox.deliveries.filter((each) => each.paymentId === paymentId);
    expect(pending.map((each) => each.eventType).sort()).toEqual(
      ['ACH Batched', 'ACH Initiated', 'Settled'].sort(),
    );
    expect(pending.every((each) => each.attempts.every((attempt) => attempt.status !== 200))).toBe(
      true,
    );

    // Staff roll the key with those deliveries still to come.
    const rolledAt = new Date(world.now()).toISOString();
    const rolled = await staff.post<{ webhookKey: WebhookKeyStatus }>(
      '/api/merchant/webhook-key/roll',
      {},
    );
    expect(rolled.status).toBe(200);
    expect(rolled.body.webhookKey).toEqual({
      rolledAt,
      oldKeyAcceptedUntil: new Date(world.now() + 24 * HOUR).toISOString(),
    });
    const newKey = world.sandbox.webhookKey;
    expect(newKey).not.toBe(oldKey);
    expect(JSON.stringify(rolled.body)).not.toContain(newKey);
    expect(JSON.stringify(rolled.body)).not.toContain(oldKey);

    // An attempt signed with the old key alone just before the roll arrives after it: taken.
    expect(await world.deliver(world.deliveredBody(paymentId, 'ACH Initiated'), oldKey)).toBe(200);
    // The service's retries, signed with both keys now, bring the rest: the order is paid once.
    await world.advance(60_000);
    await world.advance(60_000);
    expect(
      world.sandbox.deliveries
        .filter((each) => each.paymentId === paymentId)
        .every((each) => each.attempts.at(-1)?.status === 200),
    ).toBe(true);
    const paid = await shopper.get<{ order: Order }>(`/api/orders/${orderId}`);
    expect(paid.body.order.status).toBe('paid');
    const goods = (await shopper.get<{ inventory: Goods }>('/api/inventory')).body.inventory;
    expect(goods).toEqual({ gems: 500, items: [] });
    // The Settled event again, with the old key still in its overlap: a duplicate, nothing more.
    expect(await world.deliver(world.deliveredBody(paymentId, 'Settled'), oldKey)).toBe(200);
    expect((await shopper.get<{ inventory: Goods }>('/api/inventory')).body.inventory).toEqual(
      goods,
    );

    // A day later the old key is no longer accepted; the new one is.
    await world.advance(24 * HOUR);
    const settled = world.deliveredBody(paymentId, 'Settled');
    expect(await world.deliver(withEventId(settled, `evt_old_${paymentId}`), oldKey)).toBe(400);
    expect(await world.deliver(withEventId(settled, `evt_new_${paymentId}`), newKey)).toBe(200);

    // A restart of the shop keeps the rolled key: the service's next deliveries still verify.
    await world.restartShop();
    const again = await world.signIn(shopper.customerId);
    const second = await orderAndPay(again);
    await world.advance(0);
    await world.advance(STEP_MS);
    await world.advance(STEP_MS);
    expect(
      (await again.get<{ order: Order }>(`/api/orders/${second.orderId}`)).body.order,
    ).toMatchObject({
      status: 'paid',
    });
    expect(await keyStatus(await world.signIn('staff'))).toEqual({
      rolledAt,
      oldKeyAcceptedUntil: null,
    });
  });
});
