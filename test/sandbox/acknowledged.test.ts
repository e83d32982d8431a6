// @vitest-environment node
// Acknowledged means kept: with a data directory, a 2xx answer to a request that changed the
// state, and a webhook delivery, leave only once the change is flushed to disk (fdatasync); one
// flush serves every request that came while the previous one ran; reads do not wait; and a
// flush that fails answers a 500, never a 2xx. The journal's flush is held and released (or
// failed) by the test through the file operations the writer is given. Time moves by a test
// clock; nothing here waits for real time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { dataDirFiles, type DataDirFiles } from '../../src/sandbox/persistence/data-dir-files.js';
import { readDataDir } from '../../src/sandbox/persistence/data-dir.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { openKeptSandbox, type KeptSandbox } from '../../src/sandbox/transports/kept-sandbox.js';
import { checkoutBody, expectError } from './conformance.js';

const BASE = 'http://sandbox.test';

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

/** A sandbox kept in a fresh directory through `disk`, on a test clock, webhooks recorded. */
async function keptSandbox(log?: (line: string) => void) {
  // Only the writer's own delay is faked: the flushes awaited are the test's.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-acknowledged-'));
  dirs.push(dir);
  const disk = diskOf(dir);
  const delivered: { paymentId: string; eventType: string }[] = [];
  const kept = await openKeptSandbox(
    {
      now: () => Date.parse('2026-11-30T10:00:00.000Z'),
      log,
      webhookUrl: 'https://merchant.example/hooks',
      webhookFetch: async (_url, init) => {
        const event = JSON.parse(String(init.body)) as {
          eventType: string;
          data: { paymentId: string };
        };
        delivered.push({ paymentId: event.data.paymentId, eventType: event.eventType });
        return new Response('ok');
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

  /** What a restart would find: the payments on disk, by id. */
  async function paymentsOnDisk() {
    const state = (await readDataDir(dir))?.state;
    return Object.fromEntries((state?.payments ?? []).map((p) => [p.paymentId, p.status]));
  }
  return { kept, dir, disk, delivered, call, purchaseOf, paymentsOnDisk };
}

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
