// @vitest-environment node
// Acknowledged means kept: with a data directory, a 2xx answer to a request that changed the
// state, and a webhook delivery, leave only once the change is flushed to disk (fdatasync); one
// flush serves every request that came while the previous one ran; reads do not wait; and a
// flush that fails answers a 500, never a 2xx. Two tables go through every kind of change a
// request makes and every kind of delivery. The journal's flush is held and released (or
// failed) by the test through the file operations the writer is given. Time moves by a test
// clock; nothing here waits for real time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { NOT_BLOCKED } from '../../src/core/schemas.js';
import { createConsoleApi, CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import { dataDirFiles, type DataDirFiles } from '../../src/sandbox/persistence/data-dir-files.js';
import { readDataDir } from '../../src/sandbox/persistence/data-dir.js';
import type { SandboxState } from '../../src/sandbox/persistence/state.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { openKeptSandbox, type KeptSandbox } from '../../src/sandbox/transports/kept-sandbox.js';
import { checkoutBody, expectError } from './conformance.js';

const BASE = 'http://sandbox.test';
const CONSOLE_TOKEN = 'console-token-for-the-acknowledged-test';
const DAY_MS = 86_400_000;

const opened: KeptSandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((kept) => kept.close().catch(() => undefined)));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The data directory's files, with a journal flush the test holds, releases or fails. */
function diskOf(dir: string) {
  const files = dataDirFiles(dir);
  let held: Promise<void> | undefined;
  let release = () => undefined as void;
  let failure: Error | undefined;
  const disk = {
    syncs: 0,
    /** Flushes from now on wait until release(). */
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      held = undefined;
      release();
    },
    /** Flushes from now on fail with this error (null: they work again). */
    fail(error: Error | null) {
      failure = error ?? undefined;
    },
    /** Resolves once `count` flushes have been asked for in all. */
    untilSyncs(count: number) {
      return vi.waitFor(() => expect(disk.syncs).toBeGreaterThanOrEqual(count), { interval: 1 });
    },
    files: {
      ...files,
      async syncJournal() {
        disk.syncs += 1;
        await held;
        if (failure) throw failure;
        await files.syncJournal();
      },
    } satisfies DataDirFiles,
  };
  return disk;
}

/**
 * A sandbox kept in a fresh directory through `disk`, on a test clock (payments take no step
 * unless it moves an hour), with its console; the webhooks it sends recorded, the first
 * `refusals` of them answered 500.
 */
async function keptSandbox(log?: (line: string) => void) {
  // Only the writer's own delay is faked: the flushes awaited are the test's.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-acknowledged-'));
  dirs.push(dir);
  const disk = diskOf(dir);
  const delivered: { paymentId?: string; eventType: string }[] = [];
  const receiver = { refusals: 0 };
  const kept = await openKeptSandbox(
    {
      now: () => Date.parse('2026-11-30T10:00:00.000Z'),
      settleStepMs: DAY_MS / 24,
      log,
      webhookUrl: 'https://merchant.example/hooks',
      webhookFetch: async (_url, init) => {
        const event = JSON.parse(String(init.body)) as {
          eventType: string;
          data: { paymentId?: string };
        };
        delivered.push({ paymentId: event.data.paymentId, eventType: event.eventType });
        if (receiver.refusals === 0) return new Response('ok');
        receiver.refusals -= 1;
        return new Response('not now', { status: 500 });
      },
    },
    dir,
    disk.files,
  );
  opened.push(kept);
  await kept.start();
  const handle = kept.keep((request) => kept.sandbox.handle(request), { cors: true });
  const call = (path: string, init: RequestInit = {}) =>
    handle(new Request(`${BASE}${path}`, init));
  const consoleApi = createConsoleApi(kept.sandbox, { token: CONSOLE_TOKEN });
  const handleConsole = kept.keep((request) => consoleApi.handle(request));
  const signedIn = await consoleApi.handle(new Request(`${BASE}/console?token=${CONSOLE_TOKEN}`));
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  /** A POST of the console page, with `body` as JSON. */
  const consolePost = (path: string, body?: unknown) =>
    handleConsole(
      new Request(`${BASE}/console/api${path}`, {
        method: 'POST',
        headers: { cookie, [CONSOLE_HEADER]: '1', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  /** A POST with the merchant's API key, with `body` as JSON. */
  const merchantPost = (path: string, body?: unknown) =>
    call(path, {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A customer's purchase request, its session key minted and its account read first. */
  async function purchaseOf(customerId: string) {
    const sessionKey = await kept.sandbox.mintSessionKey(customerId);
    const read = await call('/api/customer/v2', { headers: { [HEADER.sessionKey]: sessionKey } });
    const { customer } = (await read.json()) as {
      customer: { bankAccounts: { token: string }[] };
    };
    return () =>
      call(`/api/checkout/ach/${kept.sandbox.merchantId}`, {
        method: 'POST',
        headers: { [HEADER.sessionKey]: sessionKey, 'content-type': 'application/json' },
        body: JSON.stringify(checkoutBody(customer.bankAccounts[0]!.token)),
      });
  }

  /** A payment of `customerId`, answered 200, its ACH Initiated webhook sent: its id. */
  async function paid(customerId: string): Promise<string> {
    const answer = await (await purchaseOf(customerId))();
    expect(answer.status).toBe(200);
    await kept.sandbox.runDue();
    return ((await answer.json()) as { paymentId: string }).paymentId;
  }

  /** What a restart would find: the payments on disk, by id. */
  async function paymentsOnDisk() {
    const state = (await readDataDir(dir))?.state;
    return Object.fromEntries((state?.payments ?? []).map((p) => [p.paymentId, p.status]));
  }
  return {
    kept,
    dir,
    disk,
    delivered,
    receiver,
    call,
    consolePost,
    merchantPost,
    purchaseOf,
    paid,
    paymentsOnDisk,
  };
}

type Kept = Awaited<ReturnType<typeof keptSandbox>>;

/** Whether `promise` has settled once everything already under way has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  // Every pending callback and I/O callback of this turn, twice over.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('with a data directory, what is acknowledged is on disk first', () => {
  it('answers a purchase 200 only once its flush is done, and sends its webhook only after', async () => {
    const t = await keptSandbox();
    const purchase = await t.purchaseOf('alice');
    // Everything before the purchase (the customer) is on disk, so its flush is the next one.
    await t.call('/api/events', {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'SignIn', customerId: 'alice' }),
    });
    const syncsBefore = t.disk.syncs;

    t.disk.hold();
    const answer = purchase();
    await t.disk.untilSyncs(syncsBefore + 1);
    expect(t.kept.sandbox.payments).toHaveLength(1);
    const [payment] = t.kept.sandbox.payments;
    // The delivery of its ACH Initiated event is due now: it waits for the same flush.
    const delivering = t.kept.sandbox.runDue();
    expect(await settled(answer)).toBe(false);
    expect(await settled(delivering)).toBe(false);
    expect(t.delivered).toEqual([]);

    t.disk.release();
    const answered = await answer;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ paymentId: payment!.paymentId });
    await delivering;
    expect(t.delivered).toEqual([{ paymentId: payment!.paymentId, eventType: 'ACH Initiated' }]);
    expect(await t.paymentsOnDisk()).toEqual({ [payment!.paymentId]: 'pending' });
  });

  it('answers reads, and refusals, while a flush is held', async () => {
    const t = await keptSandbox();
    const purchase = await t.purchaseOf('bob');
    const paid = await purchase();
    const { paymentId } = (await paid.json()) as { paymentId: string };

    t.disk.hold();
    const held = t.call('/api/events', {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'SignIn', customerId: 'bob' }),
    });
    await t.disk.untilSyncs(t.disk.syncs + 1);
    const read = await t.call(`/api/merchant/payments/${paymentId}`, {
      headers: { authorization: DEFAULT_API_KEY },
    });
    expect(read.status).toBe(200);
    const clock = await t.call('/api/sandbox/clock', {
      headers: { authorization: DEFAULT_API_KEY },
    });
    expect(clock.status).toBe(200);
    const refused = await t.call('/api/events', {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'NoSuchEvent', customerId: 'bob' }),
    });
    await expectError(refused, 400, 'invalid_request');
    expect(await settled(held)).toBe(false);
    t.disk.release();
    expect((await held).status).toBe(200);
  });

  it('shares one flush among every request that came while the previous one ran', async () => {
    const t = await keptSandbox();
    const purchases = await Promise.all(['c1', 'c2', 'c3', 'c4', 'c5'].map(t.purchaseOf));
    await t.call('/api/events', {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'SignIn', customerId: 'c1' }),
    });
    const syncsBefore = t.disk.syncs;

    t.disk.hold();
    const first = purchases[0]!();
    await t.disk.untilSyncs(syncsBefore + 1);
    // Four more while the first one's flush runs: each made its payment, none answered.
    const others = purchases.slice(1).map((purchase) => purchase());
    await vi.waitFor(() => expect(t.kept.sandbox.payments).toHaveLength(5), { interval: 1 });
    expect(await settled(Promise.race(others))).toBe(false);
    t.disk.release();

    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // The first flush, then one for the four.
    expect(t.disk.syncs - syncsBefore).toBe(2);
    expect(Object.keys(await t.paymentsOnDisk())).toHaveLength(5);
  });

  it('answers a 500, never a 2xx, when the flush fails, runs nothing more until it works, and loses nothing', async () => {
    const logged: string[] = [];
    const t = await keptSandbox((line) => logged.push(line));
    const [first, second, third] = await Promise.all(['d1', 'd2', 'd3'].map(t.purchaseOf));

    t.disk.fail(Object.assign(new Error('i/o error'), { code: 'EIO' }));
    const failed = await first!();
    const failure = await expectError(failed, 500, 'internal');
    expect(failure.message).toMatch(/could not be written to the data directory/);
    expect(failure.message).toContain('journal.jsonl cannot be written (EIO): check the disk');
    // The page that sent it can read why.
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    const made = t.kept.sandbox.payments.map((payment) => payment.paymentId);
    expect(made).toHaveLength(1);

    // While the disk fails: nothing more is run, reads still answer.
    const refused = await second!();
    const refusal = await expectError(refused, 500, 'internal');
    expect(refusal.message).toMatch(/changes nothing while it cannot write its data directory/);
    expect(t.kept.sandbox.payments).toHaveLength(1);
    const read = await t.call(`/api/merchant/payments/${made[0]}`, {
      headers: { authorization: DEFAULT_API_KEY },
    });
    expect(read.status).toBe(200);
    // Its ACH Initiated webhook is not sent either: the attempt fails, to be retried.
    await t.kept.sandbox.runDue();
    expect(t.delivered).toEqual([]);
    expect(t.kept.sandbox.deliveries[0]?.attempts[0]?.error).toMatch(
      /^not sent: .*journal\.jsonl cannot be written \(EIO\)/,
    );

    t.disk.fail(null);
    const paid = await third!();
    expect(paid.status).toBe(200);
    const { paymentId } = (await paid.json()) as { paymentId: string };
    // The payment answered 500 was made, and is kept with the rest.
    expect(await t.paymentsOnDisk()).toEqual({ [made[0]!]: 'pending', [paymentId]: 'pending' });
    // One line when saves began to fail, one when they worked again.
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(
      /^could not save the state: .*journal\.jsonl cannot be written \(EIO\)/,
    );
    expect(logged[1]).toMatch(/^saved the state again/);
  });

  it('answers a key roll whose flush finds the disk full with a 500 that says to free space', async () => {
    const t = await keptSandbox();
    const before = t.kept.sandbox.webhookKey;
    t.disk.fail(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    const rolled = await t.call('/api/merchant/webhook-key/roll', {
      method: 'POST',
      headers: { authorization: DEFAULT_API_KEY },
    });
    const failure = await expectError(rolled, 500, 'internal');
    expect(failure.message).toContain(
      'journal.jsonl cannot be written (ENOSPC): free space on its disk',
    );
    // Rolled in memory, where it goes on signing, and written once the disk has room.
    expect(t.kept.sandbox.webhookKey).not.toBe(before);
    t.disk.fail(null);
    await t.kept.close();
    expect((await readDataDir(t.dir))?.state.webhook.key).toBe(t.kept.sandbox.webhookKey);
  });
});

/** A request that changes the state, and how to find its change in the data directory. */
interface AcknowledgedAnswer {
  name: string;
  /** Makes what the request needs; resolves with the request and the check of its change. */
  prepare(t: Kept): Promise<{ send: () => Promise<Response>; kept: (state: SandboxState) => void }>;
}

const customerOn = (state: SandboxState, customerId: string) =>
  state.customers.find((customer) => customer.record.customerId === customerId)?.record;

const ANSWERS: AcknowledgedAnswer[] = [
  {
    name: 'a purchase',
    prepare: async (t) => ({
      send: await t.purchaseOf('e1'),
      kept: (state) => expect(state.payments.map((payment) => payment.status)).toEqual(['pending']),
    }),
  },
  {
    name: 'a refund',
    prepare: async (t) => {
      const paymentId = await t.paid('e2');
      return {
        send: () => t.merchantPost(`/api/merchant/payments/${paymentId}/refund`),
        kept: (state) =>
          expect(state.payments.find((p) => p.paymentId === paymentId)?.status).toBe('refunded'),
      };
    },
  },
  {
    name: "a payer's event",
    prepare: async (t) => ({
      send: () => t.merchantPost('/api/events', { eventType: 'SignIn', customerId: 'e3' }),
      kept: (state) => expect(state.events.map((event) => event.event.customerId)).toEqual(['e3']),
    }),
  },
  {
    name: "a payment's step (the console's Settle now)",
    prepare: async (t) => {
      const paymentId = await t.paid('e4');
      return {
        send: () => t.consolePost(`/payments/${paymentId}/advance`, { to: 'settled' }),
        kept: (state) =>
          expect(state.payments.find((p) => p.paymentId === paymentId)?.status).toBe('settled'),
      };
    },
  },
  {
    name: 'a webhook key roll',
    prepare: async (t) => {
      const before = t.kept.sandbox.webhookKey;
      return {
        send: () => t.merchantPost('/api/merchant/webhook-key/roll'),
        kept: (state) => {
          expect(state.webhook.key).not.toBe(before);
          expect(state.webhook.previousKey?.key).toBe(before);
        },
      };
    },
  },
  {
    name: 'a move of the clock',
    prepare: async (t) => ({
      send: () => t.merchantPost('/api/sandbox/clock', { advanceMs: 30 * DAY_MS }),
      kept: (state) => expect(state.clock.offsetMs).toBe(30 * DAY_MS),
    }),
  },
  {
    name: "the console's webhook URL",
    prepare: async (t) => ({
      send: () => t.consolePost('/webhook', { url: 'https://merchant.example/hooks/new' }),
      kept: (state) => expect(state.webhook.url).toBe('https://merchant.example/hooks/new'),
    }),
  },
  {
    name: "the console's new webhook key",
    prepare: async (t) => {
      const before = t.kept.sandbox.webhookKey;
      return {
        send: () => t.consolePost('/webhook/key'),
        kept: (state) => expect(state.webhook.key).not.toBe(before),
      };
    },
  },
  {
    name: 'an API key made in the console',
    prepare: async (t) => ({
      send: () => t.consolePost('/keys', { name: 'Billing' }),
      kept: (state) => expect(state.apiKeys.map((key) => key.name)).toContain('Billing'),
    }),
  },
  {
    name: 'an API key revoked in the console',
    prepare: async (t) => {
      const made = await t.consolePost('/keys', { name: 'Billing' });
      const { key } = (await made.json()) as { key: { id: string } };
      return {
        send: () => t.consolePost(`/keys/${key.id}/revoke`),
        kept: (state) =>
          expect(state.apiKeys.find((kept) => kept.id === key.id)?.revokedAt).toEqual(
            expect.any(String),
          ),
      };
    },
  },
  {
    name: "a customer's switch set in the console",
    prepare: async (t) => {
      await t.purchaseOf('e5');
      return {
        send: () => t.consolePost('/customers/e5', { blocked: true }),
        kept: (state) => expect(customerOn(state, 'e5')?.isBlocked).not.toBe(NOT_BLOCKED),
      };
    },
  },
  {
    name: 'a bank account added in the console',
    prepare: async (t) => {
      await t.purchaseOf('e6');
      return {
        send: () => t.consolePost('/customers/e6/bank-accounts', { alias: 'Savings' }),
        kept: (state) =>
          expect(customerOn(state, 'e6')?.bankAccounts.map((account) => account.alias)).toContain(
            'Savings',
          ),
      };
    },
  },
];

describe('each kind of change is answered only once its flush is done', () => {
  for (const { name, prepare } of ANSWERS) {
    it(`answers ${name} once its change is flushed, and not before`, async () => {
      const t = await keptSandbox();
      const { send, kept } = await prepare(t);
      const syncsBefore = t.disk.syncs;

      t.disk.hold();
      const answer = send();
      await t.disk.untilSyncs(syncsBefore + 1);
      expect(await settled(answer)).toBe(false);

      t.disk.release();
      const answered = await answer;
      expect(answered.status, await answered.clone().text()).toBeGreaterThanOrEqual(200);
      expect(answered.status).toBeLessThan(300);
      kept((await readDataDir(t.dir))!.state);
    });
  }
});

/** A webhook delivery, and the request that makes it due. */
interface AcknowledgedDelivery {
  name: string;
  /** The event the delivery carries. */
  eventType: string;
  /** Makes what the request needs; resolves with the request that makes the delivery due. */
  prepare(t: Kept): Promise<() => Promise<Response>>;
}

const DELIVERIES: AcknowledgedDelivery[] = [
  {
    name: "a purchase's ACH Initiated",
    eventType: 'ACH Initiated',
    prepare: (t) => t.purchaseOf('w1'),
  },
  {
    name: "a refund's Refunded",
    eventType: 'Refunded',
    prepare: async (t) => {
      const paymentId = await t.paid('w2');
      return () => t.merchantPost(`/api/merchant/payments/${paymentId}/refund`);
    },
  },
  {
    name: "the console's Test",
    eventType: 'Test',
    prepare: async (t) => () => t.consolePost('/webhook/test'),
  },
  {
    name: "the console's resend of an ACH Initiated",
    eventType: 'ACH Initiated',
    prepare: async (t) => {
      await t.paid('w3');
      const [first] = t.kept.sandbox.deliveries;
      return () => t.consolePost(`/deliveries/${first!.id}/resend`);
    },
  },
  {
    name: 'the retry of a refused ACH Initiated',
    eventType: 'ACH Initiated',
    prepare: async (t) => {
      t.receiver.refusals = 1;
      await t.paid('w4');
      expect(t.kept.sandbox.deliveries[0]?.attempts.map((attempt) => attempt.status)).toEqual([
        500,
      ]);
      // The second attempt is due two seconds after the first, on the sandbox's clock.
      return () => t.merchantPost('/api/sandbox/clock', { advanceMs: 2_000 });
    },
  },
];

describe('each webhook delivery leaves only once what it announces is flushed', () => {
  for (const { name, eventType, prepare } of DELIVERIES) {
    it(`sends ${name} webhook only once its flush is done`, async () => {
      const t = await keptSandbox();
      const send = await prepare(t);
      const sent = t.delivered.length;
      const syncsBefore = t.disk.syncs;

      t.disk.hold();
      const answer = send();
      await t.disk.untilSyncs(syncsBefore + 1);
      // Every attempt due now runs, and waits for the same flush.
      const delivering = t.kept.sandbox.runDue();
      expect(await settled(delivering)).toBe(false);
      expect(t.delivered.slice(sent)).toEqual([]);

      t.disk.release();
      expect((await answer).status).toBeLessThan(300);
      await delivering;
      expect(t.delivered.slice(sent).map((event) => event.eventType)).toContain(eventType);
    });
  }
});
