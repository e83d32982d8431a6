// The shop's sessions and sign-in attempts in its database (PGlite here; the same SQL runs on a
// PostgreSQL server, test/e2e/storefront-postgres.test.ts): the limits hold however many
// requests arrive at once, and each moves with the clock it is given.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountStoreOn,
  type AccountStore,
} from '../../examples/storefront/server/account-store.js';
import { openPglite, type Db } from '../../examples/storefront/server/db.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// One database for the file; each test has customers and clients of its own.
let db: Db;
let store: AccountStore;

beforeAll(async () => {
  db = await openPglite();
  store = await accountStoreOn(db);
});

afterAll(() => db?.close());

const WINDOW = { max: 10, windowMs: 15 * 60_000 };
const BOUNDS = { perCustomer: 10, perClient: 50 };
const DAY = 24 * 3600_000;

describe('sign-in attempts', () => {
  it('give out ten per customer id, however many are asked for at once', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 41 }, () => store.reserveSignIn('guess_alex', 0, WINDOW)),
    );
    const taken = attempts.filter((attempt) => attempt !== undefined);
    expect(taken).toHaveLength(10);
    expect(await store.reserveSignIn('guess_sam', 0, WINDOW)).toBeDefined();

    // One given back (its password was right): one more may be checked.
    await store.releaseSignIn(taken[0]!);
    expect(await store.reserveSignIn('guess_alex', 1_000, WINDOW)).toBeDefined();
    expect(await store.reserveSignIn('guess_alex', 1_000, WINDOW)).toBeUndefined();

    // Once the window has passed since they were taken, ten more.
    const later = await Promise.all(
      Array.from({ length: 11 }, () =>
        store.reserveSignIn('guess_alex', 1_000 + WINDOW.windowMs, WINDOW),
      ),
    );
    expect(later.filter((attempt) => attempt !== undefined)).toHaveLength(10);
  });
});

describe('sessions', () => {
  it('are random ids, kept only hashed, that end after their lifetime', async () => {
    const id = await store.createSession(
      { customerId: 'life_alex', client: '10.1.0.1', now: 0, ttlMs: DAY },
      BOUNDS,
    );
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(id).not.toContain('life_alex');
    expect(JSON.stringify((await db.query('SELECT * FROM sessions')).rows)).not.toContain(id);
    expect(await store.customerOfSession(id, DAY - 1)).toBe('life_alex');
    expect(await store.customerOfSession(id, DAY)).toBeUndefined();
    expect(await store.customerOfSession('not-a-session', 0)).toBeUndefined();
  });

  it("past a client's bound end that client's oldest, never another shopper's", async () => {
    const create = (customerId: string, client: string, now: number) =>
      store.createSession({ customerId, client, now, ttlMs: DAY }, BOUNDS);
    const shopper = await create('flood_sam', '10.2.0.2', 0);
    const flood: string[] = [];
    for (let n = 0; n < 60; n++) flood.push(await create(`flood_${n}`, '10.2.0.66', n + 1));

    expect(await store.customerOfSession(shopper, 100)).toBe('flood_sam');
    const alive = await Promise.all(flood.map((id) => store.customerOfSession(id, 100)));
    // The client's 50 newest are kept.
    expect(alive.map((customer) => customer !== undefined)).toEqual([
      ...Array<boolean>(10).fill(false),
      ...Array<boolean>(50).fill(true),
    ]);
  });

  it("past a customer's bound end that customer's oldest, from any client", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 11; n++) {
      ids.push(
        await store.createSession(
          { customerId: 'bound_alex', client: `10.3.0.${n}`, now: n, ttlMs: DAY },
          BOUNDS,
        ),
      );
    }
    expect(await store.customerOfSession(ids[0]!, 20)).toBeUndefined();
    for (const id of ids.slice(1)) expect(await store.customerOfSession(id, 20)).toBe('bound_alex');
  });

  it('keep their bounds when created all at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        store.createSession(
          { customerId: 'burst_alex', client: `10.4.0.${n}`, now: 0, ttlMs: DAY },
          BOUNDS,
        ),
      ),
    );
    const alive = await Promise.all(ids.map((id) => store.customerOfSession(id, 1)));
    expect(alive.filter((customer) => customer === 'burst_alex')).toHaveLength(10);
  });

  it("end one at a time, or all of a customer's at once", async () => {
    const create = (customerId: string, client: string) =>
      store.createSession({ customerId, client, now: 0, ttlMs: DAY }, BOUNDS);
    const [phone, laptop, tablet, other] = [
      await create('end_alex', '10.5.0.1'),
      await create('end_alex', '10.5.0.2'),
      await create('end_alex', '10.5.0.3'),
      await create('end_sam', '10.5.0.1'),
    ];
    await store.endSession(phone);
    expect(await store.customerOfSession(phone, 1)).toBeUndefined();
    expect(await store.customerOfSession(laptop, 1)).toBe('end_alex');

    expect(await store.endSessionsOf('end_alex')).toBe(2);
    expect(await store.customerOfSession(laptop, 1)).toBeUndefined();
    expect(await store.customerOfSession(tablet, 1)).toBeUndefined();
    expect(await store.customerOfSession(other, 1)).toBe('end_sam');
  });
});
