// The shop's sign-in pieces: scrypt password hashes, opaque bounded sessions, and a limit on
// wrong guesses, each with its own clock.
import { describe, expect, it } from 'vitest';
import {
  createAttemptLimiter,
  createSessionStore,
  hashPassword,
  verifyPassword,
} from '../../examples/storefront/server/accounts.js';

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
});

describe('sessions', () => {
  it('are random ids that say nothing of the customer, and end after their lifetime', () => {
    let now = 0;
    const sessions = createSessionStore({ max: 10, ttlMs: 1_000, now: () => now });
    const id = sessions.create('alex');
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(id).not.toContain('alex');
    expect(sessions.create('alex')).not.toBe(id);
    expect(sessions.customerOf(id)).toBe('alex');
    now = 1_000;
    expect(sessions.customerOf(id)).toBeUndefined();
    expect(sessions.customerOf(undefined)).toBeUndefined();
  });

  it('are bounded: past the limit the oldest session ends', () => {
    const sessions = createSessionStore({ max: 2, ttlMs: 60_000 });
    const first = sessions.create('a');
    const second = sessions.create('b');
    sessions.create('c');
    expect(sessions.customerOf(first)).toBeUndefined();
    expect(sessions.customerOf(second)).toBe('b');
  });

  it('end on sign-out', () => {
    const sessions = createSessionStore({ max: 2, ttlMs: 60_000 });
    const id = sessions.create('a');
    sessions.end(id);
    expect(sessions.customerOf(id)).toBeUndefined();
  });
});

describe('wrong passwords', () => {
  it('block a customer id after the limit until the window passes, and success clears them', () => {
    let now = 0;
    const limiter = createAttemptLimiter({
      max: 3,
      windowMs: 1_000,
      maxTracked: 100,
      now: () => now,
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(limiter.blocked('alex')).toBe(false);
      limiter.fail('alex');
    }
    expect(limiter.blocked('alex')).toBe(true);
    expect(limiter.blocked('sam')).toBe(false);
    now = 1_001;
    expect(limiter.blocked('alex')).toBe(false);
    limiter.fail('alex');
    limiter.succeed('alex');
    limiter.fail('alex');
    limiter.fail('alex');
    expect(limiter.blocked('alex')).toBe(false);
  });
});
