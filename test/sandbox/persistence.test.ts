// @vitest-environment node
// The sandbox's state across a restart: a snapshot of plain JSON that a new sandbox starts
// from, and the Node server's data directory that keeps it in a file. Time moves by a test
// clock and runDue(); nothing here waits for real time.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { ConfigError } from '../../src/core/errors.js';
import { HEADER } from '../../src/core/headers.js';
import {
  createSandbox,
  DEFAULT_API_KEY,
  LATE_RETURN_DELAY_MS,
  MAGIC_AMOUNTS,
  SANDBOX_STATE_VERSION,
  type Sandbox,
  type SandboxOptions,
  type SandboxState,
} from '../../src/sandbox/index.js';
import {
  SandboxDataError,
  startSandboxServer,
  type SandboxServer,
  type SandboxServerOptions,
} from '../../src/sandbox/node-server.js';

const START = Date.parse('2026-11-24T10:00:00.000Z');
const STEP_MS = 1_000;
const WEBHOOK_URL = 'http://127.0.0.1:9/hooks';

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** A clock the test moves. */
function testClock() {
  let time = START;
  return {
    now: () => time,
    move: (ms: number) => {
      time += ms;
    },
  };
}

/**
 * Options on the test's clock whose webhooks are answered with `status()` and recorded, by
 * event type, in `received`.
 */
function recordingWebhooks(clock: ReturnType<typeof testClock>, status = () => 200) {
  const received: string[] = [];
  const options: SandboxOptions = {
    now: clock.now,
    settleStepMs: STEP_MS,
    webhookUrl: WEBHOOK_URL,
    webhookFetch: async (_url, init) => {
      received.push((JSON.parse(String(init.body)) as { eventType: string }).eventType);
      return new Response('', { status: status() });
    },
  };
  return { options, received };
}

const inProcess =
  (sandbox: Sandbox): Send =>
  (path, init) =>
    sandbox.handle(new Request(`http://sandbox.test${path}`, init));

const overHttp =
  (server: SandboxServer): Send =>
  (path, init) =>
    fetch(`${server.url}${path}`, init);

/** A route that takes the API key only, as a merchant's server calls it. */
const withdrawals = (send: Send, apiKey: string) =>
  send('/api/merchant/withdraws', { headers: { [HEADER.apiKey]: apiKey } });

const PURCHASE = {
  subtotal: { cents: 1999, currency: 'USD' },
  settlementType: 'USDC',
  webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
  email: 'alice@example.com',
} as const;

/** Pays as a page does: a session key, the customer's first account, then the checkout. */
async function purchase(
  send: Send,
  options: {
    apiKey?: string;
    merchantId?: string;
    customerId?: string;
    idempotencyKey?: string;
    body?: Record<string, unknown>;
  } = {},
): Promise<Response> {
  const { apiKey = DEFAULT_API_KEY, customerId = 'alice' } = options;
  const minted = await send('/api/auth/session-key', {
    headers: { [HEADER.apiKey]: apiKey, [HEADER.userId]: customerId },
  });
  const { key } = (await minted.json()) as { key: string };
  const read = await send('/api/customer/v2', { headers: { [HEADER.sessionKey]: key } });
  const { customer } = (await read.json()) as { customer: { bankAccounts: { token: string }[] } };
  return send(`/api/checkout/ach/${options.merchantId ?? 'merchant_sandbox'}`, {
    method: 'POST',
    headers: {
      [HEADER.sessionKey]: key,
      'content-type': 'application/json',
      ...(options.idempotencyKey && { [HEADER.idempotencyKey]: options.idempotencyKey }),
    },
    body: JSON.stringify({
      ...PURCHASE,
      token: customer.bankAccounts[0]!.token,
      ...options.body,
    }),
  });
}

async function paymentIdOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentId: string }).paymentId;
}

async function paymentStatus(send: Send, paymentId: string): Promise<string> {
  const response = await send(`/api/merchant/payments/${paymentId}`, {
    headers: { [HEADER.apiKey]: DEFAULT_API_KEY },
  });
  return ((await response.json()) as { payment: { status: string } }).payment.status;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const AUTHORIZATION = {
  text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99.',
  acceptedAt: '2026-11-24T09:59:58.120Z',
  locale: 'en-US',
};

/** A sandbox that has seen one of everything it keeps. */
async function busySandbox(options: SandboxOptions) {
  const sandbox = createSandbox({ ...options, webhookUrl: WEBHOOK_URL });
  const send = inProcess(sandbox);
  const billing = sandbox.createApiKey('Billing');
  const old = sandbox.createApiKey('Old deploy');
  sandbox.revokeApiKey(old.key.id);
  expect((await withdrawals(send, billing.secret)).status).toBe(200);
  sandbox.regenerateWebhookKey();

  const aliceKey = await sandbox.mintSessionKey('alice');
  await sandbox.mintSessionKey('test_decline_dana');
  sandbox.updateCustomer('test_decline_dana', { blocked: true, chargebackProtection: true });
  await sandbox.mintSessionKey('test_no_bank_nico');
  const linked = sandbox.addBankAccount('test_no_bank_nico', { alias: 'Linked checking' });
  await send('/api/auth/session-key', {
    headers: {
      [HEADER.apiKey]: DEFAULT_API_KEY,
      [HEADER.userId]: 'wally',
      [HEADER.blockchain]: 'solana',
      [HEADER.wallet]: 'So1anaWa11et',
    },
  });
  await send('/api/events', {
    method: 'POST',
    headers: { [HEADER.apiKey]: DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ eventType: 'SignIn', customerId: 'alice' }),
  });

  const replayable = await paymentIdOf(
    await purchase(send, { idempotencyKey: 'order-1', body: { authorization: AUTHORIZATION } }),
  );
  const paidToken = await sandbox.mintCheckoutToken({ ...PURCHASE, customerId: 'alice' });
  await paymentIdOf(await purchase(send, { body: { jwtToken: paidToken } }));
  const unusedToken = await sandbox.mintCheckoutToken({ ...PURCHASE, customerId: 'alice' });
  await sandbox.runDue();
  sandbox.sendTestWebhook();
  await sandbox.runDue();
  return { sandbox, billing, old, aliceKey, replayable, paidToken, unusedToken, linked };
}

describe('a snapshot of the sandbox', () => {
  it('restores every kept thing, through JSON', async () => {
    const clock = testClock();
    const options = {
      now: clock.now,
      settleStepMs: STEP_MS,
      webhookFetch: async () => new Response('ok'),
    };
    const { sandbox: original, ...made } = await busySandbox(options);
    const state = await original.snapshot();
    expect(state.version).toBe(SANDBOX_STATE_VERSION);

    const restored = createSandbox({ ...options, state: JSON.parse(JSON.stringify(state)) });
    expect(await restored.snapshot()).toEqual(state);
    expect(restored.merchantId).toBe(original.merchantId);
    expect(restored.apiKeys).toEqual(original.apiKeys);
    expect(restored.webhookUrl).toBe(WEBHOOK_URL);
    expect(restored.webhookKey).toBe(original.webhookKey);
    expect(restored.customers).toEqual(original.customers);
    expect(restored.customers.find((customer) => customer.customerId === 'wally')).toMatchObject({
      blockchain: 'solana',
      wallet: 'So1anaWa11et',
    });
    expect(restored.events).toEqual(original.events);
    expect(restored.payments).toEqual(original.payments);
    expect(restored.deliveries).toEqual(original.deliveries);
    expect(restored.withdrawals).toEqual(original.withdrawals);

    // What was issued before still works, and what was used stays used.
    const send = inProcess(restored);
    expect((await withdrawals(send, made.billing.secret)).status).toBe(200);
    expect((await withdrawals(send, made.old.secret)).status).toBe(401);
    const read = await send('/api/customer/v2', {
      headers: { [HEADER.sessionKey]: made.aliceKey },
    });
    expect(read.status).toBe(200);
    const replay = await purchase(send, {
      idempotencyKey: 'order-1',
      body: { authorization: AUTHORIZATION },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await paymentIdOf(replay)).toBe(made.replayable);
    // The debit authorization the payer accepted is kept whole with its payment.
    expect(
      restored.payments.find((payment) => payment.paymentId === made.replayable)?.authorization,
    ).toEqual({
      ...AUTHORIZATION,
      textSha256: sha256Hex(AUTHORIZATION.text),
      recordedAt: new Date(START).toISOString(),
      remoteAddress: null,
      userAgent: null,
    });
    expect((await purchase(send, { body: { jwtToken: made.paidToken } })).status).toBe(409);
    await paymentIdOf(await purchase(send, { body: { jwtToken: made.unusedToken } }));
    const blocked = await purchase(send, { customerId: 'test_decline_dana' });
    expect(blocked.status).toBe(423);
    // An account added to a customer who started with none is still theirs, and pays.
    const fromLinked = await paymentIdOf(await purchase(send, { customerId: 'test_no_bank_nico' }));
    expect(restored.payments.find((payment) => payment.paymentId === fromLinked)?.token).toBe(
      made.linked.token,
    );
    // A new one gets a token of its own.
    expect(restored.addBankAccount('test_no_bank_nico').token).not.toBe(made.linked.token);
    // A new event gets a new id: receivers deduplicate on it.
    const test = restored.sendTestWebhook();
    expect(original.deliveries.map((delivery) => delivery.eventId)).not.toContain(test.eventId);
    expect(original.deliveries.map((delivery) => delivery.id)).not.toContain(test.id);
  });

  it('holds API keys as SHA-256 digests, never the keys', async () => {
    const sandbox = createSandbox();
    const { secret } = sandbox.createApiKey('Billing');
    const text = JSON.stringify(await sandbox.snapshot());
    expect(text).not.toContain(secret);
    expect(text).not.toContain(DEFAULT_API_KEY);
    expect(text).toContain(sha256Hex(secret));
    expect(text).toContain(sha256Hex(DEFAULT_API_KEY));
  });

  it('adds the apiKey option as "Default" only when no kept key has its digest', async () => {
    const first = createSandbox();
    first.revokeApiKey(first.apiKeys[0]!.id);
    const state = await first.snapshot();

    const again = createSandbox({ state });
    expect((await withdrawals(inProcess(again), DEFAULT_API_KEY)).status).toBe(401);
    expect(again.apiKeys).toEqual(first.apiKeys);

    const otherKey = 'sk_sandbox_another_seeded_key';
    const other = createSandbox({ state, apiKey: otherKey });
    expect((await withdrawals(inProcess(other), otherKey)).status).toBe(200);
    expect(other.apiKeys.map((key) => [key.name, key.revokedAt === null])).toEqual([
      ['Default', false],
      ['Default', true],
    ]);
  });

  it('takes jwtSecret, webhookUrl and webhookKey options over the kept ones', async () => {
    const first = createSandbox({ webhookUrl: 'http://127.0.0.1:9/a', webhookKey: 'whsec_a' });
    const keyBefore = await first.mintSessionKey('alice');
    const state = await first.snapshot();

    const kept = createSandbox({ state });
    expect([kept.webhookUrl, kept.webhookKey]).toEqual(['http://127.0.0.1:9/a', 'whsec_a']);
    const read = (sandbox: Sandbox) =>
      inProcess(sandbox)('/api/customer/v2', { headers: { [HEADER.sessionKey]: keyBefore } });
    expect((await read(kept)).status).toBe(200);

    const given = createSandbox({
      state,
      webhookUrl: 'http://127.0.0.1:9/b',
      webhookKey: 'whsec_b',
      jwtSecret: 'a secret the tests know',
    });
    expect([given.webhookUrl, given.webhookKey]).toEqual(['http://127.0.0.1:9/b', 'whsec_b']);
    expect((await read(given)).status).toBe(401);
    // The given secret is used, not kept: the state's own stays for the next start.
    expect((await given.snapshot()).secrets).toEqual(state.secrets);
  });

  it('keeps a rolled key and the one it replaced until the overlap ends, unless a key is given', async () => {
    const clock = testClock();
    const signatures: string[] = [];
    const options: SandboxOptions = {
      now: clock.now,
      webhookUrl: WEBHOOK_URL,
      webhookFetch: async (_url, init) => {
        signatures.push(new Headers(init.headers).get('service-signature')!);
        return new Response('ok');
      },
    };
    const first = createSandbox(options);
    const oldKey = first.webhookKey;
    const newKey = first.rollWebhookKey();
    const state = JSON.parse(JSON.stringify(await first.snapshot())) as SandboxState;
    expect(JSON.stringify(state)).toContain(oldKey);

    const restored = createSandbox({ ...options, state });
    expect(restored.webhookKey).toBe(newKey);
    expect(restored.previousWebhookKey).toEqual(first.previousWebhookKey);
    restored.sendTestWebhook();
    await restored.runDue();
    expect(signatures.at(-1)!.match(/v1=/g)).toHaveLength(2);
    clock.move(86_400_000);
    restored.sendTestWebhook();
    await restored.runDue();
    expect(signatures.at(-1)!.match(/v1=/g)).toHaveLength(1);

    // A key given at start replaces the kept one at once, as it always did: no overlap.
    const given = createSandbox({ ...options, state, webhookKey: 'whsec_given' });
    expect([given.webhookKey, given.previousWebhookKey]).toEqual(['whsec_given', undefined]);
  });

  it('continues a payment mid-way, and a delivery still to retry, once the clock moves', async () => {
    const clock = testClock();
    let answer = 500;
    const { options, received } = recordingWebhooks(clock, () => answer);
    const original = createSandbox(options);
    const paymentId = await paymentIdOf(await purchase(inProcess(original)));
    clock.move(STEP_MS);
    await original.runDue();
    expect(original.payments[0]!.status).toBe('batched');
    expect(original.deliveries.map((delivery) => delivery.state)).toEqual(['pending', 'pending']);

    const restored = createSandbox({ ...options, state: await original.snapshot() });
    answer = 200;
    clock.move(STEP_MS);
    await restored.runDue();
    expect(await paymentStatus(inProcess(restored), paymentId)).toBe('settled');
    expect(restored.payments[0]!.history.map((step) => step.status)).toEqual([
      'pending',
      'batched',
      'settled',
    ]);
    clock.move(60_000);
    await restored.runDue();
    expect(restored.deliveries.map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(received.slice(-3).sort()).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
  });

  it('loads a state that version 1 wrote, and carries on from it', async () => {
    const clock = testClock();
    const options = { now: clock.now, settleStepMs: STEP_MS };
    const original = createSandbox(options);
    const paymentId = await paymentIdOf(await purchase(inProcess(original)));
    await original.mintSessionKey('test_no_bank_nico');
    original.addBankAccount('test_no_bank_nico');
    // Version 1 had the same fields, without the clock's offset and the refunds' keys.
    const { refundKeys: _refundKeys, clock: _clock, ...current } = await original.snapshot();
    const written = JSON.parse(JSON.stringify({ ...current, version: 1 })) as unknown;

    const restored = createSandbox({ ...options, state: written as SandboxState });
    const state = await restored.snapshot();
    expect(state).toMatchObject({ version: SANDBOX_STATE_VERSION, refundKeys: [] });
    expect(state.clock).toEqual({ offsetMs: 0 });
    expect(restored.payments).toEqual(original.payments);
    expect(restored.customers).toEqual(original.customers);
    await paymentIdOf(await purchase(inProcess(restored), { customerId: 'test_no_bank_nico' }));
    clock.move(2 * STEP_MS);
    await restored.runDue();
    expect(await paymentStatus(inProcess(restored), paymentId)).toBe('settled');
  });

  it('loads the payments of a version 6 state, which kept no authorization, with none', async () => {
    const clock = testClock();
    const options = { now: clock.now, settleStepMs: STEP_MS };
    const original = createSandbox(options);
    const paymentId = await paymentIdOf(
      await purchase(inProcess(original), { body: { authorization: AUTHORIZATION } }),
    );
    const state = await original.snapshot();
    expect(SANDBOX_STATE_VERSION).toBeGreaterThan(6);
    const v6 = {
      ...state,
      version: 6,
      payments: state.payments.map(({ authorization: _authorization, ...payment }) => payment),
    };

    const restored = createSandbox({ ...options, state: v6 as unknown as SandboxState });
    expect(restored.payments.map((payment) => payment.authorization)).toEqual([null]);
    expect((await restored.snapshot()).version).toBe(SANDBOX_STATE_VERSION);
    clock.move(2 * STEP_MS);
    await restored.runDue();
    expect(await paymentStatus(inProcess(restored), paymentId)).toBe('settled');
  });

  it('keeps a digest of each idempotent purchase, not its body, and replays one version 5 kept whole', async () => {
    const clock = testClock();
    const options = { now: clock.now, settleStepMs: STEP_MS };
    const original = createSandbox(options);
    const send = inProcess(original);
    const paid = await paymentIdOf(await purchase(send, { idempotencyKey: 'order-1' }));
    const state = await original.snapshot();
    const [kept] = state.idempotency;
    expect(kept?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(state.idempotency)).not.toContain(PURCHASE.email);

    // Version 5 kept the canonical body itself: the same body still replays, another conflicts.
    const v5Fingerprint = canonicalJson({ ...PURCHASE, token: original.payments[0]!.token });
    const restored = createSandbox({
      ...options,
      state: {
        ...state,
        version: 5,
        idempotency: [{ ...kept!, fingerprint: v5Fingerprint }],
      } as unknown as SandboxState,
    });
    const again = inProcess(restored);
    const replay = await purchase(again, { idempotencyKey: 'order-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await paymentIdOf(replay)).toBe(paid);
    const other = await purchase(again, {
      idempotencyKey: 'order-1',
      body: { subtotal: { cents: 1, currency: 'USD' } },
    });
    expect(other.status).toBe(409);
  });

  it('loads a version 3 state kept before events were, and numbers new events after its own', async () => {
    const clock = testClock();
    const options = { now: clock.now, settleStepMs: STEP_MS };
    const original = createSandbox(options);
    await paymentIdOf(await purchase(inProcess(original)));
    const { webhookEvents, ...older } = await original.snapshot();
    expect(webhookEvents).toHaveLength(1);

    const restored = createSandbox({
      ...options,
      state: { ...older, version: 3 } as unknown as SandboxState,
    });
    const feed = () =>
      inProcess(restored)('/api/merchant/events', {
        headers: { [HEADER.apiKey]: DEFAULT_API_KEY },
      }).then((response) => response.json() as Promise<{ events: { id: string }[] }>);
    expect((await feed()).events).toEqual([]);
    await paymentIdOf(await purchase(inProcess(restored)));
    const [event] = (await feed()).events;
    expect(event!.id).not.toBe(webhookEvents[0]!.event.id);
    expect((await restored.snapshot()).webhookEvents.map((entry) => entry.number)).toEqual([2]);

    const shuffled = { ...(await restored.snapshot()) };
    shuffled.webhookEvents = [
      { ...shuffled.webhookEvents[0]!, number: 5 },
      { ...shuffled.webhookEvents[0]!, number: 4 },
    ];
    expect(() => createSandbox({ state: shuffled })).toThrow(/webhookEvents/);
  });

  it('gives an added bank account a token of its own, even in a state a person edited', async () => {
    const first = createSandbox();
    await first.mintSessionKey('alice');
    const state = await first.snapshot();
    // Someone took the first of alice's two accounts out of the file.
    state.customers[0]!.record.bankAccounts.shift();
    const edited = createSandbox({ state });
    const [kept] = edited.customers[0]!.bankAccounts;
    const added = edited.addBankAccount('alice');
    expect(added.token).not.toBe(kept!.token);
    expect(edited.customers[0]!.bankAccounts).toEqual([kept, added]);
  });

  it('keeps deliveries by their event, and lets go of one whose event a person took out', async () => {
    const clock = testClock();
    const { options, received } = recordingWebhooks(clock, () => 500);
    const original = createSandbox(options);
    await paymentIdOf(await purchase(inProcess(original)));
    await original.runDue();
    const state = await original.snapshot();
    // Kept once, in the event log: the delivery names it.
    expect(state.deliveries.map((delivery) => 'body' in delivery)).toEqual([false]);
    expect(state.deliveries[0]!.eventId).toBe(state.webhookEvents[0]!.event.id);
    state.webhookEvents = [];

    const edited = createSandbox({ ...options, state });
    expect(edited.deliveries).toEqual([]);
    clock.move(60_000);
    await edited.runDue();
    // Not retried: only the payment's next steps are delivered (in no set order).
    expect([...received].sort()).toEqual(['ACH Batched', 'ACH Initiated', 'Settled']);
  });

  it('keeps a refund: a pending payment refunded before a restart never settles after it', async () => {
    const clock = testClock();
    const { options, received } = recordingWebhooks(clock);
    const original = createSandbox(options);
    const send = inProcess(original);
    const paymentId = await paymentIdOf(await purchase(send));
    const refund = (to: Send, idempotencyKey: string) =>
      to(`/api/merchant/payments/${paymentId}/refund`, {
        method: 'POST',
        headers: { [HEADER.apiKey]: DEFAULT_API_KEY, [HEADER.idempotencyKey]: idempotencyKey },
      });
    expect((await refund(send, 'refund-1')).status).toBe(200);
    await original.runDue();

    const restored = createSandbox({
      ...options,
      state: JSON.parse(JSON.stringify(await original.snapshot())) as SandboxState,
    });
    clock.move(5 * STEP_MS);
    await restored.runDue();
    const again = inProcess(restored);
    expect(await paymentStatus(again, paymentId)).toBe('refunded');
    expect(restored.payments[0]!.history.map((step) => step.status)).toEqual([
      'pending',
      'refunded',
    ]);
    // Deliveries go out side by side, in no guaranteed order.
    expect(received.sort()).toEqual(['ACH Initiated', 'Refunded']);
    // The refund's key is kept too: a retry after the restart is a replay, not a 409.
    const replay = await refund(again, 'refund-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('returns a 1010 payment settled before a restart ten days after it settled', async () => {
    const clock = testClock();
    const { options, received } = recordingWebhooks(clock);
    const original = createSandbox(options);
    const paymentId = await paymentIdOf(
      await purchase(inProcess(original), {
        body: { subtotal: { cents: MAGIC_AMOUNTS.returnedAfterSettling, currency: 'USD' } },
      }),
    );
    clock.move(2 * STEP_MS);
    await original.runDue();
    const { settledAt } = original.payments[0]!;
    expect(original.payments[0]!.status).toBe('settled');

    const restored = createSandbox({
      ...options,
      state: JSON.parse(JSON.stringify(await original.snapshot())) as SandboxState,
    });
    clock.move(LATE_RETURN_DELAY_MS - 1);
    await restored.runDue();
    expect(await paymentStatus(inProcess(restored), paymentId)).toBe('settled');
    clock.move(1);
    await restored.runDue();
    expect(restored.payments[0]).toMatchObject({
      status: 'returned',
      returnCode: 'R10',
      settledAt,
      returnedAt: new Date(Date.parse(settledAt!) + LATE_RETURN_DELAY_MS).toISOString(),
    });
    expect(received.slice(-1)).toEqual(['ACH Returned']);
  });

  it("keeps the time the sandbox's clock was moved to: it never moves back", async () => {
    const clock = testClock();
    const original = createSandbox({ now: clock.now });
    const moved = await original.handle(
      new Request('http://sandbox.test/api/sandbox/clock', {
        method: 'POST',
        headers: { [HEADER.apiKey]: DEFAULT_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: 86_400_000 }),
      }),
    );
    const { now } = (await moved.json()) as { now: string };
    expect(now).toBe(new Date(START + 86_400_000).toISOString());

    const restored = createSandbox({ now: clock.now, state: await original.snapshot() });
    const read = await inProcess(restored)('/api/sandbox/clock', {
      headers: { [HEADER.apiKey]: DEFAULT_API_KEY },
    });
    expect(await read.json()).toEqual({ now });
  });

  it('refuses a state that does not parse, a newer one, and one of another merchant', async () => {
    const state = await createSandbox().snapshot();
    const broken = { ...state, payments: [{ paymentId: 7 }] } as unknown as SandboxState;
    expect(() => createSandbox({ state: broken })).toThrow(ConfigError);
    expect(() => createSandbox({ state: broken })).toThrow(/state.*payments\.0/);
    const newer = { ...state, version: SANDBOX_STATE_VERSION + 1 } as unknown as SandboxState;
    expect(() => createSandbox({ state: newer })).toThrow(/state.*version/);
    expect(() => createSandbox({ state, merchantId: 'merchant_other' })).toThrow(
      /merchant_sandbox/,
    );
  });

  it('tells its caller after a request, a dashboard action and a step on the clock', async () => {
    const clock = testClock();
    let changes = 0;
    const sandbox = createSandbox({
      now: clock.now,
      settleStepMs: STEP_MS,
      onChange: () => changes++,
    });
    const counted = async (act: () => unknown) => {
      changes = 0;
      await act();
      return changes;
    };
    expect(await counted(() => purchase(inProcess(sandbox)))).toBeGreaterThan(0);
    expect(await counted(() => sandbox.createApiKey('Billing'))).toBeGreaterThan(0);
    expect(await counted(() => sandbox.updateCustomer('alice', { blocked: true }))).toBeGreaterThan(
      0,
    );
    clock.move(STEP_MS);
    expect(await counted(() => sandbox.runDue())).toBeGreaterThan(0);
  });
});

describe('the Node server with a data directory', () => {
  const dirs: string[] = [];
  const servers: SandboxServer[] = [];

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function dataDir(): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'sandbox-persist-'));
    dirs.push(root);
    // A directory that does not exist yet: the server makes it.
    return join(root, 'data');
  }

  async function start(options: SandboxServerOptions): Promise<SandboxServer> {
    const server = await startSandboxServer({ port: 0, ...options });
    servers.push(server);
    return server;
  }

  async function restart(server: SandboxServer, options: SandboxServerOptions) {
    servers.splice(servers.indexOf(server), 1);
    await server.close();
    return start(options);
  }

  it('keeps a key made before a restart working, and a revoked one refused', async () => {
    const dir = await dataDir();
    const first = await start({ dataDir: dir });
    const kept = first.sandbox.createApiKey('Billing');
    const revoked = first.sandbox.createApiKey('Old deploy');
    first.sandbox.revokeApiKey(revoked.key.id);

    const second = await restart(first, { dataDir: dir });
    expect((await withdrawals(overHttp(second), kept.secret)).status).toBe(200);
    expect((await withdrawals(overHttp(second), revoked.secret)).status).toBe(401);
    expect((await withdrawals(overHttp(second), DEFAULT_API_KEY)).status).toBe(200);
    expect(second.sandbox.apiKeys.map((key) => key.name)).toEqual([
      'Default',
      'Billing',
      'Old deploy',
    ]);
  });

  it('settles a payment that was mid-way when the server stopped, once the clock moves', async () => {
    const dir = await dataDir();
    const clock = testClock();
    const options = { dataDir: dir, now: clock.now, settleStepMs: STEP_MS };
    const first = await start(options);
    const paymentId = await paymentIdOf(await purchase(overHttp(first)));
    clock.move(STEP_MS);
    await first.sandbox.runDue();
    expect(await paymentStatus(overHttp(first), paymentId)).toBe('batched');

    const second = await restart(first, options);
    expect(await paymentStatus(overHttp(second), paymentId)).toBe('batched');
    clock.move(STEP_MS);
    await second.sandbox.runDue();
    expect(await paymentStatus(overHttp(second), paymentId)).toBe('settled');
  });

  it('keeps a rolled key, the events feed and a settled 1010 payment in state.json across a restart', async () => {
    const dir = await dataDir();
    const clock = testClock();
    const signatures: string[] = [];
    const options: SandboxServerOptions = {
      dataDir: dir,
      now: clock.now,
      settleStepMs: STEP_MS,
      webhookUrl: WEBHOOK_URL,
      webhookFetch: async (_url, init) => {
        signatures.push(new Headers(init.headers).get('service-signature')!);
        return new Response('ok');
      },
    };
    const events = (server: SandboxServer, query = '') =>
      overHttp(server)(`/api/merchant/events${query}`, {
        headers: { [HEADER.apiKey]: DEFAULT_API_KEY },
      }).then((response) => response.json() as Promise<{ events: { id: string }[] }>);
    const first = await start(options);
    const paymentId = await paymentIdOf(
      await purchase(overHttp(first), {
        body: { subtotal: { cents: MAGIC_AMOUNTS.returnedAfterSettling, currency: 'USD' } },
      }),
    );
    clock.move(2 * STEP_MS);
    await first.sandbox.runDue();
    const rolled = await overHttp(first)('/api/merchant/webhook-key/roll', {
      method: 'POST',
      headers: { [HEADER.apiKey]: DEFAULT_API_KEY },
    });
    const { key } = (await rolled.json()) as { key: string };
    const before = (await events(first)).events;
    expect(before).toHaveLength(3);
    const previous = first.sandbox.previousWebhookKey;
    expect(previous).toBeDefined();

    const second = await restart(first, options);
    expect(second.sandbox.webhookKey).toBe(key);
    expect(second.sandbox.previousWebhookKey).toEqual(previous);
    expect((await events(second)).events).toEqual(before);
    clock.move(LATE_RETURN_DELAY_MS);
    await second.sandbox.runDue();
    expect(await paymentStatus(overHttp(second), paymentId)).toBe('returned');
    const after = (await events(second, `?after=${before[2]!.id}`)).events;
    expect(after).toHaveLength(1);
    // Ten days after the roll, the old key has long stopped signing.
    expect(signatures.at(-1)!.match(/v1=/g)).toHaveLength(1);
  });

  it('writes state.json readable by its owner only, in a private directory, with no temp file left', async () => {
    const dir = await dataDir();
    const server = await start({ dataDir: dir, consoleToken: 'console-token-not-kept' });
    const { secret } = server.sandbox.createApiKey('Billing');
    await Promise.all(Array.from({ length: 20 }, () => withdrawals(overHttp(server), secret)));
    servers.splice(servers.indexOf(server), 1);
    await server.close();

    expect(await readdir(dir)).toEqual(['state.json']);
    expect((await stat(join(dir, 'state.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const text = await readFile(join(dir, 'state.json'), 'utf8');
    expect((JSON.parse(text) as SandboxState).version).toBe(SANDBOX_STATE_VERSION);
    for (const secretText of [secret, DEFAULT_API_KEY, 'console-token-not-kept']) {
      expect(text).not.toContain(secretText);
    }
    expect(text).toContain(sha256Hex(secret));
  });

  it.each([
    ['is not JSON', '{"version": 1, "merch', /is not valid JSON/],
    ['is from a newer sandbox', JSON.stringify({ version: 99, future: true }), /newer/],
    ['is not a sandbox state', JSON.stringify({ version: 1, payments: 'none' }), /does not hold/],
  ])(
    'refuses to start when state.json %s, naming it and leaving it as it was',
    async (_, bytes, problem) => {
      const dir = await dataDir();
      await mkdir(dir, { recursive: true });
      const file = join(dir, 'state.json');
      await writeFile(file, bytes);

      const error = (await startSandboxServer({ port: 0, dataDir: dir }).catch(
        (caught: unknown) => caught,
      )) as SandboxDataError;
      expect(error).toBeInstanceOf(SandboxDataError);
      expect(error.file).toBe(file);
      expect(error.message).toContain(file);
      expect(error.message).toMatch(problem);
      expect(error.message).toMatch(/move it aside.*SANDBOX_DATA_DIR/);
      expect(await readFile(file, 'utf8')).toBe(bytes);
      expect(await readdir(dir)).toEqual(['state.json']);
    },
  );

  it('refuses to start when state.json cannot be read', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'state.json'), { recursive: true });
    const error = await startSandboxServer({ port: 0, dataDir: dir }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as SandboxDataError).message).toContain(join(dir, 'state.json'));
  });

  it('refuses a data directory kept for another merchant', async () => {
    const dir = await dataDir();
    await restart(await start({ dataDir: dir }), { dataDir: dir });
    const error = await startSandboxServer({
      port: 0,
      dataDir: dir,
      merchantId: 'merchant_other',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxDataError);
    expect((error as SandboxDataError).message).toMatch(/merchant_sandbox.*merchant_other/);
  });
});
