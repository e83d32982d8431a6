// Responses, errors and request bodies of the sandbox: the service's wire conventions.
import {
  ERROR_CODE_BY_STATUS,
  formatIssues,
  type ErrorStatus,
  type FieldIssue,
} from '../../core/errors.js';
import { BodyTooLargeError, MAX_BODY_BYTES, readBoundedText } from '../../core/body.js';
import { HEADER } from '../../core/headers.js';

/** Request bodies above this many bytes answer 413. */
export { MAX_BODY_BYTES };

/**
 * Request bodies whose objects and arrays nest deeper than this answer 400: every service body
 * needs a handful of levels, and code that walks a body (validation, fingerprints) recurses.
 */
export const MAX_JSON_DEPTH = 32;

export type SandboxErrorStatus = ErrorStatus | 405;

const CODES: Record<SandboxErrorStatus, string> = {
  ...ERROR_CODE_BY_STATUS,
  405: 'method_not_allowed',
};

/** An answer other than 2xx, thrown from anywhere in a route and sent as `{ message, code }`. */
export class HttpError extends Error {
  readonly status: SandboxErrorStatus;
  readonly issues?: readonly FieldIssue[];
  readonly headers?: Record<string, string>;
  constructor(
    status: SandboxErrorStatus,
    message: string,
    extra: { issues?: readonly FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.issues = extra.issues;
    this.headers = extra.headers;
  }
}

/** 400 naming every field that failed validation. */
export function invalidFields(what: string, issues: readonly FieldIssue[]): HttpError {
  return new HttpError(400, `${what}: ${formatIssues(issues)}.`, { issues });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

export function errorResponse(error: HttpError): Response {
  const body: Record<string, unknown> = { message: error.message, code: CODES[error.status] };
  if (error.issues) body.issues = error.issues;
  return json(error.status, body, error.headers);
}

export function internalErrorResponse(): Response {
  return json(500, {
    message: 'The sandbox hit an unexpected error while handling this request.',
    code: CODES[500],
  });
}

// ---- CORS: session-key endpoints only ----------------------------------------------------

/** Headers a page may send to the session-key endpoints. */
export const CORS_ALLOWED_HEADERS = [
  'accept',
  'content-type',
  HEADER.sessionKey,
  HEADER.deviceId,
  HEADER.idempotencyKey.toLowerCase(),
  HEADER.blockchain,
  HEADER.wallet,
];

/** Browsers may cache a preflight this long (Chromium caps it at 7200 s). */
export const CORS_MAX_AGE_SECONDS = 7200;

export function corsHeaders(): Record<string, string> {
  return { 'access-control-allow-origin': '*' };
}

export function preflightResponse(methods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(),
      'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
      'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
    },
  });
}

export function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// ---- Request bodies ----------------------------------------------------------------------

/** The body as JSON: 400 when it is not JSON or not sent as JSON, 413 when it is too large. */
export async function readJson(request: Request): Promise<unknown> {
  checkJsonContentType(request);
  const text = await readText(request);
  if (text.trim() === '')
    throw new HttpError(400, 'The request body is empty: send a JSON object.');
  return parseJsonBody(text);
}

/** As readJson, for an endpoint whose body may be left out: undefined when none was sent. */
export async function readOptionalJson(request: Request): Promise<unknown> {
  const text = await readText(request);
  if (text.trim() === '') return undefined;
  checkJsonContentType(request);
  return parseJsonBody(text);
}

function checkJsonContentType(request: Request): void {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new HttpError(
      400,
      `content-type must be application/json; received ${contentType ? JSON.stringify(contentType) : 'none'}.`,
    );
  }
}

function parseJsonBody(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw new HttpError(400, `The request body is not valid JSON (${reason}).`);
  }
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    throw new HttpError(
      400,
      `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels: flatten it.`,
    );
  }
  return body;
}

/** Walks the value with a list instead of recursion, so no depth can overflow the stack. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > limit) return true;
    for (const child of Object.values(next.value)) {
      pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

async function readText(request: Request): Promise<string> {
  try {
    return await readBoundedText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new HttpError(
      413,
      `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB), the limit of every endpoint.`,
    );
  }
}

// ---- Headers -----------------------------------------------------------------------------

/** The longest id a header may carry (a user id, an Idempotency-Key). */
export const MAX_HEADER_ID_LENGTH = 255;

/** The request's Idempotency-Key, when it sent one: 400 when it is empty or too long. */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get(HEADER.idempotencyKey);
  if (key === null) return undefined;
  if (key.trim() === '' || key.length > MAX_HEADER_ID_LENGTH) {
    throw new HttpError(
      400,
      `${HEADER.idempotencyKey} must be 1 to ${MAX_HEADER_ID_LENGTH} characters, such as a UUID per purchase.`,
    );
  }
  return key;
}
