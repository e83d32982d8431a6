// The sandbox on a real HTTP port (Node only), with its console and, given a data directory,
// its state kept across restarts (entry: service-checkout/sandbox/node).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../core/errors.js';
import { messages } from '../../core/messages.js';
import { CONSOLE_PATH, createConsoleApi } from '../console/api.js';
import { consoleFiles } from '../console/page-files.js';
import { randomHex } from '../service/ids.js';
import type { Sandbox, SandboxConnection, SandboxOptions } from '../sandbox.js';
import { openSandbox } from './fetch-handler.js';
import { openKeptSandbox, type Handler } from './kept-sandbox.js';
import { serveWithFetchHandler } from './node-bridge.js';

export { SandboxDataError, STATE_FILE_NAME } from '../persistence/data-dir.js';

/** How {@link startSandboxServer} listens, on top of the sandbox's own options. */
export interface SandboxServerOptions extends SandboxOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Time a client has to send a request's headers before a 408. Default 10 000 ms. */
  headersTimeoutMs?: number;
  /**
   * Time a client has to send a whole request, body included, before a 408. Default 30 000 ms.
   * Only receiving counts: a slow answer (latencyMs) is not cut off.
   */
  requestTimeoutMs?: number;
  /** The secret in the console's address. Default: random for each start. */
  consoleToken?: string;
  /** Where the console page's built files are. Default: the package's own `dist/console`. */
  consoleDir?: string;
  /**
   * A directory to keep the sandbox's state in (`state.json` and `journal.jsonl`; the directory
   * is made if missing), so that it survives a restart, even a crash: loaded at start, each change
   * appended after it, and on disk before a 2xx answer or a webhook announces it; folded into
   * `state.json` by `close()`. A file that cannot be used is a SandboxDataError, and is left as
   * it is. Unset: in memory.
   */
  dataDir?: string;
}

/** A sandbox listening on a real port: its address, its console, and how to stop it. */
export interface SandboxServer {
  /** Base URL without a trailing slash, such as `http://127.0.0.1:4010`. */
  url: string;
  /**
   * The console's address with its token (`{url}/console?token=…`): for the person running the
   * sandbox only, so print it where they see it and nowhere else.
   */
  consoleUrl: string;
  /** A console address that opens it once, within a minute (`{url}/console?code=…`), no token. */
  oneTimeConsoleUrl(): string;
  /** The sandbox it serves, in this process: its dashboard calls, clock and records. */
  sandbox: Sandbox;
  /** Stops listening, closes open connections, and writes the state to `dataDir` if given. */
  close(): Promise<void>;
}

/** The port the sandbox listens on unless told otherwise (`PORT`, `port`). */
export const DEFAULT_PORT = 4010;
/** The address it listens on unless told otherwise: loopback, so nothing else on the network reaches it. */
export const DEFAULT_HOST = '127.0.0.1';
// Node's own defaults (60 s for headers, 300 s for a request) let a slow client hold a
// connection for minutes; a local sandbox's clients send small requests at once.
/** Time a client has to send a request's headers before a 408, unless `headersTimeoutMs` says. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Time a client has to send a whole request before a 408, unless `requestTimeoutMs` says. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is closed after this long (Node's default, set on purpose). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * Starts the sandbox on a real HTTP port (127.0.0.1:4010 by default; `port: 0` picks a free one),
 * with its console at `consoleUrl`, and keeps its state in `dataDir` when given. Resolves once it
 * listens; `close()` stops it.
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {},
): Promise<SandboxServer> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, ...rest } = options;
  const {
    headersTimeoutMs,
    requestTimeoutMs,
    consoleToken,
    consoleDir,
    dataDir,
    ...sandboxOptions
  } = rest;
  const headersTimeout = timeoutOption(
    'headersTimeoutMs',
    headersTimeoutMs,
    DEFAULT_HEADERS_TIMEOUT_MS,
  );
  const requestTimeout = timeoutOption(
    'requestTimeoutMs',
    requestTimeoutMs,
    DEFAULT_REQUEST_TIMEOUT_MS,
  );
  if (headersTimeout > requestTimeout) {
    throw new ConfigError(
      'headersTimeoutMs',
      messages.invalidOption(
        'headersTimeoutMs',
        `must not exceed requestTimeoutMs (${requestTimeout})`,
      ),
    );
  }
  const kept = dataDir === undefined ? undefined : await openKeptSandbox(sandboxOptions, dataDir);
  const sandbox = kept?.sandbox ?? openSandbox(sandboxOptions).sandbox;
  const token = consoleToken ?? randomHex(24);
  const consoleApi = createConsoleApi(sandbox, {
    token,
    serveApp: consoleFiles(consoleDir ?? fileURLToPath(new URL('./console/', import.meta.url))),
  });
  // With a data directory, what either acknowledges is on disk first.
  const serveConsole: Handler = (request) => consoleApi.handle(request);
  const serveService: Handler = (request, connection) => sandbox.handle(request, connection);
  const consoleAnswers = kept?.keep(serveConsole) ?? serveConsole;
  const serviceAnswers = kept?.keep(serveService, { cors: true }) ?? serveService;
  // The console lives beside the service, on the same port.
  const handle = (request: Request, connection: SandboxConnection) => {
    const { pathname } = new URL(request.url);
    const forConsole = pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
    return forConsole ? consoleAnswers(request) : serviceAnswers(request, connection);
  };
  let origin = '';
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts on this interval (30 s by default): check often enough
      // that a limit of 10 s means about 10 s.
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => {
      void serveWithFetchHandler(handle, origin, req, res);
    },
  );
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  if (kept) {
    // Written at once, so the secrets of what is signed from now on are kept from the start; a
    // state of an older version is written anew as this one, and its journal starts.
    try {
      await kept.start();
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return {
    url: origin,
    consoleUrl: `${origin}${CONSOLE_PATH}?token=${encodeURIComponent(token)}`,
    oneTimeConsoleUrl: () => `${origin}${CONSOLE_PATH}?code=${consoleApi.oneTimeCode()}`,
    sandbox,
    close: async () => {
      try {
        await stop();
      } finally {
        await kept?.close();
      }
    },
  };
}

function timeoutOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigError(
      name,
      messages.invalidOption(name, 'must be a positive number of milliseconds'),
    );
  }
  return value;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
