// The `service-checkout-sandbox` command (npm run sandbox), as a real process on a real port.
import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER } from '../../src/sandbox/console-api.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { describeConformance, type Target } from './conformance.js';
import {
  freePort,
  runCli,
  startCli,
  startWebhookReceiver,
  type CliProcess,
  type WebhookReceiver,
} from './helpers.js';

const env = {
  SANDBOX_MERCHANT_ID: 'merchant_conformance',
  SANDBOX_API_KEY: 'sk_sandbox_conformance_key',
  SANDBOX_JWT_SECRET: 'conformance secret, known to the tests',
  // A minute: no payment step comes by itself while the conformance suite moves the clock.
  SANDBOX_SETTLE_STEP_MS: '60000',
};

const WEBHOOK_KEY = 'whsec_conformance_key';

let cli: CliProcess;
let port: number;
// The merchant's webhook endpoint, on a real port beside the sandbox.
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  port = await freePort();
  cli = await startCli({
    ...env,
    PORT: String(port),
    SANDBOX_WEBHOOK_URL: `${receiver.url}/webhooks`,
    SANDBOX_WEBHOOK_KEY: WEBHOOK_KEY,
  });
});

afterAll(async () => {
  await cli?.stop();
  await receiver?.close();
});

describeConformance('real HTTP (the CLI process)', (): Target => ({
  baseUrl: cli.url,
  merchantId: env.SANDBOX_MERCHANT_ID,
  apiKey: env.SANDBOX_API_KEY,
  jwtSecret: env.SANDBOX_JWT_SECRET,
  webhooks: { key: WEBHOOK_KEY, received: () => receiver.received },
  settleStepMs: Number(env.SANDBOX_SETTLE_STEP_MS),
}));

describe('the sandbox command', () => {
  it('listens on 127.0.0.1 at PORT and prints its URL, merchant id, API key and console', () => {
    expect(cli.url).toBe(`http://127.0.0.1:${port}`);
    expect(cli.stdout()).toContain('merchant_conformance');
    expect(cli.stdout()).toContain('sk_sandbox_conformance_key');
    expect(cli.stdout()).not.toContain(env.SANDBOX_JWT_SECRET);
    expect(cli.stdout()).toMatch(
      new RegExp(
        `^ {2}console {6}http://127\\.0\\.0\\.1:${port}/console\\?token=[0-9a-f]{48}$`,
        'm',
      ),
    );
  });

  it('stops cleanly on SIGINT and on SIGTERM, freeing its port', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const own = await startCli({ PORT: '0' });
      const ended = await own.stop(signal);
      expect(ended).toEqual({ code: 0, signal: null });
      expect(own.stdout()).toMatch(/stopped/);
      const reuse = await startCli({ PORT: new URL(own.url).port });
      await reuse.stop();
    }
  });

  it('uses its seeded merchant by default and a random session-key secret per start', async () => {
    const first = await startCli({ PORT: '0' });
    const second = await startCli({ PORT: '0' });
    try {
      expect(first.stdout()).toContain('merchant_sandbox');
      const headers = { Authorization: /API key\s+(\S+)/.exec(first.stdout())?.[1] ?? '' };
      const keyResponse = await fetch(`${first.url}/api/auth/session-key`, {
        headers: { ...headers, 'x-service-auth-user-id': 'alice' },
      });
      const { key } = (await keyResponse.json()) as { key: string };
      const here = await fetch(`${first.url}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      });
      expect(here.status).toBe(200);
      const elsewhere = await fetch(`${second.url}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      });
      expect(elsewhere.status).toBe(401);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('exits 1 with a clear message when the port is taken or a setting is invalid', async () => {
    const taken = await runCli({ PORT: String(port) });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} is already in use`));
    const badPort = await runCli({ PORT: 'eighty' });
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toMatch(/PORT must be an integer/);
    const badLatency = await runCli({ PORT: '0', SANDBOX_LATENCY_MS: '-5' });
    expect(badLatency.code).toBe(1);
    expect(badLatency.stderr).toMatch(/SANDBOX_LATENCY_MS/);
  });

  it('answers bad requests without writing anything to its log', async () => {
    const own = await startCli({ PORT: '0' });
    try {
      const checkout = (path: string, body: string) =>
        fetch(`${own.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      const deep = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const answers = await Promise.all([
        checkout('/api/checkout/ach/%', '{}'),
        checkout('/api/checkout/ach/%E0%A4%A', '{}'),
        fetch(`${own.url}//`),
        fetch(`${own.url}/api/events`, {
          method: 'POST',
          headers: { Authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
          body: deep,
        }),
      ]);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
    } finally {
      await own.stop();
    }
    expect(own.stderr()).toBe('');
  });

  it('applies SANDBOX_SESSION_KEY_TTL_SECONDS', async () => {
    const own = await startCli({ PORT: '0', SANDBOX_SESSION_KEY_TTL_SECONDS: '600' });
    try {
      const apiKey = /API key\s+(\S+)/.exec(own.stdout())?.[1] ?? '';
      const response = await fetch(`${own.url}/api/auth/session-key`, {
        headers: { Authorization: apiKey, 'x-service-auth-user-id': 'short-lived' },
      });
      const { key } = (await response.json()) as { key: string };
      const claims = JSON.parse(Buffer.from(key.split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(claims.exp - claims.iat).toBe(600);
    } finally {
      await own.stop();
    }
  });
});

describe('the console address and the data directory', () => {
  const TOKEN = 'console-token-for-the-cli-test';
  const dirs: string[] = [];

  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  async function tempDir(): Promise<string> {
    // The real path: the command resolves its data directory from its real working directory.
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'sandbox-cli-data-')));
    dirs.push(dir);
    return dir;
  }

  /** Opens the console at its printed address, as a browser does: the session cookie. */
  async function openConsole(own: CliProcess): Promise<string> {
    const printed = /^ {2}console {6}(\S+)$/m.exec(own.stdout())?.[1] ?? '';
    const opened = await fetch(printed, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    return (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  async function createKey(own: CliProcess, name: string): Promise<string> {
    const made = await fetch(`${own.url}/console/api/keys`, {
      method: 'POST',
      headers: {
        cookie: await openConsole(own),
        [CONSOLE_HEADER]: '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name }),
    });
    expect(made.status).toBe(201);
    return ((await made.json()) as { secret: string }).secret;
  }

  const withdrawals = (own: CliProcess, apiKey: string) =>
    fetch(`${own.url}/api/merchant/withdraws`, { headers: { Authorization: apiKey } });

  it('prints the console address with SANDBOX_CONSOLE_TOKEN, which opens the console', async () => {
    const own = await startCli({ PORT: '0', SANDBOX_CONSOLE_TOKEN: TOKEN });
    try {
      expect(own.stdout()).toContain(`  console      ${own.url}/console?token=${TOKEN}\n`);
      await openConsole(own);
    } finally {
      await own.stop();
    }
  });

  it('keeps a key made in the console in SANDBOX_DATA_DIR, working after a restart', async () => {
    const dir = await tempDir();
    const first = await startCli({ PORT: '0', SANDBOX_DATA_DIR: dir });
    expect(first.stdout()).toContain(`  data         ${dir}\n`);
    const secret = await createKey(first, 'Billing');
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(await readFile(join(dir, 'state.json'), 'utf8')).not.toContain(secret);

    const second = await startCli({ PORT: '0', SANDBOX_DATA_DIR: dir });
    try {
      expect((await withdrawals(second, secret)).status).toBe(200);
      expect(second.stdout()).toMatch(/session keys HS256, secret kept in the data directory/);
    } finally {
      await second.stop();
    }
  });

  it('does not print the seeded key as the API key once it was revoked in the console', async () => {
    const dir = await tempDir();
    const first = await startCli({ PORT: '0', SANDBOX_DATA_DIR: dir });
    const cookie = await openConsole(first);
    const headers = { cookie, [CONSOLE_HEADER]: '1' };
    const listed = await fetch(`${first.url}/console/api/keys`, { headers });
    const { keys } = (await listed.json()) as { keys: { id: string; name: string }[] };
    const seeded = keys.find((key) => key.name === 'Default')!;
    const revoked = await fetch(`${first.url}/console/api/keys/${seeded.id}/revoke`, {
      method: 'POST',
      headers,
    });
    expect(revoked.status).toBe(200);
    await first.stop();

    const second = await startCli({ PORT: '0', SANDBOX_DATA_DIR: dir });
    try {
      expect((await withdrawals(second, DEFAULT_API_KEY)).status).toBe(401);
      expect(second.stdout()).not.toContain(DEFAULT_API_KEY);
      expect(second.stdout()).toMatch(/^ {2}API key {6}revoked in the console: create one there$/m);
    } finally {
      await second.stop();
    }
  });

  it('keeps its state in .sandbox-data under its working directory by default', async () => {
    const cwd = await tempDir();
    const own = await startCli({ PORT: '0' }, { cwd });
    await own.stop();
    expect(own.stdout()).toContain(`  data         ${join(cwd, '.sandbox-data')}\n`);
    expect(await readdir(join(cwd, '.sandbox-data'))).toEqual(['state.json']);
  });

  it('writes nothing with SANDBOX_IN_MEMORY=1', async () => {
    const cwd = await tempDir();
    const own = await startCli(
      { PORT: '0', SANDBOX_IN_MEMORY: '1', SANDBOX_DATA_DIR: join(cwd, 'data') },
      { cwd },
    );
    try {
      await createKey(own, 'Billing');
      expect((await withdrawals(own, DEFAULT_API_KEY)).status).toBe(200);
    } finally {
      await own.stop();
    }
    expect(own.stdout()).toMatch(/^ {2}data {9}in memory/m);
    expect(await readdir(cwd)).toEqual([]);
  });

  it('exits 1 with one line naming a data file it cannot read, and leaves the file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'state.json');
    await writeFile(file, 'not a state {');
    const result = await runCli({ PORT: '0', SANDBOX_DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('listening');
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/move it aside/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe('not a state {');
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});
