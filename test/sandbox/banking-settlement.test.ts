// @vitest-environment node
// The sandbox on banking days (`settlement: 'banking'`): a payment is batched at the first 16:00
// New York cutoff of a banking day after it was made, and settles at 09:00 New York time on the
// day expectedSettlement names, on the sandbox's clock, across weekends, holidays and the changes
// of daylight saving time. The test moves the sandbox's clock; nothing waits for real time.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { expectedSettlement } from '../../src/server/index.js';
import {
  createSandbox,
  MAGIC_AMOUNTS,
  type SandboxOptions,
  type SandboxPayment,
} from '../../src/sandbox/index.js';
import { payAt } from './conformance.js';

const MINUTE_MS = 60_000;

/** A sandbox on banking days whose clock starts at `start`, with the events it announced. */
function bankingSandbox(start: string, options: SandboxOptions = {}) {
  const received: { eventType: string; created: string }[] = [];
  const sandbox = createSandbox({
    now: () => Date.parse(start),
    settlement: 'banking',
    webhookUrl: 'http://127.0.0.1:9/hooks',
    webhookFetch: async (_url, init) => {
      received.push(JSON.parse(String(init.body)) as (typeof received)[number]);
      return new Response('ok');
    },
    ...options,
  });
  /** Moves the sandbox's time to `time` (ISO 8601), running what falls due on the way. */
  const moveTo = async (time: string) => {
    await sandbox.advanceClock(Date.parse(time) - Date.parse(sandbox.time));
  };
  const payment = (paymentId: string): SandboxPayment =>
    sandbox.payments.find((candidate) => candidate.paymentId === paymentId)!;
  return { sandbox, received, moveTo, payment };
}

const historyOf = (payment: SandboxPayment) =>
  payment.history.map(({ status, at }) => `${status} ${at}`);

describe("settlement: 'banking'", () => {
  it('waits out a weekend and the start of daylight saving time: batched Monday 16:00 EDT, settled Thursday 09:00 EDT', async () => {
    // Friday March 6, 2026, 17:30 EST: after that day's cutoff. Clocks go forward on Sunday.
    const made = '2026-03-06T22:30:00.000Z';
    const { sandbox, moveTo, payment } = bankingSandbox(made);
    const paymentId = await payAt(sandbox);
    expect(expectedSettlement(made).settlesOn).toBe('2026-03-12');

    // A minute before Monday's cutoff (16:00 EDT is 20:00 UTC): still pending.
    await moveTo('2026-03-09T19:59:00.000Z');
    expect(payment(paymentId).status).toBe('pending');
    await moveTo('2026-03-12T12:59:00.000Z');
    expect(payment(paymentId).status).toBe('batched');
    await moveTo('2026-03-12T13:00:00.000Z');
    expect(historyOf(payment(paymentId))).toEqual([
      `pending ${made}`,
      'batched 2026-03-09T20:00:00.000Z',
      'settled 2026-03-12T13:00:00.000Z',
    ]);
    expect(payment(paymentId).settledAt).toBe('2026-03-12T13:00:00.000Z');
  });

  it('skips a holiday: made at the cutoff the day before Thanksgiving, batched Friday, settled the next Wednesday', async () => {
    // Wednesday November 25, 2026, 16:00:00.000 EST: at the cutoff, so the next banking day's,
    // which is Friday (Thursday is Thanksgiving).
    const made = '2026-11-25T21:00:00.000Z';
    const { sandbox, moveTo, payment } = bankingSandbox(made);
    const paymentId = await payAt(sandbox);
    await moveTo('2026-12-10T00:00:00.000Z');
    expect(historyOf(payment(paymentId))).toEqual([
      `pending ${made}`,
      'batched 2026-11-27T21:00:00.000Z',
      'settled 2026-12-02T14:00:00.000Z',
    ]);
    expect(expectedSettlement(made).settlesOn).toBe('2026-12-02');
  });

  it('batches before the end of daylight saving time and settles after it, each at its New York hour', async () => {
    // Friday October 30, 2026, 10:00 EDT: before the cutoff, so batched that day. Clocks go
    // back on Sunday, November 1.
    const made = '2026-10-30T14:00:00.000Z';
    const { sandbox, moveTo, payment, received } = bankingSandbox(made);
    const paymentId = await payAt(sandbox);
    await moveTo('2026-11-30T00:00:00.000Z');
    expect(historyOf(payment(paymentId))).toEqual([
      `pending ${made}`,
      'batched 2026-10-30T20:00:00.000Z',
      'settled 2026-11-04T14:00:00.000Z',
    ]);
    // Each webhook was made at its own moment.
    expect(received.map((event) => `${event.eventType} ${event.created}`)).toEqual([
      `ACH Initiated ${made}`,
      'ACH Batched 2026-10-30T20:00:00.000Z',
      'Settled 2026-11-04T14:00:00.000Z',
    ]);
  });

  it('gives the magic amounts their endings at the moment they would have settled', async () => {
    // Monday November 16, 2026, 10:00 EST: batched at 16:00 EST, due to settle Thursday 09:00.
    const made = '2026-11-16T15:00:00.000Z';
    const batchedAt = '2026-11-16T21:00:00.000Z';
    const settlesAt = '2026-11-19T14:00:00.000Z';
    const { sandbox, moveTo, payment } = bankingSandbox(made);
    const staysPending = await payAt(sandbox, MAGIC_AMOUNTS.staysPending);
    const returned = await payAt(sandbox, MAGIC_AMOUNTS.returned);
    const fails = await payAt(sandbox, MAGIC_AMOUNTS.fails);
    const returnedLate = await payAt(sandbox, MAGIC_AMOUNTS.returnedAfterSettling);

    await moveTo('2026-11-19T13:59:00.000Z');
    expect(payment(returned).status).toBe('batched');
    expect(payment(fails).status).toBe('pending');
    await moveTo('2026-12-31T00:00:00.000Z');
    expect(historyOf(payment(staysPending))).toEqual([`pending ${made}`]);
    expect(historyOf(payment(returned))).toEqual([
      `pending ${made}`,
      `batched ${batchedAt}`,
      `returned ${settlesAt}`,
    ]);
    expect(payment(returned).returnCode).toBe('R01');
    expect(historyOf(payment(fails))).toEqual([`pending ${made}`, `failed ${settlesAt}`]);
    // Ten calendar days after it settled, whatever day of the week that is (a Sunday here).
    expect(historyOf(payment(returnedLate))).toEqual([
      `pending ${made}`,
      `batched ${batchedAt}`,
      `settled ${settlesAt}`,
      'returned 2026-11-29T14:00:00.000Z',
    ]);
    expect(payment(returnedLate)).toMatchObject({ returnCode: 'R10', settledAt: settlesAt });
  });

  it('carries on after a restart: a batched payment settles on its banking day', async () => {
    const made = '2026-11-16T15:00:00.000Z';
    const first = bankingSandbox(made);
    const paymentId = await payAt(first.sandbox);
    await first.moveTo('2026-11-17T00:00:00.000Z');
    expect(first.payment(paymentId).status).toBe('batched');

    // The same clock underneath: the state keeps how far the first moved it.
    const second = bankingSandbox(made, { state: await first.sandbox.snapshot() });
    expect(second.sandbox.time).toBe('2026-11-17T00:00:00.000Z');
    await second.moveTo('2026-11-19T13:59:59.999Z');
    expect(second.payment(paymentId).status).toBe('batched');
    await second.moveTo('2026-11-19T14:00:00.000Z');
    expect(second.payment(paymentId).settledAt).toBe('2026-11-19T14:00:00.000Z');
  });

  it('keeps the fast steps by default, and refuses a settlement it does not know', async () => {
    let clock = Date.parse('2026-03-06T22:30:00.000Z');
    const sandbox = createSandbox({ now: () => clock, settleStepMs: MINUTE_MS });
    const paymentId = await payAt(sandbox);
    clock += 2 * MINUTE_MS;
    await sandbox.runDue();
    expect(sandbox.payments.find((entry) => entry.paymentId === paymentId)!.status).toBe('settled');

    for (const settlement of ['daily', '', 'BANKING']) {
      const options = { settlement } as unknown as SandboxOptions;
      expect(() => createSandbox(options)).toThrow(ConfigError);
      expect(() => createSandbox(options)).toThrow(/settlement.*"steps" or "banking"/);
    }
  });
});
