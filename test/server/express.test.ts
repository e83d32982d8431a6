// The Node routes inside Express, mounted the ways merchants mount them: behind express.raw(),
// with no parser at all, and (by mistake) behind express.json(), which must be a clear failure
// the service retries, not a request that hangs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  createSessionKeyNodeHandler,
  createWebhookNodeHandler,
  signWebhookPayload,
  type WebhookEvent,
} from '../../src/server/index.js';

const KEY = 'whsec_express_tests_0123456789';

const event = JSON.stringify({
  id: 'evt_express_1',
  eventType: 'Test',
  created: '2026-11-25T12:00:00.000Z',
  data: { message: 'A test event.' },
});

const received: WebhookEvent[] = [];
const failures: unknown[] = [];
const webhookRoute = createWebhookNodeHandler({
  key: KEY,
  onEvent: (verified) => void received.push(verified),
  onError: (error) => void failures.push(error),
});

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.post('/raw', express.raw({ type: 'application/json' }), webhookRoute);
  app.post('/unparsed', webhookRoute);
  app.get(
    '/session-key',
    createSessionKeyNodeHandler({
      client: {
        getSessionKey: async (customerId) => ({
          key: `key-for-${customerId}`,
          customerId,
          expiresAt: 1,
        }),
      },
      // The framework's own request type, with its helpers.
      getCustomerId: (req: express.Request) => req.get('x-customer') ?? null,
    }),
  );
  // The mistake: a JSON parser for the whole app, before the webhook route.
  app.use(express.json());
  app.post('/parsed', webhookRoute);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function deliver(path: string) {
  const signature = await signWebhookPayload(event, KEY);
  // A route that waits for a body already read would never answer: give up long before the test.
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'service-signature': signature },
    body: event,
    signal: AbortSignal.timeout(5_000),
  });
}

describe('the webhook route in Express', () => {
  it.each(['/raw', '/unparsed'])('verifies a delivery mounted at %s', async (path) => {
    received.length = 0;
    const response = await deliver(path);
    expect(response.status).toBe(200);
    expect(received.map(({ id, eventType }) => ({ id, eventType }))).toEqual([
      { id: 'evt_express_1', eventType: 'Test' },
    ]);
  });

  it('answers 500 behind express.json(), so the service retries, and says how to mount it', async () => {
    received.length = 0;
    failures.length = 0;
    const response = await deliver('/parsed');
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'internal' });
    expect(received).toEqual([]);
    expect(failures).toEqual([expect.any(ConfigError)]);
    expect((failures[0] as Error).message).toMatch(
      /express\.raw\(\{ type: 'application\/json' \}\)/,
    );
  });
});

describe('the session key route in Express', () => {
  it("reads the customer through Express's request", async () => {
    const response = await fetch(`${url}/session-key`, { headers: { 'x-customer': 'ada' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: 'key-for-ada', expiresAt: 1 });
  });
});
