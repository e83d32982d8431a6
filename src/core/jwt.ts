// A JWT's claims read without verifying its signature: the browser only needs what a token
// says (an expiry, a customer, an amount); the service verifies every token it receives.
// The reasons given never include the token.
import type * as z from 'zod/mini';
import { validate } from './validate.js';

export type ReadClaims<T> = { ok: true; claims: T } | { ok: false; reason: string };

export function readJwtClaims<S extends z.ZodMiniType>(
  token: unknown,
  schema: S,
): ReadClaims<z.infer<S>> {
  if (typeof token !== 'string' || token === '') {
    return { ok: false, reason: `expected a non-empty string, received ${typeof token}` };
  }
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'a JWT has three dot-separated parts' };
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]!));
  } catch {
    return { ok: false, reason: 'its payload is not base64url-encoded JSON' };
  }
  const claims = validate(schema, payload);
  if (!claims.ok) {
    const problems = claims.issues.map((issue) => `${issue.path} ${issue.problem}`);
    return { ok: false, reason: `claims ${problems.join(', ')}` };
  }
  return { ok: true, claims: claims.value };
}

function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  // atob takes unpadded input, as base64url leaves it.
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
