// Starts the embedded sandbox and the storefront server beside it. Built by Vite into
// dist/server/start.js; start.mjs (next to this folder) is the entry point that builds it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Sandbox } from 'service-checkout/sandbox';
import { startSandboxServer, type SandboxServer } from 'service-checkout/sandbox/node';
import { createStorefrontApp, WEBHOOK_PATH, type StorefrontApp } from './app.js';
import { openShopStore, type ShopStore } from './store.js';

export interface StartStorefrontOptions {
  /** Storefront port; 0 picks a free one. Default 5173. */
  port?: number;
  /** Sandbox port; 0 picks a free one. Default 4010. */
  sandboxPort?: number;
  /** Default 127.0.0.1, for both servers. */
  host?: string;
  /** Built page files (index.html, assets/). */
  clientDir: string;
  /** Sandbox options. */
  merchantId?: string;
  apiKey?: string;
  jwtSecret?: string;
  latencyMs?: number;
  sessionKeyTtlSeconds?: number;
  /** Time between a payment's steps (pending, batched, settled). Default 2000. */
  settleStepMs?: number;
  /** Where the shop keeps accounts and orders (`shop/`) and its sandbox its state (`sandbox/`); in memory when unset. */
  dataDir?: string;
  log?: (line: string) => void;
  /**
   * The shop's clock, in milliseconds since the epoch (default Date.now): tests that move the
   * sandbox's clock over HTTP move this one with it.
   */
  now?: () => number;
}

export interface Storefront {
  /** The shop, such as http://127.0.0.1:5173 (no trailing slash). */
  url: string;
  /** The sandbox, such as http://127.0.0.1:4010. */
  sandboxUrl: string;
  /** The sandbox console's address, with the token that opens it. */
  consoleUrl: string;
  sandbox: Sandbox;
  /** The merchant API key the storefront server uses. Never sent to the page. */
  apiKey: string;
  /** Where accounts and orders are kept; undefined when in memory. */
  dataDir?: string;
  close(): Promise<void>;
}

export async function startStorefront(options: StartStorefrontOptions): Promise<Storefront> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  let store: ShopStore;
  try {
    store = await openShopStore(options.dataDir && join(options.dataDir, 'shop'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not open the shop's database in ${options.dataDir}: ${reason}`, {
      cause: error,
    });
  }
  // The shop listens first: the sandbox needs its address to deliver webhooks to it.
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => void handle(req, res));
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
  // Shared by the sandbox, which signs payment events with it, and the shop, which verifies.
  const webhookKey = randomBytes(32).toString('base64url');

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
      settleStepMs: options.settleStepMs,
      webhookUrl: `${url}${WEBHOOK_PATH}`,
      webhookKey,
      // As a merchant who signs every checkout would ask of the service: nothing unsigned pays.
      requireSignedCheckout: true,
      // Beside the shop's database: a payment still settling at a restart settles after it.
      ...(options.dataDir && { dataDir: join(options.dataDir, 'sandbox') }),
      log: (line) => log(`sandbox: ${line}`),
      onError: (error) => log(`sandbox: ${error instanceof Error ? error.message : String(error)}`),
    });
  } catch (error) {
    server.close();
    await store.close();
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
  const app: StorefrontApp = createStorefrontApp({
    store,
    clientDir: options.clientDir,
    serviceUrl: sandboxServer.url,
    merchantId: sandbox.merchantId,
    apiKey: sandbox.apiKey,
    webhookKey,
    // Test mode: the shop may add sandbox bank accounts (the checkout's way out without one).
    testBankAccounts: sandbox,
    log,
    now: options.now,
  });
  handle = app;

  let closing: Promise<void> | undefined;
  return {
    url,
    sandboxUrl: sandboxServer.url,
    consoleUrl: sandboxServer.consoleUrl,
    sandbox,
    apiKey: sandbox.apiKey,
    dataDir: options.dataDir,
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
        sandboxServer.close(),
        app.close(),
      ])
        .then(() => store.close())
        .then(() => undefined);
      return closing;
    },
  };
}
