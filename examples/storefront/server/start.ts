// Starts the storefront's server: beside an embedded sandbox (startStorefront, what `npm start`
// runs), or alone against a service that runs elsewhere (startShop: one of several processes
// of a shop that share a PostgreSQL server). Built by Vite into dist/server/start.js; start.mjs
// (next to this folder) is the entry point that builds it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Sandbox } from 'service-checkout/sandbox';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  startSandboxServer,
  type SandboxServer,
} from 'service-checkout/sandbox/node';
import { createStorefrontApp, WEBHOOK_PATH, type StorefrontApp } from './app.js';
import { openPglite, openPostgres } from './db.js';
import { shopStoreOn, type ShopStore } from './store.js';

export interface ShopServerOptions {
  /** Storefront port; 0 picks a free one. Default 5173. */
  port?: number;
  /** Address the servers listen on. Default 127.0.0.1. */
  host?: string;
  /**
   * The addresses the shop is also reached at, such as `https://shop.example.com` behind a proxy
   * that passes the Host header on. The address it listens on and `http://localhost:<port>`
   * are always its own; a request for any other host is refused (421).
   */
  publicOrigins?: string[];
  /** Built page files (index.html, assets/). */
  clientDir: string;
  /**
   * A PostgreSQL server for accounts, sessions and orders, shared by every process of the shop
   * (`postgres://user:password@host:port/database`). Unset: PGlite, in `dataDir` or in memory.
   */
  databaseUrl?: string;
  /** Time a client has to send a request's headers before a 408. Default 10 000 ms. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, body included, before a 408. Default 30 000 ms. */
  requestTimeoutMs?: number;
  /** Receives one line per sign-in, order or failure. Default: silent. */
  log?: (line: string) => void;
}

export interface StartStorefrontOptions extends ShopServerOptions {
  /** Sandbox port; 0 picks a free one. Default 4010. */
  sandboxPort?: number;
  /** Sandbox merchant. Default `merchant_sandbox`. */
  merchantId?: string;
  /** Sandbox API key, held by the storefront's server. Default the sandbox's seeded key. */
  apiKey?: string;
  /** HS256 secret of the sandbox's session keys. Default random per start. */
  jwtSecret?: string;
  /** Delay before every sandbox answer. Default 0. */
  latencyMs?: number;
  /**
   * Lifetime of the sandbox's session keys. Default 86400. The checkout renews a key 60 s
   * before it expires, or at half its lifetime when it lives under two minutes: with 10, the
   * page renews about every 5 s, so a renewal happens mid-checkout.
   */
  sessionKeyTtlSeconds?: number;
  /**
   * Time between a payment's steps (pending, batched, settled) in the sandbox. Default 2000. The
   * staff page's "Settle now" moves the clock two steps.
   */
  settleStepMs?: number;
  /**
   * Directory kept across restarts, created (with its parents, 0700) when missing: the shop's
   * database (accounts and orders) in `shop/` when there is no `databaseUrl`, and the embedded
   * sandbox's state in `sandbox/`, both 0700 with their files 0600. Unset: in memory, gone at
   * close. `npm start` uses STOREFRONT_DATA_DIR, default `.storefront-data`.
   */
  dataDir?: string;
  /**
   * The shop's clock, in milliseconds since the epoch. Default: the embedded sandbox's clock, so
   * that a move of it (the staff page's time travel, the console's Advance) moves the shop's
   * too, and tokens expire, orders go and webhook signatures verify on one time. Given, tests
   * move it with the sandbox's (POST /api/sandbox/clock), and the staff page offers no time
   * travel, which would move the sandbox's alone.
   */
  now?: () => number;
}

/** The sandbox's time between a payment's steps, unless `settleStepMs` says otherwise. */
const DEFAULT_SETTLE_STEP_MS = 2_000;

/** The service a shop started alone talks to. */
export interface ServiceConnection {
  /** Its address, such as http://127.0.0.1:4010. */
  url: string;
  merchantId: string;
  /** The merchant API key. Stays in the shop's process. */
  apiKey: string;
  /** The key the service signs webhooks with. Stays in the shop's process. */
  webhookKey: string;
}

export interface StartShopOptions extends ShopServerOptions {
  service: ServiceConnection;
  /** Where PGlite keeps accounts and orders when there is no `databaseUrl`; in memory when unset. */
  dataDir?: string;
}

export interface Shop {
  /** The shop, such as http://127.0.0.1:5173 (no trailing slash). */
  url: string;
  /**
   * Runs now what the shop runs at start and every minute (catching up on missed payment
   * events, refunds due, removal of unpaid orders past keeping); resolves when it is done.
   */
  runDue(): Promise<void>;
  close(): Promise<void>;
}

export interface Storefront extends Shop {
  /** The sandbox, such as http://127.0.0.1:4010. */
  sandboxUrl: string;
  /** The sandbox console's address, with the token that opens it. */
  consoleUrl: string;
  sandbox: Sandbox;
  /** The merchant API key the storefront server uses. Never sent to the page. */
  apiKey: string;
  /** Where accounts and orders are kept; undefined when in memory. */
  dataDir?: string;
}

/** The shop's server listening, before it knows its service: what both starters share. */
interface ListeningShop {
  url: string;
  origins: string[];
  store: ShopStore;
  /** Serves the app from now on (until then every request is a 503); closed before the store. */
  serve(app: StorefrontApp): void;
  /** The app's minute work, now. */
  runDue(): Promise<void>;
  close(): Promise<void>;
}

async function listenShop(
  options: ShopServerOptions & { dataDir?: string },
): Promise<ListeningShop> {
  const host = options.host ?? '127.0.0.1';
  const publicOrigins = (options.publicOrigins ?? []).map(originOf);
  const store = await openStore(options);
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_, res) => {
    res.writeHead(503).end();
  };
  let app: StorefrontApp | undefined;
  // The sandbox server's limits (src/sandbox/node-server.ts), not Node's own (60 s for headers):
  // a client that sends a request slowly holds a connection for seconds, not minutes.
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts on this interval (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => void handle(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5173, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const origins = [...new Set([url, `http://localhost:${port}`, ...publicOrigins])];
  return {
    url,
    origins,
    store,
    serve: (next) => {
      app = next;
      handle = next;
    },
    runDue: async () => app?.runDue(),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      // The app's timed work (refunds still due) stops before the store it writes to.
      await app?.close();
      await store.close();
    },
  };
}

async function openStore(options: {
  databaseUrl?: string;
  dataDir?: string;
  log?: (line: string) => void;
}) {
  if (options.databaseUrl) {
    try {
      return await shopStoreOn(await openPostgres(options.databaseUrl, { log: options.log }));
    } catch (error) {
      // The address may hold a password: the message names the variable, not its value.
      throw new Error(
        `Could not open the shop's PostgreSQL database (DATABASE_URL): ${reasonOf(error)}`,
        {
          cause: error,
        },
      );
    }
  }
  try {
    return await shopStoreOn(await openPglite(options.dataDir && join(options.dataDir, 'shop')));
  } catch (error) {
    throw new Error(
      `Could not open the shop's database in ${options.dataDir}: ${reasonOf(error)}`,
      {
        cause: error,
      },
    );
  }
}

/** The shop's server alone, against a service that runs elsewhere. */
export async function startShop(options: StartShopOptions): Promise<Shop> {
  const { service } = options;
  const shop = await listenShop(options);
  try {
    shop.serve(
      createStorefrontApp({
        store: shop.store,
        origins: shop.origins,
        clientDir: options.clientDir,
        serviceUrl: service.url,
        merchantId: service.merchantId,
        apiKey: service.apiKey,
        webhookKey: service.webhookKey,
        log: options.log,
      }),
    );
  } catch (error) {
    // Options the server client refuses (an API key too short to be one, say).
    await shop.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: shop.url,
    runDue: shop.runDue,
    close: () => (closing ??= shop.close()),
  };
}

/** The shop's server and, beside it, the embedded sandbox it pays through. */
export async function startStorefront(options: StartStorefrontOptions): Promise<Storefront> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  // The shop listens first: the sandbox needs its address to deliver webhooks to it.
  const shop = await listenShop(options);
  // Shared by the sandbox, which signs payment events with it, and the shop, which verifies: the
  // one the shop keeps (a staff roll's) after a restart, so both still agree; else a new one.
  const webhookKey =
    (
      await shop.store.webhookKeys().catch(async (error: unknown) => {
        await shop.close();
        throw error;
      })
    )?.key ?? randomBytes(32).toString('base64url');
  const settleStepMs = options.settleStepMs ?? DEFAULT_SETTLE_STEP_MS;

  let sandboxServer: SandboxServer;
  try {
    sandboxServer = await startSandboxServer({
      port: options.sandboxPort ?? 4010,
      host,
      merchantId: options.merchantId,
      apiKey: options.apiKey,
      jwtSecret: options.jwtSecret,
      latencyMs: options.latencyMs,
      sessionKeyTtlSeconds: options.sessionKeyTtlSeconds,
      settleStepMs,
      webhookUrl: `${shop.url}${WEBHOOK_PATH}`,
      webhookKey,
      // As a merchant who signs every checkout would ask of the service: nothing unsigned pays.
      requireSignedCheckout: true,
      // Beside the shop's database: a payment still settling at a restart settles after it.
      ...(options.dataDir && { dataDir: join(options.dataDir, 'sandbox') }),
      log: (line) => log(`sandbox: ${line}`),
      onError: (error) => log(`sandbox: ${reasonOf(error)}`),
    });
  } catch (error) {
    await shop.close();
    throw error;
  }
  const { sandbox } = sandboxServer;
  // A key revoked in the console stays revoked in the kept state; without a word here every
  // checkout would fail and nothing would say why.
  if (options.dataDir && (await sandbox.apiKeyStatus(sandbox.apiKey)) !== 'live') {
    log(
      `The API key this shop holds was revoked in the sandbox console: delete ${join(options.dataDir, 'sandbox')} to start the sandbox afresh, or checkouts will fail.`,
    );
  }
  try {
    shop.serve(
      createStorefrontApp({
        store: shop.store,
        origins: shop.origins,
        clientDir: options.clientDir,
        serviceUrl: sandboxServer.url,
        merchantId: sandbox.merchantId,
        apiKey: sandbox.apiKey,
        webhookKey,
        // Test mode: the shop may add sandbox bank accounts (the checkout's way out without one).
        testBankAccounts: sandbox,
        log,
        now: options.now ?? (() => Date.parse(sandbox.time)),
        // Settle now: past a payment's two steps (pending to batched, batched to settled).
        ...(options.now === undefined && { timeTravel: { settleMs: 2 * settleStepMs, sandbox } }),
        sandboxConsole: () => sandboxServer.oneTimeConsoleUrl(),
      }),
    );
  } catch (error) {
    await Promise.all([shop.close(), sandboxServer.close()]);
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url: shop.url,
    runDue: shop.runDue,
    sandboxUrl: sandboxServer.url,
    consoleUrl: sandboxServer.consoleUrl,
    sandbox,
    apiKey: sandbox.apiKey,
    dataDir: options.dataDir,
    close() {
      closing ??= Promise.all([shop.close(), sandboxServer.close()]).then(() => undefined);
      return closing;
    },
  };
}

/** `https://shop.example.com` from itself or with a trailing slash; anything else throws. */
function originOf(address: string): string {
  const url = URL.canParse(address) ? new URL(address) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
    throw new Error(
      `${JSON.stringify(address)} is not an origin (publicOrigins, or STOREFRONT_PUBLIC_ORIGINS for npm start): give one such as https://shop.example.com.`,
    );
  }
  return url.origin;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
