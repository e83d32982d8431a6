// The shop's catch-up on missed payment events (examples/storefront/server/event-catch-up.ts) over
// its real store, on PGlite in memory and in a directory, and on two processes' connections to
// one PostgreSQL server (Debian's, a throwaway cluster); the service's events endpoint is a list
// the test holds, so a page can fail mid-way and the oldest events can age out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceError, type PaymentWebhookEvent } from 'service-checkout/server';
import { openPostgres } from '../../examples/storefront/server/db.js';
import { createEventCatchUp } from '../../examples/storefront/server/event-catch-up.js';
import {
  openShopStore,
  shopStoreOn,
  type ShopStore,
} from '../../examples/storefront/server/store.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { AT, awaitingOrder, paymentEvent } from './fixtures.js';

// Starting PGlite or a PostgreSQL cluster takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** The service's events, oldest first; events before `keptFrom` have aged out. */
function eventsEndpoint(events: PaymentWebhookEvent[]) {
  const asked: (string | undefined)[] = [];
  let keptFrom = 0;
  return {
    asked,
    /** Lets go of the `count` oldest events: their ids are unknown from then on. */
    dropOldest: (count: number) => void (keptFrom += count),
    merchant: {
      async *listEvents({ after }: { after?: string } = {}) {
        asked.push(after);
        const kept = events.slice(keptFrom);
        const start = after === undefined ? 0 : kept.findIndex((event) => event.id === after) + 1;
        if (start === 0 && after !== undefined) {
          throw new ServiceError('Listing events', 400, 'invalid_request', 'after: unknown');
        }
        // Two events a page, as the client reads them: the next page only when the loop asks.
        for (let page = start; page < kept.length; page += 2) {
          await Promise.resolve();
          yield* kept.slice(page, page + 2);
        }
      },
    },
  };
}

/** Order `n` of its own customer, and its payment's events up to Settled. */
function paidOrder(n: number) {
  const customerId = `player_${n}`;
  const orderId = `ord_${n}`;
  const order = { ...awaitingOrder(orderId), customerId };
  const event = (type: PaymentWebhookEvent['eventType']) =>
    paymentEvent(type, {
      orderId,
      id: `evt_${n}_${type.replace(' ', '_')}`,
      payment: { paymentId: `pay_${n}`, customerId },
    });
  return {
    order,
    events: [event('ACH Initiated'), event('ACH Batched'), event('Settled')],
  };
}

async function placeAll(store: ShopStore, orders: ReturnType<typeof paidOrder>[]) {
  for (const { order } of orders) {
    await store.placeOrder(
      { order, cartKey: `cart_${order.orderId}`, checkoutToken: `token_${order.orderId}` },
      Date.parse(order.createdAt),
    );
  }
}

/** A catch-up that applies each event to the store as the webhook route does. */
function catchUpOn(
  store: ShopStore,
  endpoint: ReturnType<typeof eventsEndpoint>,
  options: { apply?: (event: PaymentWebhookEvent) => Promise<boolean>; log?: string[] } = {},
) {
  return createEventCatchUp({
    store,
    merchant: endpoint.merchant,
    apply:
      options.apply ??
      (async (event) =>
        (await store.applyEvent(event as PaymentWebhookEvent, AT)).outcome !== 'duplicate'),
    now: () => Date.parse(AT),
    log: (line) => options.log?.push(line),
  });
}

describe('catching up on missed events', () => {
  let store: ShopStore;

  beforeAll(async () => {
    store = await openShopStore();
  });

  afterAll(async () => {
    await store?.close();
  });

  it('moves its cursor only past applied events: one that failed mid-page is read again, none skipped', async () => {
    const orders = [paidOrder(1), paidOrder(2)];
    await placeAll(store, orders);
    const endpoint = eventsEndpoint(orders.flatMap((each) => each.events));
    const log: string[] = [];
    // The shop stops (its database fails, or the process dies) while applying the fourth event.
    let crashes = 1;
    const failing = catchUpOn(store, endpoint, {
      log,
      apply: async (event) => {
        if (event.id === 'evt_2_ACH_Initiated' && crashes-- > 0) throw new Error('connection lost');
        return (await store.applyEvent(event as PaymentWebhookEvent, AT)).outcome !== 'duplicate';
      },
    });
    expect(await failing()).toEqual({ read: 3, missed: 3, upToDate: false });
    expect(await store.eventCursor()).toBe('evt_1_Settled');
    expect(log).toEqual([
      'catching up on missed payment events failed after evt_1_Settled (connection lost); trying again in a minute',
      "caught up on 3 missed payment events from the service's events endpoint, up to evt_1_Settled",
    ]);
    expect((await store.order('ord_1'))?.status).toBe('paid');
    expect((await store.order('ord_2'))?.status).toBe('awaiting_payment');

    // The next minute reads on from the last event applied.
    expect(await failing()).toEqual({ read: 3, missed: 3, upToDate: true });
    expect(endpoint.asked).toEqual([undefined, 'evt_1_Settled']);
    expect(await store.eventCursor()).toBe('evt_2_Settled');
    expect((await store.order('ord_2'))?.status).toBe('paid');
    expect(await store.inventoryOf('player_2')).toEqual({ gems: 500, items: [] });

    // Nothing new: nothing applied, nothing logged.
    log.length = 0;
    expect(await failing()).toEqual({ read: 0, missed: 0, upToDate: true });
    expect(log).toEqual([]);
  });

  it('whose cursor the service no longer knows, says so and reads from the oldest event it keeps', async () => {
    const orders = [paidOrder(3), paidOrder(4)];
    await placeAll(store, orders);
    const [first, second] = orders;
    const events = [...first!.events];
    const endpoint = eventsEndpoint(events);
    const log: string[] = [];
    const catchUp = catchUpOn(store, endpoint, { log });
    // From a cursor left by the test before: a known event of this endpoint.
    await store.moveEventCursor(await store.eventCursor(), undefined, AT);
    expect(await catchUp()).toMatchObject({ missed: 3, upToDate: true });

    // The shop is away for longer than the service keeps events: its cursor ages out, and new
    // events came meanwhile.
    events.push(...second!.events);
    endpoint.dropOldest(3);
    log.length = 0;
    expect(await catchUp()).toEqual({ read: 3, missed: 3, upToDate: true });
    expect(log).toEqual([
      'the payments service does not know event evt_3_Settled, the last one this shop applied: catching up from the oldest event it keeps',
      "caught up on 3 missed payment events from the service's events endpoint, up to evt_4_Settled",
    ]);
    expect(endpoint.asked.slice(-2)).toEqual(['evt_3_Settled', undefined]);
    expect((await store.order('ord_4'))?.status).toBe('paid');
    expect(await store.eventCursor()).toBe('evt_4_Settled');

    // And not again: the next catch-up reads on from there.
    expect(await catchUp()).toEqual({ read: 0, missed: 0, upToDate: true });
    expect(endpoint.asked.at(-1)).toBe('evt_4_Settled');
  });

  it('overtaken by another process, stops where it finds the cursor moved, and never moves it back', async () => {
    await store.moveEventCursor(await store.eventCursor(), undefined, AT);
    const orders = [paidOrder(6), paidOrder(7)];
    await placeAll(store, orders);
    const events = orders.flatMap((each) => each.events);
    const other = catchUpOn(store, eventsEndpoint(events));
    let overtaken = false;
    // This process reads the first event; before it moves the cursor, the other reads them all.
    const slow = catchUpOn(store, eventsEndpoint(events), {
      apply: async (event) => {
        if (!overtaken) {
          overtaken = true;
          expect(await other()).toMatchObject({ missed: events.length, upToDate: true });
        }
        return (await store.applyEvent(event as PaymentWebhookEvent, AT)).outcome !== 'duplicate';
      },
    });
    expect(await slow()).toEqual({ read: 1, missed: 0, upToDate: false });
    expect(await store.eventCursor()).toBe(events.at(-1)!.id);
    expect(await store.inventoryOf('player_7')).toEqual({ gems: 500, items: [] });
  });
});

describe('a catch-up whose database fails', () => {
  it('logs why and resolves, for the next minute to try again', async () => {
    const log: string[] = [];
    const catchUp = createEventCatchUp({
      store: {
        eventCursor: () => Promise.reject(new Error('database unreachable')),
        moveEventCursor: () => Promise.reject(new Error('database unreachable')),
      },
      merchant: eventsEndpoint(paidOrder(8).events).merchant,
      apply: async () => true,
      now: () => Date.parse(AT),
      log: (line) => log.push(line),
    });
    expect(await catchUp()).toEqual({ read: 0, missed: 0, upToDate: false });
    expect(log).toEqual([
      'catching up on missed payment events failed after the start (database unreachable); trying again in a minute',
    ]);
  });
});

describe('the cursor across a restart', () => {
  it('is kept by the store in a directory: the restarted shop reads on from it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'catch-up-'));
    try {
      const order = paidOrder(5);
      const endpoint = eventsEndpoint(order.events);
      const before = await openShopStore(dataDir);
      await placeAll(before, [order]);
      expect(await catchUpOn(before, endpoint)()).toMatchObject({ missed: 3 });
      await before.close();

      const after = await openShopStore(dataDir);
      try {
        expect(await after.eventCursor()).toBe('evt_5_Settled');
        expect(await catchUpOn(after, endpoint)()).toEqual({ read: 0, missed: 0, upToDate: true });
        expect(endpoint.asked).toEqual([undefined, 'evt_5_Settled']);
        expect(await after.inventoryOf('player_5')).toEqual({ gems: 500, items: [] });
      } finally {
        await after.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('two shop processes on one PostgreSQL database', () => {
  let postgres: TestPostgres;

  beforeAll(async () => {
    postgres = await startPostgres();
  });

  afterAll(async () => {
    await postgres?.stop();
  });

  const openStore = async () => shopStoreOn(await openPostgres(postgres.url));

  it('catching up at once apply each event once, and leave the cursor at the last', async () => {
    const [one, two] = await Promise.all([openStore(), openStore()]);
    const orders = Array.from({ length: 6 }, (_, n) => paidOrder(10 + n));
    await placeAll(one, orders);
    const events = orders.flatMap((each) => each.events);
    const endpoints = [eventsEndpoint(events), eventsEndpoint(events)] as const;
    const catchUps = [catchUpOn(one, endpoints[0]), catchUpOn(two, endpoints[1])];
    const runs = await Promise.all([...catchUps, ...catchUps].map((catchUp) => catchUp()));

    // Every event applied by exactly one of them; the rest found each one applied already, or
    // stopped where the other had moved on.
    expect(runs.reduce((sum, run) => sum + run.missed, 0)).toBe(events.length);
    expect(await two.eventCursor()).toBe(events.at(-1)!.id);
    for (const { order } of orders) {
      expect((await two.order(order.orderId))?.status).toBe('paid');
      expect(await two.inventoryOf(order.customerId)).toEqual({ gems: 500, items: [] });
    }
    // Both up to date now.
    for (const catchUp of catchUps) {
      expect(await catchUp()).toEqual({ read: 0, missed: 0, upToDate: true });
    }
    await Promise.all([one.close(), two.close()]);

    // A restart of both: the cursor is the database's.
    const restarted = await openStore();
    try {
      expect(await restarted.eventCursor()).toBe(events.at(-1)!.id);
      const endpoint = eventsEndpoint(events);
      expect(await catchUpOn(restarted, endpoint)()).toEqual({
        read: 0,
        missed: 0,
        upToDate: true,
      });
      expect(endpoint.asked).toEqual([events.at(-1)!.id]);
    } finally {
      await restarted.close();
    }
  });
});
