// @vitest-environment node
// Time travel: a move of the sandbox's clock, over POST /api/sandbox/clock and in-process by
// advanceClock(), runs every payment step and webhook attempt that falls due inside it at its own
// moment: the clock reads that moment while it runs (a receiver asking the sandbox the time is
// told it), the signature's `t` is that moment, the keys that sign it are those valid then, and
// every retry due inside the move is attempted then. The caller's clock stands still here, so
// only the moves move time; nothing waits for real time.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '../../src/core/schemas.js';
import { verifyWebhook, WebhookSignatureError } from '../../src/server/webhooks.js';
import { readDataDir } from '../../src/sandbox/persistence/data-dir.js';
import { dataDirFiles } from '../../src/sandbox/persistence/data-dir-files.js';
import { createDataDirWriter } from '../../src/sandbox/persistence/writer.js';
import {
  createSandbox,
  MAGIC_AMOUNTS,
  WEBHOOK_KEY_OVERLAP_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  type Sandbox,
  type SandboxOptions,
  type SandboxState,
} from '../../src/sandbox/index.js';
import { startSandboxServer } from '../../src/sandbox/node-server.js';
import { openSandbox } from '../../src/sandbox/transports/fetch-handler.js';
import { payAt } from './conformance.js';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const HOUR = 3_600_000;
const WEBHOOK_URL = 'https://merchant.example/webhooks/payments';
const iso = (ms: number) => new Date(ms).toISOString();

/** A delivery as the receiver took it, with the sandbox's time it read while taking it. */
interface Received {
  body: string;
  signature: string;
  /** What GET /api/sandbox/clock answered the receiver during the delivery. */
  clockSaid: string;
  /** `sandbox.time` during the delivery. */
  timeRead: string;
}

const eventTypeOf = (hook: { body: string }) =>
  (JSON.parse(hook.body) as { eventType: string }).eventType;
/** The signature's `t`, in milliseconds. */
const signedAt = (hook: { signature: string }) =>
  Number(/^t=(\d+),/.exec(hook.signature)![1]) * 1000;
const v1Count = (hook: { signature: string }) => hook.signature.match(/v1=/g)?.length ?? 0;

async function readClock(sandbox: Sandbox): Promise<string> {
  const answer = await sandbox.handle(
    new Request('http://sandbox.test/api/sandbox/clock', {
      headers: { authorization: sandbox.apiKey },
    }),
  );
  return ((await answer.json()) as { now: string }).now;
}

/**
 * A sandbox on a caller's clock that stands at START, whose receiver reads the sandbox's time as
 * it takes each delivery, then answers `answer()`.
 */
function setup(
  options: SandboxOptions & { answer?: (hook: Received) => Response | Promise<Response> } = {},
) {
  const received: Received[] = [];
  const { answer = () => new Response('ok'), ...sandboxOptions } = options;
  const sandbox: Sandbox = createSandbox({
    now: () => START,
    webhookUrl: WEBHOOK_URL,
    webhookFetch: async (_url, init) => {
      const hook: Received = {
        body: String(init.body),
        signature: new Headers(init.headers).get('service-signature')!,
        clockSaid: await readClock(sandbox),
        timeRead: sandbox.time,
      };
      received.push(hook);
      return answer(hook);
    },
    ...sandboxOptions,
  });
  return { sandbox, received };
}

/** The two ways to move the sandbox's clock: each resolves with the time the move answered. */
const MOVES: Record<string, (sandbox: Sandbox, advanceMs: number) => Promise<string>> = {
  'POST /api/sandbox/clock': async (sandbox, advanceMs) => {
    const answer = await sandbox.handle(
      new Request('http://sandbox.test/api/sandbox/clock', {
        method: 'POST',
        headers: { authorization: sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs }),
      }),
    );
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { now: string }).now;
  },
  'sandbox.advanceClock()': async (sandbox, advanceMs) =>
    (await sandbox.advanceClock(advanceMs)).now,
};

/** When each attempt of a delivery first made at `first` is due, the whole schedule. */
function retryMoments(first: number): number[] {
  const moments = [first];
  for (const delay of WEBHOOK_RETRY_DELAYS_MS) moments.push(moments.at(-1)! + delay);
  return moments;
}

for (const [by, move] of Object.entries(MOVES)) {
  describe(`a move of the clock by ${by}`, () => {
    it("signs each delivery at its own moment, with both keys inside a roll's 24 hours and the new one after", async () => {
      const { sandbox, received } = setup({ settleStepMs: 14 * HOUR });
      const oldKey = sandbox.webhookKey;
      const newKey = sandbox.rollWebhookKey();
      const paymentId = await payAt(sandbox);

      const end = START + 30 * HOUR;
      expect(await move(sandbox, 30 * HOUR)).toBe(iso(end));
      expect(sandbox.time).toBe(iso(end));
      expect(await readClock(sandbox)).toBe(iso(end));

      const moments: Record<string, number> = {
        'ACH Initiated': START,
        'ACH Batched': START + 14 * HOUR,
        Settled: START + 28 * HOUR,
      };
      expect(received.map(eventTypeOf)).toEqual(['ACH Initiated', 'ACH Batched', 'Settled']);
      for (const hook of received) {
        const eventType = eventTypeOf(hook);
        const moment = moments[eventType]!;
        const then = { now: () => moment };
        expect({ eventType, t: signedAt(hook) }).toEqual({ eventType, t: moment });
        expect(hook.clockSaid).toBe(iso(moment));
        const duringRoll = moment < START + WEBHOOK_KEY_OVERLAP_MS;
        expect(v1Count(hook)).toBe(duringRoll ? 2 : 1);
        await expect(verifyWebhook(hook.body, hook.signature, newKey, then)).resolves.toMatchObject(
          { eventType },
        );
        const withOldKey = verifyWebhook(hook.body, hook.signature, oldKey, then);
        if (duringRoll) await expect(withOldKey).resolves.toMatchObject({ eventType });
        else await expect(withOldKey).rejects.toBeInstanceOf(WebhookSignatureError);
      }

      // The payment's steps are stamped at their moments too, as its events say.
      const payment = sandbox.payments.find((each) => each.paymentId === paymentId)!;
      expect(payment.history).toEqual([
        { status: 'pending', at: iso(START) },
        { status: 'batched', at: iso(START + 14 * HOUR) },
        { status: 'settled', at: iso(START + 28 * HOUR) },
      ]);
      expect(payment).toMatchObject({
        updatedAt: iso(START + 28 * HOUR),
        settledAt: iso(START + 28 * HOUR),
      });
      for (const hook of received) {
        const event = JSON.parse(hook.body) as { created: string; data: Payment };
        expect(event.created).toBe(iso(moments[eventTypeOf(hook)]!));
        expect(event.data.updatedAt).toBe(event.created);
      }
    });

    it('attempts every retry that falls due inside the move, each at its own moment', async () => {
      const { sandbox, received } = setup({
        settleStepMs: 30 * 86_400_000,
        answer: () => new Response('down for maintenance', { status: 503 }),
      });
      await payAt(sandbox, MAGIC_AMOUNTS.staysPending);

      expect(await move(sandbox, HOUR)).toBe(iso(START + HOUR));
      const moments = retryMoments(START);
      // The whole schedule ends within the hour: every attempt of it was made.
      expect(moments.at(-1)).toBeLessThan(START + HOUR);
      const [delivery] = sandbox.deliveries;
      expect(delivery).toMatchObject({ eventType: 'ACH Initiated', state: 'failed' });
      expect(delivery!.attempts.map((attempt) => [attempt.at, attempt.status])).toEqual(
        moments.map((moment) => [iso(moment), 503]),
      );
      expect(received.map(signedAt)).toEqual(moments);
      expect(received.map((hook) => hook.clockSaid)).toEqual(moments.map(iso));
      // Each attempt carries the same event.
      expect(new Set(received.map((hook) => hook.body)).size).toBe(1);
      expect(sandbox.time).toBe(iso(START + HOUR));
    });

    it('tells a receiver the moment of the delivery it is taking, over HTTP and in-process', async () => {
      const { sandbox, received } = setup({
        settleStepMs: 5 * HOUR,
        // The first attempt of each event fails, so each is retried 2 s later.
        answer: (hook) =>
          new Response('', {
            status: received.filter((each) => each.body === hook.body).length > 1 ? 200 : 500,
          }),
      });
      await payAt(sandbox);

      expect(await move(sandbox, 12 * HOUR)).toBe(iso(START + 12 * HOUR));
      const second = WEBHOOK_RETRY_DELAYS_MS[0]!;
      const expected = [START, START + 5 * HOUR, START + 10 * HOUR].flatMap((moment) => [
        moment,
        moment + second,
      ]);
      expect(received.map((hook) => hook.clockSaid)).toEqual(expected.map(iso));
      expect(received.map((hook) => hook.timeRead)).toEqual(expected.map(iso));
      expect(received.map(signedAt)).toEqual(expected);
      expect(sandbox.deliveries.map((delivery) => delivery.state)).toEqual([
        'delivered',
        'delivered',
        'delivered',
      ]);
    });

    it('stands at a delivery’s moment while its receiver takes its time, then answers the end', async () => {
      let answer: (response: Response) => void = () => {};
      let taken: (moment: string) => void = () => {};
      const held = new Promise<string>((resolve) => (taken = resolve));
      const { sandbox } = setup({
        settleStepMs: 5 * HOUR,
        answer: (hook) =>
          eventTypeOf(hook) === 'ACH Batched'
            ? new Promise<Response>((resolve) => {
                answer = resolve;
                taken(hook.clockSaid);
              })
            : new Response('ok'),
      });
      await payAt(sandbox);

      const moved = move(sandbox, 12 * HOUR);
      expect(await held).toBe(iso(START + 5 * HOUR));
      // Meanwhile the sandbox's time is that moment for everyone, and the next step waits.
      expect(await readClock(sandbox)).toBe(iso(START + 5 * HOUR));
      expect(sandbox.payments[0]!.status).toBe('batched');
      answer(new Response('ok'));
      expect(await moved).toBe(iso(START + 12 * HOUR));
      expect(sandbox.payments[0]!.history.map((step) => step.at)).toEqual([
        iso(START),
        iso(START + 5 * HOUR),
        iso(START + 10 * HOUR),
      ]);
      expect(sandbox.time).toBe(iso(START + 12 * HOUR));
    });

    it('holds back no delivery due at the same moment while a receiver hangs', async () => {
      // Whichever delivery goes out first hangs until the other one is sent.
      let releaseFirst: () => void = () => {};
      const firstMayAnswer = new Promise<void>((resolve) => (releaseFirst = resolve));
      let sent = 0;
      const { sandbox } = setup({
        settleStepMs: HOUR,
        answer: async () => {
          sent += 1;
          if (sent === 1) await firstMayAnswer;
          else releaseFirst();
          return new Response('ok');
        },
      });
      await payAt(sandbox, MAGIC_AMOUNTS.staysPending);
      await payAt(sandbox, MAGIC_AMOUNTS.staysPending);

      await move(sandbox, 1);
      expect(sandbox.deliveries.map((delivery) => delivery.attempts.map((a) => a.at))).toEqual([
        [iso(START)],
        [iso(START)],
      ]);
    });
  });
}

describe('runDue() on a clock the caller moves', () => {
  it("runs what is due at the caller's time: steps are stamped when due, attempts when they run", async () => {
    // The caller's clock is the sandbox's time: once the caller has moved it past several
    // moments, the sandbox cannot stand at them. A move of the sandbox's clock does.
    let clock = START;
    const { sandbox, received } = setup({ now: () => clock, settleStepMs: 14 * HOUR });
    sandbox.rollWebhookKey();
    await payAt(sandbox);

    clock += 30 * HOUR;
    expect(await sandbox.runDue()).toBe(5);
    expect(sandbox.payments[0]!.history.map((step) => step.at)).toEqual([
      iso(START),
      iso(START + 14 * HOUR),
      iso(START + 28 * HOUR),
    ]);
    // Attempts that run together go out side by side, in no set order.
    const attempts = received.map((hook) => [eventTypeOf(hook), signedAt(hook), v1Count(hook)]);
    expect(attempts.sort()).toEqual([
      ['ACH Batched', clock, 1],
      ['ACH Initiated', clock, 1],
      ['Settled', clock, 1],
    ]);
    expect(received.every((hook) => hook.clockSaid === iso(clock))).toBe(true);
  });
});

describe('a move over a real HTTP server', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it("tells a receiver on another port each attempt's moment, and signs it then", async () => {
    const sandboxServer = await startSandboxServer({
      port: 0,
      now: () => START,
      settleStepMs: 30 * 86_400_000,
    });
    const apiKey = sandboxServer.sandbox.apiKey;
    const seen: { t: number; clockSaid: string }[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        void (async () => {
          const clock = await fetch(`${sandboxServer.url}/api/sandbox/clock`, {
            headers: { authorization: apiKey },
          });
          const { now } = (await clock.json()) as { now: string };
          seen.push({
            t: signedAt({ signature: String(req.headers['service-signature']) }),
            clockSaid: now,
          });
          res.writeHead(503).end();
        })();
      });
    });
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    sandboxServer.sandbox.setWebhookUrl(
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    );
    try {
      await payAt(sandboxServer.sandbox, MAGIC_AMOUNTS.staysPending);
      const moved = await fetch(`${sandboxServer.url}/api/sandbox/clock`, {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: HOUR }),
      });
      expect(await moved.json()).toEqual({ now: iso(START + HOUR) });
      const moments = retryMoments(START);
      expect(seen).toEqual(moments.map((moment) => ({ t: moment, clockSaid: iso(moment) })));
    } finally {
      await sandboxServer.close();
    }
  });
});

describe('a move cut short', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps the moment it had reached: a restart carries on from there, each delivery at its moment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-time-travel-'));
    dirs.push(dir);
    let release: () => void = () => {};
    let reached: () => void = () => {};
    const settledTaken = new Promise<void>((resolve) => (reached = resolve));
    const options = (webhookFetch: SandboxOptions['webhookFetch']): SandboxOptions => ({
      now: () => START,
      settleStepMs: 14 * HOUR,
      webhookUrl: WEBHOOK_URL,
      webhookFetch,
    });
    // The Settled delivery (at 28 hours) is never answered: the sandbox stops meanwhile.
    const first = openSandbox(
      options(async (_url, init) => {
        if (String(init.body).includes('"Settled"')) {
          reached();
          await new Promise<void>((resolve) => (release = resolve));
        }
        return new Response('ok');
      }),
    );
    const writer = createDataDirWriter(first.state, dataDirFiles(dir), {
      lastSeq: 0,
      journalBytes: 0,
      tornBytes: 0,
      stateBytes: 0,
    });
    // As the Node server starts: state.json first, then the journal of every change after it.
    await writer.compact();
    first.sandbox.rollWebhookKey();
    const newKey = first.sandbox.webhookKey;
    await payAt(first.sandbox);
    const moving = first.sandbox.advanceClock(30 * HOUR);
    await settledTaken;
    await writer.flush();

    const kept = await readDataDir(dir);
    const state: SandboxState = kept!.state;
    const received: { body: string; signature: string }[] = [];
    const restarted = createSandbox({
      ...options(async (_url, init) => {
        received.push({
          body: String(init.body),
          signature: new Headers(init.headers).get('service-signature')!,
        });
        return new Response('ok');
      }),
      state,
    });
    // The time the move had reached, not its end: what was done by then is kept, no more.
    expect(restarted.time).toBe(iso(START + 28 * HOUR));
    expect(restarted.payments[0]!.status).toBe('settled');

    await restarted.advanceClock(2 * HOUR);
    expect(received.map((hook) => [eventTypeOf(hook), signedAt(hook), v1Count(hook)])).toEqual([
      ['Settled', START + 28 * HOUR, 1],
    ]);
    await expect(
      verifyWebhook(received[0]!.body, received[0]!.signature, newKey, {
        now: () => START + 28 * HOUR,
      }),
    ).resolves.toMatchObject({ eventType: 'Settled' });

    release();
    await moving;
    await writer.close();
  });
});
