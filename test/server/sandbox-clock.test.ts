// merchant.sandbox.clock() and advanceClock() through MSW in front of the real sandbox handler:
// the sandbox's time read and moved over HTTP, with what became due run before the answer, and
// refused before any request on a client whose env is not a sandbox.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import { ConfigError, ServiceError, type MerchantClientOptions } from '../../src/server/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { payAt } from '../sandbox/conformance.js';
import { expectSecretAbsent, recordingClient, rejectionOf } from './helpers.js';

const STEP_MS = 1_000;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-11-25T10:00:00.000Z');
const CLOCK_URL = `${LOCAL_SANDBOX_URL}/api/sandbox/clock`;

// A fresh sandbox per test: its time never moves back, not even on reset().
let sandbox: Sandbox;
let delivered: string[];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  delivered = [];
  sandbox = createSandbox({
    now: () => START,
    settleStepMs: STEP_MS,
    webhookUrl: 'https://shop.example/webhooks',
    webhookFetch: async (_url, init) => {
      delivered.push(JSON.parse(String(init.body)).eventType);
      return new Response('ok');
    },
  });
  server.use(...sandboxHandlers(sandbox));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = (options: Partial<MerchantClientOptions> = {}) =>
  recordingClient({ apiKey: sandbox.apiKey, ...options });

describe('merchant.sandbox.clock', () => {
  it("reads the sandbox's time with the API key", async () => {
    const { merchant, sent } = client();
    const { now } = await merchant.sandbox.clock();
    expect(now).toBeInstanceOf(Date);
    expect(now.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(sent).toMatchObject([
      { method: 'GET', url: CLOCK_URL, headers: { authorization: sandbox.apiKey } },
    ]);
  });

  it('retries a 5xx, as every read does', async () => {
    let failures = 1;
    server.use(
      http.get(
        CLOCK_URL,
        () =>
          failures-- > 0
            ? HttpResponse.json({ message: 'Down.', code: 'internal' }, { status: 503 })
            : undefined, // on to the sandbox
      ),
    );
    const { merchant, sent } = client();
    expect((await merchant.sandbox.clock()).now.getTime()).toBe(START);
    expect(sent).toHaveLength(2);
  });
});

describe('merchant.sandbox.advanceClock', () => {
  it("moves the sandbox's time and answers once what became due has run", async () => {
    const paymentId = await payAt(sandbox);
    const { merchant, sent } = client();

    const { now } = await merchant.sandbox.advanceClock(2 * STEP_MS);

    expect(now.getTime()).toBe(START + 2 * STEP_MS);
    expect(sent).toMatchObject([
      {
        method: 'POST',
        url: CLOCK_URL,
        headers: { authorization: sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 2 * STEP_MS }),
      },
    ]);
    // Already run when the answer came: no runDue, no waiting.
    expect(await merchant.getPayment(paymentId)).toMatchObject({ status: 'settled' });
    // Every delivery made; attempts due together are sent side by side, in no set order.
    expect([...delivered].sort()).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
    expect((await merchant.sandbox.clock()).now).toEqual(now);
  });

  it('moves the time by days in one call, and the moves add up', async () => {
    const { merchant } = client();
    await merchant.sandbox.advanceClock(10 * DAY_MS);
    const { now } = await merchant.sandbox.advanceClock(1);
    expect(now.toISOString()).toBe('2026-12-05T10:00:00.001Z');
  });

  for (const [what, advanceMs, problem] of [
    ['zero', 0, /advanceMs must be from 1 to 34560000000 \(400 days\): time only moves forward/],
    ['a negative move', -DAY_MS, /time only moves forward/],
    ['a fraction', 1.5, /advanceMs must be an integer/],
    ['more than 400 days', 401 * DAY_MS, /400 days/],
    ['not a number', '1000', /advanceMs must be a number/],
    ['NaN', Number.NaN, /advanceMs/],
  ] as const) {
    it(`refuses ${what} with a ConfigError naming advanceMs, sending nothing`, async () => {
      const { merchant, sent } = client();
      const error = await rejectionOf(merchant.sandbox.advanceClock(advanceMs as number));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'advanceMs', message: expect.stringMatching(problem) });
      expect(sent).toEqual([]);
    });
  }

  it('is never retried: a repeat would move the time twice', async () => {
    server.use(
      http.post(CLOCK_URL, () =>
        HttpResponse.json({ message: 'Down.', code: 'internal' }, { status: 500 }),
      ),
    );
    const { merchant, sent } = client();
    const error = await rejectionOf(merchant.sandbox.advanceClock(STEP_MS));
    expect(error).toMatchObject({ constructor: ServiceError, status: 500 });
    expect(sent).toHaveLength(1);
  });

  it('says the API key was rejected, without the key', async () => {
    const wrongKey = 'sk_sandbox_not_this_merchant_0000';
    const { merchant } = client({ apiKey: wrongKey });
    const error = await rejectionOf(merchant.sandbox.advanceClock(STEP_MS));
    expect(error).toMatchObject({ constructor: ServiceError, status: 401 });
    expect((error as Error).message).toMatch(/API key was rejected/);
    expectSecretAbsent(error, wrongKey);
  });
});

describe('a client whose env is not a sandbox', () => {
  it('refuses the sandbox calls with a ConfigError naming env, before any request', async () => {
    const { merchant, sent } = client({ env: 'prod', baseUrl: LOCAL_SANDBOX_URL });
    for (const call of [() => merchant.sandbox.clock(), () => merchant.sandbox.advanceClock(1)]) {
      const error = await rejectionOf(call());
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'env' });
      expect((error as Error).message).toMatch(
        /^\[service-checkout\] merchant\.sandbox\.(clock|advanceClock) works only against a sandbox \(env "local" or "sandbox"\)/,
      );
    }
    expect(sent).toEqual([]);
    // The rest of the client is unaffected.
    await expect(merchant.getPayment('pay_missing')).rejects.toMatchObject({ status: 404 });
  });

  it('allows them on env "sandbox", the hosted sandbox, at its baseUrl', async () => {
    const { merchant } = client({ env: 'sandbox', baseUrl: LOCAL_SANDBOX_URL });
    expect((await merchant.sandbox.clock()).now.getTime()).toBe(START);
  });
});
