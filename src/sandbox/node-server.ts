/**
 * The sandbox on a real HTTP port, its state kept in a data directory (Node only): what the
 * `service-checkout-sandbox` command runs.
 *
 * @module service-checkout/sandbox/node
 */
// The server is in transports/node-server.ts.
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  SandboxDataError,
  STATE_FILE_NAME,
  startSandboxServer,
  type SandboxServer,
  type SandboxServerOptions,
} from './transports/node-server.js';
