import type * as z from 'zod/mini';
import {
  ERROR_CODE_BY_STATUS,
  NetworkError,
  ResponseValidationError,
  ServiceError,
} from './errors.js';
import { credentialHeaders, HEADER, type Credentials } from './headers.js';
import { messages } from './messages.js';
import { errorBodySchema } from './schemas.js';
import { validate } from './validate.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Extra attempts after the first one. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface HttpClientOptions {
  /** Service address without a trailing slash (see `resolveBaseUrl`). */
  baseUrl: string;
  /** Defaults to the global fetch, looked up on every call so that test interceptors apply. */
  fetch?: FetchLike;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Applies to GETs only: a POST is never retried on its own. */
  retry?: Partial<RetryPolicy>;
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
}

export interface HttpClient {
  readonly baseUrl: string;
  request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.infer<S>>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 3_000 };

// Used when an error body is missing or not JSON, so callers can always switch on `code`.
const CODE_BY_STATUS: Record<number, string> = ERROR_CODE_BY_STATUS;

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

    const { status, text } = await fetchWithTimeout(
      doFetch,
      options.baseUrl + request.path,
      {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      },
      { what, timeoutMs },
    );

    if (status < 200 || status > 299) throw toServiceError(what, status, text);
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new ResponseValidationError(what, [{ path: '', problem: 'is not JSON' }]);
    }
    const parsed = validate(request.schema, json);
    if (!parsed.ok) throw new ResponseValidationError(what, parsed.issues);
    return parsed.value;
  }

  return {
    baseUrl: options.baseUrl,
    async request<S extends z.ZodMiniType>(request: RequestOptions<S>): Promise<z.infer<S>> {
      const attempts = request.method === 'GET' ? retry.retries + 1 : 1;
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

async function fetchWithTimeout(
  doFetch: FetchLike,
  url: string,
  init: RequestInit,
  context: { what: string; timeoutMs: number },
): Promise<{ status: number; text: string }> {
  const { what, timeoutMs } = context;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await doFetch(url, { ...init, signal: controller.signal });
    // The body is read inside the timeout too: a stalled body is a network fault.
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (timedOut)
      throw new NetworkError(messages.timeout(what, timeoutMs), { cause: error, timedOut: true });
    throw new NetworkError(messages.network(what, describeFault(error)), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function describeFault(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the request failed';
}

function toServiceError(what: string, status: number, text: string): ServiceError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = validate(errorBodySchema, body);
  const fallbackCode = status >= 500 ? 'internal' : (CODE_BY_STATUS[status] ?? `http_${status}`);
  const code = parsed.ok && parsed.value.code ? parsed.value.code : fallbackCode;
  const serviceMessage =
    parsed.ok && parsed.value.message ? parsed.value.message : `HTTP ${status}`;
  return new ServiceError(what, status, code, serviceMessage);
}
