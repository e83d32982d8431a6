// The shop's sign-in: passwords kept as salted scrypt hashes, sessions as opaque random ids
// held on the server, and a limit on wrong guesses. The cookie never carries the customer id.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCRYPT: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$<salt>$<hash>`, both base64url: what the shop stores instead of the password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface SessionStore {
  /** A new random session id for the customer. */
  create(customerId: string): string;
  /** The session's customer, while it lasts. */
  customerOf(sessionId: string | undefined): string | undefined;
  end(sessionId: string | undefined): void;
}

/** Sessions in memory: at most `max` (the oldest go first), each for `ttlMs`. */
export function createSessionStore(options: {
  max: number;
  ttlMs: number;
  now?: () => number;
}): SessionStore {
  const now = options.now ?? Date.now;
  const sessions = new Map<string, { customerId: string; expiresAt: number }>();
  return {
    create(customerId) {
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { customerId, expiresAt: now() + options.ttlMs });
      if (sessions.size > options.max) sessions.delete(sessions.keys().next().value!);
      return id;
    },
    customerOf(sessionId) {
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (!session) return undefined;
      if (session.expiresAt > now()) return session.customerId;
      sessions.delete(sessionId!);
      return undefined;
    },
    end(sessionId) {
      if (sessionId !== undefined) sessions.delete(sessionId);
    },
  };
}

/** Wrong passwords allowed per customer id within a window; then sign-in waits. */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  maxTracked: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (key: string) =>
    (failures.get(key) ?? []).filter((at) => at > now() - options.windowMs);
  return {
    blocked: (key: string) => recent(key).length >= options.max,
    fail(key: string) {
      const kept = recent(key);
      // Re-inserted, so the map's first entry is always the one failed longest ago.
      failures.delete(key);
      failures.set(key, [...kept, now()]);
      if (failures.size > options.maxTracked) failures.delete(failures.keys().next().value!);
    },
    succeed: (key: string) => void failures.delete(key),
  };
}
