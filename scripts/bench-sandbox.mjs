// Load benchmark of the sandbox: 10,000 mixed requests against `service-checkout-sandbox` on
// 127.0.0.1 (a separate process), printing throughput and latency percentiles.
// Usage: npm run bench:sandbox   (env: BENCH_REQUESTS, BENCH_CONCURRENCY, SANDBOX_LATENCY_MS)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../dist/sandbox-cli.js', import.meta.url));
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DEADLINE_MS = 180_000;
const API_KEY = 'sk_sandbox_bench';
const MERCHANT = 'merchant_bench';

if (!existsSync(CLI)) {
  console.error(`${CLI} is missing: run npm run build first (npm run bench:sandbox does).`);
  process.exit(1);
}

const child = spawn(process.execPath, [CLI], {
  // In memory: the bench measures answers, not the data directory of a developer's sandbox.
  env: {
    ...process.env,
    SANDBOX_PORT: '0',
    SANDBOX_API_KEY: API_KEY,
    SANDBOX_MERCHANT_ID: MERCHANT,
    SANDBOX_IN_MEMORY: '1',
  },
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

const baseUrl = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
});

const json = { 'content-type': 'application/json' };
const apiKey = { Authorization: API_KEY };

// A pool of customers with keys and bank tokens, made before timing starts.
const customers = [];
for (let i = 0; i < 50; i++) {
  const userId = i % 10 === 0 ? `test_decline_bench_${i}` : `bench_${i}`;
  const { key } = await (
    await fetch(`${baseUrl}/api/auth/session-key`, {
      headers: { ...apiKey, 'x-service-auth-user-id': userId },
    })
  ).json();
  const { customer } = await (
    await fetch(`${baseUrl}/api/customer/v2`, { headers: { 'x-service-auth-session-key': key } })
  ).json();
  customers.push({ userId, key, tokens: customer.bankAccounts.map((account) => account.token) });
}

const pick = (n) => customers[n % customers.length];
const checkoutBody = (token, cents) =>
  JSON.stringify({
    subtotal: { cents, currency: 'USD' },
    token,
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Bench item', price: (cents / 100).toFixed(2), quantity: 1 },
    email: 'bench@example.com',
  });

// Each kind: share of the mix, the request, and the statuses it may answer.
const KINDS = [
  [
    'session-key',
    20,
    (n) => [
      `/api/auth/session-key`,
      { headers: { ...apiKey, 'x-service-auth-user-id': `bench_new_${n % 2000}` } },
    ],
    [200],
  ],
  [
    'customer',
    30,
    (n) => [`/api/customer/v2`, { headers: { 'x-service-auth-session-key': pick(n).key } }],
    [200],
  ],
  ['withdrawals', 8, () => [`/api/merchant/withdraws`, { headers: apiKey }], [200]],
  [
    'event',
    15,
    (n) => [
      `/api/events`,
      {
        method: 'POST',
        headers: { ...apiKey, ...json },
        body: JSON.stringify({ eventType: 'SignIn', customerId: pick(n).userId, country: 'US' }),
      },
    ],
    [200],
  ],
  [
    'checkout',
    20,
    (n) => {
      const customer = pick(n);
      const token = customer.tokens[n % customer.tokens.length];
      return [
        `/api/checkout/ach/${MERCHANT}`,
        {
          method: 'POST',
          headers: {
            ...json,
            'x-service-auth-session-key': customer.key,
            'Idempotency-Key': `bench-${n % 1500}-${customer.userId}`,
          },
          body: checkoutBody(token, 100 + (n % 1500)),
        },
      ];
    },
    [200, 402, 409],
  ],
  [
    'errors',
    7,
    (n) =>
      n % 2
        ? [`/api/unknown`, {}]
        : [`/api/customer/v2`, { headers: { 'x-service-auth-session-key': 'garbage' } }],
    [401, 404],
  ],
];
const schedule = KINDS.flatMap(([name, share]) => Array(share).fill(name));
const byName = new Map(KINDS.map((kind) => [kind[0], kind]));

const latencies = [];
const perKind = new Map(KINDS.map(([name]) => [name, []]));
const statuses = new Map();
let unexpected = 0;
let next = 0;

async function worker() {
  for (;;) {
    const n = next++;
    if (n >= TOTAL) return;
    const [name, , build, allowed] = byName.get(schedule[(n * 37) % schedule.length]);
    const [path, init] = build(n);
    const started = performance.now();
    const response = await fetch(baseUrl + path, init);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    latencies.push(elapsed);
    perKind.get(name).push(elapsed);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (!allowed.includes(response.status)) unexpected++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const wallMs = performance.now() - started;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value) => `${value.toFixed(2)} ms`;

console.log(
  `sandbox load benchmark: ${latencies.length} mixed requests, ${CONCURRENCY} concurrent, ${baseUrl}`,
);
console.log(`  wall time    ${(wallMs / 1000).toFixed(2)} s`);
console.log(`  throughput   ${Math.round(latencies.length / (wallMs / 1000))} requests/s`);
console.log(
  `  latency      p50 ${ms(percentile(latencies, 50))}  p90 ${ms(percentile(latencies, 90))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(percentile(latencies, 100))}`,
);
for (const [name, values] of perKind) {
  console.log(
    `    ${name.padEnd(12)} ${String(values.length).padStart(5)} requests  p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}`,
  );
}
console.log(
  `  statuses     ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')}`,
);
console.log(`  unexpected   ${unexpected}`);

clearTimeout(deadline);
stopServer();
await new Promise((resolve) => child.once('exit', resolve));
process.exit(unexpected === 0 ? 0 : 1);
