// Acknowledged means kept, for the sandbox command with a data directory: whatever it answered
// 2xx for, or announced in a webhook, is there after a SIGKILL sent the instant after and a
// restart on the same directory. Each kind of change is made over HTTP, the process killed as
// soon as the answer is in (or, for a webhook, from inside the receiver before it answers), and
// the change looked for after the restart. What a change needs first (a payment to refund, a key
// to revoke) is kept by a clean stop before it, so the kill can take only the change itself.
import type { ServerResponse } from 'node:http';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/core/headers.js';
import { CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import { startHttpServer, type SeenRequest } from '../support/http-server.js';
import { checkoutBody } from './conformance.js';
import { startCli, type CliProcess } from './helpers.js';

const API_KEY = 'sk_sandbox_crash_test_key';
const TOKEN = 'console-token-for-the-crash-test';
const HOUR_MS = 3_600_000;

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'sandbox-crash-')));
  dirs.push(dir);
  return dir;
}

/** The command on `dir`; payments take no step by themselves while a test runs. */
function start(dir: string, env: Record<string, string> = {}): Promise<CliProcess> {
  return startCli({
    SANDBOX_PORT: '0',
    SANDBOX_DATA_DIR: dir,
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_CONSOLE_TOKEN: TOKEN,
    SANDBOX_SETTLE_STEP_MS: String(HOUR_MS),
    ...env,
  });
}

/** A request: its path on the sandbox and what to send. */
type SandboxRequest = [path: string, init: RequestInit];

/**
 * Sends the request and SIGKILLs the command the moment its answer (a small JSON body) is in;
 * the answer must be a 2xx. Resolves with the answer's body.
 */
async function answeredThenKilled(cli: CliProcess, [path, init]: SandboxRequest): Promise<unknown> {
  const response = await fetch(`${cli.url}${path}`, init);
  const body = await response.text();
  const ended = cli.stop('SIGKILL');
  expect(response.status, body).toBeGreaterThanOrEqual(200);
  expect(response.status, body).toBeLessThan(300);
  expect(await ended).toEqual({ code: null, signal: 'SIGKILL' });
  return JSON.parse(body) as unknown;
}

/** A request with the merchant's API key, as its server sends it. */
const merchant = (
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): RequestInit => ({
  ...init,
  headers: { authorization: API_KEY, 'content-type': 'application/json', ...init.headers },
});

async function read<T>(cli: CliProcess, path: string, init: RequestInit = merchant()): Promise<T> {
  const response = await fetch(`${cli.url}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The console's session cookie and header, as the page sends them. */
async function consoleHeaders(cli: CliProcess): Promise<Record<string, string>> {
  const opened = await fetch(`${cli.url}/console?token=${TOKEN}`, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, [CONSOLE_HEADER]: '1', 'content-type': 'application/json' };
}

/** A purchase request of `customerId`, as the page sends it, its session key fetched first. */
async function purchase(cli: CliProcess, customerId: string): Promise<SandboxRequest> {
  const { key } = await read<{ key: string }>(
    cli,
    '/api/auth/session-key',
    merchant({ headers: { [HEADER.userId]: customerId } }),
  );
  const { customer } = await read<{ customer: { bankAccounts: { token: string }[] } }>(
    cli,
    '/api/customer/v2',
    { headers: { [HEADER.sessionKey]: key } },
  );
  return [
    `/api/checkout/ach/merchant_sandbox`,
    {
      method: 'POST',
      headers: { [HEADER.sessionKey]: key, 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody(customer.bankAccounts[0]!.token)),
    },
  ];
}

const statusOf = async (cli: CliProcess, paymentId: string) =>
  (await read<{ payment: { status: string } }>(cli, `/api/merchant/payments/${paymentId}`)).payment
    .status;

/** What a change builds on (a payment, a key), by name. */
type Made = Record<string, string>;

/** One kind of change the sandbox acknowledges, and how to find it after a restart. */
interface AcknowledgedChange {
  name: string;
  /** What the change needs first; kept by a clean stop, so the kill can lose only the change. */
  before?: (cli: CliProcess) => Promise<Made>;
  /** The request that makes the change. */
  change: (cli: CliProcess, made: Made) => Promise<SandboxRequest>;
  /** Throws unless the restarted sandbox `cli` holds the change `answer` acknowledged. */
  found: (cli: CliProcess, answer: unknown, made: Made) => Promise<void>;
}

/** A payment of `customerId`, answered 200. */
async function paid(cli: CliProcess, customerId: string): Promise<Made> {
  const [path, init] = await purchase(cli, customerId);
  const response = await fetch(`${cli.url}${path}`, init);
  expect(response.status).toBe(200);
  const { paymentId } = (await response.json()) as { paymentId: string };
  return { paymentId };
}

/** A POST of the console page with `body` (JSON). */
async function fromConsole(cli: CliProcess, path: string, body?: unknown): Promise<SandboxRequest> {
  const headers = await consoleHeaders(cli);
  return [
    `/console/api${path}`,
    { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) },
  ];
}

async function webhookSettings(cli: CliProcess) {
  return read<{ url: string | null; key: string; previousKey: string | null }>(
    cli,
    '/console/api/webhook',
    { headers: await consoleHeaders(cli) },
  );
}

/** The status the merchant's API key `secret` is answered with. */
async function statusWithKey(cli: CliProcess, secret: string): Promise<number> {
  const answer = await fetch(
    `${cli.url}/api/merchant/withdraws`,
    merchant({ headers: { authorization: secret } }),
  );
  await answer.body?.cancel();
  return answer.status;
}

const HOOKS_URL = 'https://merchant.example/hooks/kept';

const ACKNOWLEDGED: AcknowledgedChange[] = [
  {
    name: 'a purchase',
    change: (cli) => purchase(cli, 'alice'),
    found: async (cli, answer) => {
      const { paymentId } = answer as { paymentId: string };
      expect(await statusOf(cli, paymentId)).toBe('pending');
    },
  },
  {
    name: 'a refund',
    before: (cli) => paid(cli, 'bob'),
    change: async (_cli, { paymentId }) => [
      `/api/merchant/payments/${paymentId}/refund`,
      merchant({ method: 'POST' }),
    ],
    found: async (cli, _answer, { paymentId }) =>
      expect(await statusOf(cli, paymentId!)).toBe('refunded'),
  },
  {
    name: "a payment's step (the console's Settle now)",
    before: (cli) => paid(cli, 'carol'),
    change: (cli, { paymentId }) =>
      fromConsole(cli, `/payments/${paymentId}/advance`, { to: 'settled' }),
    found: async (cli, _answer, { paymentId }) =>
      expect(await statusOf(cli, paymentId!)).toBe('settled'),
  },
  {
    name: 'a webhook key roll',
    change: async () => ['/api/merchant/webhook-key/roll', merchant({ method: 'POST' })],
    found: async (cli, answer) => {
      const webhook = await webhookSettings(cli);
      expect(webhook.key).toBe((answer as { key: string }).key);
      expect(webhook.previousKey).not.toBeNull();
    },
  },
  {
    name: 'a move of the clock',
    change: async () => [
      '/api/sandbox/clock',
      merchant({ method: 'POST', body: JSON.stringify({ advanceMs: 30 * 24 * HOUR_MS }) }),
    ],
    found: async (cli, answer) => {
      const { now } = await read<{ now: string }>(cli, '/api/sandbox/clock');
      expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse((answer as { now: string }).now));
    },
  },
  {
    name: "the console's webhook URL",
    change: (cli) => fromConsole(cli, '/webhook', { url: HOOKS_URL }),
    found: async (cli) => expect((await webhookSettings(cli)).url).toBe(HOOKS_URL),
  },
  {
    name: "the console's new webhook key",
    change: (cli) => fromConsole(cli, '/webhook/key'),
    found: async (cli, answer) =>
      expect((await webhookSettings(cli)).key).toBe((answer as { key: string }).key),
  },
  {
    name: 'an API key made in the console',
    change: (cli) => fromConsole(cli, '/keys', { name: 'Billing' }),
    found: async (cli, answer) =>
      expect(await statusWithKey(cli, (answer as { secret: string }).secret)).toBe(200),
  },
  {
    name: 'an API key revoked in the console',
    before: async (cli) => {
      const [path, init] = await fromConsole(cli, '/keys', { name: 'Billing' });
      const response = await fetch(`${cli.url}${path}`, init);
      expect(response.status).toBe(201);
      const { secret, key } = (await response.json()) as { secret: string; key: { id: string } };
      return { secret, keyId: key.id };
    },
    change: (cli, { keyId }) => fromConsole(cli, `/keys/${keyId}/revoke`),
    found: async (cli, _answer, { secret }) => expect(await statusWithKey(cli, secret!)).toBe(401),
  },
  {
    name: "a customer's switch set in the console",
    before: async (cli) => {
      // The customer exists once its account has been read.
      await purchase(cli, 'erin');
      return {};
    },
    change: (cli) => fromConsole(cli, '/customers/erin', { blocked: true }),
    found: async (cli) => {
      const { customers } = await read<{ customers: { customerId: string; blocked: boolean }[] }>(
        cli,
        '/console/api/customers',
        { headers: await consoleHeaders(cli) },
      );
      expect(customers.find((customer) => customer.customerId === 'erin')?.blocked).toBe(true);
    },
  },
];

describe('SIGKILL right after a 2xx, then a restart on the same directory', () => {
  for (const { name, before, change, found } of ACKNOWLEDGED) {
    it(`keeps ${name}`, async () => {
      const dir = await tempDir();
      let cli = await start(dir);
      let made: Made = {};
      if (before) {
        made = await before(cli);
        expect(await cli.stop()).toEqual({ code: 0, signal: null });
        cli = await start(dir);
      }
      const answer = await answeredThenKilled(cli, await change(cli, made));
      const again = await start(dir);
      try {
        await found(again, answer, made);
      } finally {
        await again.stop();
      }
    });
  }
});

describe('SIGKILL while a webhook is being received, then a restart', () => {
  it('keeps the event the webhook announced and the payment behind it', async () => {
    const dir = await tempDir();
    let sandbox: CliProcess | undefined;
    let firstDelivery: ((request: SeenRequest) => void) | undefined;
    const announced = new Promise<SeenRequest>((resolve) => (firstDelivery = resolve));
    // The first delivery kills the sandbox before it is answered; later ones are answered.
    const receiver = await startHttpServer((request, response: ServerResponse, count) => {
      if (count === 1) {
        sandbox?.child.kill('SIGKILL');
        firstDelivery?.(request);
        return;
      }
      response.end('ok');
    });
    try {
      sandbox = await start(dir, { SANDBOX_WEBHOOK_URL: `${receiver.url}/hooks` });
      const [path, init] = await purchase(sandbox, 'dave');
      // The purchase's answer may or may not arrive before the kill: the webhook is what counts.
      await fetch(`${sandbox.url}${path}`, init).catch(() => undefined);
      const event = JSON.parse((await announced).body) as {
        id: string;
        eventType: string;
        data: { paymentId: string };
      };
      expect(await sandbox.stop()).toEqual({ code: null, signal: 'SIGKILL' });
      expect(event.eventType).toBe('ACH Initiated');

      const again = await start(dir, { SANDBOX_WEBHOOK_URL: `${receiver.url}/hooks` });
      try {
        expect(await statusOf(again, event.data.paymentId)).toBe('pending');
        const { events } = await read<{ events: { id: string }[] }>(again, '/api/merchant/events');
        expect(events.map((kept) => kept.id)).toContain(event.id);
      } finally {
        await again.stop();
      }
    } finally {
      await receiver.close();
    }
  });
});
