// @vitest-environment node
// The data directory: state.json and the journal of changes appended after it. A restart reads
// back exactly the state the sandbox had, from the journal alone, after state.json was written
// anew, and after a crash cut the journal's last line short; saves never pile up behind a slow
// disk; a state.json an earlier release wrote (version 2) loads and carries on. Time moves by a
// test clock; nothing here waits for real time.
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { readDataDir, READ_CHUNK_BYTES, readText } from '../../src/sandbox/persistence/data-dir.js';
import { dataDirFiles, type DataDirFiles } from '../../src/sandbox/persistence/data-dir-files.js';
import { sealCheck } from '../../src/sandbox/persistence/seal.js';
import {
  createDataDirWriter,
  FOLD_ON_CLOSE_MAX_MS,
  FOLD_ON_CLOSE_MIN_SHARE,
  type DataDirWriter,
} from '../../src/sandbox/persistence/writer.js';
import {
  DEFAULT_API_KEY,
  SANDBOX_STATE_VERSION,
  type Sandbox,
  type SandboxState,
} from '../../src/sandbox/index.js';
import { startSandboxServer } from '../../src/sandbox/node-server.js';
import { openSandbox } from '../../src/sandbox/transports/fetch-handler.js';
import { checkoutBody } from './conformance.js';

const DAY_MS = 86_400_000;
const STEP_MS = 1_000;
const NO_JOURNAL = { lastSeq: 0, journalBytes: 0, tornBytes: 0, stateBytes: 0 };

const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-data-dir-'));
  dirs.push(dir);
  return dir;
}

/** A sandbox on a test clock whose changes a writer keeps in `dir`, as the Node server does. */
function keptSandbox(
  dir: string,
  kept?: Awaited<ReturnType<typeof readDataDir>>,
  files?: DataDirFiles,
  log?: (line: string) => void,
) {
  let time = Date.parse('2026-11-24T10:00:00.000Z');
  const writing: { writer?: DataDirWriter } = {};
  const { sandbox, state } = openSandbox(
    {
      now: () => time,
      settleStepMs: STEP_MS,
      webhookUrl: 'https://merchant.example/hooks',
      // Every other delivery fails, so some are retried and some end.
      webhookFetch: async (_url, init) =>
        new Response('', { status: String(init.body).length % 2 === 0 ? 200 : 503 }),
      onChange: () => writing.writer?.changed(),
    },
    kept?.state,
  );
  const writer = createDataDirWriter(
    state,
    files ?? dataDirFiles(dir),
    kept?.onDisk ?? NO_JOURNAL,
    {
      log,
    },
  );
  writing.writer = writer;
  return {
    sandbox,
    writer,
    async advance(ms: number) {
      time += ms;
      await sandbox.runDue();
    },
  };
}

function call(sandbox: Sandbox, path: string, init: RequestInit = {}) {
  return sandbox.handle(new Request(`http://sandbox.test${path}`, init));
}

/** A purchase of `cents` by `customerId` (a customer made on first sight), as a page makes it. */
async function pay(sandbox: Sandbox, customerId: string, cents: number, idempotencyKey?: string) {
  const sessionKey = await sandbox.mintSessionKey(customerId);
  const read = await call(sandbox, '/api/customer/v2', {
    headers: { [HEADER.sessionKey]: sessionKey },
  });
  const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
  const paid = await call(sandbox, `/api/checkout/ach/${sandbox.merchantId}`, {
    method: 'POST',
    headers: {
      [HEADER.sessionKey]: sessionKey,
      'content-type': 'application/json',
      ...(idempotencyKey && { [HEADER.idempotencyKey]: idempotencyKey }),
    },
    body: JSON.stringify(
      checkoutBody(customer.bankAccounts[0]!.token, { subtotal: { cents, currency: 'USD' } }),
    ),
  });
  expect(paid.status).toBe(200);
  return ((await paid.json()) as { paymentId: string }).paymentId;
}

/** One of most things the sandbox keeps, changed in most ways it changes them. */
async function useIt(t: ReturnType<typeof keptSandbox>, round: string) {
  const { sandbox } = t;
  const billing = sandbox.createApiKey(`Billing ${round}`);
  sandbox.revokeApiKey(sandbox.createApiKey(`Old ${round}`).key.id);
  expect(
    (await call(sandbox, '/api/merchant/withdraws', { headers: { authorization: billing.secret } }))
      .status,
  ).toBe(200);
  sandbox.regenerateWebhookKey();
  // The key it replaces signs beside the new one for a day: kept with the merchant's settings.
  sandbox.rollWebhookKey();
  await sandbox.mintSessionKey(`test_decline_${round}`);
  sandbox.updateCustomer(`test_decline_${round}`, { blocked: true });
  await sandbox.mintSessionKey(`test_no_bank_${round}`);
  sandbox.addBankAccount(`test_no_bank_${round}`, { alias: 'Linked checking' });
  await call(sandbox, '/api/events', {
    method: 'POST',
    headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ eventType: 'SignIn', customerId: `alice_${round}` }),
  });
  const settling = await pay(sandbox, `alice_${round}`, 1999, `order-${round}`);
  const refunded = await pay(sandbox, `bob_${round}`, 2500);
  await pay(sandbox, `carol_${round}`, 1);
  await t.advance(STEP_MS);
  sandbox.refundPayment(refunded);
  await t.advance(STEP_MS);
  expect(sandbox.payments.find((payment) => payment.paymentId === settling)?.status).toBe(
    'settled',
  );
}

async function expectKept(dir: string, sandbox: Sandbox) {
  const kept = await readDataDir(dir);
  expect(kept?.state).toEqual(await sandbox.snapshot());
  return kept!;
}

describe('the data directory', () => {
  it('reads back the state from state.json and the journal appended after it', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.writer.compact();
    const written = await readFile(join(dir, 'state.json'), 'utf8');

    await useIt(t, 'one');
    await t.writer.flush();
    // state.json is as it was: the changes are in the journal only.
    expect(await readFile(join(dir, 'state.json'), 'utf8')).toBe(written);
    expect(await readdir(dir)).toEqual(['journal.jsonl', 'state.json']);
    await expectKept(dir, t.sandbox);

    const kept = await expectKept(dir, t.sandbox);
    expect(kept.state.webhookEvents).toHaveLength(7);
    // The rolled key and when it stops signing, from the journal's merchant line.
    expect(t.sandbox.previousWebhookKey).toBeDefined();
    expect(kept.state.webhook.previousKey).toMatchObject(t.sandbox.previousWebhookKey!);

    // Let go by the clock, then everything forgotten by a reset: deletes, then a clear.
    await t.advance(100 * DAY_MS);
    await t.writer.flush();
    expect(t.sandbox.payments).toEqual([]);
    // What is left: the deliveries still retrying, and their events until they end.
    const retrying = t.sandbox.deliveries;
    expect(retrying.every((delivery) => delivery.state === 'pending')).toBe(true);
    const { webhookEvents } = (await expectKept(dir, t.sandbox)).state;
    expect(webhookEvents.map((logged) => logged.event.id).sort()).toEqual(
      [...new Set(retrying.map((delivery) => delivery.eventId))].sort(),
    );
    await useIt(t, 'two');
    t.sandbox.reset();
    await pay(t.sandbox, 'dora', 4200);
    await t.writer.flush();
    await expectKept(dir, t.sandbox);
  });

  it('reads back the same state after state.json was written anew, and goes on from there', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.writer.compact();
    await useIt(t, 'one');
    await t.writer.flush();
    const journalBefore = (await stat(join(dir, 'journal.jsonl'))).size;

    await t.writer.compact();
    // Everything the journal held is in state.json now.
    expect(await readdir(dir)).toEqual(['state.json']);
    await expectKept(dir, t.sandbox);

    await useIt(t, 'two');
    await t.writer.flush();
    expect((await stat(join(dir, 'journal.jsonl'))).size).toBeLessThanOrEqual(journalBefore * 2);
    const kept = await expectKept(dir, t.sandbox);

    // A restart from what was kept carries on, and keeps appending.
    const again = keptSandbox(dir, kept);
    expect(await again.sandbox.snapshot()).toEqual(await t.sandbox.snapshot());
    await useIt(again, 'three');
    await again.writer.flush();
    await expectKept(dir, again.sandbox);
  });

  it('checks every record again in a state.json changed since it was written, and refuses one that does not hold', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await useIt(t, 'one');
    await t.writer.close();
    const file = join(dir, 'state.json');
    const written = await readFile(file, 'utf8');
    // As the sandbox wrote it: its seal holds, and it reads back whole.
    expect(written).toMatch(/,"sha256":"[0-9a-f]{64}"\}\n$/);
    await expectKept(dir, t.sandbox);

    // A status no payment has, put in by hand; the seal left as it was.
    const edited = written.replace('"status":"settled"', '"status":"paid"');
    expect(edited).not.toBe(written);
    await writeFile(file, edited);
    await expect(readDataDir(dir)).rejects.toThrow(
      `${file} does not hold a sandbox state this version reads`,
    );
  });

  it('reads state.json a piece at a time: letters of two, three and four bytes split between pieces read back, and the seal holds', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.sandbox.mintSessionKey('test_letters');
    t.sandbox.addBankAccount('test_letters', { alias: 'Épargne ☕ 🏦' });
    await t.writer.close();
    const file = join(dir, 'state.json');
    const written = await readFile(file, 'utf8');
    expect(written).toContain('Épargne ☕ 🏦');
    const readInPieces = async (chunkBytes: number) => {
      const seal = sealCheck();
      const read = await readText(file, { onBytes: seal.update, chunkBytes });
      return { ...read, sealed: seal.sealed() };
    };
    for (const chunkBytes of [1, 2, 3, 5, 64, READ_CHUNK_BYTES]) {
      expect(await readInPieces(chunkBytes), `pieces of ${chunkBytes} bytes`).toEqual({
        text: written,
        bytes: Buffer.byteLength(written),
        sealed: true,
      });
    }
    // One letter changed for another of as many bytes: the seal no longer holds.
    await writeFile(file, written.replace('☕', '☔'));
    expect((await readInPieces(3)).sealed).toBe(false);
    expect(await readText(join(dir, 'none.json'))).toBeUndefined();
  });

  it('skips journal lines state.json already holds, as a crash before the journal was cut leaves them', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.writer.compact();
    const paymentId = await pay(t.sandbox, 'alice', 1999);
    await t.writer.flush();
    const head = await readFile(join(dir, 'journal.jsonl'), 'utf8');
    await t.advance(2 * STEP_MS);
    await t.writer.flush();
    await t.writer.compact();
    await useIt(t, 'one');
    await t.writer.flush();
    const tail = await readFile(join(dir, 'journal.jsonl'), 'utf8');
    await writeFile(join(dir, 'journal.jsonl'), head + tail);

    const kept = await expectKept(dir, t.sandbox);
    expect(kept.state.payments.find((payment) => payment.paymentId === paymentId)?.status).toBe(
      'settled',
    );
  });

  it('drops a last line a crash cut short, and appends after what came before it', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.writer.compact();
    await useIt(t, 'one');
    await t.writer.flush();
    const before = await t.sandbox.snapshot();
    await appendFile(
      join(dir, 'journal.jsonl'),
      '{"seq":99999,"put":"payments","row":{"paymentId":"pay_',
    );

    const kept = await expectKept(dir, t.sandbox);
    expect(kept.state).toEqual(before);
    expect(kept.onDisk.tornBytes).toBeGreaterThan(0);

    const again = keptSandbox(dir, kept);
    await useIt(again, 'two');
    await again.writer.flush();
    const reread = await expectKept(dir, again.sandbox);
    expect(reread.onDisk.tornBytes).toBe(0);
  });

  it('refuses a journal whose line in the middle does not parse, naming it and leaving it', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    await t.writer.compact();
    await useIt(t, 'one');
    await t.writer.flush();
    const journal = join(dir, 'journal.jsonl');
    const broken = (await readFile(journal, 'utf8')).replace('"put"', '"put');
    await writeFile(journal, broken);

    const error = await readDataDir(dir).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'SandboxDataError', file: journal });
    expect((error as Error).message).toMatch(
      /journal\.jsonl cannot be replayed: line \d+ is not JSON/,
    );
    expect(await readFile(journal, 'utf8')).toBe(broken);
  });

  it('keeps at most one save waiting while one is being written, whatever comes meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dir = await tempDir();
    const files = dataDirFiles(dir);
    const appends: { release: () => void; written: Promise<void> }[] = [];
    let writing = 0;
    let mostWriting = 0;
    let appendStarted: () => void = () => undefined;
    // A disk that takes as long as the test says for every append, flushed with it.
    const slow: DataDirFiles = {
      ...files,
      appendJournal(text) {
        writing += 1;
        mostWriting = Math.max(mostWriting, writing);
        let release = () => undefined as void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const written = released.then(async () => {
          await files.appendJournal(text);
          await files.syncJournal();
        });
        appends.push({ release, written });
        appendStarted();
        return written.finally(() => {
          writing -= 1;
        });
      },
      syncJournal: async () => undefined,
    };
    const nextAppend = () => new Promise<void>((started) => (appendStarted = started));
    const t = keptSandbox(dir, undefined, slow);
    await t.writer.compact();

    let started = nextAppend();
    t.sandbox.createApiKey('First');
    await vi.advanceTimersByTimeAsync(1_000);
    await started;
    for (let i = 0; i < 50; i++) {
      t.sandbox.createApiKey(`Meanwhile ${i}`);
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(appends).toHaveLength(1);

    started = nextAppend();
    appends[0]!.release();
    await appends[0]!.written;
    await vi.advanceTimersByTimeAsync(1_000);
    await started;
    // Every change made meanwhile went into one save.
    expect(appends).toHaveLength(2);
    appends[1]!.release();
    await t.writer.flush();
    expect(appends).toHaveLength(2);
    expect(mostWriting).toBe(1);
    const kept = await expectKept(dir, t.sandbox);
    expect(kept.state.apiKeys).toHaveLength(52);
  });

  it('stops a rewrite of state.json under way when it closes, and loses nothing', async () => {
    const dir = await tempDir();
    const files = dataDirFiles(dir);
    let rewrites = 0;
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let firstPieceWritten: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (firstPieceWritten = resolve));
    // The second rewrite waits after its first piece until the test lets it go on.
    async function* held(pieces: AsyncIterable<Uint8Array>) {
      let count = 0;
      for await (const piece of pieces) {
        yield piece;
        count += 1;
        if (count === 1) {
          firstPieceWritten();
          await paused;
        }
      }
    }
    const slow: DataDirFiles = {
      ...files,
      writeState(pieces) {
        rewrites += 1;
        return files.writeState(rewrites === 2 ? held(pieces) : pieces);
      },
    };
    const logged: string[] = [];
    const t = keptSandbox(dir, undefined, slow, (line) => logged.push(line));
    await t.writer.compact();
    // Enough customers for state.json to take several pieces.
    for (let i = 0; i < 1_000; i++) await t.sandbox.mintSessionKey(`customer_${i}`);
    await t.writer.flush();

    const rewriting = t.writer.compact();
    await written;
    const closing = t.writer.close();
    resume();
    await expect(rewriting).rejects.toMatchObject({ name: 'AbortError' });
    await closing;
    // Folded in at the stop instead, and nothing left behind.
    expect(rewrites).toBe(3);
    expect(await readdir(dir)).toEqual(['state.json']);
    expect(logged).toEqual([]);
    expect((await readDataDir(dir))?.state.customers).toHaveLength(1_000);
  });

  it('leaves at close a journal far smaller than state.json for the next start, instead of writing state.json again', async () => {
    const dir = await tempDir();
    const t = keptSandbox(dir);
    for (let i = 0; i < 1_000; i++) await t.sandbox.mintSessionKey(`customer_${i}`);
    await t.writer.close();
    expect(await readdir(dir)).toEqual(['state.json']);
    const file = join(dir, 'state.json');
    const before = await readFile(file, 'utf8');

    // A restart that changes little: one key made.
    const again = keptSandbox(dir, await readDataDir(dir));
    again.sandbox.createApiKey('Late deploy');
    await again.writer.close();
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['journal.jsonl', 'state.json']);
    expect((await stat(join(dir, 'journal.jsonl'))).size).toBeLessThan(
      before.length * FOLD_ON_CLOSE_MIN_SHARE,
    );
    const kept = await expectKept(dir, again.sandbox);
    expect(kept.state.apiKeys.map((key) => key.name)).toContain('Late deploy');
    expect(kept.state.customers).toHaveLength(1_000);
  });

  it('stops a fold at close that takes longer than FOLD_ON_CLOSE_MAX_MS, and leaves the journal whole', async () => {
    const dir = await tempDir();
    const files = dataDirFiles(dir);
    let holding = false;
    let foldStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (foldStarted = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A disk so slow that the fold at close waits after each piece until the test lets it go on.
    async function* held(pieces: AsyncIterable<Uint8Array>) {
      for await (const piece of pieces) {
        yield piece;
        foldStarted();
        await released;
      }
    }
    const slow: DataDirFiles = {
      ...files,
      writeState: (pieces) => files.writeState(holding ? held(pieces) : pieces),
    };
    const t = keptSandbox(dir, undefined, slow);
    await t.writer.compact();
    const before = await readFile(join(dir, 'state.json'), 'utf8');
    await useIt(t, 'one');
    await t.writer.flush();

    holding = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const closing = t.writer.close();
      await started;
      await vi.advanceTimersByTimeAsync(FOLD_ON_CLOSE_MAX_MS);
      release();
      await closing;
    } finally {
      vi.useRealTimers();
    }
    // state.json as it was, every change in the journal beside it, and no file half written.
    expect(await readFile(join(dir, 'state.json'), 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['journal.jsonl', 'state.json']);
    await expectKept(dir, t.sandbox);
  });

  it('keeps the debit authorization of each payment across restarts, and gives the payments of a version 6 state.json and journal none', async () => {
    const dir = await tempDir();
    const t = keptSandbox(await tempDir());
    await useIt(t, 'one');
    // Version 6 kept no authorization with a payment; one more came in its journal.
    const { payments, ...current } = await t.sandbox.snapshot();
    const v6Payments = payments.map(({ authorization: _authorization, ...payment }) => payment);
    expect(v6Payments.length).toBeGreaterThan(1);
    await writeFile(
      join(dir, 'state.json'),
      JSON.stringify({ ...current, payments: v6Payments.slice(1), version: 6 }),
    );
    await writeFile(
      join(dir, 'journal.jsonl'),
      `${JSON.stringify({ seq: 1, put: 'payments', row: v6Payments[0] })}\n`,
    );

    const authorization = {
      text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99.',
      acceptedAt: '2026-11-24T09:59:58.120Z',
      locale: 'es-US',
    };
    let server = await startSandboxServer({ port: 0, dataDir: dir });
    let paymentId: string;
    try {
      expect(server.sandbox.payments).toHaveLength(v6Payments.length);
      expect(server.sandbox.payments.map((payment) => payment.authorization)).toEqual(
        v6Payments.map(() => null),
      );
      const sessionKey = await server.sandbox.mintSessionKey('dana');
      const read = await fetch(`${server.url}/api/customer/v2`, {
        headers: { [HEADER.sessionKey]: sessionKey },
      });
      const { customer } = (await read.json()) as {
        customer: { bankAccounts: { token: string }[] };
      };
      const paid = await fetch(`${server.url}/api/checkout/ach/${server.sandbox.merchantId}`, {
        method: 'POST',
        headers: {
          [HEADER.sessionKey]: sessionKey,
          'content-type': 'application/json',
          'user-agent': 'Data dir test',
        },
        body: JSON.stringify({ ...checkoutBody(customer.bankAccounts[0]!.token), authorization }),
      });
      ({ paymentId } = (await paid.json()) as { paymentId: string });
    } finally {
      await server.close();
    }
    const kept = () =>
      server.sandbox.payments.find((payment) => payment.paymentId === paymentId)!.authorization;
    const recorded = kept();
    expect(recorded).toMatchObject({
      ...authorization,
      remoteAddress: '127.0.0.1',
      userAgent: 'Data dir test',
    });

    server = await startSandboxServer({ port: 0, dataDir: dir });
    try {
      expect(kept()).toEqual(recorded);
    } finally {
      await server.close();
    }
    const written = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as SandboxState;
    expect(written.version).toBe(SANDBOX_STATE_VERSION);
    expect(SANDBOX_STATE_VERSION).toBeGreaterThan(6);
  });

  it('loads a state.json and journal version 3 wrote, before events were kept, and lists new ones', async () => {
    const dir = await tempDir();
    const t = keptSandbox(await tempDir());
    await useIt(t, 'one');
    const { webhookEvents, ...current } = await t.sandbox.snapshot();
    expect(webhookEvents).not.toEqual([]);
    // Each delivery kept its body then.
    await writeFile(
      join(dir, 'state.json'),
      JSON.stringify({ ...current, deliveries: t.sandbox.deliveries, version: 3 }),
    );
    // A journal line as version 3 wrote one: a payer event arrived after state.json.
    const received = {
      id: 'pe_99',
      receivedAt: '2026-11-24T11:00:00.000Z',
      event: { eventType: 'SignIn', customerId: 'zoe' },
    };
    await writeFile(
      join(dir, 'journal.jsonl'),
      `${JSON.stringify({ seq: 1, put: 'events', row: received })}\n`,
    );

    const server = await startSandboxServer({ port: 0, dataDir: dir });
    try {
      expect(server.sandbox.events.at(-1)).toEqual(received.event);
      const listEvents = () =>
        call(server.sandbox, '/api/merchant/events', {
          headers: { authorization: DEFAULT_API_KEY },
        }).then((response) => response.json() as Promise<{ events: { id: string }[] }>);
      expect((await listEvents()).events).toEqual([]);
      await pay(server.sandbox, 'erin', 1500);
      const [initiated] = (await listEvents()).events;
      // Numbered after every event version 3 counted: an id of its own.
      expect(webhookEvents.map((logged) => logged.event.id)).not.toContain(initiated!.id);
      const written = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as SandboxState;
      expect(written.version).toBe(SANDBOX_STATE_VERSION);
    } finally {
      await server.close();
    }
    const kept = await readDataDir(dir);
    expect(kept?.state.webhookEvents.map((logged) => logged.event.eventType)).toEqual([
      'ACH Initiated',
    ]);
    expect(kept?.state.webhookEvents[0]!.number).toBe(current.counters.events + 1);
  });

  it('loads a state.json and journal version 4 wrote, each delivery with its body, and sends the pending ones with the same bodies and ids', async () => {
    const dir = await tempDir();
    const t = keptSandbox(await tempDir());
    await useIt(t, 'one');
    const before = t.sandbox.deliveries;
    const pending = before.filter((delivery) => delivery.state === 'pending');
    expect(pending.length).toBeGreaterThan(1);
    // Version 4 kept each delivery's body beside its event. One pending delivery's event is not
    // in the log, as in a state version 3 kept before events were; the last delivery made is
    // in the journal, as a line version 4 appended.
    const { webhookEvents, ...current } = await t.sandbox.snapshot();
    const withoutEvent = pending[0]!;
    const lastMade = before.at(-1)!;
    const v4 = {
      ...current,
      version: 4,
      webhookEvents: webhookEvents.filter((logged) => logged.event.id !== withoutEvent.eventId),
      deliveries: before.filter((delivery) => delivery !== lastMade),
    };
    await writeFile(join(dir, 'state.json'), JSON.stringify(v4));
    await writeFile(
      join(dir, 'journal.jsonl'),
      `${JSON.stringify({ seq: 1, put: 'deliveries', row: lastMade })}\n`,
    );

    const kept = (await readDataDir(dir))!;
    expect(kept.outdated).toBe(true);
    // Only the delivery whose event the log lacks keeps a body of its own.
    const bodied = kept.state.deliveries.filter((delivery) => delivery.body !== undefined);
    expect(bodied.map((delivery) => delivery.id)).toEqual([withoutEvent.id]);

    // Started a day later, as the Node server starts: state.json written anew, then appended to.
    const time = Date.parse('2026-11-25T10:00:00.000Z');
    const sent: string[] = [];
    const writing: { writer?: DataDirWriter } = {};
    const { sandbox, state } = openSandbox(
      {
        now: () => time,
        settleStepMs: STEP_MS,
        webhookFetch: async (_url, init) => {
          sent.push(String(init.body));
          return new Response('ok');
        },
        onChange: () => writing.writer?.changed(),
      },
      kept.state,
    );
    writing.writer = createDataDirWriter(state, dataDirFiles(dir), kept.onDisk);
    await writing.writer.compact();
    const written = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as SandboxState;
    expect(written.version).toBe(SANDBOX_STATE_VERSION);
    expect(written.deliveries.filter((delivery) => 'body' in delivery)).toHaveLength(1);

    await sandbox.runDue();
    for (const delivery of pending) {
      expect(sent).toContain(delivery.body);
      expect(sandbox.deliveries.find((each) => each.id === delivery.id)).toMatchObject({
        eventId: delivery.eventId,
        body: delivery.body,
        state: 'delivered',
        attempts: [...delivery.attempts, expect.objectContaining({ status: 200 })],
      });
    }
    // Every delivery is listed as it was sent, under its own id: none lost, none added.
    expect(sandbox.deliveries.map(({ id, eventId, body }) => ({ id, eventId, body }))).toEqual(
      before.map(({ id, eventId, body }) => ({ id, eventId, body })),
    );
    await writing.writer.close();
    expect((await expectKept(dir, sandbox)).outdated).toBe(false);
  });

  it('loads a state.json an earlier release wrote (version 2), and keeps it as this version', async () => {
    const dir = await tempDir();
    const t = keptSandbox(await tempDir());
    await useIt(t, 'one');
    const current = await t.sandbox.snapshot();
    const { events, counters, ...rest } = current;
    const v2 = {
      ...rest,
      deliveries: t.sandbox.deliveries,
      version: 2,
      events: events.map((received) => received.event),
      counters: { events: counters.events, deliveries: counters.deliveries },
    };
    await writeFile(join(dir, 'state.json'), JSON.stringify(v2, null, 2));

    const server = await startSandboxServer({ port: 0, dataDir: dir });
    try {
      expect(server.sandbox.payments.map((payment) => payment.paymentId)).toEqual(
        current.payments.map((payment) => payment.paymentId),
      );
      expect(server.sandbox.events).toEqual(events.map((received) => received.event));
      const written = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as SandboxState;
      expect(written.version).toBe(SANDBOX_STATE_VERSION);
      expect(written.counters).toMatchObject({ payments: 3, payerEvents: 1 });
      // The next payment gets an id of its own.
      const next = await pay(server.sandbox, 'erin', 1500);
      expect(current.payments.map((payment) => payment.paymentId)).not.toContain(next);
    } finally {
      await server.close();
    }
    const kept = await readDataDir(dir);
    expect(kept?.state.payments).toHaveLength(4);
    expect(kept?.outdated).toBe(false);
  });
});
