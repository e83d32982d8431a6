// Starts the embedded sandbox and the storefront server beside it. Built by Vite into
// dist/server/start.js; start.mjs (next to this folder) is the entry point that builds it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from 'service-checkout/sandbox';
import { startSandboxServer } from 'service-checkout/sandbox/node';
import { createStorefrontApp } from './app.js';

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
  log?: (line: string) => void;
}

export interface Storefront {
  /** The shop, such as http://127.0.0.1:5173 (no trailing slash). */
  url: string;
  /** The sandbox, such as http://127.0.0.1:4010. */
  sandboxUrl: string;
  sandbox: Sandbox;
  /** The merchant API key the storefront server uses. Never sent to the page. */
  apiKey: string;
  close(): Promise<void>;
}

export async function startStorefront(options: StartStorefrontOptions): Promise<Storefront> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const sandboxServer = await startSandboxServer({
    port: options.sandboxPort ?? 4010,
    host,
    merchantId: options.merchantId,
    apiKey: options.apiKey,
    jwtSecret: options.jwtSecret,
    latencyMs: options.latencyMs,
    sessionKeyTtlSeconds: options.sessionKeyTtlSeconds,
    onError: (error) => log(`sandbox: ${error instanceof Error ? error.message : String(error)}`),
  });
  const { sandbox } = sandboxServer;

  let server: Server;
  try {
    const handle = createStorefrontApp({
      clientDir: options.clientDir,
      serviceUrl: sandboxServer.url,
      merchantId: sandbox.merchantId,
      apiKey: sandbox.apiKey,
      log,
    });
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 5173, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await sandboxServer.close();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    sandboxUrl: sandboxServer.url,
    sandbox,
    apiKey: sandbox.apiKey,
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
        sandboxServer.close(),
      ]).then(() => undefined);
      return closing;
    },
  };
}
