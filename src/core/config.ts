import { ConfigError } from './errors.js';
import { messages } from './messages.js';

/**
 * The environments a client or a checkout can point at: `local` is the embedded sandbox on
 * `http://127.0.0.1:4010`; `sandbox` and `prod` take their address from `baseUrl`.
 */
export const ENVS = ['local', 'sandbox', 'prod'] as const;
/** One of {@link ENVS}: which service a client or a checkout talks to. */
export type Env = (typeof ENVS)[number];

/** The embedded sandbox's default address (`npm run sandbox`). */
export const LOCAL_SANDBOX_URL = 'http://127.0.0.1:4010';

// The hosted sandbox and production addresses are not published yet: until they are, those
// envs need an explicit baseUrl.
const BASE_URLS: Partial<Record<Env, string>> = { local: LOCAL_SANDBOX_URL };

export function isEnv(value: unknown): value is Env {
  return typeof value === 'string' && (ENVS as readonly string[]).includes(value);
}

/** env -> base URL, without a trailing slash. A given baseUrl always wins. */
export function resolveBaseUrl(env: unknown, baseUrl?: unknown): string {
  if (!isEnv(env)) throw new ConfigError('env', messages.badEnv(env));
  if (baseUrl !== undefined) return normalizeBaseUrl(baseUrl);
  const builtIn = BASE_URLS[env];
  if (builtIn === undefined) throw new ConfigError('baseUrl', messages.envNeedsBaseUrl(env));
  return builtIn;
}

function normalizeBaseUrl(value: unknown): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
  // Only an origin and a path: credentials, a query or a fragment (even an empty "?" or "#")
  // would be sent, or lost, with every request path.
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.href !== url.origin + url.pathname
  ) {
    throw new ConfigError('baseUrl', messages.badBaseUrl(value));
  }
  return url.href.replace(/\/+$/, '');
}
