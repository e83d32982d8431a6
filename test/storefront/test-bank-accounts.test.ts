// The shop's test-mode way out for a payer with no bank account: against its embedded sandbox,
// POST /api/test-bank-accounts links a sandbox account to the signed-in customer, which the
// customer's next read shows. Without test mode the route is not there.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorefrontApp, type StorefrontApp } from '../../examples/storefront/server/app.js';
import { openShopStore, type ShopStore } from '../../examples/storefront/server/store.js';
import { HEADER } from '../../src/core/headers.js';
import type { BankAccount } from '../../src/core/schemas.js';
import { MAGIC, MAX_BANK_ACCOUNTS } from '../../src/sandbox/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });

let store: ShopStore;
let service: SandboxServer;
const servers: Server[] = [];
const apps: StorefrontApp[] = [];

beforeAll(async () => {
  [store, service] = await Promise.all([openShopStore(), startSandboxServer({ port: 0 })]);
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  await Promise.all(apps.map((app) => app.close()));
  await service.close();
  await store.close();
});

/** The shop on a free port, in test mode or not; `call` sends JSON as its own page does. */
async function shop(testMode: boolean) {
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async () => {};
  const server = createServer((req, res) => void handle(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createStorefrontApp({
    store,
    clientDir: '/nonexistent',
    serviceUrl: service.url,
    merchantId: service.sandbox.merchantId,
    apiKey: service.sandbox.apiKey,
    webhookKey: 'whk_test_key_0123456789',
    origins: [url],
    ...(testMode && { testBankAccounts: service.sandbox }),
  });
  apps.push(app);
  handle = app;
  const call = (path: string, init: { body?: unknown; cookie?: string } = {}) =>
    fetch(`${url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.cookie && { cookie: init.cookie }),
        ...(init.body !== undefined && { 'content-type': 'application/json', origin: url }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const signIn = async (customerId: string) => {
    const answer = await call('/api/sign-in', {
      body: { customerId, password: 'correct horse battery' },
    });
    expect(answer.status).toBe(200);
    return answer.headers.get('set-cookie')!.split(';')[0]!;
  };
  return { url, call, signIn };
}

/** The customer's bank accounts, as their page reads them with a session key from the shop. */
async function bankAccountsOf(
  call: Awaited<ReturnType<typeof shop>>['call'],
  cookie: string,
): Promise<BankAccount[]> {
  const { key } = (await (await call('/api/session-key', { body: {}, cookie })).json()) as {
    key: string;
  };
  const read = await fetch(`${service.url}/api/customer/v2`, {
    headers: { [HEADER.sessionKey]: key },
  });
  return ((await read.json()) as { customer: { bankAccounts: BankAccount[] } }).customer
    .bankAccounts;
}

describe('linking a test bank account', () => {
  it('adds a sandbox account to the signed-in customer, which their next read shows', async () => {
    const { call, signIn } = await shop(true);
    expect(await (await call('/api/config')).json()).toMatchObject({ testBankAccounts: true });
    // A payer who comes here before ever opening the checkout is new to the service.
    const cookie = await signIn(`${MAGIC.noBankAccounts}_link_${process.pid}`);

    const linked = await call('/api/test-bank-accounts', { body: {}, cookie });
    expect(linked.status).toBe(201);
    const { bankAccount } = (await linked.json()) as { bankAccount: BankAccount };
    expect(bankAccount).toEqual({
      alias: 'Linked checking',
      last4: expect.stringMatching(/^\d{4}$/),
    });
    expect(await bankAccountsOf(call, cookie)).toEqual([expect.objectContaining(bankAccount)]);
  });

  it('answers 401 signed out, 403 from another site, and 409 past the most the sandbox keeps', async () => {
    const { call, signIn } = await shop(true);
    expect((await call('/api/test-bank-accounts', { body: {} })).status).toBe(401);

    const customerId = `link_full_${process.pid}`;
    const cookie = await signIn(customerId);
    const crossSite = await fetch(`${(await shop(true)).url}/api/test-bank-accounts`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);

    // An ordinary customer starts with two; the shop links the rest up to the most.
    for (let count = 2; count < MAX_BANK_ACCOUNTS; count++) {
      expect((await call('/api/test-bank-accounts', { body: {}, cookie })).status).toBe(201);
    }
    const full = await call('/api/test-bank-accounts', { body: {}, cookie });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({
      message: `You have ${MAX_BANK_ACCOUNTS} bank accounts, the most the sandbox keeps.`,
    });
    expect(await bankAccountsOf(call, cookie)).toHaveLength(MAX_BANK_ACCOUNTS);
  });

  it('is not there without test mode', async () => {
    const { call, signIn } = await shop(false);
    expect(await (await call('/api/config')).json()).toMatchObject({ testBankAccounts: false });
    const cookie = await signIn(`${MAGIC.noBankAccounts}_live_${process.pid}`);
    const answer = await call('/api/test-bank-accounts', { body: {}, cookie });
    expect(answer.status).toBe(404);
    expect(await bankAccountsOf(call, cookie)).toEqual([]);
  });
});
