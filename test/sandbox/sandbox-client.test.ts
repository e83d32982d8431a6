// createSandboxClient's clock() and advanceClock() through MSW in front of the real sandbox
// handler: the sandbox's time read and moved over HTTP, with what became due run before the
// answer; options checked before any request, an env that is not a sandbox among them; the API
// key never in an error.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_URL } from '../../src/core/config.js';
import { ConfigError, ServiceError } from '../../src/core/errors.js';
import {
  createSandbox,
  createSandboxClient,
  type Sandbox,
  type SandboxClientOptions,
} from '../../src/sandbox/index.js';
import { sandboxHandlers } from '../../src/sandbox/msw.js';
import { createMerchantClient } from '../../src/server/index.js';
import { expectSecretAbsent, recordingFetch, rejectionOf } from '../server/helpers.js';
import { payAt } from './conformance.js';

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

/** A sandbox client whose every request is written down. */
function client(options: Partial<SandboxClientOptions> = {}) {
  const recorder = recordingFetch();
  const sandboxClient = createSandboxClient({
    apiKey: sandbox.apiKey,
    fetch: recorder.fetch,
    ...options,
  });
  return { sandboxClient, sent: recorder.sent };
}

describe('clock', () => {
  it("reads the sandbox's time with the API key", async () => {
    const { sandboxClient, sent } = client();
    const { now } = await sandboxClient.clock();
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
    const { sandboxClient, sent } = client();
    expect((await sandboxClient.clock()).now.getTime()).toBe(START);
    expect(sent).toHaveLength(2);
  });
});

describe('advanceClock', () => {
  it("moves the sandbox's time and answers once what became due has run", async () => {
    const paymentId = await payAt(sandbox);
    const { sandboxClient, sent } = client();

    const { now } = await sandboxClient.advanceClock(2 * STEP_MS);

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
    const merchant = createMerchantClient({ apiKey: sandbox.apiKey, env: 'local' });
    expect(await merchant.getPayment(paymentId)).toMatchObject({ status: 'settled' });
    // Every delivery made; attempts due together are sent side by side, in no set order.
    expect([...delivered].sort()).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
    expect((await sandboxClient.clock()).now).toEqual(now);
  });

  it('moves the time by days in one call, and the moves add up', async () => {
    const { sandboxClient } = client();
    await sandboxClient.advanceClock(10 * DAY_MS);
    const { now } = await sandboxClient.advanceClock(1);
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
      const { sandboxClient, sent } = client();
      const error = await rejectionOf(sandboxClient.advanceClock(advanceMs as number));
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
    const { sandboxClient, sent } = client();
    const error = await rejectionOf(sandboxClient.advanceClock(STEP_MS));
    expect(error).toMatchObject({ constructor: ServiceError, status: 500 });
    expect(sent).toHaveLength(1);
  });

  it('says the API key was rejected, without the key', async () => {
    const wrongKey = 'sk_sandbox_not_this_merchant_0000';
    const { sandboxClient } = client({ apiKey: wrongKey });
    const error = await rejectionOf(sandboxClient.advanceClock(STEP_MS));
    expect(error).toMatchObject({ constructor: ServiceError, status: 401 });
    expect((error as Error).message).toMatch(/API key was rejected/);
    expectSecretAbsent(error, wrongKey);
  });
});

describe('createSandboxClient options', () => {
  it('points env local, the default, at the sandbox command, and a baseUrl anywhere', () => {
    expect(createSandboxClient({ apiKey: sandbox.apiKey }).baseUrl).toBe(LOCAL_SANDBOX_URL);
    expect(
      createSandboxClient({ apiKey: sandbox.apiKey, baseUrl: 'http://127.0.0.1:4999/' }).baseUrl,
    ).toBe('http://127.0.0.1:4999');
  });

  it('refuses env prod, whose time is real, with a ConfigError naming env', () => {
    const error = thrownBy(() =>
      createSandboxClient({ apiKey: sandbox.apiKey, env: 'prod' as 'local' }),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ option: 'env' });
    expect((error as Error).message).toMatch(
      /^\[service-checkout\] env must be "local" .* or "sandbox" .*received "prod": the live service's time is real/,
    );
  });

  for (const [option, options, problem] of [
    ['options', undefined, /options must be an object/],
    ['apiKey', { apiKey: undefined }, /apiKey is required/],
    ['apiKey', { apiKey: 'sk_short' }, /apiKey is shorter than 16 characters/],
    ['apiKey', { apiKey: ' sk_sandbox_padded_key_0000' }, /leading or trailing whitespace/],
    ['env', { env: 'production' }, /env must be "local"/],
    ['env', { env: 42 }, /env must be "local"/],
    ['baseUrl', { baseUrl: 'ftp://sandbox.example' }, /baseUrl must be an absolute http/],
    ['fetch', { fetch: 'fetch' }, /fetch must be a function/],
  ] as const) {
    it(`refuses a bad ${option} with a ConfigError naming it`, () => {
      const given = options && { apiKey: sandbox.apiKey, ...options };
      const error = thrownBy(() => createSandboxClient(given as unknown as SandboxClientOptions));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option, message: expect.stringMatching(problem) });
    });
  }

  it('never echoes the API key, not even one pasted into another option', () => {
    const pasted = thrownBy(() =>
      createSandboxClient({ apiKey: sandbox.apiKey, baseUrl: sandbox.apiKey }),
    );
    expect(pasted).toMatchObject({ constructor: ConfigError, option: 'baseUrl' });
    expectSecretAbsent(pasted, sandbox.apiKey);
    const padded = `${sandbox.apiKey}\n`;
    expectSecretAbsent(
      thrownBy(() => createSandboxClient({ apiKey: padded })),
      sandbox.apiKey,
    );
  });

  it('scrubs the API key from what a failing fetch threw', async () => {
    const { sandboxClient } = client({
      fetch: async (url, init) => {
        throw new Error(`refused ${url} with ${new Headers(init.headers).get('authorization')}`);
      },
    });
    const error = await rejectionOf(sandboxClient.advanceClock(STEP_MS));
    expect(error).toMatchObject({ name: 'NetworkError' });
    expect((error as Error).message).toMatch(/refused .* with \[redacted\]/);
    expectSecretAbsent(error, sandbox.apiKey);
  });

  it('shows no key through inspect, JSON or its properties', () => {
    const { sandboxClient } = client();
    expectSecretAbsent(sandboxClient, sandbox.apiKey);
    expect(Object.keys(sandboxClient).sort()).toEqual(['advanceClock', 'baseUrl', 'clock']);
  });

  it('reads a hosted sandbox (env "sandbox") at its baseUrl', async () => {
    const { sandboxClient } = client({ env: 'sandbox', baseUrl: LOCAL_SANDBOX_URL });
    expect((await sandboxClient.clock()).now.getTime()).toBe(START);
  });
});

/** What `run` threw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
