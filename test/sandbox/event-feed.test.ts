// GET /api/merchant/events: the events the merchant's webhooks carry, kept by the sandbox, so a
// receiver that was down catches up from the last event id it applied. Time moves by a test
// clock and runDue(); nothing here waits for real time.
import { describe, expect, it } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { eventsPageSchema, EVENTS_PAGE_DEFAULT_LIMIT } from '../../src/core/schemas.js';
import { validate } from '../../src/core/validate.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { EventLog } from '../../src/sandbox/service/event-log.js';
import { payAt } from './conformance.js';

const START = Date.parse('2026-11-24T10:00:00.000Z');
const STEP_MS = 1_000;

interface FeedEvent {
  id: string;
  eventType: string;
  created: string;
  data: { paymentId?: string };
}

function setup(options: SandboxOptions = {}) {
  let clock = START;
  const received: string[] = [];
  const sandbox = createSandbox({
    now: () => clock,
    settleStepMs: STEP_MS,
    webhookUrl: 'https://merchant.example/webhooks',
    webhookFetch: async (_url, init) => {
      received.push(String(init.body));
      return new Response('ok');
    },
    ...options,
  });
  const advance = async (ms: number) => {
    clock += ms;
    await sandbox.runDue();
  };
  /** GET /api/merchant/events with the query, and the API key unless it is null. */
  const list = (query = '', apiKey: string | null = sandbox.apiKey) =>
    sandbox.handle(
      new Request(`http://sandbox.test/api/merchant/events${query}`, {
        headers: apiKey === null ? {} : { [HEADER.apiKey]: apiKey },
      }),
    );
  const page = async (query = '') => {
    const response = await list(query);
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status: 200 });
    const parsed = validate(eventsPageSchema, JSON.parse(text));
    if (!parsed.ok) throw new Error(`not a page of events: ${text}`);
    return parsed.value as { events: FeedEvent[]; hasMore: boolean };
  };
  return { sandbox, advance, list, page, received };
}

/** Pays, and takes every step: pending, batched, settled. */
async function settledPayment(t: ReturnType<typeof setup>): Promise<string> {
  const paymentId = await payAt(t.sandbox);
  for (const ms of [0, STEP_MS, STEP_MS]) await t.advance(ms);
  return paymentId;
}

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as {
    message: string;
    code: string;
    issues: { path: string }[];
  };
  expect(body.code).toBe('invalid_request');
  return { message: body.message, fields: body.issues.map((issue) => issue.path) };
}

describe('the events feed', () => {
  it('lists the events the webhooks carried, oldest first, with the same ids and bodies', async () => {
    const t = setup();
    const first = await settledPayment(t);
    const second = await settledPayment(t);
    const test = t.sandbox.sendTestWebhook();
    await t.advance(0);

    const { events, hasMore } = await t.page();
    expect(hasMore).toBe(false);
    expect(events.map((event) => [event.eventType, event.data.paymentId])).toEqual([
      ['ACH Initiated', first],
      ['ACH Batched', first],
      ['Settled', first],
      ['ACH Initiated', second],
      ['ACH Batched', second],
      ['Settled', second],
      ['Test', undefined],
    ]);
    expect(events.at(-1)!.id).toBe(test.eventId);
    expect(events).toEqual(t.received.map((body) => JSON.parse(body)));
    // A resend is the same event: the feed does not list it twice.
    t.sandbox.resendDelivery(test.id);
    await t.advance(0);
    expect((await t.page()).events).toEqual(events);
  });

  it('keeps events while no webhook URL is set, for a merchant that reads the feed instead', async () => {
    const t = setup({ webhookUrl: undefined });
    const paymentId = await settledPayment(t);
    expect(t.sandbox.deliveries).toEqual([]);
    const { events } = await t.page();
    expect(events.map((event) => event.eventType)).toEqual([
      'ACH Initiated',
      'ACH Batched',
      'Settled',
    ]);
    expect(events.every((event) => event.data.paymentId === paymentId)).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });

  it('pages after a cursor: limit events at most, and whether more follow', async () => {
    const t = setup();
    for (let i = 0; i < 3; i++) await settledPayment(t);
    const all = (await t.page()).events;
    expect(all).toHaveLength(9);

    const firstTwo = await t.page('?limit=2');
    expect(firstTwo).toEqual({ events: all.slice(0, 2), hasMore: true });
    const next = await t.page(`?after=${firstTwo.events[1]!.id}&limit=4`);
    expect(next).toEqual({ events: all.slice(2, 6), hasMore: true });
    const rest = await t.page(`?after=${next.events[3]!.id}&limit=4`);
    expect(rest).toEqual({ events: all.slice(6), hasMore: false });
    const exact = await t.page(`?after=${all[4]!.id}&limit=4`);
    expect(exact).toEqual({ events: all.slice(5), hasMore: false });
    // Caught up: nothing after the last event, until the next one.
    const last = all.at(-1)!.id;
    expect(await t.page(`?after=${last}`)).toEqual({ events: [], hasMore: false });
    const later = await payAt(t.sandbox);
    const { events } = await t.page(`?after=${last}`);
    expect(events.map((event) => [event.eventType, event.data.paymentId])).toEqual([
      ['ACH Initiated', later],
    ]);
  });

  it(`answers ${EVENTS_PAGE_DEFAULT_LIMIT} events a page unless told a limit, and at most 100`, async () => {
    const t = setup({ webhookUrl: undefined });
    for (let i = 0; i < 40; i++) await settledPayment(t);
    const first = await t.page();
    expect(first.events).toHaveLength(EVENTS_PAGE_DEFAULT_LIMIT);
    expect(first.hasMore).toBe(true);
    const hundred = await t.page('?limit=100');
    expect(hundred.events).toHaveLength(100);
    const rest = await t.page(`?after=${hundred.events.at(-1)!.id}&limit=100`);
    expect(rest).toMatchObject({ hasMore: false });
    expect(rest.events).toHaveLength(20);
  });

  it('answers 400 naming the field for an unknown cursor or a limit outside 1 to 100', async () => {
    const t = setup();
    await settledPayment(t);
    for (const limit of ['0', '101', '1.5', '-1', 'ten', '', '1e1', ' 5']) {
      const { fields, message } = await refusal(
        await t.list(`?limit=${encodeURIComponent(limit)}`),
      );
      expect(fields).toEqual(['limit']);
      expect(message).toMatch(/limit.*1 to 100/);
    }
    for (const after of ['evt_unknown', '']) {
      const { fields, message } = await refusal(await t.list(`?after=${after}`));
      expect(fields).toEqual(['after']);
      expect(message).toMatch(/after/);
    }
    expect((await t.list('', null)).status).toBe(401);
    expect((await t.list('?after=evt_unknown', 'sk_wrong_0000000000000')).status).toBe(401);
  });

  it("knows no other merchant's events", async () => {
    const mine = setup();
    const theirs = setup({ merchantId: 'merchant_elsewhere', apiKey: 'sk_elsewhere_000000000' });
    await settledPayment(mine);
    await settledPayment(theirs);
    const theirEvents = (await theirs.page()).events;
    const myEvents = (await mine.page()).events;
    expect(theirEvents).toHaveLength(3);
    const theirIds = theirEvents.map((event) => event.id);
    expect(myEvents.filter((event) => theirIds.includes(event.id))).toEqual([]);
    const { fields } = await refusal(await mine.list(`?after=${theirIds[0]}`));
    expect(fields).toEqual(['after']);
  });

  it('keeps its events across a restart: a cursor from before it still pages, new ids follow', async () => {
    const t = setup();
    await settledPayment(t);
    const before = (await t.page()).events;
    const state = JSON.parse(JSON.stringify(await t.sandbox.snapshot()));

    const restarted = setup({ state });
    expect((await restarted.page()).events).toEqual(before);
    const paymentId = await settledPayment(restarted);
    const after = await restarted.page(`?after=${before[1]!.id}`);
    expect(after.events.map((event) => [event.eventType, event.data.paymentId])).toEqual([
      ['Settled', before[2]!.data.paymentId],
      ['ACH Initiated', paymentId],
      ['ACH Batched', paymentId],
      ['Settled', paymentId],
    ]);
    const ids = (await restarted.page()).events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('forgets its events on reset, and an old cursor with them', async () => {
    const t = setup();
    await settledPayment(t);
    const [first] = (await t.page()).events;
    t.sandbox.reset();
    expect(await t.page()).toEqual({ events: [], hasMore: false });
    expect((await refusal(await t.list(`?after=${first!.id}`))).fields).toEqual(['after']);
  });
});

describe('the event log', () => {
  const event = (number: number, created: string) => ({
    number,
    event: { id: `evt_${number}`, eventType: 'Test', created, data: {} },
  });

  it('finds the page after any kept event, also once the oldest are dropped', () => {
    const log = new EventLog();
    for (let number = 1; number <= 10; number++) {
      log.put(event(number, new Date(START + number * 86_400_000).toISOString()));
    }
    expect(log.page('evt_3', 2)).toEqual({
      events: [log.get('evt_4')!.event, log.get('evt_5')!.event],
      hasMore: true,
    });
    log.takeChanges();
    // Events kept by time: what was made before the 5th day goes, the rest keep their order.
    expect(log.dropCreatedBefore(START + 5 * 86_400_000)).toBe(4);
    expect(log.size).toBe(6);
    // Each one let go is a change the data directory writes, as any table's are.
    expect(log.takeChanges()).toEqual({
      cleared: false,
      keys: ['evt_1', 'evt_2', 'evt_3', 'evt_4'],
    });
    expect(log.page('evt_3', 2)).toBeUndefined();
    expect(log.page(undefined, 2)?.events.map((kept) => kept.id)).toEqual(['evt_5', 'evt_6']);
    expect(log.page('evt_8', 5)?.events.map((kept) => kept.id)).toEqual(['evt_9', 'evt_10']);
  });

  it('keeps its events in the order of their numbers, whatever order they come in', () => {
    const log = new EventLog([event(3, '2026-11-24T10:00:03.000Z')]);
    log.put(event(1, '2026-11-24T10:00:01.000Z'));
    log.put(event(2, '2026-11-24T10:00:02.000Z'));
    log.delete('evt_1');
    expect([...log.values()].map((kept) => kept.number)).toEqual([2, 3]);
    expect(log.page('evt_2', 5)?.events.map((kept) => kept.id)).toEqual(['evt_3']);
  });
});
