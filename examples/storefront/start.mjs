#!/usr/bin/env node
// The demo storefront: `npm start`, and the programmatic starter for the end-to-end tests.
//
// Contract (types in start.d.mts):
//
//   import { startStorefront } from './examples/storefront/start.mjs';
//   const shop = await startStorefront({ port: 0, sandboxPort: 0 });
//   // shop.url         'http://127.0.0.1:<port>', the storefront (no trailing slash)
//   // shop.sandboxUrl  'http://127.0.0.1:<port>', the embedded sandbox the page pays through
//   // shop.sandbox     the Sandbox object: .events, .payments, .mintSessionKey(), .reset() ...
//   // shop.apiKey      the merchant API key the storefront's server holds (never sent to the page)
//   // shop.clientDir   absolute path of the built page files, to scan for secrets
//   await shop.runDue(); // runs the shop's minute work now: catching up on missed payment events,
//                        // refunds due, removal of unpaid orders past keeping
//   await shop.close(); // stops both servers; safe to call twice
//
// Options (all optional): port (default 5173), sandboxPort (4010), host ('127.0.0.1'),
// sessionKeyTtlSeconds, latencyMs, merchantId, apiKey, jwtSecret (sandbox options),
// databaseUrl (a PostgreSQL server instead of PGlite), publicOrigins (more addresses the shop
// answers at), headersTimeoutMs and requestTimeoutMs (the shop's server's; 10 s and 30 s),
// log (a function receiving one line per sign-in, order or failure; default: silent), and
// build: 'if-stale' (default: builds the library and the storefront when their sources are
// newer than their output) | 'always' | 'never'.
//
//   const one = await startShop({ service: { url, merchantId, apiKey, webhookKey }, databaseUrl });
//
// starts the shop's server alone against a service that runs elsewhere: one of several
// processes sharing a PostgreSQL server. `npm start` does the same when SERVICE_URL is set.
//
// Before serving, it builds what is missing or stale: the library (`vite build` at the repo
// root, whose dist/ the storefront imports through the package's exports) and the storefront
// (a production build of the page into dist/client and of its server into dist/server).
// Concurrent starters share one build through a lock directory.
//
// What a browser test can rely on:
// - Sign in: /sign-in has a button "Sign in as <persona name>" per test persona (src/personas.ts:
//   "Alex Rivera" alex.rivera, "Sam (chargeback protection)" test_cbp_sam, "Dana (declining
//   bank)" test_decline_dana, ...), or a form with "Customer id" and "Password" fields and a
//   "Sign in" button. POST /api/sign-in {"customerId": "...", "password": "..."} (JSON) does the
//   same: a new customer id signs up with the password given (8 to 200 characters), a persona
//   with the password its button uses. It sets the httpOnly cookie `skyreach_session`, an
//   opaque session id. Every POST needs `Origin: <shop url>` (or `Sec-Fetch-Site: same-origin`)
//   and `content-type: application/json`, as the page sends them.
// - Buy: /products/<id> (gem-pouch, gem-hoard, dragon-vault, season-pass, frostwing-mount,
//   sunken-isles, arena-cup; returned-payment-test at $2.22 and late-return-test at $10.10, the
//   sandbox's magic amounts) has "Add to cart" and "Buy now" (adds and opens /checkout).
// - Checkout: /checkout renders <Checkout> (`.sc-checkout`, its state in `data-state`), with
//   chargebackProtectionData on every purchase, so a missing device id is `device-required`.
// - Paid: the page goes to /orders/<orderId>?placed=1; its status is in [data-testid=order-status]
//   ("Payment submitted" until the payment settles, then "Paid") and, once the service has a
//   payment for it, the payment id in [data-testid=payment-id]. Once the shop has read it, the
//   payer's debit authorization is in the region "Your debit authorization" ("Download a copy");
//   a returned payment says why in the region "Why your bank sent it back", with its one offer
//   ("Pay again", "Approve a new payment", "Pay from another account", or none).
// - Inventory: /orders shows the account's gems in [data-testid=inventory-gems] ("8,000 gems")
//   and its items in [data-testid=inventory-items]; a paid order whose money went back reads
//   "Payment reversed", with why and what was taken back.
// - Server routes: GET /api/config, GET /api/me, POST /api/sign-in, POST /api/sign-out,
//   POST /api/sign-out-everywhere, GET|POST /api/session-key (the library's session-key route),
//   GET|POST /api/orders, GET /api/orders/<orderId>, GET /api/inventory (the signed-in customer's
//   gems and items), GET /api/bank-accounts/unusable (the signed-in customer's bank accounts a
//   return said cannot take debits), GET /api/merchant/withdrawals,
//   GET /api/merchant/activity, POST /api/test-bank-accounts (test mode: a sandbox bank
//   account for the signed-in customer), GET /api/merchant/webhook-key and
//   POST /api/merchant/webhook-key/roll (staff), GET|POST /api/merchant/time-travel (staff, test
//   mode: {"action": "settle"}, {"action": "advance", "days": n}, {"action": "return", "orderId"}),
//   POST /api/merchant/sandbox-console (staff, test mode: {"url"} that opens the embedded
//   sandbox's console once, within a minute; the merchant page's "Open the sandbox console").
// - Time: without a `now` option the shop's clock is the embedded sandbox's, so moving the
//   sandbox's clock (POST <sandboxUrl>/api/sandbox/clock, or the staff page's "Time travel
//   (sandbox)" panel: "Settle now", "Days to advance" and "Advance", "Return after settlement
//   (R10): order <orderId>") moves the shop's; the panel's [data-testid=time-travel-result] says
//   what a move did, and [data-testid=webhook-key-status] when the key was rolled. A move that
//   ends staff's session (7 days on that clock), or a session that ends under the staff page,
//   opens /sign-in?next=%2Fmerchant&ended=… ("You were signed out", and why).
// - Ways out: the checkout's "Add a bank account" opens /link-bank-account?next=%2Fcheckout
//   ("Link a test bank account" links one and goes back); "Contact support" opens /support.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const clientDir = join(here, 'dist', 'client');
const serverEntry = join(here, 'dist', 'server', 'start.js');
const lockDir = join(here, 'dist', '.build-lock');

/** @param {string} path */
async function mtime(path) {
  const info = await stat(path).catch(() => null);
  return info ? info.mtimeMs : 0;
}

/** Newest modification time of the files under `paths` (0 when none exists). */
async function newest(/** @type {string[]} */ ...paths) {
  let latest = 0;
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (!info.isDirectory()) {
      latest = Math.max(latest, info.mtimeMs);
      continue;
    }
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        latest = Math.max(latest, await mtime(join(entry.parentPath, entry.name)));
      }
    }
  }
  return latest;
}

/** Oldest modification time of `paths`; 0 when any is missing. */
async function oldest(/** @type {string[]} */ ...paths) {
  let earliest = Infinity;
  for (const path of paths) {
    const time = await mtime(path);
    if (time === 0) return 0;
    earliest = Math.min(earliest, time);
  }
  return earliest;
}

/** The files the package's exports point at, and the console page: present and newer than src/ means built. */
async function libraryOutputs() {
  const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
  /** @type {string[]} */
  const files = [];
  for (const target of Object.values(pkg.exports ?? {})) {
    const targets = typeof target === 'string' ? [target] : Object.values(target);
    for (const file of targets) {
      if (typeof file === 'string' && file.startsWith('./dist/')) files.push(join(repoRoot, file));
    }
  }
  // The sandbox console's page, which the embedded sandbox serves.
  files.push(join(repoRoot, 'dist', 'console', 'index.html'));
  return files;
}

async function libraryIsStale() {
  const built = await oldest(...(await libraryOutputs()));
  return (
    built === 0 || (await newest(join(repoRoot, 'src'), join(repoRoot, 'package.json'))) > built
  );
}

async function storefrontIsStale() {
  const built = await oldest(join(clientDir, 'index.html'), serverEntry);
  if (built === 0) return true;
  const sources = await newest(
    join(here, 'src'),
    join(here, 'server'),
    join(here, 'public'),
    join(here, 'index.html'),
    join(here, 'vite.config.ts'),
    join(here, 'start.mjs'),
    ...(await libraryOutputs()),
  );
  return sources > built;
}

/** Build processes and the lock still held when this process exits (a signal mid-build). */
const running = new Set();
let holdingLock = false;
let exitHookInstalled = false;

function cleanUpOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running)
      /** @type {import('node:child_process').ChildProcess} */ (child).kill();
    if (holdingLock) rmSync(lockDir, { recursive: true, force: true });
  });
}

/** Runs the vite command line (so this file needs no TypeScript loader). */
function vite(/** @type {string[]} */ args, /** @type {string} */ cwd) {
  cleanUpOnExit();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), ...args],
      {
        cwd,
        stdio: ['ignore', 'inherit', 'inherit'],
        // A test runner's NODE_ENV=test would otherwise give a development build of React.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    running.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      return code === 0
        ? resolve(undefined)
        : reject(new Error(`vite ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Holds the build lock while `run` runs; waits for another process's build to finish. */
async function withBuildLock(/** @type {() => Promise<void>} */ run) {
  await mkdir(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  while (!(await tryLock())) {
    const owner = Number(await readFile(join(lockDir, 'pid'), 'utf8').catch(() => '0'));
    const age = Date.now() - (await mtime(lockDir));
    // A lock left by a process that died (or hung for minutes) is taken over.
    if ((!(owner > 0 && isAlive(owner)) && age > 2000) || age > 5 * 60_000) {
      await rm(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lockDir}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  holdingLock = true;
  try {
    await writeFile(join(lockDir, 'pid'), String(process.pid));
    await run();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
    holdingLock = false;
  }
}

async function tryLock() {
  try {
    await mkdir(lockDir);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
    throw error;
  }
}

function isAlive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @type {Promise<void> | undefined} */
let built;

/** Builds the library and the storefront when needed; once per process. */
export function buildStorefront(
  /** @type {{ build?: 'if-stale' | 'always' | 'never', log?: (line: string) => void }} */ options = {},
) {
  const mode = options.build ?? 'if-stale';
  const log = options.log ?? (() => undefined);
  if (mode === 'never') return Promise.resolve();
  if (mode === 'if-stale' && built) return built;
  const run = withBuildLock(async () => {
    if (mode === 'always' || (await libraryIsStale())) {
      log('Building service-checkout (the library)…');
      await vite(['build', '--logLevel', 'error'], repoRoot);
      await vite(
        ['build', '--config', 'src/sandbox/console/vite.config.ts', '--logLevel', 'error'],
        repoRoot,
      );
    }
    if (mode === 'always' || (await storefrontIsStale())) {
      log('Building the storefront…');
      await vite(['build', '--config', join(here, 'vite.config.ts')], here);
      await vite(
        ['build', '--ssr', 'server/start.ts', '--config', join(here, 'vite.config.ts')],
        here,
      );
    }
  });
  built = run.catch((error) => {
    built = undefined;
    throw error;
  });
  return built;
}

/**
 * Builds what is needed, then starts the sandbox and the storefront.
 * @param {import('./start.d.mts').StartStorefrontOptions} [options]
 * @returns {Promise<import('./start.d.mts').Storefront>}
 */
export async function startStorefront(options = {}) {
  const { build, ...serverOptions } = options;
  await buildStorefront({ build, log: options.log });
  const server = await import(pathToFileURL(serverEntry).href);
  const storefront = await server.startStorefront({ ...serverOptions, clientDir });
  return { ...storefront, clientDir };
}

/**
 * Builds what is needed, then starts the shop's server alone, against `options.service`.
 * @param {import('./start.d.mts').StartShopOptions} options
 * @returns {Promise<import('./start.d.mts').Shop>}
 */
export async function startShop(options) {
  const { build, ...serverOptions } = options;
  await buildStorefront({ build, log: options.log });
  const server = await import(pathToFileURL(serverEntry).href);
  const shop = await server.startShop({ ...serverOptions, clientDir });
  return { ...shop, clientDir };
}

// ---- npm start ---------------------------------------------------------------------------

function portFrom(/** @type {string} */ name, /** @type {number} */ fallback) {
  const flag = `--${name.toLowerCase().replace(/_/g, '-')}`;
  const index = process.argv.indexOf(flag);
  const raw = index >= 0 ? process.argv[index + 1] : process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(
      `${name} must be a port number from 0 to 65535; received ${JSON.stringify(raw)}.`,
    );
    process.exit(1);
  }
  return port;
}

/** The service to use instead of the embedded sandbox: all four variables, or none. */
function serviceFromEnv() {
  const names = ['SERVICE_URL', 'SERVICE_MERCHANT_ID', 'SERVICE_API_KEY', 'SERVICE_WEBHOOK_KEY'];
  const given = names.filter((name) => process.env[name]);
  if (given.length === 0) return undefined;
  if (given.length < names.length) {
    const missing = names.filter((name) => !process.env[name]);
    console.error(
      `To run against a service of your own, set ${names.join(', ')}; missing: ${missing.join(', ')}.`,
    );
    process.exit(1);
  }
  const [url, merchantId, apiKey, webhookKey] = names.map((name) => String(process.env[name]));
  return { url, merchantId, apiKey, webhookKey };
}

async function main() {
  const port = portFrom('PORT', 5173);
  const sandboxPort = portFrom('SANDBOX_PORT', 4010);
  const latency = process.env.SANDBOX_LATENCY_MS;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const publicOrigins = (process.env.STOREFRONT_PUBLIC_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const service = serviceFromEnv();
  const stamp = () => new Date().toTimeString().slice(0, 8);
  const log = (/** @type {string} */ line) => console.log(`${stamp()}  ${line}`);

  /** @type {import('./start.d.mts').Shop | undefined} */
  let shop;
  /** @type {import('./start.d.mts').Storefront | undefined} */
  let storefront;
  let stopping = false;
  const stop = (/** @type {string} */ reason) => {
    if (stopping) return;
    stopping = true;
    if (!shop) {
      // Mid-build: the exit hook stops the build and releases its lock.
      console.log(`\n${reason}: stopped before the storefront started.`);
      process.exit(1);
    }
    console.log(`\n${reason}: stopping the storefront and the sandbox…`);
    setTimeout(() => {
      console.error('Did not stop within 5 s; exiting.');
      process.exit(1);
    }, 5000).unref();
    shop.close().then(
      () => process.exit(0),
      (error) => {
        console.error('Could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));
  // If whatever started us (npm, a terminal) goes away without a signal, stop too.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop('Parent process exited'), 1000).unref();

  // Accounts and orders survive a restart; delete the directory to start afresh.
  const dataDir = process.env.STOREFRONT_DATA_DIR || join(repoRoot, '.storefront-data');
  try {
    if (service) {
      shop = await startShop({ port, service, databaseUrl, publicOrigins, dataDir, log });
    } else {
      shop = storefront = await startStorefront({
        port,
        sandboxPort,
        databaseUrl,
        publicOrigins,
        dataDir,
        latencyMs: latency ? Number(latency) : undefined,
        log,
      });
    }
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'EADDRINUSE') {
      const address = /** @type {{ port?: number }} */ (error).port;
      const variable = address === sandboxPort ? 'SANDBOX_PORT' : 'PORT';
      console.error(
        `Port ${address ?? ''} is already in use. Pick another: ${variable}=<port> npm start`,
      );
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }

  const bold = (/** @type {string} */ text) =>
    process.stdout.isTTY ? `\x1b[1m${text}\x1b[22m` : text;
  const data = databaseUrl
    ? `  Data     the PostgreSQL server of DATABASE_URL (accounts, sessions, orders)${storefront ? `; the sandbox in ${dataDir}` : ''}`
    : `  Data     ${dataDir}  (accounts, orders${storefront ? ' and the sandbox' : ''}; delete it to start afresh)`;
  console.log(
    [
      '',
      `  ${bold('Skyreach Store')}, the service-checkout demo storefront`,
      '',
      `  Open     ${bold(`${shop.url}/`)}`,
      ...(storefront
        ? [
            `  Sandbox  ${storefront.sandboxUrl}  (merchant ${storefront.sandbox.merchantId})`,
            `  Console  ${storefront.consoleUrl}  (the sandbox's dashboard; the address carries its token)`,
          ]
        : [`  Service  ${service?.url}  (merchant ${service?.merchantId})`]),
      data,
      '',
      '  Sign in as a test persona to see every checkout state. Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
