// A customer's session in the page, without React: which session key requests go out with (the
// app's, or a renewed one until the app passes another), renewal (one at a time, shortly before
// expiry and after the service refuses a key), and whether a key that nothing can renew has
// expired. CheckoutProvider reads it through useSyncExternalStore.
import { ServiceError, SessionExpiredError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { SessionKeyClaims } from '../core/browser-schemas.js';
import {
  decodeSessionKey,
  expiresAt,
  expiryMargin,
  isExpired,
  lifetime,
} from '../core/session-key.js';

/** Why the renewer is called. */
export interface SessionKeyRenewal {
  reason: 'expiring' | 'rejected';
  /** With `'rejected'`: the key the service refused. Your server must not hand it out again. */
  rejectedKey?: string;
}

export type SessionKeyRenewer = (renewal: SessionKeyRenewal) => Promise<string>;

export interface ActiveKey {
  sessionKey: string;
  claims: SessionKeyClaims;
}

/** What changes by itself, and so what a component re-renders on. */
export interface SessionState {
  /** A renewed key, and the app's key it replaced: it wins until the app passes another. */
  renewed: (ActiveKey & { fromAppKey: string }) | null;
  /** A key that expired with nothing to renew it. */
  expiredKey: string | null;
}

/** What the app gave, as of its latest render. */
export interface SessionInputs extends ActiveKey {
  renewer?: SessionKeyRenewer;
}

export interface Session {
  subscribe(listener: () => void): () => void;
  getState(): SessionState;
  /** The app's key and renewer: called on every render, before anything reads the session. */
  update(inputs: SessionInputs): void;
  /**
   * Runs a request with a live session key: renews first if the key has expired, and after a
   * 401 renews and runs once more. Without a renewer an expired key throws before any request.
   */
  withSessionKey<T>(run: (sessionKey: string) => Promise<T>): Promise<T>;
  /** Watches the key's expiry while something shows it; returns the stop. */
  start(): () => void;
}

/** Renew this long before the key's expiry. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
// setTimeout's limit; session keys last 24 hours, well below it.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The key requests go out with: the renewed one while the app still passes the key it replaced. */
export function activeKey(state: SessionState, app: ActiveKey): ActiveKey {
  return state.renewed && state.renewed.fromAppKey === app.sessionKey ? state.renewed : app;
}

/** True when the app's key has expired and there is no renewer: nothing will be sent. */
export function sessionExpired(state: SessionState, inputs: SessionInputs): boolean {
  return !inputs.renewer && state.expiredKey === activeKey(state, inputs).sessionKey;
}

/** How long before expiry to renew: a minute, or half the lifetime of a short-lived key. */
function renewalLead(claims: SessionKeyClaims): number {
  return Math.min(RENEW_BEFORE_EXPIRY_MS, lifetime(claims) / 2);
}

export function createSession(initial: SessionInputs & { merchantId: string }): Session {
  const { merchantId } = initial;
  let inputs: SessionInputs = initial;
  let state: SessionState = { renewed: null, expiredKey: null };
  const listeners = new Set<() => void>();
  let renewal: Promise<ActiveKey> | null = null;
  let watchers = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const current = () => activeKey(state, inputs);

  function setState(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  // One renewal at a time: concurrent requests and the timer share it.
  function renew(why: SessionKeyRenewal): Promise<ActiveKey> {
    if (renewal) return renewal;
    const renewer = inputs.renewer;
    if (!renewer) return Promise.reject(new SessionExpiredError());
    const fromAppKey = inputs.sessionKey;
    renewal = Promise.resolve(why)
      .then(renewer)
      .then((freshKey) => {
        // Retrying with the key the service refused would only be refused again.
        if (freshKey === why.rejectedKey) {
          throw new Error(messages.renewalFailed('it is the key the service refused'));
        }
        const claims = decodeSessionKey(freshKey);
        if (claims.merchantId !== merchantId) {
          throw new Error(messages.renewalFailed(messages.otherMerchant(merchantId)));
        }
        if (isExpired(claims)) throw new Error(messages.renewalFailed('it has already expired'));
        const renewed = { sessionKey: freshKey, claims, fromAppKey };
        setState({ ...state, renewed });
        watch();
        return renewed;
      })
      .catch((cause: unknown) => {
        throw new SessionExpiredError({ cause });
      })
      .finally(() => {
        renewal = null;
      });
    return renewal;
  }

  // With a renewer: renew shortly before expiry. Without: mark the key expired on time.
  function watch(): void {
    clearTimeout(timer);
    if (watchers === 0) return;
    const { sessionKey, claims } = current();
    const lead = inputs.renewer ? renewalLead(claims) : expiryMargin(claims);
    const wait = expiresAt(claims) - lead - Date.now();
    if (wait > 0) {
      timer = setTimeout(watch, Math.min(MAX_TIMER_MS, wait));
    } else if (inputs.renewer) {
      // A failed renewal is reported by the next request, which tries again.
      renew({ reason: 'expiring' }).catch(() => undefined);
    } else if (state.expiredKey !== sessionKey) {
      setState({ ...state, expiredKey: sessionKey });
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    update(next) {
      const before = current();
      const couldRenew = inputs.renewer !== undefined;
      inputs = next;
      if (
        current().sessionKey !== before.sessionKey ||
        couldRenew !== (next.renewer !== undefined)
      ) {
        watch();
      }
    },
    async withSessionKey(run) {
      let key = current();
      // Without a renewer, renew() throws SessionExpiredError: nothing is sent.
      if (isExpired(key.claims)) key = await renew({ reason: 'expiring' });
      try {
        return await run(key.sessionKey);
      } catch (error) {
        if (!(error instanceof ServiceError && error.status === 401) || !inputs.renewer) {
          throw error;
        }
        // Another request may have renewed the refused key already.
        const latest = current();
        const fresh =
          latest.sessionKey !== key.sessionKey
            ? latest
            : await renew({ reason: 'rejected', rejectedKey: key.sessionKey });
        return run(fresh.sessionKey);
      }
    },
    start() {
      watchers += 1;
      watch();
      return () => {
        watchers -= 1;
        if (watchers === 0) clearTimeout(timer);
      };
    },
  };
}
