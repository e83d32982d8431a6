// The API key must never leave the client object through an error: not in a message, a stack,
// a property or a cause (a custom fetch may put request headers in its own error text).

const REDACTED = '[redacted]';

/** Returns `error` with every occurrence of `secret` replaced, including its cause chain. */
export function redactSecret<E>(error: E, secret: string): E {
  if (secret === '') return error;
  scrub(error, secret, new Set());
  return error;
}

function scrub(value: unknown, secret: string, seen: Set<unknown>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  const record = value as Record<string, unknown>;
  // message and stack are own properties of every Error but stack is not enumerable.
  const keys = new Set([...Object.keys(record), 'message', 'stack', 'cause']);
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const field = record[key];
    if (typeof field === 'string') {
      if (field.includes(secret)) setField(record, key, field.split(secret).join(REDACTED));
    } else if (Array.isArray(field) || field instanceof Error || isPlainObject(field)) {
      scrub(field, secret, seen);
      // A frozen foreign error keeps the secret: drop it rather than pass it on.
      if (leaks(field, secret)) setField(record, key, REDACTED);
    } else if (typeof field === 'object' && field !== null && leaks(field, secret)) {
      // Something we cannot walk safely (a Headers object, a Request): drop it.
      setField(record, key, REDACTED);
    }
  }
}

function leaks(value: object, secret: string): boolean {
  try {
    const error = value as { message?: unknown; stack?: unknown };
    return [String(value), error.message, error.stack, JSON.stringify(value)].some(
      (text) => typeof text === 'string' && text.includes(secret),
    );
  } catch {
    return true;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function setField(record: Record<string, unknown>, key: string, next: unknown): void {
  try {
    Object.defineProperty(record, key, { value: next });
  } catch {
    // A frozen foreign object: nothing safe to keep.
  }
}
