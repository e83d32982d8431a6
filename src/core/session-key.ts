import { ConfigError } from './errors.js';
import { messages } from './messages.js';
import { sessionKeyClaimsSchema, type SessionKeyClaims } from './browser-schemas.js';
import { readJwtClaims } from './jwt.js';

/** Treat a key as expired this long before its `exp`, so a request never races the expiry. */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * Reads a session key's claims without verifying its signature: the browser only needs the
 * expiry and the customer. The service verifies. Errors never include the key.
 */
export function decodeSessionKey(sessionKey: unknown): SessionKeyClaims {
  const read = readJwtClaims(sessionKey, sessionKeyClaimsSchema);
  if (!read.ok) throw new ConfigError('sessionKey', messages.malformedSessionKey(read.reason));
  return read.claims;
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
