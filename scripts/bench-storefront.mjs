// The demo storefront under a sign-in storm: `npm run bench:storefront` (builds first). Prints
// figures; asserts nothing about time.
//
// The shop runs as `npm start` runs it (examples/storefront/start.mjs, a process of its own, with
// its embedded sandbox and a fresh data directory). A signed-in shopper places an order every
// 25 ms (each order is timed on its own, so a slow one does not delay the next) while, at once,
// BENCH_SIGN_INS (default 200) new customers sign up with passwords: each sign-up hashes a
// password (scrypt), the work that fills libuv's thread pool. Two storms: every sign-in from an
// address of its own (127.0.0.2 on: many shoppers), then all from one address (one client). For
// each it prints the sign-ins' answers and time, and the orders' p50, p99 and max, beside the
// orders' figures with no storm.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('../examples/storefront/start.mjs', import.meta.url));
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200);
const ORDER_EVERY_MS = 25;
const ORDER_TIMEOUT_MS = 30_000;
const QUIET_ORDERS = 30;
const DEADLINE_MS = 10 * 60_000;
const PASSWORD = 'correct horse battery';

const dataDir = await mkdtemp(join(tmpdir(), 'bench-storefront-'));
const child = spawn(process.execPath, [START], {
  env: { ...process.env, PORT: '0', SANDBOX_PORT: '0', STOREFRONT_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stopServer = () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
const deadline = setTimeout(() => {
  console.error(`bench: gave up after ${DEADLINE_MS / 1000} s.`);
  stopServer();
  process.exit(1);
}, DEADLINE_MS);

const shopUrl = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk;
    const match = /Open\s+.*?(http:\/\/[\d.]+:\d+)\//.exec(out);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`the storefront exited with ${code}\n${out}`)));
});
const { hostname, port } = new URL(shopUrl);

/**
 * One request on a connection of its own from `clientAddress` (any 127.x address is this machine
 * on Linux): the shop sees each address as another client.
 */
function send(method, path, { body, cookie, clientAddress = '127.0.0.1' } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        localAddress: clientAddress,
        agent: false,
        timeout: ORDER_TIMEOUT_MS,
        headers: {
          origin: shopUrl,
          'sec-fetch-site': 'same-origin',
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...(cookie && { cookie }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({
        status: error.message === 'timeout' ? 'timeout' : 'error',
        ms: performance.now() - started,
      }),
    );
    req.end(payload);
  });
}

const signIn = (customerId, clientAddress) =>
  send('POST', '/api/sign-in', { body: { customerId, password: PASSWORD }, clientAddress });

const buyer = await signIn(`bench_buyer_${process.pid}`, '127.0.0.1');
if (buyer.status !== 200) throw new Error(`bench: the buyer's sign-in answered ${buyer.status}`);
const order = () =>
  send('POST', '/api/orders', {
    body: { lines: [{ productId: 'gem-pouch', quantity: 1 }] },
    cookie: buyer.cookie,
  });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value) => `${Math.round(value)} ms`;
const tally = (answers) => {
  const counts = new Map();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
};
const orderLine = (answers) => {
  const times = answers.filter((answer) => answer.status === 201).map((answer) => answer.ms);
  return `${answers.length} orders (${tally(answers)})  p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}  max ${ms(percentile(times, 100))}`;
};

/** Orders every ORDER_EVERY_MS while `storm` runs; the storm's answers and the orders'. */
async function during(storm) {
  const orders = [];
  let stormDone = false;
  const stormRun = storm().finally(() => (stormDone = true));
  while (!stormDone) {
    orders.push(order());
    await new Promise((resolve) => setTimeout(resolve, ORDER_EVERY_MS));
  }
  return { signIns: await stormRun, orders: await Promise.all(orders) };
}

let run = 0;
const storm = (clientOf) => async () => {
  run += 1;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: SIGN_INS }, (_, n) =>
      signIn(`bench_${process.pid}_${run}_${n}`, clientOf(n)),
    ),
  );
  return { answers, wallMs: performance.now() - started };
};

const quiet = [];
for (let n = 0; n < QUIET_ORDERS; n++) quiet.push(await order());

const scenarios = [
  ['from as many clients', storm((n) => `127.0.${2 + Math.floor(n / 250)}.${2 + (n % 250)}`)],
  ['from one client', storm(() => '127.0.0.1')],
];
console.log(`storefront under a sign-in storm: ${shopUrl}, ${SIGN_INS} sign-ins at once`);
console.log(`  no storm              ${orderLine(quiet)}`);
for (const [name, run] of scenarios) {
  const { signIns, orders } = await during(run);
  const times = signIns.answers.map((answer) => answer.ms);
  console.log(`  ${SIGN_INS} sign-ins ${name}`);
  console.log(
    `    sign-ins            ${tally(signIns.answers)}; all answered in ${(signIns.wallMs / 1000).toFixed(1)} s, each p50 ${ms(percentile(times, 50))} max ${ms(percentile(times, 100))}`,
  );
  console.log(`    orders meanwhile    ${orderLine(orders)}`);
}

clearTimeout(deadline);
stopServer();
await new Promise((resolve) => child.once('exit', resolve));
await rm(dataDir, { recursive: true, force: true });
