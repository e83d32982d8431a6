// The shop's database (PGlite): orders and accounts survive a restart, each payment event
// changes an order once even when delivered twice at the same moment, and abandoned orders
// cannot pile up.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openShopStore, type ShopStore } from '../../examples/storefront/server/store.js';
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

const order = (orderId: string, createdAt = AT) => awaitingOrder(orderId, createdAt);
const settled = (orderId: string) => paymentEvent('Settled', { orderId });

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
    await first.addOrder(order('ord_1'), 20);
    await first.applyEvent(settled('ord_1'), 'ord_1', AT);
    await first.close();

    const second = await open(dir);
    expect((await second.account('alex'))?.passwordHash).toBe('scrypt$salt$hash');
    expect((await second.order('ord_1'))?.status).toBe('paid');
    // The event is remembered too: delivered again after the restart, it changes nothing.
    expect((await second.applyEvent(settled('ord_1'), 'ord_1', AT)).outcome).toBe('duplicate');
  });

  it('applies one event once, even when two deliveries of it arrive at the same moment', async () => {
    const store = await open();
    await store.addOrder(order('ord_2'), 20);
    const outcomes = await Promise.all([
      store.applyEvent(settled('ord_2'), 'ord_2', AT),
      store.applyEvent(settled('ord_2'), 'ord_2', AT),
    ]);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await store.order('ord_2'))?.status).toBe('paid');
  });

  it('ignores an event for an order it does not have', async () => {
    const store = await open();
    expect(await store.applyEvent(settled('ord_none'), 'ord_none', AT)).toEqual({
      outcome: 'ignored',
      reason: 'no such order',
    });
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

  it("keeps a customer's newest unpaid orders only, and every paid one", async () => {
    const store = await open();
    await store.addOrder(order('ord_paid', '2026-11-24T09:00:00.000Z'), 2);
    await store.applyEvent(settled('ord_paid'), 'ord_paid', AT);
    for (const minute of ['01', '02', '03']) {
      await store.addOrder(order(`ord_${minute}`, `2026-11-24T10:${minute}:00.000Z`), 2);
    }
    expect((await store.ordersOf('alex')).map((kept) => kept.orderId)).toEqual([
      'ord_03',
      'ord_02',
      'ord_paid',
    ]);
  });
});
