// The shop's passwords: kept as salted scrypt hashes, and hashed a few at a time. scrypt runs on
// libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which WebCrypto and
// file access share: a storm of sign-ins hashing at once would leave every other request of the
// process waiting behind it. The pool's size and the queue's are chosen in account-routes.ts.
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

/** Every hashing slot is taken and the queue is full: answer "busy" instead of waiting longer. */
export class HashingBusyError extends Error {
  constructor() {
    super('Too many passwords are being checked at once.');
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Whether a hash asked for now would be refused. */
  full(): boolean;
}

/**
 * Hashes at most `concurrency` passwords at once; up to `maxWaiting` more wait their turn, in
 * order, and beyond that a hash is refused at once with a HashingBusyError.
 */
export function createPasswordHasher(options: {
  concurrency: number;
  maxWaiting: number;
}): PasswordHasher {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < options.concurrency) running += 1;
    else if (waiting.length < options.maxWaiting) {
      // The slot is handed over by the hash that ends (below): `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else throw new HashingBusyError();
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => inTurn(() => hashPassword(password)),
    verify: (password, stored) => inTurn(() => verifyPassword(password, stored)),
    full: () => running >= options.concurrency && waiting.length >= options.maxWaiting,
  };
}
