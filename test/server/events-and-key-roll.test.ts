// merchant.listEvents() and merchant.rollWebhookKey() through MSW in front of the real sandbox
// handler: a receiver that was down catches up from the last event it applied, page after page,
// with the events typed as verifyWebhook types them; a rolled key verifies every delivery made
// during the overlap, beside the old one.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import {
  ResponseValidationError,
  ServiceError,
  verifyWebhook,
  type WebhookEvent,
} from '../../src/server/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { payAt } from '../sandbox/conformance.js';
import { expectSecretAbsent, recordingClient, rejectionOf } from './helpers.js';

const STEP_MS = 1_000;
const START = Date.parse('2026-11-25T10:00:00.000Z');
const EVENTS_URL = `${LOCAL_SANDBOX_URL}/api/merchant/events`;

let sandbox: Sandbox;
let deliveries: { body: string; signature: string }[];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  deliveries = [];
  sandbox = createSandbox({
    now: () => START,
    settleStepMs: STEP_MS,
    webhookUrl: 'https://shop.example/webhooks',
    webhookFetch: async (_url, init) => {
      const headers = new Headers(init.headers);
      deliveries.push({ body: String(init.body), signature: headers.get('service-signature')! });
      return new Response('ok');
    },
  });
  server.use(...sandboxHandlers(sandbox));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => recordingClient({ apiKey: sandbox.apiKey });

async function collect(events: AsyncIterable<WebhookEvent>): Promise<WebhookEvent[]> {
  const seen: WebhookEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** Three payments, each settled: nine events (initiated, batched, settled). */
async function threeSettledPayments(): Promise<string[]> {
  const ids = [await payAt(sandbox), await payAt(sandbox), await payAt(sandbox)];
  await sandbox.advanceClock(2 * STEP_MS);
  return ids;
}

describe('merchant.listEvents', () => {
  it('gives every event after the cursor, oldest first, as the webhooks carried them', async () => {
    await threeSettledPayments();
    const { merchant } = client();
    const all = await collect(merchant.listEvents());
    expect(all).toHaveLength(9);
    // The same ids the webhooks carried (deliveries run side by side, in no set order), and
    // oldest first.
    const delivered = deliveries.map(
      (delivery) => (JSON.parse(delivery.body) as { id: string }).id,
    );
    expect([...all.map((event) => event.id)].sort()).toEqual(delivered.sort());
    const times = all.map((event) => Date.parse(event.created));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const settled = all.find((event) => event.eventType === 'Settled');
    expect(settled).toMatchObject({ data: { status: 'settled' } });

    const after = all[3]!.id;
    const rest = await collect(merchant.listEvents({ after }));
    expect(rest.map((event) => event.id)).toEqual(all.slice(4).map((event) => event.id));
  });

  it('reads page after page, asking for the next after the last id of each', async () => {
    await threeSettledPayments();
    const { merchant, sent } = client();
    const all = await collect(merchant.listEvents({ pageSize: 4 }));
    expect(all).toHaveLength(9);
    const asked = sent.map((request) => new URL(request.url).searchParams);
    expect(asked.map((params) => params.get('after'))).toEqual([null, all[3]!.id, all[7]!.id]);
    expect(asked.map((params) => params.get('limit'))).toEqual(['4', '4', '4']);
  });

  it('stops where the caller stops: no page is read beyond the event it broke at', async () => {
    await threeSettledPayments();
    const { merchant, sent } = client();
    for await (const event of merchant.listEvents({ pageSize: 2 })) {
      if (event.eventType === 'ACH Batched') break;
    }
    expect(sent).toHaveLength(2);
  });

  it('retries a 5xx page, as every read does', async () => {
    await threeSettledPayments();
    let failures = 1;
    server.use(
      http.get(EVENTS_URL, () =>
        failures-- > 0 ? HttpResponse.json({ error: 'internal' }, { status: 503 }) : undefined,
      ),
    );
    const { merchant } = client();
    expect(await collect(merchant.listEvents())).toHaveLength(9);
  });

  it("rejects an unknown cursor with the service's 400, naming after", async () => {
    const { merchant } = client();
    const error = await rejectionOf(collect(merchant.listEvents({ after: 'evt_unknown' })));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).toContain('after');
  });

  it('refuses a page size outside 1 to 100 before sending anything', async () => {
    const { merchant, sent } = client();
    for (const pageSize of [0, 101, 1.5]) {
      await expect(collect(merchant.listEvents({ pageSize }))).rejects.toThrow(/pageSize/);
    }
    expect(sent).toEqual([]);
  });

  it('refuses a malformed event in a page as a ResponseValidationError naming it', async () => {
    server.use(
      http.get(EVENTS_URL, () =>
        HttpResponse.json({
          events: [{ id: 'evt_1', eventType: 'Settled', created: 'now', data: {} }],
          hasMore: false,
        }),
      ),
    );
    const { merchant } = client();
    const error = await rejectionOf(collect(merchant.listEvents()));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(String((error as Error).message)).toMatch(/events\.0/);
  });
});

describe('merchant.rollWebhookKey', () => {
  it('gives the new key; deliveries during the overlap verify with it and with the old one', async () => {
    const oldKey = sandbox.webhookKey;
    const { merchant, sent } = client();
    const { key } = await merchant.rollWebhookKey();
    expect(key).not.toBe(oldKey);
    expect(sent).toMatchObject([{ method: 'POST' }]);

    await payAt(sandbox);
    await sandbox.runDue();
    const delivery = deliveries.at(-1)!;
    for (const keys of [key, oldKey, [key, oldKey]]) {
      const event = await verifyWebhook(delivery.body, delivery.signature, keys, {
        now: () => START,
      });
      expect(event.eventType).toBe('ACH Initiated');
    }
  });

  it('is never sent twice on its own: a 5xx is the caller’s to retry', async () => {
    let calls = 0;
    server.use(
      http.post(`${LOCAL_SANDBOX_URL}/api/merchant/webhook-key/roll`, () => {
        calls += 1;
        return HttpResponse.json({ error: 'internal' }, { status: 503 });
      }),
    );
    const { merchant } = client();
    await expect(merchant.rollWebhookKey()).rejects.toBeInstanceOf(ServiceError);
    expect(calls).toBe(1);
  });

  it('keeps the API key out of a refusal', async () => {
    const { merchant } = client();
    sandbox.revokeApiKey(sandbox.apiKeys[0]!.id);
    const error = await rejectionOf(merchant.rollWebhookKey());
    expect(error).toMatchObject({ status: 401 });
    expectSecretAbsent(error, sandbox.apiKey);
  });
});

describe('merchant.webhookKeys', () => {
  it('reads back the keys in force after a roll whose answer was lost, and they verify a delivery', async () => {
    const oldKey = sandbox.webhookKey;
    // Rolled by someone else, or by a call whose answer never came back.
    const newKey = sandbox.rollWebhookKey();
    const { merchant, sent } = client();
    const keys = await merchant.webhookKeys();
    expect(sent).toMatchObject([{ method: 'GET' }]);
    expect(keys.map(({ key }) => key)).toEqual([newKey, oldKey]);
    expect(keys[0]!.endsAt).toBeNull();
    expect(Date.parse(keys[1]!.endsAt!)).toBe(START + 86_400_000);

    await payAt(sandbox);
    await sandbox.runDue();
    const delivery = deliveries.at(-1)!;
    const event = await verifyWebhook(
      delivery.body,
      delivery.signature,
      keys.map(({ key }) => key),
      { now: () => START },
    );
    expect(event.eventType).toBe('ACH Initiated');
  });

  it('is a read: a 5xx is retried', async () => {
    let calls = 0;
    server.use(
      http.get(`${LOCAL_SANDBOX_URL}/api/merchant/webhook-key`, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: 'internal' }, { status: 503 });
        return undefined;
      }),
    );
    const { merchant } = client();
    expect(await merchant.webhookKeys()).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
