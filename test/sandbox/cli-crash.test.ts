// Acknowledged means kept, for the sandbox command with a data directory: whatever it answered
// 2xx for, or announced in a webhook, is there after a SIGKILL sent the instant after and a
// restart on the same directory. Each kind of change is made over HTTP, the process killed as
// soon as the answer's status arrives (or, for a webhook, from inside the receiver before it
// answers), and the change looked for after the restart.
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

/** Sends the request and SIGKILLs the command the moment the answer's status is in. */
async function answeredThenKilled(cli: CliProcess, path: string, init: RequestInit) {
  const response = await fetch(`${cli.url}${path}`, init);
  const ended = cli.stop('SIGKILL');
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(300);
  expect(await ended).toEqual({ code: null, signal: 'SIGKILL' });
  return response;
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
async function purchase(cli: CliProcess, customerId: string): Promise<[string, RequestInit]> {
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

/** Runs `change` on a fresh directory, kills, restarts and hands the new process to `check`. */
async function keptAcrossKill(
  change: (cli: CliProcess) => Promise<void>,
  check: (cli: CliProcess) => Promise<void>,
): Promise<void> {
  const dir = await tempDir();
  await change(await start(dir));
  const again = await start(dir);
  try {
    await check(again);
  } finally {
    await again.stop();
  }
}

describe('SIGKILL right after a 2xx, then a restart on the same directory', () => {
  it('keeps a purchase', async () => {
    let paymentId = '';
    await keptAcrossKill(
      async (cli) => {
        const answer = await answeredThenKilled(cli, ...(await purchase(cli, 'alice')));
        ({ paymentId } = (await answer.json()) as { paymentId: string });
      },
      async (cli) => expect(await statusOf(cli, paymentId)).toBe('pending'),
    );
  });

  it('keeps a refund', async () => {
    let paymentId = '';
    await keptAcrossKill(
      async (cli) => {
        const [path, init] = await purchase(cli, 'bob');
        ({ paymentId } = (await (await fetch(`${cli.url}${path}`, init)).json()) as {
          paymentId: string;
        });
        await answeredThenKilled(
          cli,
          `/api/merchant/payments/${paymentId}/refund`,
          merchant({ method: 'POST' }),
        );
      },
      async (cli) => expect(await statusOf(cli, paymentId)).toBe('refunded'),
    );
  });

  it("keeps a payment the console's Settle now advanced", async () => {
    let paymentId = '';
    await keptAcrossKill(
      async (cli) => {
        const [path, init] = await purchase(cli, 'carol');
        ({ paymentId } = (await (await fetch(`${cli.url}${path}`, init)).json()) as {
          paymentId: string;
        });
        await answeredThenKilled(cli, `/console/api/payments/${paymentId}/advance`, {
          method: 'POST',
          headers: await consoleHeaders(cli),
          body: JSON.stringify({ to: 'settled' }),
        });
      },
      async (cli) => expect(await statusOf(cli, paymentId)).toBe('settled'),
    );
  });

  it('keeps a webhook key roll', async () => {
    let rolled = '';
    await keptAcrossKill(
      async (cli) => {
        const answer = await answeredThenKilled(
          cli,
          '/api/merchant/webhook-key/roll',
          merchant({ method: 'POST' }),
        );
        ({ key: rolled } = (await answer.json()) as { key: string });
      },
      async (cli) => {
        const webhook = await read<{ key: string; previousKey: unknown }>(
          cli,
          '/console/api/webhook',
          { headers: await consoleHeaders(cli) },
        );
        expect(webhook.key).toBe(rolled);
        expect(webhook.previousKey).not.toBeNull();
      },
    );
  });

  it('keeps a move of the clock', async () => {
    let movedTo = 0;
    await keptAcrossKill(
      async (cli) => {
        const answer = await answeredThenKilled(
          cli,
          '/api/sandbox/clock',
          merchant({ method: 'POST', body: JSON.stringify({ advanceMs: 30 * 24 * HOUR_MS }) }),
        );
        movedTo = Date.parse(((await answer.json()) as { now: string }).now);
      },
      async (cli) => {
        const { now } = await read<{ now: string }>(cli, '/api/sandbox/clock');
        expect(Date.parse(now)).toBeGreaterThanOrEqual(movedTo);
      },
    );
  });

  it("keeps the console's settings: the webhook URL, a new webhook key, an API key made and one revoked", async () => {
    const dir = await tempDir();
    const url = 'https://merchant.example/hooks/kept';
    let cli = await start(dir);
    await answeredThenKilled(cli, '/console/api/webhook', {
      method: 'POST',
      headers: await consoleHeaders(cli),
      body: JSON.stringify({ url }),
    });
    cli = await start(dir);
    expect(
      (
        await read<{ url: string }>(cli, '/console/api/webhook', {
          headers: await consoleHeaders(cli),
        })
      ).url,
    ).toBe(url);

    const regenerated = await answeredThenKilled(cli, '/console/api/webhook/key', {
      method: 'POST',
      headers: await consoleHeaders(cli),
    });
    const { key: webhookKey } = (await regenerated.json()) as { key: string };
    cli = await start(dir);
    expect(
      (
        await read<{ key: string }>(cli, '/console/api/webhook', {
          headers: await consoleHeaders(cli),
        })
      ).key,
    ).toBe(webhookKey);

    const made = await answeredThenKilled(cli, '/console/api/keys', {
      method: 'POST',
      headers: await consoleHeaders(cli),
      body: JSON.stringify({ name: 'Billing' }),
    });
    const { secret, key } = (await made.json()) as { secret: string; key: { id: string } };
    cli = await start(dir);
    expect(
      (
        await fetch(
          `${cli.url}/api/merchant/withdraws`,
          merchant({ headers: { authorization: secret } }),
        )
      ).status,
    ).toBe(200);

    await answeredThenKilled(cli, `/console/api/keys/${key.id}/revoke`, {
      method: 'POST',
      headers: await consoleHeaders(cli),
    });
    cli = await start(dir);
    try {
      expect(
        (
          await fetch(
            `${cli.url}/api/merchant/withdraws`,
            merchant({ headers: { authorization: secret } }),
          )
        ).status,
      ).toBe(401);
    } finally {
      await cli.stop();
    }
  });
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
