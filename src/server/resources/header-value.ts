// A value the client sends in a header or a path (a customer id, a payment id, an
// Idempotency-Key, an event id), checked before anything is sent: HTTP would refuse it, or carry
// another value than the one given.
import { ConfigError } from '../../core/errors.js';
import { isHeaderSafe } from '../../core/headers.js';
import { messages } from '../../core/messages.js';

/** Throws a ConfigError naming `name` unless `value` is a non-empty string a header can carry. */
export function checkHeaderValue(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new ConfigError(
      name,
      messages.invalidOption(name, `must be a non-empty string, received ${describeType(value)}`),
    );
  }
  if (!isHeaderSafe(value)) {
    throw new ConfigError(
      name,
      messages.invalidOption(
        name,
        'must be sendable in a header: no control characters, no characters above U+00FF, no surrounding spaces (encode it, for example as a UUID or base64url)',
      ),
    );
  }
}

function describeType(value: unknown): string {
  if (value === '') return 'an empty string';
  if (value === null) return 'null';
  return typeof value;
}
