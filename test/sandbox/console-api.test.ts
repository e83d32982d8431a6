// The sandbox console's HTTP API, for the person running the sandbox only: the printed token, or
// a one-time code, opens a session, and every API call needs that session and a header no
// cross-site form sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { createConsoleApi, CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import type { ConsoleCustomer } from '../../src/sandbox/console/contract.js';
import type { BankAccount } from '../../src/core/schemas.js';
import { createSandbox, MAGIC, WEB_DEBIT_RETURN_CODES } from '../../src/sandbox/index.js';
import { checkoutBody, payAt } from './conformance.js';

const ORIGIN = 'http://127.0.0.1:4010';
const TOKEN = 'console-token-0123456789abcdef';

/** A sandbox and its console; with `now`, on that clock instead of the real one. */
function setup(now?: () => number) {
  const sandbox = createSandbox({ webhookUrl: 'http://127.0.0.1:9/hooks', now });
  const api = createConsoleApi(sandbox, { token: TOKEN });
  return { sandbox, api };
}

/** Opens a console session with the printed address; the cookie it sets. */
async function signIn(api: ReturnType<typeof createConsoleApi>): Promise<string> {
  const response = await api.handle(new Request(`${ORIGIN}/console?token=${TOKEN}`));
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/console');
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  expect(cookie).not.toContain(TOKEN);
  return cookie.split(';')[0]!;
}

function call(
  api: ReturnType<typeof createConsoleApi>,
  cookie: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return api.handle(
    new Request(`${ORIGIN}/console/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        [CONSOLE_HEADER]: '1',
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

describe('who may use the console', () => {
  it('a wrong or missing token opens nothing and says where the address is', async () => {
    const { api } = setup();
    for (const url of [`${ORIGIN}/console?token=nope`, `${ORIGIN}/console`]) {
      const response = await api.handle(new Request(url));
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toContain('address the sandbox printed');
    }
  });

  it('the API refuses a call without the session, without the header, or from another site', async () => {
    const { api } = setup();
    const cookie = await signIn(api);
    expect((await call(api, '', '/keys')).status).toBe(401);
    expect((await call(api, 'sandbox_console=forged', '/keys')).status).toBe(401);
    const noHeader = await api.handle(
      new Request(`${ORIGIN}/console/api/keys`, { headers: { cookie } }),
    );
    expect(noHeader.status).toBe(403);
    const crossSite = await call(api, cookie, '/keys', {
      method: 'POST',
      body: { name: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const answer = await call(api, cookie, '/keys');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a one-time code', () => {
  afterEach(() => vi.useRealTimers());

  it('opens a session once, on a page that goes on to /console by itself', async () => {
    const { api } = setup();
    const code = api.oneTimeCode();
    const opened = await api.handle(new Request(`${ORIGIN}/console?code=${code}`));
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(code);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await opened.text();
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/console">');
    expect(html).not.toContain(code);
    expect((await call(api, cookie.split(';')[0]!, '/keys')).status).toBe(200);

    const again = await api.handle(new Request(`${ORIGIN}/console?code=${code}`));
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('used or is over a minute old');
  });

  it('opens nothing a minute after it was made, nor as a code never made', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api } = setup();
    const code = api.oneTimeCode();
    vi.setSystemTime(Date.now() + 60_000);
    for (const sent of [code, 'f'.repeat(64), '']) {
      const refused = await api.handle(new Request(`${ORIGIN}/console?code=${sent}`));
      expect(refused.status, sent).toBe(401);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });

  it('is a new one each time, and the token still opens the console beside them', async () => {
    const { api } = setup();
    const codes = new Set(Array.from({ length: 5 }, () => api.oneTimeCode()));
    expect(codes.size).toBe(5);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-f]{64}$/);
      expect(code).not.toContain(TOKEN);
    }
    await signIn(api);
  });
});

describe('what the console does', () => {
  it('creates a key shown once, which works until it is revoked', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const created = await call(api, cookie, '/keys', { method: 'POST', body: { name: 'CI' } });
    expect(created.status).toBe(201);
    const { key, secret } = (await created.json()) as { key: { id: string }; secret: string };
    const withdrawals = (apiKey: string) =>
      sandbox.handle(
        new Request(`${ORIGIN}/api/merchant/withdraws`, { headers: { [HEADER.apiKey]: apiKey } }),
      );
    expect((await withdrawals(secret)).status).toBe(200);

    const listed = (await (await call(api, cookie, '/keys')).json()) as { keys: unknown[] };
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.keys).toHaveLength(2);

    const revoked = await call(api, cookie, `/keys/${key.id}/revoke`, { method: 'POST' });
    expect(revoked.status).toBe(200);
    expect((await withdrawals(secret)).status).toBe(401);
  });

  it('refuses a key without a name, naming the field', async () => {
    const { api } = setup();
    const cookie = await signIn(api);
    const response = await call(api, cookie, '/keys', { method: 'POST', body: { name: '' } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('name');
  });

  it('shows and changes webhook settings, sends a test event and resends it', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const settings = (await (await call(api, cookie, '/webhook')).json()) as {
      url: string;
      key: string;
    };
    expect(settings).toEqual({
      url: 'http://127.0.0.1:9/hooks',
      key: sandbox.webhookKey,
      previousKey: null,
    });

    const rolled = await call(api, cookie, '/webhook/key/roll', { method: 'POST' });
    expect(rolled.status).toBe(200);
    const afterRoll = {
      key: sandbox.webhookKey,
      previousKey: { key: settings.key, expiresAt: sandbox.previousWebhookKey!.expiresAt },
    };
    expect(await rolled.json()).toEqual(afterRoll);
    expect(await (await call(api, cookie, '/webhook')).json()).toEqual({
      url: 'http://127.0.0.1:9/hooks',
      ...afterRoll,
    });

    const regenerated = await call(api, cookie, '/webhook/key', { method: 'POST' });
    expect(((await regenerated.json()) as { key: string }).key).toBe(sandbox.webhookKey);
    expect(sandbox.webhookKey).not.toBe(afterRoll.key);
    expect(sandbox.previousWebhookKey).toBeUndefined();

    const moved = await call(api, cookie, '/webhook', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/other' },
    });
    expect(moved.status).toBe(200);
    expect(sandbox.webhookUrl).toBe('http://127.0.0.1:9/other');
    const bad = await call(api, cookie, '/webhook', { method: 'POST', body: { url: 'ftp://x' } });
    expect(bad.status).toBe(400);

    const test = await call(api, cookie, '/webhook/test', { method: 'POST' });
    expect(test.status).toBe(201);
    const { delivery } = (await test.json()) as { delivery: { id: string; eventId: string } };
    const resent = await call(api, cookie, `/deliveries/${delivery.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(201);
    const deliveries = (await (await call(api, cookie, '/deliveries')).json()) as {
      deliveries: { eventId: string }[];
    };
    expect(deliveries.deliveries.map((entry) => entry.eventId)).toEqual([
      delivery.eventId,
      delivery.eventId,
    ]);
    expect(
      (await call(api, cookie, '/deliveries/dlv_none/resend', { method: 'POST' })).status,
    ).toBe(404);
  });

  it('lists payments by status and moves one along', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    await payAt(sandbox);
    const [payment] = sandbox.payments;
    const pending = (await (await call(api, cookie, '/payments?status=pending')).json()) as {
      payments: { paymentId: string; history: unknown[] }[];
    };
    expect(pending.payments.map((entry) => entry.paymentId)).toEqual([payment!.paymentId]);
    expect(pending.payments[0]!.history).toHaveLength(1);

    const moved = await call(api, cookie, `/payments/${payment!.paymentId}/advance`, {
      method: 'POST',
      body: { to: 'returned' },
    });
    expect(moved.status).toBe(200);
    expect(payment!.status).toBe('returned');
    const again = await call(api, cookie, `/payments/${payment!.paymentId}/advance`, {
      method: 'POST',
      body: { to: 'settled' },
    });
    expect(again.status).toBe(409);
    const wrong = await call(api, cookie, `/payments/${payment!.paymentId}/advance`, {
      method: 'POST',
      body: { to: 'refunded' },
    });
    expect(wrong.status).toBe(400);
    const settled = (await (await call(api, cookie, '/payments?status=settled')).json()) as {
      payments: unknown[];
    };
    expect(settled.payments).toEqual([]);
  });

  it('returns a settled payment after settlement with the code chosen, and names a code it does not know', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const paymentId = await payAt(sandbox);
    sandbox.advancePayment(paymentId, 'settled');
    const returnAfterSettlement = (body: unknown) =>
      call(api, cookie, `/payments/${paymentId}/advance`, { method: 'POST', body });

    // R05 is NACHA's, but for corporate debits: a checkout's WEB debit never comes back with it.
    for (const returnCode of ['R05', 'R99', 'r01']) {
      const unknown = await returnAfterSettlement({ to: 'returned', returnCode });
      expect(unknown.status).toBe(400);
      const refusal = (await unknown.json()) as { message: string; issues: { path: string }[] };
      expect(refusal.issues.map((issue) => issue.path)).toEqual(['returnCode']);
      expect(refusal.message).toMatch(/returnCode.*WEB debit.*R01, R02, R03.*R34, R35/);
    }
    expect(sandbox.payments[0]!.status).toBe('settled');

    const returned = await returnAfterSettlement({ to: 'returned', returnCode: 'R29' });
    expect(returned.status).toBe(200);
    const { payment } = (await returned.json()) as {
      payment: { status: string; returnCode: string; settledAt: string; returnedAt: string };
    };
    expect(payment).toMatchObject({
      status: 'returned',
      returnCode: 'R29',
      settledAt: sandbox.payments[0]!.settledAt,
      returnedAt: sandbox.payments[0]!.returnedAt,
    });
    expect(sandbox.deliveries.map((delivery) => delivery.eventType).at(-1)).toBe('ACH Returned');
  });

  it('returns a payment with any code a WEB debit can come back with', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    for (const returnCode of WEB_DEBIT_RETURN_CODES) {
      const paymentId = await payAt(sandbox);
      const returned = await call(api, cookie, `/payments/${paymentId}/advance`, {
        method: 'POST',
        body: { to: 'returned', returnCode },
      });
      expect(returned.status).toBe(200);
      expect(
        ((await returned.json()) as { payment: { returnCode: string } }).payment,
      ).toMatchObject({ returnCode });
    }
  });

  it('shows the debit authorization kept with each payment, and null where none was sent', async () => {
    const { sandbox, api } = setup(() => Date.parse('2026-11-24T15:00:00.000Z'));
    const cookie = await signIn(api);
    const authorization = {
      text: 'By selecting Pay, you authorize Gem Shop to make a one-time debit of $19.99.',
      acceptedAt: '2026-11-24T14:59:58.120Z',
      locale: 'en-US',
    };
    const signed = await payAt(sandbox, 1999, { authorization });
    const unsigned = await payAt(sandbox);
    const { payments } = (await (await call(api, cookie, '/payments')).json()) as {
      payments: { paymentId: string; authorization: unknown }[];
    };
    const shown = Object.fromEntries(
      payments.map((entry) => [entry.paymentId, entry.authorization]),
    );
    expect(shown[signed]).toEqual({
      ...authorization,
      textSha256: sandbox.payments.find((payment) => payment.paymentId === signed)!.authorization!
        .textSha256,
      recordedAt: '2026-11-24T15:00:00.000Z',
      remoteAddress: null,
      userAgent: null,
    });
    expect(shown[signed]).toMatchObject({ textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(shown[unsigned]).toBeNull();
  });

  it('refunds a payment, with its history, and says why another cannot be refunded', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const paymentId = await payAt(sandbox);
    const refund = () => call(api, cookie, `/payments/${paymentId}/refund`, { method: 'POST' });

    const refunded = await refund();
    expect(refunded.status).toBe(200);
    const { payment } = (await refunded.json()) as {
      payment: { status: string; refundedAt: string; history: { status: string; at: string }[] };
    };
    expect(payment.status).toBe('refunded');
    expect(payment.history.map((step) => step.status)).toEqual(['pending', 'refunded']);
    expect(payment.history.at(-1)!.at).toBe(payment.refundedAt);
    expect(sandbox.deliveries.map((delivery) => delivery.eventType)).toEqual([
      'ACH Initiated',
      'Refunded',
    ]);

    const again = await refund();
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already refunded/);
    const missing = await call(api, cookie, '/payments/pay_none/refund', { method: 'POST' });
    expect(missing.status).toBe(404);
    const listed = (await (await call(api, cookie, '/payments?status=refunded')).json()) as {
      payments: { paymentId: string }[];
    };
    expect(listed.payments.map((entry) => entry.paymentId)).toEqual([paymentId]);
  });

  it("tells the sandbox's time and moves it forward, running what became due", async () => {
    const start = Date.parse('2026-11-25T10:00:00.000Z');
    const { sandbox, api } = setup(() => start);
    const cookie = await signIn(api);
    const paymentId = await payAt(sandbox);
    const read = (await (await call(api, cookie, '/clock')).json()) as { now: string };
    expect(read).toEqual({ now: sandbox.time });

    const moved = await call(api, cookie, '/clock', {
      method: 'POST',
      body: { advanceMs: 86_400_000 },
    });
    expect(moved.status).toBe(200);
    const answer = (await moved.json()) as { now: string; ran: number };
    expect(read.now).toBe('2026-11-25T10:00:00.000Z');
    expect(answer.now).toBe('2026-11-26T10:00:00.000Z');
    expect(answer.ran).toBeGreaterThanOrEqual(2);
    expect(sandbox.payments.find((payment) => payment.paymentId === paymentId)?.status).toBe(
      'settled',
    );

    for (const advanceMs of [0, 400 * 86_400_000 + 1, 'a day']) {
      const refused = await call(api, cookie, '/clock', { method: 'POST', body: { advanceMs } });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { issues: { path: string }[] };
      expect(body.issues.map((issue) => issue.path)).toEqual(['advanceMs']);
    }
    expect(sandbox.time).toBe(answer.now);
  });

  it('names the merchant the console is for', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const overview = await call(api, cookie, '/overview');
    expect(await overview.json()).toEqual({ merchantId: sandbox.merchantId });
  });

  it('lists customers and turns their switches, and lists events and withdrawals', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    await sandbox.mintSessionKey('bob');
    const changed = await call(api, cookie, '/customers/bob', {
      method: 'POST',
      body: { blocked: true, chargebackProtection: true },
    });
    expect(changed.status).toBe(200);
    const { customers } = (await (await call(api, cookie, '/customers')).json()) as {
      customers: ConsoleCustomer[];
    };
    expect(customers).toEqual([
      expect.objectContaining({
        customerId: 'bob',
        isBlocked: 'Blocked',
        blocked: true,
        chargebackProtectionEnabled: true,
      }),
    ]);
    expect(
      (await call(api, cookie, '/customers/nobody', { method: 'POST', body: {} })).status,
    ).toBe(404);
    const { events } = (await (await call(api, cookie, '/events')).json()) as { events: [] };
    expect(events).toEqual([]);
    const { withdrawals } = (await (await call(api, cookie, '/withdrawals')).json()) as {
      withdrawals: unknown[];
    };
    expect(withdrawals).toHaveLength(sandbox.withdrawals.length);
  });

  it('adds a bank account to a customer, who then pays from it, and names a field it refuses', async () => {
    const { sandbox, api } = setup();
    const cookie = await signIn(api);
    const customerId = `${MAGIC.noBankAccounts}_console`;
    await sandbox.mintSessionKey(customerId);
    const path = `/customers/${encodeURIComponent(customerId)}/bank-accounts`;

    const added = await call(api, cookie, path, { method: 'POST', body: { alias: 'Linked' } });
    expect(added.status).toBe(201);
    const { bankAccount } = (await added.json()) as { bankAccount: BankAccount };
    expect(bankAccount).toMatchObject({ alias: 'Linked', last4: expect.stringMatching(/^\d{4}$/) });
    const { customers } = (await (await call(api, cookie, '/customers')).json()) as {
      customers: ConsoleCustomer[];
    };
    expect(customers.find((customer) => customer.customerId === customerId)?.bankAccounts).toEqual([
      bankAccount,
    ]);
    // The customer's page reads the account and pays from it.
    const headers = {
      [HEADER.sessionKey]: await sandbox.mintSessionKey(customerId),
      'content-type': 'application/json',
    };
    const read = await sandbox.handle(new Request(`${ORIGIN}/api/customer/v2`, { headers }));
    const { customer } = (await read.json()) as { customer: { bankAccounts: BankAccount[] } };
    expect(customer.bankAccounts).toEqual([bankAccount]);
    const paid = await sandbox.handle(
      new Request(`${ORIGIN}/api/checkout/ach/${sandbox.merchantId}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(checkoutBody(bankAccount.token)),
      }),
    );
    expect(paid.status).toBe(200);

    const refused = await call(api, cookie, path, { method: 'POST', body: { last4: '12' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('last4: must be four digits'),
    });
    const wrongType = await call(api, cookie, path, { method: 'POST', body: { rtpEligible: 1 } });
    expect(wrongType.status).toBe(400);
    expect(
      (await call(api, cookie, '/customers/nobody/bank-accounts', { method: 'POST', body: {} }))
        .status,
    ).toBe(404);
    expect(sandbox.customers.find((customer) => customer.customerId === customerId)).toMatchObject({
      bankAccounts: [bankAccount],
    });
  });

  it('answers an unknown route 404 and a wrong method 405, as JSON without a stack', async () => {
    const { api } = setup();
    const cookie = await signIn(api);
    const missing = await call(api, cookie, '/nothing');
    expect(missing.status).toBe(404);
    const wrongMethod = await call(api, cookie, '/keys', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    const malformed = await api.handle(
      new Request(`${ORIGIN}/console/api/keys`, {
        method: 'POST',
        headers: { cookie, [CONSOLE_HEADER]: '1', 'content-type': 'application/json' },
        body: '{"name":',
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).not.toMatch(/at .*\.ts/);
  });
});
