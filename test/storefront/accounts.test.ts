// The shop's sign-in pieces that live in one process: scrypt password hashes, hashed a few at a
// time, and the per-client limit on sign-ins, with its own clock.
import { describe, expect, it } from 'vitest';
import {
  createPasswordHasher,
  hashPassword,
  HashingBusyError,
  verifyPassword,
} from '../../examples/storefront/server/accounts.js';
import { createRateLimiter } from '../../examples/storefront/server/rate-limit.js';

describe('passwords', () => {
  it('are stored as a salted scrypt hash that only the right password matches', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('correct horse battery');
    expect(await hashPassword('correct horse battery')).not.toBe(stored);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'plain$text')).toBe(false);
  });

  it('are hashed a few at a time: past the queue, a hash is refused at once', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 2 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, n) => hasher.hash(`password number ${n}`)),
    );
    // One hashing, two waiting: those three are hashed, in turn; the last two are refused.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    for (const outcome of outcomes.slice(3)) {
      expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(HashingBusyError);
    }
    const stored = outcomes[2]?.status === 'fulfilled' ? outcomes[2].value : '';
    // The slots came back: the queue takes work again.
    expect(await hasher.verify('password number 2', stored)).toBe(true);
  });
});

describe('sign-ins per client', () => {
  it('are limited within a window, per client, and say how long to wait', () => {
    let now = 0;
    const limiter = createRateLimiter({
      max: 3,
      windowMs: 60_000,
      maxTracked: 100,
      now: () => now,
    });
    for (let use = 0; use < 3; use++) expect(limiter.take('10.0.0.1')).toBeUndefined();
    now = 15_000;
    expect(limiter.take('10.0.0.1')).toBe(45);
    expect(limiter.take('10.0.0.2')).toBeUndefined();
    now = 60_001;
    expect(limiter.take('10.0.0.1')).toBeUndefined();
  });

  it('remember a bounded number of clients, forgetting the one seen longest ago', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000, maxTracked: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    expect(limiter.take('a')).toBe(60);
    limiter.take('c');
    // b was forgotten to make room for c; a, refused just now, is still known.
    expect(limiter.take('a')).toBe(60);
    expect(limiter.take('b')).toBeUndefined();
  });
});
