// Session keys: HS256 JWTs carrying customerId, merchantId, iat and exp.
import { jwtVerify, SignJWT } from 'jose';
import { sessionKeyClaimsSchema, type SessionKeyClaims } from '../core/schemas.js';
import { validate } from '../core/validate.js';
import { HttpError } from './http.js';

export const SESSION_KEY_ALGORITHM = 'HS256';

/**
 * The secret's UTF-8 bytes, as a Uint8Array of this realm. Under jsdom the global TextEncoder
 * returns arrays of another realm, which jose rejects; copying them makes signing work there.
 */
export function secretBytes(secret: string): Uint8Array {
  return new Uint8Array(new TextEncoder().encode(secret));
}

export function randomSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

export function signSessionKey(
  secret: Uint8Array,
  claims: { customerId: string; merchantId: string; iat: number; exp: number },
): Promise<string> {
  return (
    new SignJWT({ customerId: claims.customerId, merchantId: claims.merchantId })
      .setProtectedHeader({ alg: SESSION_KEY_ALGORITHM, typ: 'JWT' })
      .setIssuedAt(claims.iat)
      // Every key is unique, even two minted for one customer in the same second.
      .setJti(crypto.randomUUID())
      .setExpirationTime(claims.exp)
      .sign(secret)
  );
}

/** The key's claims when its signature, algorithm, expiry and merchant are right; else 401. */
export async function verifySessionKey(
  secret: Uint8Array,
  key: string,
  context: { merchantId: string; nowMs: number },
): Promise<SessionKeyClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(key, secret, {
      algorithms: [SESSION_KEY_ALGORITHM],
      currentDate: new Date(context.nowMs),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') {
      throw new HttpError(
        401,
        'The session key has expired. Ask your server for a new one (GET /api/auth/session-key).',
      );
    }
    throw new HttpError(
      401,
      'The session key is not valid: it is not an HS256 JWT signed by this sandbox. Use the key from GET /api/auth/session-key.',
    );
  }
  const claims = validate(sessionKeyClaimsSchema, payload);
  if (!claims.ok) {
    throw new HttpError(401, 'The session key lacks the customerId and merchantId claims.');
  }
  if (claims.value.merchantId !== context.merchantId) {
    throw new HttpError(401, 'The session key was made for another merchant.');
  }
  return claims.value;
}
