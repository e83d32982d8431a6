// The merchant API key, as both clients that hold one use it: the merchant's server client
// (src/server/client.ts) and the sandbox's client (src/sandbox/sandbox-client.ts). The key is
// checked once, sent as the Authorization credential of every request, and scrubbed from every
// error that leaves either client. Its messages sit here, not in messages.ts, so that the browser
// entry, which never holds an API key, never carries them.
import type * as z from 'zod/mini';
import { resolveBaseUrl } from './config.js';
import { ConfigError } from './errors.js';
import { isHeaderSafe, type Wallet } from './headers.js';
import { createHttpClient, type HttpClientOptions, type RequestOptions } from './http.js';
import { messages, PREFIX } from './messages.js';
import { redactSecret } from './redact.js';

export const apiKeyMessages = {
  invalid: (problem: string) =>
    `${PREFIX} apiKey ${problem}. Pass the merchant API key from the dashboard's API Keys tab, read from your server's environment (never from client code).`,
  rejected: () =>
    "The API key was rejected: check that apiKey is this merchant's key for this environment (sandbox and production keys differ), read from the right environment variable, and that env and baseUrl point at that environment.",
} as const;

/**
 * Errors are scrubbed of every occurrence of the key. A real key is long and random, so it never
 * occurs by chance in other text; a short one ("x") would turn "example.com" into "e[redacted]…".
 */
const MIN_API_KEY_LENGTH = 16;

/** The key, once it can be sent and scrubbed; a ConfigError naming `apiKey` otherwise. */
export function checkApiKey(apiKey: unknown): string {
  // The value is never echoed: only its type or the kind of problem.
  if (typeof apiKey !== 'string') {
    const problem =
      apiKey === undefined ? 'is required' : `must be a string, received ${typeof apiKey}`;
    throw new ConfigError('apiKey', apiKeyMessages.invalid(problem));
  }
  const problem = apiKeyProblem(apiKey);
  if (problem !== undefined) throw new ConfigError('apiKey', apiKeyMessages.invalid(problem));
  return apiKey;
}

function apiKeyProblem(apiKey: string): string | undefined {
  if (apiKey.trim() === '') return 'is empty';
  if (apiKey !== apiKey.trim()) {
    return 'has leading or trailing whitespace (a stray newline from a file?)';
  }
  if (apiKey.length < MIN_API_KEY_LENGTH) {
    return `is shorter than ${MIN_API_KEY_LENGTH} characters, so it is not a real API key (a value that short would also be found in unrelated text when errors are scrubbed of it)`;
  }
  if (!isHeaderSafe(apiKey)) return 'contains characters a header cannot carry';
  return undefined;
}

/** What `run` returns; whatever it throws leaves scrubbed of the key. */
export function scrubbingKey<T>(apiKey: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw redactSecret(error, apiKey);
  }
}

/** A request as a client holding the key sends it: the key is added, never passed around. */
export interface ApiKeyRequestOptions<S extends z.ZodMiniType> extends Omit<
  RequestOptions<S>,
  'credentials'
> {
  /** The customer a session key is asked for (x-service-auth-user-id). */
  userId?: string;
  /** A Web3 customer's wallet. */
  wallet?: Wallet;
}

/** Sends one request with the key; every error it rejects with is scrubbed of the key. */
export type ApiKeyRequest = <S extends z.ZodMiniType>(
  options: ApiKeyRequestOptions<S>,
) => Promise<z.infer<S>>;

export interface ApiKeyHttpOptions extends Omit<HttpClientOptions, 'baseUrl' | 'fetch'> {
  /** Checked with checkApiKey. */
  apiKey: string;
  env: unknown;
  baseUrl?: unknown;
  fetch?: unknown;
}

/**
 * The service's address and the one request function a client's calls share. Throws a
 * ConfigError for an env, a baseUrl or a fetch that cannot work.
 */
export function createApiKeyHttp(options: ApiKeyHttpOptions): {
  baseUrl: string;
  request: ApiKeyRequest;
} {
  const { apiKey, env, fetch, hints, ...rest } = options;
  const baseUrl = resolveBaseUrl(env, rest.baseUrl);
  if (fetch !== undefined && typeof fetch !== 'function') {
    throw new ConfigError('fetch', messages.invalidOption('fetch', 'must be a function'));
  }
  const http = createHttpClient({
    ...rest,
    baseUrl,
    fetch: fetch as HttpClientOptions['fetch'],
    hints: { unauthorized: apiKeyMessages.rejected(), ...hints },
  });
  const request: ApiKeyRequest = async ({ userId, wallet, ...sent }) => {
    try {
      return await http.request({
        ...sent,
        credentials: { kind: 'apiKey', apiKey, userId, wallet },
      });
    } catch (error) {
      throw redactSecret(error, apiKey);
    }
  };
  return { baseUrl, request };
}
