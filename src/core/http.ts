import type * as z from 'zod/mini';
import {
  ConfigError,
  ERROR_CODE_BY_STATUS,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type ErrorStatus,
} from './errors.js';
import { credentialHeaders, HEADER, type Credentials } from './headers.js';
import { messages } from './messages.js';
import { errorBodySchema } from './browser-schemas.js';
import { validate } from './validate.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * How reads (and refunds, which an `Idempotency-Key` makes safe to repeat) retry network faults
 * and 5xx answers: exponential backoff with full jitter.
 */
export interface RetryPolicy {
  /** Extra attempts after the first one. */
  retries: number;
  /** The first retry's delay, before jitter; each later one doubles it. */
  baseDelayMs: number;
  /** The longest delay between two attempts. */
  maxDelayMs: number;
}

export interface HttpClientOptions {
  /** Service address without a trailing slash (see `resolveBaseUrl`). */
  baseUrl: string;
  /** Defaults to the global fetch, looked up on every call so that test interceptors apply. */
  fetch?: FetchLike;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Applies to GETs and to requests marked `repeatable`: any other POST is never retried. */
  retry?: Partial<RetryPolicy>;
  /**
   * What to do after an error code, in place of the sentence messages.ts gives it: that one
   * speaks to a client with a session key (a 401 there means renew the key).
   */
  hints?: Readonly<Record<string, string>>;
}

export interface RequestOptions<S extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** Path below the base URL, starting with `/`. */
  path: string;
  credentials: Credentials;
  /** Schema of a successful response body. */
  schema: S;
  body?: unknown;
  idempotencyKey?: string;
  /**
   * Safe to send again, so retried like a GET: a POST whose `idempotencyKey` makes the service
   * answer a repeat with the first result.
   */
  repeatable?: boolean;
}

export interface HttpClient {
  readonly baseUrl: string;
  request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.infer<S>>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 3_000 };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function attempt(request: RequestOptions<z.ZodMiniType>): Promise<unknown> {
    const what = `${request.method} ${request.path}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...credentialHeaders(request.credentials),
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey) headers[HEADER.idempotencyKey] = request.idempotencyKey;

    // The timeout covers reading the body too: a stalled body is a network fault.
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(options.baseUrl + request.path, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        // Following a redirect would take the credentials and the body wherever it points.
        redirect: 'manual',
      });
      text = await response.text();
    } catch (error) {
      throw signal.aborted
        ? new NetworkError(messages.timeout(what, timeoutMs), { cause: error, timedOut: true })
        : new NetworkError(messages.network(what, describeFault(error)), { cause: error });
    }

    // An answer a custom fetch reached by following a redirect anyway is not used either.
    if (
      response.redirected ||
      response.type === 'opaqueredirect' ||
      (response.status > 299 && response.status < 400)
    ) {
      const target = response.redirected ? response.url : response.headers.get('location');
      throw new ConfigError(
        'baseUrl',
        messages.redirected(what, otherOrigin(target ?? '', options.baseUrl)),
      );
    }
    if (!response.ok) throw toServiceError(what, response.status, text, options.hints);
    const json = text === '' ? {} : parseJson(text);
    if (json === undefined)
      throw new ResponseValidationError(what, [{ path: '', problem: 'is not JSON' }]);
    const parsed = validate(request.schema, json);
    if (!parsed.ok) throw new ResponseValidationError(what, parsed.issues);
    return parsed.value;
  }

  return {
    baseUrl: options.baseUrl,
    async request<S extends z.ZodMiniType>(request: RequestOptions<S>): Promise<z.infer<S>> {
      const attempts = request.method === 'GET' || request.repeatable ? retry.retries + 1 : 1;
      for (let n = 1; ; n++) {
        try {
          return (await attempt(request)) as z.infer<S>;
        } catch (error) {
          if (n >= attempts || !isRetryable(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, backoff(retry, n)));
        }
      }
    },
  };
}

function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ServiceError && error.status >= 500);
}

/** Exponential backoff with full jitter, so many clients do not retry in step. */
function backoff(policy: RetryPolicy, attempt: number): number {
  return Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

function describeFault(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the request failed';
}

/** The target's origin when it is not the base URL's; '' when it is, or cannot be read. */
function otherOrigin(target: string, baseUrl: string): string {
  try {
    const { origin } = new URL(target, baseUrl);
    return origin === new URL(baseUrl).origin ? '' : origin;
  } catch {
    return '';
  }
}

function toServiceError(
  what: string,
  status: number,
  text: string,
  hints: HttpClientOptions['hints'],
): ServiceError {
  const parsed = validate(errorBodySchema, parseJson(text));
  const body = parsed.ok ? parsed.value : undefined;
  // For a body that is missing or not JSON, so callers can always switch on `code`.
  const fallbackCode =
    status >= 500 ? 'internal' : (ERROR_CODE_BY_STATUS[status as ErrorStatus] ?? `http_${status}`);
  const code = body?.code || fallbackCode;
  // Own keys only: a code such as "constructor" must not find Object's own members.
  const hint = hints && Object.hasOwn(hints, code) ? hints[code] : undefined;
  return new ServiceError(what, status, code, body?.message || `HTTP ${status}`, hint);
}

/** The text as JSON, or undefined when it is not JSON (which never parses to undefined). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
