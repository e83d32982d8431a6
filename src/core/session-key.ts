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

/**
 * The safety margin before expiry: 30 seconds, or a quarter of the key's lifetime for keys
 * that live less than two minutes, so that a short-lived key is still usable when it arrives.
 */
export function expiryMargin(claims: SessionKeyClaims): number {
  return Math.min(EXPIRY_MARGIN_MS, lifetime(claims) / 4);
}

/** Milliseconds from issue to expiry; Infinity when the key does not say when it was issued. */
export function lifetime(claims: SessionKeyClaims): number {
  return claims.iat === undefined ? Infinity : (claims.exp - claims.iat) * 1000;
}

/** True when the key expires within the safety margin of `now`. */
export function isExpired(
  key: string | SessionKeyClaims,
  now: number = Date.now(),
  marginMs?: number,
): boolean {
  const claims = typeof key === 'string' ? decodeSessionKey(key) : key;
  return expiresAt(claims) - (marginMs ?? expiryMargin(claims)) <= now;
}

function malformed(reason: string): ConfigError {
  return new ConfigError('sessionKey', messages.malformedSessionKey(reason));
}

function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  // atob takes unpadded input, as base64url leaves it.
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
