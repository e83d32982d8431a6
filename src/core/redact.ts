// The API key must never leave a client that holds one (the merchant's server client, the
// sandbox's client) through an error: not in a message, a stack, a property or a cause. A custom
// fetch may throw anything (request headers, a Request, a Map, AggregateError.errors,
// symbol-keyed or hidden properties), and no walk of an unknown object finds every place it keeps
// a string. So foreign objects are never passed on: the client's own errors keep their fields
// with the key replaced, and whatever caused them is reduced to a description, a new Error with
// only the name and message of each cause, key replaced.

import { CheckoutError } from './errors.js';

const REDACTED = '[redacted]';
/** Causes described below an error: enough for "fetch failed" → "connect ECONNREFUSED". */
const MAX_CAUSES = 4;

/** The error as it may leave the client: `error` itself, cleaned, or a description of it. */
export function redactSecret(error: unknown, secret: string): unknown {
  if (isOwnError(error)) {
    try {
      clean(error, secret);
      return error;
    } catch {
      // A field that cannot be rewritten: fall through to a description.
    }
  }
  return describe(error, secret, 0);
}

/** Every occurrence of the secret replaced; the caller refuses secrets short enough to collide. */
export function redactText(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join(REDACTED);
}

/** One of the library's own errors: its fields are known, and none holds an outside object. */
function isOwnError(error: unknown): error is CheckoutError {
  return error instanceof CheckoutError && Object.isExtensible(error);
}

function clean(error: Error, secret: string): void {
  for (const key of Reflect.ownKeys(error)) {
    const value: unknown = Reflect.get(error, key);
    if (key === 'cause') {
      if (value !== undefined) redefine(error, key, describe(value, secret, 0));
    } else if (typeof value === 'string') {
      if (value.includes(secret)) redefine(error, key, redactText(value, secret));
    } else if (key === 'issues' && Array.isArray(value)) {
      redefine(
        error,
        key,
        value.map((issue: { path: string; problem: string }) => ({
          path: redactText(String(issue.path), secret),
          problem: redactText(String(issue.problem), secret),
        })),
      );
    } else if (typeof value === 'object' || typeof value === 'function') {
      Reflect.deleteProperty(error, key);
    }
  }
}

/** Keeps the property's enumerability: `cause` and `stack` stay hidden, as Error makes them. */
function redefine(error: Error, key: string | symbol, value: unknown): void {
  const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false;
  Object.defineProperty(error, key, { value, enumerable, writable: true, configurable: true });
}

function describe(value: unknown, secret: string, depth: number): Error {
  const name = read(value, 'name');
  const message =
    typeof value === 'object' && value !== null ? read(value, 'message') : safeString(value);
  const cause = depth < MAX_CAUSES ? readCause(value) : undefined;
  const description = new Error(
    redactText(message ?? 'an error without a message', secret),
    cause === undefined ? undefined : { cause: describe(cause, secret, depth + 1) },
  );
  Object.defineProperty(description, 'name', {
    value: redactText(name ?? 'Error', secret),
    enumerable: false,
  });
  // No frames: they would point here, not at the fault.
  description.stack = `${description.name}: ${description.message}`;
  return description;
}

function read(value: unknown, key: 'name' | 'message'): string | undefined {
  try {
    const field: unknown = (value as Record<string, unknown> | null)?.[key];
    return typeof field === 'string' ? field : undefined;
  } catch {
    return undefined;
  }
}

function readCause(value: unknown): unknown {
  try {
    return typeof value === 'object' && value !== null && 'cause' in value
      ? (value as { cause: unknown }).cause
      : undefined;
  } catch {
    return undefined;
  }
}

function safeString(value: unknown): string | undefined {
  try {
    return String(value);
  } catch {
    return undefined;
  }
}
