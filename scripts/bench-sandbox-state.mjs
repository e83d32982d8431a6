// The sandbox's kept state at scale (part of `npm run bench`): BENCH_PAYMENTS purchases (default
// 30,000), BENCH_CONCURRENCY at a time (default 8), against the sandbox command in memory and
// with a data directory, with webhooks off (BENCH_WEBHOOKS=on or both adds a run with a receiver
// in this process that answers 200). Prints, per run: purchase latency (p50 and p99 over the
// whole run and over its last 2,000), the bytes the command wrote to files per payment, how long
// it took to answer once the load ended and to stop on SIGTERM, and, for the data directory, to
// restart (start → first answer) and stop again; then the data directory against memory, beside
// its budgets (docs/sandbox.md, "State across restarts"). With a data directory every purchase
// is answered only once it is flushed to disk (fdatasync, one shared by the purchases that came
// meanwhile), so it first prints the file system the data directories are on and what an
// fdatasync costs there (on tmpfs, nothing: it says so). Figures only: nothing here fails on time.
// Usage: node scripts/bench-sandbox-state.mjs after npm run build
//        (env: BENCH_PAYMENTS, BENCH_CONCURRENCY, BENCH_WEBHOOKS=off|on|both, BENCH_DATA_ROOT: the
//        directory the data directories are made in, default the system's temporary directory)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fdatasyncTimes, fileSystemOf, sampleFdatasyncs } from './file-system.mjs';

const CLI = fileURLToPath(new URL('../dist/sandbox-cli.js', import.meta.url));
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WEBHOOKS = process.env.BENCH_WEBHOOKS ?? 'off';
const DATA_ROOT = process.env.BENCH_DATA_ROOT ?? tmpdir();
const TAIL = 2_000;
const CUSTOMERS = 50;
const API_KEY = 'sk_sandbox_bench_state_key';
const MERCHANT = 'merchant_bench';
// A stop or a start slower than this is reported as such, and the process killed.
const GIVE_UP_MS = 120_000;
/** What a data directory may cost against memory (docs/sandbox.md, "State across restarts"). */
const BUDGET = { p99Ratio: 2, writtenPerPaymentKB: 10, restartMs: 2_000, stopMs: 2_000 };

if (!existsSync(CLI)) {
  console.error(`${CLI} is missing: run npm run build first (npm run bench does).`);
  process.exit(1);
}

/** A webhook receiver on 127.0.0.1 that answers every delivery 200. */
async function startReceiver() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, close: () => server.close() };
}

/** The command, started; resolves with its address once the banner says it listens. */
async function startCommand(env) {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_API_KEY: API_KEY,
      SANDBOX_MERCHANT_ID: MERCHANT,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('no banner')), GIVE_UP_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
  const readyMs = await untilAnswered(baseUrl, started);
  return { child, baseUrl, readyMs };
}

/** Milliseconds from `since` until the command answers a request with the API key. */
async function untilAnswered(baseUrl, since) {
  const response = await fetch(`${baseUrl}/api/sandbox/clock`, {
    headers: { Authorization: API_KEY },
  });
  await response.arrayBuffer();
  return performance.now() - since;
}

/** Milliseconds from SIGTERM to the process's exit (or GIVE_UP_MS, then it is killed). */
async function stopCommand(child) {
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  await exited;
  clearTimeout(timer);
  return performance.now() - started;
}

/** Bytes the process handed to write() and the bytes it made the disk write, so far. */
function writtenBytes(pid) {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? 0);
  return {
    handed: field('wchar'),
    disk: field('write_bytes') - field('cancelled_write_bytes'),
  };
}

async function customersOf(baseUrl) {
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const userId = `bench_state_${i}`;
    const { key } = await (
      await fetch(`${baseUrl}/api/auth/session-key`, {
        headers: { Authorization: API_KEY, 'x-service-auth-user-id': userId },
      })
    ).json();
    const { customer } = await (
      await fetch(`${baseUrl}/api/customer/v2`, {
        headers: { 'x-service-auth-session-key': key },
      })
    ).json();
    customers.push({ userId, key, token: customer.bankAccounts[0].token });
  }
  return customers;
}

/** PAYMENTS purchases, CONCURRENCY at a time, as <Checkout> sends them: latencies in order. */
async function purchases(baseUrl, customers, runId) {
  const latencies = new Array(PAYMENTS);
  let next = 0;
  let refused = 0;
  async function worker() {
    for (let n = next++; n < PAYMENTS; n = next++) {
      const customer = customers[n % customers.length];
      const cents = 100 + (n % 5_000);
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/checkout/ach/${MERCHANT}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-auth-session-key': customer.key,
          'Idempotency-Key': `bench-${runId}-${n}`,
        },
        body: JSON.stringify({
          subtotal: { cents, currency: 'USD' },
          token: customer.token,
          settlementType: 'USDC',
          webhookInfo: { itemName: 'Bench item', price: (cents / 100).toFixed(2), quantity: 1 },
          email: 'bench@example.com',
        }),
      });
      await response.arrayBuffer();
      latencies[n] = performance.now() - started;
      if (response.status !== 200) refused++;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latencies, refused };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function directoryBytes(dir) {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

/** One row: the load, the answer after it, the stop, and with a data directory a restart. */
async function row({ persisted, webhookUrl }) {
  const dataDir = persisted ? await mkdtemp(join(DATA_ROOT, 'sandbox-bench-state-')) : undefined;
  const env = {
    ...(dataDir ? { SANDBOX_DATA_DIR: dataDir } : { SANDBOX_IN_MEMORY: '1' }),
    ...(webhookUrl && { SANDBOX_WEBHOOK_URL: webhookUrl }),
  };
  try {
    const { child, baseUrl } = await startCommand(env);
    const customers = await customersOf(baseUrl);
    const before = writtenBytes(child.pid);
    const started = performance.now();
    const sampler = dataDir && sampleFdatasyncs(DATA_ROOT);
    const { latencies, refused } = await purchases(baseUrl, customers, persisted ? 'p' : 'm');
    const loadSeconds = (performance.now() - started) / 1000;
    const syncTimes = await sampler?.stop();
    const afterLoadMs = await untilAnswered(baseUrl, performance.now());
    const after = writtenBytes(child.pid);
    const stopMs = await stopCommand(child);
    const result = {
      persisted,
      webhooks: Boolean(webhookUrl),
      loadSeconds,
      refused,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      tailP50: percentile(latencies.slice(-TAIL), 50),
      tailP99: percentile(latencies.slice(-TAIL), 99),
      handed: after.handed - before.handed,
      disk: after.disk - before.disk,
      afterLoadMs,
      stopMs,
      ...(syncTimes && {
        syncP50: percentile(syncTimes, 50),
        syncP99: percentile(syncTimes, 99),
        syncs: syncTimes.length,
      }),
    };
    if (dataDir) {
      result.keptBytes = await directoryBytes(dataDir);
      const again = await startCommand(env);
      result.restartMs = again.readyMs;
      result.restopMs = await stopCommand(again.child);
    }
    return result;
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (value) => (value === undefined ? '-' : `${Math.round(value)} ms`);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

function print(memory, persisted) {
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : '-');
  // Sockets and stdout are written alike in both runs; what the data directory adds is the rest.
  const fileBytes = persisted.handed - memory.handed;
  console.log(
    `\nwebhooks ${persisted.webhooks ? 'on' : 'off'}: ${PAYMENTS} purchases, ${CONCURRENCY} at a time`,
  );
  for (const [name, r] of [
    ['in memory', memory],
    ['data dir', persisted],
  ]) {
    console.log(
      `  ${name.padEnd(10)} load ${r.loadSeconds.toFixed(1)} s (${r.refused} refused)  purchase p50 ${ms(r.p50)} p99 ${ms(r.p99)}  last ${TAIL}: p50 ${ms(r.tailP50)} p99 ${ms(r.tailP99)}  answer after load ${ms(r.afterLoadMs)}  stop ${ms(r.stopMs)}`,
    );
  }
  console.log(
    `  data dir   written ${kb(fileBytes / PAYMENTS)} per payment to files (${(fileBytes / 1e6).toFixed(1)} MB), ${kb(persisted.disk / PAYMENTS)} per payment to disk; kept ${(persisted.keptBytes / 1e6).toFixed(1)} MB; restart to first answer ${ms(persisted.restartMs)}, stop again ${ms(persisted.restopMs)}`,
  );
  console.log(
    `  data dir   fdatasync in ${DATA_ROOT} during the load (one every 20 ms beside it): p50 ${persisted.syncP50.toFixed(2)} ms, p99 ${persisted.syncP99.toFixed(2)} ms (${persisted.syncs} calls)`,
  );
  console.log(
    `  persisted / in memory: purchase p99 ${ratio(persisted.p99, memory.p99)}, last ${TAIL} p99 ${ratio(persisted.tailP99, memory.tailP99)}`,
  );
  const check = (label, value, budget, unit) =>
    `${label} ${value}${unit} (budget ≤ ${budget}${unit}: ${Number(value) <= budget ? 'within' : 'OVER'})`;
  const stopMs = Math.max(persisted.stopMs, persisted.restopMs);
  console.log(
    `  budget row, ${PAYMENTS} payments: ${[
      check(
        'purchase p99 persisted / in memory',
        ratio(persisted.p99, memory.p99),
        BUDGET.p99Ratio,
        '',
      ),
      check(
        'written per payment',
        (fileBytes / PAYMENTS / 1024).toFixed(2),
        BUDGET.writtenPerPaymentKB,
        ' KB',
      ),
      check('restart to ready', Math.round(persisted.restartMs), BUDGET.restartMs, ' ms'),
      check('stop', Math.round(stopMs), BUDGET.stopMs, ' ms'),
    ].join('; ')}`,
  );
}

/** The file system the data directories go on, and an fdatasync's cost there. */
async function printDisk() {
  const fs = fileSystemOf(DATA_ROOT);
  const times = await fdatasyncTimes(DATA_ROOT);
  const at = (p) => percentile(times, p).toFixed(2);
  console.log(
    `data directories in ${DATA_ROOT}: ${fs.type}${fs.device ? ` (${fs.device} on ${fs.mountPoint})` : ''}`,
  );
  console.log(
    `  fdatasync after a 6 KB append there, before any load: p50 ${at(50)} ms, p99 ${at(99)} ms, max ${times.at(-1).toFixed(2)} ms (${times.length} calls)`,
  );
  if (fs.memory) {
    console.log(
      `  ${fs.type} is memory: a sync costs nothing here and says nothing of a disk; set BENCH_DATA_ROOT to a directory on one`,
    );
  }
}

await printDisk();
const receiver = WEBHOOKS === 'off' ? undefined : await startReceiver();
try {
  const modes = WEBHOOKS === 'both' ? [false, true] : [WEBHOOKS === 'on'];
  for (const webhooks of modes) {
    const webhookUrl = webhooks ? receiver.url : undefined;
    const memory = await row({ persisted: false, webhookUrl });
    const persisted = await row({ persisted: true, webhookUrl });
    print(memory, persisted);
  }
} finally {
  receiver?.close();
}
