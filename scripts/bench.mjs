// Time to ready, measured in Chromium: `npm run bench` (builds the library first). Prints
// figures; asserts nothing about time.
//
// The sandbox runs on one origin with SANDBOX_LATENCY_MS (default 200) before every answer,
// preflights included; a minimal storefront page (bench/page, built here with Vite against the
// built package) is served from another origin. For each kind of payer it opens the page once
// to warm the browser (CORS preflight cache, the device script in the HTTP cache), then opens
// it BENCH_RUNS more times and measures, on each fresh page:
//   ready    root.render() of the provider and <Checkout> until the Pay button is enabled
//   pay      the click on Pay until onSuccess
//   prefetched  ready, with the customer prefetched by the storefront's server and hydrated
// and prints the median in ms and as a ratio to the latency (the goal: at most 1.3, i.e. one
// round trip each). It also prints what reached the sandbox (preflights, and whether the
// customer read and the device script start together), the renders of <Checkout> from mount
// to ready, and the work done when the page re-renders with equal props.
import react from '@vitejs/plugin-react';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { customerQueryOptions } from 'service-checkout/query';
import { MAGIC } from 'service-checkout/sandbox';
import { startSandboxServer } from 'service-checkout/sandbox/node';
import { build } from 'vite';
import { launchChromium } from './chromium.mjs';

const LATENCY_MS = Number(process.env.SANDBOX_LATENCY_MS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const RERENDERS = 10;
const GOAL_RATIO = 1.3;
// A hydrated customer needs no request before Pay is enabled.
const PREFETCHED_GOAL_RATIO = 0.25;
const pageRoot = fileURLToPath(new URL('../bench/page', import.meta.url));

/**
 * Counts calls of the built package's component functions named Checkout* (window.__benchRenders):
 * a production React build keeps no such count, and the Profiler only sees commits.
 */
function renderCounter() {
  return {
    name: 'bench-render-counter',
    transform(code, id) {
      if (!/[\\/]dist[\\/]index\.js$/.test(id)) return null;
      let found = 0;
      const counted = code.replace(/\bfunction (Checkout\w*)\(([^)]*)\)\s*\{/g, (head, name) => {
        found += 1;
        return `${head}\nwindow.__benchRenders[${JSON.stringify(name)}] = (window.__benchRenders[${JSON.stringify(name)}] ?? 0) + 1;`;
      });
      if (!/"Checkout"/.test(counted) || found === 0) {
        throw new Error('bench: found no function Checkout(...) in dist/index.js to count');
      }
      return { code: counted, map: null };
    },
  };
}

async function buildPage(outDir) {
  await build({
    root: pageRoot,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), renderCounter()],
    // The profiling build of react-dom keeps <Profiler> timings in production.
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
      },
    },
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const body = await readFile(join(dir, path === '/' ? 'index.html' : path.slice(1)));
      res.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'text/plain' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${value.toFixed(0)} ms`;
const ratio = (value) => (value / LATENCY_MS).toFixed(2);

const outDir = await mkdtemp(join(tmpdir(), 'service-checkout-bench-'));
const sandboxServer = await startSandboxServer({ port: 0, latencyMs: LATENCY_MS });
const { sandbox } = sandboxServer;

// Every request that reaches the sandbox, with its arrival time: preflights included, which the
// browser's own request events do not show.
const arrivals = [];
const handle = sandbox.handle.bind(sandbox);
sandbox.handle = async (request) => {
  const entry = {
    at: performance.now(),
    method: request.method,
    path: new URL(request.url).pathname,
  };
  arrivals.push(entry);
  const response = await handle(request);
  if (request.method === 'OPTIONS') entry.maxAge = response.headers.get('access-control-max-age');
  return response;
};

let browser;
let site;
try {
  await buildPage(outDir);
  site = await serveStatic(outDir);
  browser = await launchChromium();
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));

  console.log(`service-checkout bench: sandbox ${sandboxServer.url} with ${LATENCY_MS} ms latency`);
  console.log(
    `storefront page ${site.url} (another origin), Chromium, ${RUNS} runs after a warm-up\n`,
  );

  const payers = [
    { label: 'payer', customerId: 'bench-payer' },
    {
      label: 'payer with chargeback protection',
      customerId: `${MAGIC.chargebackProtection}_bench`,
    },
  ];
  const results = [];
  let cold = true;
  for (const payer of payers) {
    const sessionKey = await sandbox.mintSessionKey(payer.customerId);
    const options = { sandboxUrl: sandboxServer.url, sessionKey, merchantId: sandbox.merchantId };
    const visit = async () => {
      await page.goto(site.url);
      await page.waitForFunction(() => typeof window.bench === 'object');
      arrivals.length = 0;
      const origin = performance.now();
      const ready = await page.evaluate(
        (mountOptions) => window.bench.mount(mountOptions),
        options,
      );
      const seenAtReady = arrivals.map((entry) => ({ ...entry, at: entry.at - origin }));
      const paid = await page.evaluate(() => window.bench.pay());
      const seen = arrivals.map((entry) => ({ ...entry, at: entry.at - origin }));
      return { ready, paid, seenAtReady, seen };
    };

    // The first visit of the whole run is the cold one: preflights and the device script.
    const first = { ...(await visit()), cold };
    cold = false;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit());
    // Equal props from a re-rendering page, on a ready checkout.
    await page.goto(site.url);
    await page.waitForFunction(() => typeof window.bench === 'object');
    await page.evaluate((mountOptions) => window.bench.mount(mountOptions), options);
    const rerender = await page.evaluate((times) => window.bench.rerenderParent(times), RERENDERS);
    await page.evaluate(() => window.bench.unmount());
    results.push({ payer, first, runs, rerender });
  }

  // The storefront's server prefetches the customer with the session key it mints and sends it
  // in the page: the checkout should be payable on its first render, with no round trip.
  const prefetchedRuns = [];
  {
    const payer = payers[0];
    for (let i = 0; i <= RUNS; i++) {
      const sessionKey = await sandbox.mintSessionKey(payer.customerId);
      const serverClient = new QueryClient();
      await serverClient.prefetchQuery(
        customerQueryOptions({
          sessionKey,
          merchantId: sandbox.merchantId,
          env: 'local',
          baseUrl: sandboxServer.url,
        }),
      );
      const options = {
        sandboxUrl: sandboxServer.url,
        sessionKey,
        merchantId: sandbox.merchantId,
        dehydratedState: dehydrate(serverClient),
      };
      await page.goto(site.url);
      await page.waitForFunction(() => typeof window.bench === 'object');
      arrivals.length = 0;
      const ready = await page.evaluate(
        (mountOptions) => window.bench.mount(mountOptions),
        options,
      );
      const reads = arrivals.filter((entry) => entry.path === '/api/customer/v2').length;
      await page.evaluate(() => window.bench.unmount());
      // The first visit warms up, as for the other rows.
      if (i > 0) prefetchedRuns.push({ ready, reads });
    }
  }

  for (const { payer, first, runs, rerender } of results) {
    const readyMs = median(runs.map((run) => run.ready.readyMs));
    const payMs = median(runs.map((run) => run.paid.successMs));
    const preflights = runs.flatMap((run) =>
      run.seen.filter((entry) => entry.method === 'OPTIONS'),
    );
    const firstPreflights = first.seen.filter((entry) => entry.method === 'OPTIONS');
    const started = (list, path, method = 'GET') =>
      list.find((entry) => entry.path === path && entry.method === method)?.at;
    console.log(`${payer.label} (${payer.customerId})`);
    console.log(
      `  mount → Pay enabled   ${ms(readyMs)}  ratio ${ratio(readyMs)}  (${first.cold ? 'cold' : 'warm-up'} visit ${ms(first.ready.readyMs)}, ratio ${ratio(first.ready.readyMs)})  ${readyMs / LATENCY_MS <= GOAL_RATIO ? 'within' : 'MISSES'} the ${GOAL_RATIO} goal`,
    );
    console.log(
      `  Pay → onSuccess       ${ms(payMs)}  ratio ${ratio(payMs)}  (${first.cold ? 'cold' : 'warm-up'} visit ${ms(first.paid.successMs)}, ratio ${ratio(first.paid.successMs)})  ${payMs / LATENCY_MS <= GOAL_RATIO ? 'within' : 'MISSES'} the ${GOAL_RATIO} goal`,
    );
    console.log(
      `  runs (ready / pay ms) ${runs.map((run) => `${run.ready.readyMs.toFixed(0)}/${run.paid.successMs.toFixed(0)}`).join(' ')}`,
    );
    console.log(
      `  preflights            ${first.cold ? 'cold' : 'warm-up'} visit ${firstPreflights.length} (Access-Control-Max-Age ${firstPreflights[0]?.maxAge ?? '-'} s), later visits ${preflights.length} in ${runs.length}`,
    );
    const customerAt = started(first.seenAtReady, '/api/customer/v2');
    const optionsAt = started(first.seenAtReady, '/api/customer/v2', 'OPTIONS');
    const scriptAt = started(first.seenAtReady, '/chargeback/device.js');
    console.log(
      `  ${first.cold ? 'cold' : 'warm-up'} visit, at the sandbox: customer preflight ${optionsAt === undefined ? '-' : ms(optionsAt)}, customer read ${customerAt === undefined ? '-' : ms(customerAt)}, device script ${scriptAt === undefined ? '-' : ms(scriptAt)} after mount`,
    );
    console.log(
      `  requests per later visit ${[...new Set(runs.at(-1).seen.map((entry) => `${entry.method} ${entry.path}`))].join(', ')}`,
    );
    console.log(
      `  renders mount → ready ${runs.at(-1).ready.commits} commits of <Checkout>'s subtree; function calls ${JSON.stringify(runs.at(-1).ready.renders)}`,
    );
    console.log(
      `  ${RERENDERS} parent re-renders with equal props: ${rerender.commits} Profiler commits, ${rerender.actualDurationMs.toFixed(2)} ms rendering, function calls ${JSON.stringify(rerender.renders)}\n`,
    );
  }
  const prefetchedMs = median(prefetchedRuns.map((run) => run.ready.readyMs));
  const prefetchedReads = prefetchedRuns.reduce((sum, run) => sum + run.reads, 0);
  console.log(`${payers[0].label}, customer prefetched by the server and hydrated`);
  console.log(
    `  prefetched: mount → Pay enabled   ${ms(prefetchedMs)}  ratio ${ratio(prefetchedMs)}  ${prefetchedMs / LATENCY_MS <= PREFETCHED_GOAL_RATIO ? 'within' : 'MISSES'} the ${PREFETCHED_GOAL_RATIO} goal (no round trip); customer reads from the page: ${prefetchedReads} in ${prefetchedRuns.length} visits\n`,
  );
  console.log(`payments in the sandbox: ${sandbox.payments.length}`);
} finally {
  await browser?.close();
  site?.close();
  await sandboxServer.close();
  await rm(outDir, { recursive: true, force: true });
}
