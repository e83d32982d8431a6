// The session store on its own: which key goes out, when it is renewed, and when a key nothing
// can renew counts as expired. A moved clock (fake timers move setTimeout and Date together)
// stands in for waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeKey,
  createSession,
  sessionExpired,
  type SessionInputs,
  type SessionKeyRenewer,
} from '../../src/checkout/session.js';
import { ServiceError, SessionExpiredError } from '../../src/core/errors.js';
import { decodeSessionKey } from '../../src/core/session-key.js';
import { fakeSessionKey } from '../support/jwt.js';

const MERCHANT = 'merchant_sandbox';
const START = Date.parse('2026-11-25T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

/**
 * A key that expires `seconds` from now (negative: already expired). Like the service's, it was
 * issued for a day unless `lifetimeSeconds` says otherwise: the margins depend on the lifetime.
 */
function keyFor(
  seconds: number,
  { customerId = 'alice', merchantId = MERCHANT, lifetimeSeconds = 86_400 } = {},
): string {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return fakeSessionKey({ customerId, merchantId, iat: exp - lifetimeSeconds, exp });
}

function inputs(sessionKey: string, renewer?: SessionKeyRenewer): SessionInputs {
  return { sessionKey, claims: decodeSessionKey(sessionKey), renewer };
}

function sessionWith(sessionKey: string, renewer?: SessionKeyRenewer) {
  const app = inputs(sessionKey, renewer);
  const session = createSession({ ...app, merchantId: MERCHANT });
  const sent = (): Promise<string> => session.withSessionKey(async (key) => key);
  return { session, app, sent };
}

const refused = () => new ServiceError('GET /api/customer/v2', 401, 'unauthorized', 'no');

describe('which key goes out', () => {
  it("sends the app's key while it is valid, and calls no renewer", async () => {
    const renewer = vi.fn<SessionKeyRenewer>();
    const { sent, app } = sessionWith(keyFor(3600), renewer);
    expect(await sent()).toBe(app.sessionKey);
    expect(renewer).not.toHaveBeenCalled();
  });

  it('renews an expired key before sending, and never sends the expired one', async () => {
    const fresh = keyFor(3600);
    const renewer = vi.fn<SessionKeyRenewer>(async () => fresh);
    const { sent } = sessionWith(keyFor(-60), renewer);
    expect(await sent()).toBe(fresh);
    expect(renewer).toHaveBeenCalledExactlyOnceWith({ reason: 'expiring' });
  });

  it('without a renewer, an expired key throws session_expired before anything is sent', async () => {
    const { session } = sessionWith(keyFor(-60));
    const run = vi.fn();
    await expect(session.withSessionKey(run)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(run).not.toHaveBeenCalled();
  });

  it('after a 401, renews with the refused key named and runs once more with the new key', async () => {
    const fresh = keyFor(3700);
    const renewer = vi.fn<SessionKeyRenewer>(async () => fresh);
    const { session, app } = sessionWith(keyFor(3600), renewer);
    const tried: string[] = [];
    const answer = await session.withSessionKey(async (key) => {
      tried.push(key);
      if (key === app.sessionKey) throw refused();
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(tried).toEqual([app.sessionKey, fresh]);
    expect(renewer).toHaveBeenCalledExactlyOnceWith({
      reason: 'rejected',
      rejectedKey: app.sessionKey,
    });
  });

  it('retries only once when the renewed key is refused too', async () => {
    const renewer = vi.fn<SessionKeyRenewer>(async () => keyFor(3700));
    const { session } = sessionWith(keyFor(3600), renewer);
    const run = vi.fn(async () => {
      throw refused();
    });
    await expect(session.withSessionKey(run)).rejects.toBeInstanceOf(ServiceError);
    expect(run).toHaveBeenCalledTimes(2);
    expect(renewer).toHaveBeenCalledTimes(1);
  });

  it('concurrent requests with an expired key share one renewal', async () => {
    let resolve!: (key: string) => void;
    const renewer = vi.fn<SessionKeyRenewer>(() => new Promise((done) => (resolve = done)));
    const { sent } = sessionWith(keyFor(-60), renewer);
    const both = Promise.all([sent(), sent()]);
    const fresh = keyFor(3600);
    await vi.waitFor(() => expect(renewer).toHaveBeenCalled());
    resolve(fresh);
    expect(await both).toEqual([fresh, fresh]);
    expect(renewer).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the refused key itself', (refusedKey: string) => refusedKey, 'the key the service refused'],
    [
      'a key of another merchant',
      () => keyFor(3600, { merchantId: 'merchant_other' }),
      'another merchant',
    ],
    ['a key that has already expired', () => keyFor(-10), 'already expired'],
  ])('a renewer that brings %s ends in session_expired', async (_, bring, reason) => {
    let refusedKey = '';
    const { session, app } = sessionWith(keyFor(3600), async () => bring(refusedKey));
    refusedKey = app.sessionKey;
    const failure = await session
      .withSessionKey(async () => {
        throw refused();
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionExpiredError);
    expect(String((failure as SessionExpiredError).cause)).toContain(reason);
  });
});

describe('keys the app passes', () => {
  it('a renewed key wins until the app passes another, which then goes out', async () => {
    const renewed = keyFor(3600);
    const { session, app } = sessionWith(keyFor(-60), async () => renewed);
    await session.withSessionKey(async (key) => key);
    expect(activeKey(session.getState(), app).sessionKey).toBe(renewed);

    const next = inputs(keyFor(7200, { customerId: 'bob' }));
    session.update(next);
    expect(activeKey(session.getState(), next).sessionKey).toBe(next.sessionKey);
    expect(await session.withSessionKey(async (key) => key)).toBe(next.sessionKey);
  });

  it('a renewal that ends after the app passed another key does not replace it', async () => {
    let resolve!: (key: string) => void;
    const renewer: SessionKeyRenewer = () => new Promise((done) => (resolve = done));
    const { session } = sessionWith(keyFor(-60), renewer);
    const pending = session.withSessionKey(async (key) => key);
    await vi.waitFor(() => expect(resolve).toBeDefined());
    const next = inputs(keyFor(7200, { customerId: 'bob' }), renewer);
    session.update(next);
    resolve(keyFor(3600));
    await pending;
    expect(activeKey(session.getState(), next).sessionKey).toBe(next.sessionKey);
  });
});

describe('the clock', () => {
  it('renews a minute before expiry, and the next request uses the new key', async () => {
    const fresh = keyFor(2 * 86_400);
    const renewer = vi.fn<SessionKeyRenewer>(async () => fresh);
    const { session, sent } = sessionWith(keyFor(86_400), renewer);
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(86_400_000 - 61_000);
    expect(renewer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(renewer).toHaveBeenCalledExactlyOnceWith({ reason: 'expiring' });
    expect(await sent()).toBe(fresh);
    stop();
  });

  it('renews a short-lived key at half its life, and the renewed one not at once', async () => {
    const short = () => keyFor(8, { lifetimeSeconds: 8 });
    const renewer = vi.fn<SessionKeyRenewer>(async () => short());
    const { session } = sessionWith(short(), renewer);
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(renewer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewer).toHaveBeenCalledTimes(1);
    // The renewed key also lives 8 s: its own renewal is seconds away, not a loop.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(renewer).toHaveBeenCalledTimes(2);
    stop();
  });

  it('without a renewer, marks the key expired when its safety margin starts, not before', async () => {
    // 33 s left and a 30 s margin: expired 3 s from now.
    const { session, app } = sessionWith(keyFor(33));
    const changes = vi.fn();
    session.subscribe(changes);
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(sessionExpired(session.getState(), app)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(sessionExpired(session.getState(), app)).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a renewer given later renews the expired key instead of leaving it expired', async () => {
    const { session } = sessionWith(keyFor(33));
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(3_100);
    const fresh = keyFor(3600);
    const renewed = inputs(session.getState().expiredKey!, async () => fresh);
    session.update(renewed);
    expect(sessionExpired(session.getState(), renewed)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(activeKey(session.getState(), renewed).sessionKey).toBe(fresh);
    stop();
  });

  it('started twice and stopped once (StrictMode), it still watches; stopped, it renews nothing', async () => {
    const renewer = vi.fn<SessionKeyRenewer>(async () => keyFor(3600));
    const { session } = sessionWith(keyFor(120), renewer);
    session.start()();
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(renewer).toHaveBeenCalledTimes(1);
    stop();
    session.update(inputs(keyFor(120), renewer));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(renewer).toHaveBeenCalledTimes(1);
  });

  it('waits in steps for a key whose renewal is further off than a timer can wait', async () => {
    const renewer = vi.fn<SessionKeyRenewer>(async () => keyFor(100 * 86_400));
    const { session } = sessionWith(keyFor(30 * 86_400, { lifetimeSeconds: 30 * 86_400 }), renewer);
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(25 * 86_400_000);
    expect(renewer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5 * 86_400_000);
    expect(renewer).toHaveBeenCalledTimes(1);
    stop();
  });
});
