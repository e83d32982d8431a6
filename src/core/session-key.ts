import { ConfigError } from './errors.js';
import { messages } from './messages.js';
import { sessionKeyClaimsSchema, type SessionKeyClaims } from './schemas.js';
import { validate } from './validate.js';

/** Treat a key as expired this long before its `exp`, so a request never races the expiry. */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * Reads a session key's claims without verifying its signature: the browser only needs the
 * expiry and the customer. The service verifies. Errors never include the key.
 */
export function decodeSessionKey(sessionKey: unknown): SessionKeyClaims {
  if (typeof sessionKey !== 'string' || sessionKey === '') {
    throw malformed(`expected a non-empty string, received ${typeof sessionKey}`);
  }
  const parts = sessionKey.split('.');
  if (parts.length !== 3) throw malformed('a session key is a JWT with three dot-separated parts');
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1] ?? ''));
  } catch {
    throw malformed('its payload is not base64url-encoded JSON');
  }
  const claims = validate(sessionKeyClaimsSchema, payload);
  if (!claims.ok) {
    throw malformed(
      `claims ${claims.issues.map((issue) => `${issue.path} ${issue.problem}`).join(', ')}`,
    );
  }
  return claims.value;
}

/** Milliseconds since the epoch at which the key stops working. */
export function expiresAt(claims: SessionKeyClaims): number {
  return claims.exp * 1000;
}

/** True when the key expires within the safety margin of `now`. */
export function isExpired(
  key: string | SessionKeyClaims,
  now: number = Date.now(),
  marginMs: number = EXPIRY_MARGIN_MS,
): boolean {
  const claims = typeof key === 'string' ? decodeSessionKey(key) : key;
  return expiresAt(claims) - marginMs <= now;
}

function malformed(reason: string): ConfigError {
  return new ConfigError('sessionKey', messages.malformedSessionKey(reason));
}

function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
