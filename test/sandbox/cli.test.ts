// The `service-checkout-sandbox` command (npm run sandbox), as a real process on a real port.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/index.js';
import { root } from '../support/dist.js';
import { describeConformance, type Target } from './conformance.js';
import {
  baseEnv,
  CLI_PATH,
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
    SANDBOX_PORT: String(port),
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
  remoteAddress: '127.0.0.1',
}));

describe('the sandbox command', () => {
  it('listens on 127.0.0.1 at SANDBOX_PORT and prints its URL, merchant id, API key and console', () => {
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
      const own = await startCli({ SANDBOX_PORT: '0' });
      const ended = await own.stop(signal);
      expect(ended).toEqual({ code: 0, signal: null });
      expect(own.stdout()).toMatch(/stopped/);
      const reuse = await startCli({ SANDBOX_PORT: new URL(own.url).port });
      await reuse.stop();
    }
  });

  it('uses its seeded merchant by default and a random session-key secret per start', async () => {
    const first = await startCli({ SANDBOX_PORT: '0' });
    const second = await startCli({ SANDBOX_PORT: '0' });
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

  it('settles on banking days with SANDBOX_SETTLEMENT=banking, says so, and refuses another value', async () => {
    const banking = await startCli({ SANDBOX_PORT: '0', SANDBOX_SETTLEMENT: 'banking' });
    try {
      expect(banking.stdout()).toMatch(
        /^ {2}payments {5}on banking days: batched at the 16:00 New York cutoff, settled at 09:00 New York time on the day expected$/m,
      );
    } finally {
      await banking.stop();
    }
    const refused = await runCli({ SANDBOX_SETTLEMENT: 'weekly' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('SANDBOX_SETTLEMENT must be "steps" or "banking"');
  });

  it('exits 1 with one line naming the address when the port is taken', async () => {
    const taken = await runCli({ SANDBOX_PORT: String(port) });
    expect(taken.code).toBe(1);
    expect(taken.stderr.trimEnd().split('\n')).toEqual([
      `service-checkout sandbox: 127.0.0.1:${port} is already in use. Pick a free port with --port or SANDBOX_PORT.`,
    ]);
  });

  it('answers bad requests without writing anything to its log', async () => {
    const own = await startCli({ SANDBOX_PORT: '0' });
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
    const own = await startCli({ SANDBOX_PORT: '0', SANDBOX_SESSION_KEY_TTL_SECONDS: '600' });
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
    const own = await startCli({ SANDBOX_PORT: '0', SANDBOX_CONSOLE_TOKEN: TOKEN });
    try {
      expect(own.stdout()).toContain(`  console      ${own.url}/console?token=${TOKEN}\n`);
      await openConsole(own);
    } finally {
      await own.stop();
    }
  });

  it('keeps a key made in the console in SANDBOX_DATA_DIR, working after a restart', async () => {
    const dir = await tempDir();
    const first = await startCli({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dir });
    expect(first.stdout()).toContain(`  data         ${dir}\n`);
    const secret = await createKey(first, 'Billing');
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(await readFile(join(dir, 'state.json'), 'utf8')).not.toContain(secret);

    const second = await startCli({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dir });
    try {
      expect((await withdrawals(second, secret)).status).toBe(200);
      expect(second.stdout()).toMatch(/session keys HS256, secret kept in the data directory/);
    } finally {
      await second.stop();
    }
  });

  it('does not print the seeded key as the API key once it was revoked in the console', async () => {
    const dir = await tempDir();
    const first = await startCli({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dir });
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

    const second = await startCli({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dir });
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
    const own = await startCli({ SANDBOX_PORT: '0' }, { cwd });
    await own.stop();
    expect(own.stdout()).toContain(`  data         ${join(cwd, '.sandbox-data')}\n`);
    expect(await readdir(join(cwd, '.sandbox-data'))).toEqual(['state.json']);
  });

  it('writes nothing with SANDBOX_IN_MEMORY=1', async () => {
    const cwd = await tempDir();
    const own = await startCli(
      { SANDBOX_PORT: '0', SANDBOX_IN_MEMORY: '1', SANDBOX_DATA_DIR: join(cwd, 'data') },
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
    const result = await runCli({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('listening');
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/move it aside/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe('not a state {');
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});

describe('the command line', () => {
  /** Flags and variables the sandbox guide documents before its endpoints, from its tables. */
  function documented(): { flags: string[]; variables: string[] } {
    const guide = readFileSync(join(root, 'docs/sandbox.md'), 'utf8');
    const section = guide.slice(0, guide.indexOf('\n## Endpoints\n'));
    const firstCells = [...section.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1]!);
    return {
      flags: firstCells.filter((cell) => cell.startsWith('--')),
      variables: firstCells.filter((cell) => /^[A-Z_]+$/.test(cell)),
    };
  }

  it('prints every flag and variable the sandbox guide documents with --help, one line each, exit 0', async () => {
    const help = await runCli({}, { args: ['--help'] });
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).not.toContain('listening');
    const { flags, variables } = documented();
    expect(flags).toEqual(
      expect.arrayContaining(['--port <n>', '--data-dir <dir>', '--in-memory', '--help']),
    );
    expect(variables).toEqual(expect.arrayContaining(['SANDBOX_PORT', 'SANDBOX_DATA_DIR']));
    expect(variables).not.toContain('PORT');
    // Each on a line of its own, with what it does after it; nothing more, nothing less.
    const shown = [...help.stdout.matchAll(/^ {2}(?:-h, )?(--\S+(?: <\w+>)?|[A-Z_]{4,}) {2,}\S/gm)];
    expect(shown.map((match) => match[1]).sort()).toEqual([...flags, ...variables].sort());
    expect(help.stdout).toMatch(/^Exit status:\n {2}0 {2}\S.*\n {2}1 {2}\S.*\n {2}2 {2}\S.*\n$/m);
  });

  it('refuses an unknown flag, a flag without its value and a value it cannot use: one line naming it, exit 2', async () => {
    const cases: [args: string[], env: Record<string, string>, named: string][] = [
      [['--prot', '4011'], {}, '--prot'],
      [['-p', '4011'], {}, '-p'],
      [['--port'], {}, '--port'],
      [['--port', 'eighty'], {}, '--port'],
      [['--port=70000'], {}, '--port'],
      [['--data-dir'], {}, '--data-dir'],
      [['--in-memory=yes'], {}, '--in-memory'],
      [['--in-memory', '--data-dir', 'here'], {}, '--data-dir'],
      [['4011'], {}, '4011'],
      [[], { SANDBOX_PORT: 'eighty' }, 'SANDBOX_PORT'],
      [[], { SANDBOX_LATENCY_MS: '-5' }, 'SANDBOX_LATENCY_MS'],
    ];
    for (const [args, env, named] of cases) {
      const result = await runCli(env, { args });
      expect({ args, env, code: result.code, stdout: result.stdout }).toEqual({
        args,
        env,
        code: 2,
        stdout: '',
      });
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(named);
      expect(lines[0]).toMatch(/see --help\.$/);
    }
  });

  it('listens on --port, which wins over SANDBOX_PORT', async () => {
    const [flagPort, variablePort] = [await freePort(), await freePort()];
    const own = await startCli(
      { SANDBOX_PORT: String(variablePort) },
      { args: ['--port', String(flagPort)] },
    );
    await own.stop();
    expect(own.url).toBe(`http://127.0.0.1:${flagPort}`);
  });

  it("listens on SANDBOX_PORT, not on PORT (the merchant's app's), and says nothing of PORT then", async () => {
    const [sandboxPort, appPort] = [await freePort(), await freePort()];
    const own = await startCli({ SANDBOX_PORT: String(sandboxPort), PORT: String(appPort) });
    await own.stop();
    expect(own.url).toBe(`http://127.0.0.1:${sandboxPort}`);
    expect(own.stdout()).not.toMatch(/PORT/);
  });

  it('does not move to PORT alone: it takes 4010 and says to use SANDBOX_PORT', async () => {
    // 4010 is held (here, or by whoever holds it already), so the answer shows which port the
    // command tried without depending on 4010 being free on this machine.
    const holder = createNetServer();
    await new Promise<void>((resolve) => {
      holder.once('error', () => resolve());
      holder.listen(4010, '127.0.0.1', () => resolve());
    });
    try {
      const result = await runCli({ PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        "service-checkout sandbox: 127.0.0.1:4010 is already in use. Pick a free port with --port or SANDBOX_PORT (PORT is ignored: it is your app's).",
      ]);
    } finally {
      holder.close();
    }
  });

  it('keeps its state in --data-dir, which wins over SANDBOX_DATA_DIR and SANDBOX_IN_MEMORY', async () => {
    const cwd = await realpath(await mkdtemp(join(tmpdir(), 'sandbox-cli-flags-')));
    try {
      const own = await startCli(
        { SANDBOX_PORT: '0', SANDBOX_DATA_DIR: join(cwd, 'from-variable'), SANDBOX_IN_MEMORY: '1' },
        { cwd, args: ['--data-dir', 'from-flag'] },
      );
      await own.stop();
      expect(own.stdout()).toContain(`  data         ${join(cwd, 'from-flag')}\n`);
      expect(await readdir(cwd)).toEqual(['from-flag']);
      expect(await readdir(join(cwd, 'from-flag'))).toEqual(['state.json']);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it('writes nothing with --in-memory, even with SANDBOX_DATA_DIR set', async () => {
    const cwd = await realpath(await mkdtemp(join(tmpdir(), 'sandbox-cli-flags-')));
    try {
      const own = await startCli(
        { SANDBOX_PORT: '0', SANDBOX_DATA_DIR: join(cwd, 'data') },
        { cwd, args: ['--in-memory'] },
      );
      await own.stop();
      expect(own.stdout()).toMatch(/^ {2}data {9}in memory/m);
      expect(await readdir(cwd)).toEqual([]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});

describe('when the process that started it goes away', () => {
  it('stops and frees its port once its parent is killed without passing anything on', async () => {
    // The parent, like npx or npm run, starts the command on its own output; SIGKILL then ends
    // the parent before it can signal the command, which is left to init.
    const starter = `
      const child = require('node:child_process').spawn(process.execPath, [${JSON.stringify(CLI_PATH)}], { stdio: 'inherit' });
      console.log('command pid ' + child.pid);
    `;
    const cwd = await mkdtemp(join(tmpdir(), 'sandbox-cli-parent-'));
    const parent = spawn(process.execPath, ['-e', starter], {
      cwd,
      env: { ...baseEnv(), SANDBOX_PORT: '0', SANDBOX_IN_MEMORY: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    // The pipe closes once its last writer, the command, has exited.
    const closed = new Promise<'closed'>((resolve) =>
      parent.stdout.once('close', () => resolve('closed')),
    );
    let commandPid = 0;
    try {
      await vi.waitFor(() => expect(out).toMatch(/listening on http/), { timeout: 10_000 });
      commandPid = Number(/command pid (\d+)/.exec(out)?.[1]);
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      const answered = await fetch(`${url}/api/merchant/withdraws`, {
        headers: { Authorization: DEFAULT_API_KEY },
      });
      expect(answered.status).toBe(200);

      parent.kill('SIGKILL');
      const ended = await Promise.race([
        closed,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 10_000),
        ),
      ]);
      expect(ended).toBe('closed');
      expect(out).toMatch(/parent process exited, stopping\.\n.*stopped\.\n$/);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      // Without the fix the command outlives this test: end it here.
      if (commandPid > 0) {
        try {
          process.kill(commandPid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await rm(cwd, { recursive: true, force: true });
    }
  }, 30_000);
});
