import { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError, ServiceError, SessionExpiredError } from '../core/errors.js';
import type { Wallet } from '../core/headers.js';
import { createHttpClient, type HttpClient } from '../core/http.js';
import { devWarnings, messages } from '../core/messages.js';
import { walletSchema, type SessionKeyClaims } from '../core/schemas.js';
import {
  decodeSessionKey,
  expiresAt,
  expiryMargin,
  isExpired,
  lifetime,
} from '../core/session-key.js';
import { checkOption } from '../core/validate.js';
import { useLatest } from './use-latest.js';

export interface CheckoutProviderProps {
  /** The session key your server got from GET /api/auth/session-key. Kept in memory only. */
  sessionKey: string;
  merchantId: string;
  env: Env;
  /** Overrides the env's address. */
  baseUrl?: string;
  /** Your app's QueryClient; without one the provider uses a private client. */
  queryClient?: QueryClient;
  /** A Web3 customer's wallet: sent as x-service-auth-blockchain and x-service-auth-wallet. */
  wallet?: Wallet;
  /**
   * Fetches a fresh session key from your server. Called shortly before the key expires
   * (`reason: 'expiring'`) and after the service refused a key (`reason: 'rejected'`, with
   * that key as `rejectedKey`: pass it to your server so it mints another). The failed request
   * is retried once, and only with a different key.
   */
  getSessionKey?: (renewal: SessionKeyRenewal) => Promise<string>;
  children?: ReactNode;
}

/** Why `getSessionKey` is called. */
export interface SessionKeyRenewal {
  reason: 'expiring' | 'rejected';
  /** With `'rejected'`: the key the service refused. Your server must not hand it out again. */
  rejectedKey?: string;
}

/** What the provider shares with its hooks and components. Internal. */
export interface CheckoutContextValue {
  env: Env;
  merchantId: string;
  baseUrl: string;
  http: HttpClient;
  queryClient: QueryClient;
  wallet?: Wallet;
  /** The current key's customer, for query keys. */
  customerId: string;
  /** True once the key has expired and there is no renewer: nothing will be sent. */
  sessionExpired: boolean;
  /**
   * Goes up by one each time the app passes a new `sessionKey` prop (not on renewals): what
   * failed with the old key (a refusal, a block, a verification request) is worth trying again.
   */
  sessionVersion: number;
  /**
   * Runs a request with a live session key: renews first if the key has expired, and after a
   * 401 renews and runs once more. Without a renewer an expired key throws before any request.
   */
  withSessionKey<T>(run: (sessionKey: string) => Promise<T>): Promise<T>;
}

/** The part of the context fixed at mount. */
type FixedContextValue = Pick<
  CheckoutContextValue,
  'env' | 'merchantId' | 'baseUrl' | 'http' | 'queryClient'
>;

export const CheckoutContext = createContext<CheckoutContextValue | null>(null);
CheckoutContext.displayName = 'CheckoutContext';

/** Renew this long before the key's expiry. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
// setTimeout's limit; session keys last 24 hours, well below it.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface ActiveKey {
  sessionKey: string;
  claims: SessionKeyClaims;
}

/**
 * Holds a customer's session and the service address for the checkout below it. Never wraps
 * your tree in a QueryClientProvider: its hooks receive their QueryClient explicitly.
 */
export function CheckoutProvider(props: CheckoutProviderProps) {
  const { sessionKey, merchantId, env, baseUrl, queryClient, wallet, getSessionKey, children } =
    props;

  // The private cache lives exactly as long as the provider: no garbage-collection timers,
  // which would hold the client and the customer for five minutes after each unmount.
  const [privateClient] = useState(() =>
    queryClient ? null : new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } }),
  );
  // env, merchantId, baseUrl and queryClient are read once; changing them needs a remount.
  const [config] = useState((): FixedContextValue => {
    const resolvedBaseUrl = resolveBaseUrl(env, baseUrl);
    if (typeof merchantId !== 'string' || merchantId.trim() === '') {
      throw invalidOption('merchantId', 'must be a non-empty string');
    }
    if (queryClient !== undefined && typeof queryClient?.getQueryCache !== 'function') {
      throw invalidOption('queryClient', 'must be a QueryClient from @tanstack/react-query');
    }
    return {
      env,
      merchantId,
      baseUrl: resolvedBaseUrl,
      http: createHttpClient({ baseUrl: resolvedBaseUrl }),
      queryClient: queryClient ?? privateClient!,
    };
  });

  if (wallet !== undefined) checkOption('wallet', walletSchema, wallet);
  if (getSessionKey !== undefined && typeof getSessionKey !== 'function') {
    throw invalidOption('getSessionKey', 'must be an async function returning a session key');
  }
  const propClaims = useMemo(() => {
    const claims = decodeSessionKey(sessionKey);
    if (claims.merchantId !== config.merchantId) {
      throw invalidOption('sessionKey', messages.otherMerchant(config.merchantId));
    }
    return claims;
  }, [sessionKey, config.merchantId]);

  useWarnOnFrozenPropChange(props);

  // A private client needs mounting for focus and reconnect refetches, as QueryClientProvider does.
  useEffect(() => {
    if (!privateClient) return;
    privateClient.mount();
    return () => privateClient.unmount();
  }, [privateClient]);

  // State set while rendering, as React recommends for values derived from a changed prop.
  const [session, setSession] = useState({ sessionKey, version: 0 });
  if (session.sessionKey !== sessionKey) setSession({ sessionKey, version: session.version + 1 });

  // A renewed key wins until the app passes a new sessionKey prop.
  const [renewed, setRenewed] = useState<(ActiveKey & { fromProp: string }) | null>(null);
  const active: ActiveKey =
    renewed && renewed.fromProp === sessionKey ? renewed : { sessionKey, claims: propClaims };
  const activeRef = useLatest(active);
  const propKeyRef = useLatest(sessionKey);
  const renewerRef = useLatest(getSessionKey);
  const canRenew = getSessionKey !== undefined;

  // One renewal at a time: concurrent reads and the timer share it.
  const renewalRef = useRef<Promise<ActiveKey> | null>(null);
  const renew = useCallback(
    (renewal: SessionKeyRenewal): Promise<ActiveKey> => {
      if (renewalRef.current) return renewalRef.current;
      const renewer = renewerRef.current;
      if (!renewer) return Promise.reject(new SessionExpiredError());
      const fromProp = propKeyRef.current;
      const pending = Promise.resolve(renewal)
        .then(renewer)
        .then((freshKey) => {
          // Retrying with the key the service refused would only be refused again.
          if (freshKey === renewal.rejectedKey) {
            throw new Error(messages.renewalFailed('it is the key the service refused'));
          }
          const claims = decodeSessionKey(freshKey);
          if (claims.merchantId !== config.merchantId) {
            throw new Error(messages.renewalFailed(messages.otherMerchant(config.merchantId)));
          }
          if (isExpired(claims)) throw new Error(messages.renewalFailed('it has already expired'));
          const next = { sessionKey: freshKey, claims };
          activeRef.current = next;
          setRenewed({ ...next, fromProp });
          return next;
        })
        .catch((cause: unknown) => {
          throw new SessionExpiredError({ cause });
        })
        .finally(() => {
          renewalRef.current = null;
        });
      renewalRef.current = pending;
      return pending;
    },
    [renewerRef, propKeyRef, activeRef, config.merchantId],
  );

  const withSessionKey = useCallback(
    async <T,>(run: (sessionKey: string) => Promise<T>): Promise<T> => {
      let current = activeRef.current;
      // Without a renewer, renew() throws SessionExpiredError: nothing is sent.
      if (isExpired(current.claims)) current = await renew({ reason: 'expiring' });
      try {
        return await run(current.sessionKey);
      } catch (error) {
        if (!(error instanceof ServiceError && error.status === 401) || !renewerRef.current) {
          throw error;
        }
        // Another request may have renewed the refused key already.
        const latest = activeRef.current;
        const fresh =
          latest.sessionKey !== current.sessionKey
            ? latest
            : await renew({ reason: 'rejected', rejectedKey: current.sessionKey });
        return run(fresh.sessionKey);
      }
    },
    [activeRef, renewerRef, renew],
  );

  // With a renewer: renew shortly before expiry. Without: flip to the expired state on time.
  const [expiredKey, setExpiredKey] = useState<string | null>(null);
  const activeKey = active.sessionKey;
  const activeExpiry = expiresAt(active.claims);
  const lead = canRenew ? renewalLead(active.claims) : expiryMargin(active.claims);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      // A read may have renewed the key meanwhile: the render for the new key reschedules.
      if (activeRef.current.sessionKey !== activeKey) return;
      const wait = activeExpiry - lead - Date.now();
      if (wait > 0) {
        timer = setTimeout(check, Math.min(MAX_TIMER_MS, wait));
        return;
      }
      // A failed renewal is reported by the next read, which tries again.
      if (canRenew) renew({ reason: 'expiring' }).catch(() => undefined);
      else setExpiredKey(activeKey);
    };
    check();
    return () => clearTimeout(timer);
  }, [activeKey, activeExpiry, lead, canRenew, renew, activeRef]);
  const sessionExpired = !canRenew && expiredKey === activeKey;

  const value = useMemo<CheckoutContextValue>(
    () => ({
      ...config,
      wallet,
      customerId: active.claims.customerId,
      sessionExpired,
      sessionVersion: session.version,
      withSessionKey,
    }),
    // The wallet is compared by value so an inline object does not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      config,
      wallet?.blockchain,
      wallet?.address,
      active.claims.customerId,
      sessionExpired,
      session.version,
      withSessionKey,
    ],
  );

  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

/** How long before expiry to renew: a minute, or half the lifetime of a short-lived key. */
function renewalLead(claims: SessionKeyClaims): number {
  return Math.min(RENEW_BEFORE_EXPIRY_MS, lifetime(claims) / 2);
}

function invalidOption(option: string, problem: string): ConfigError {
  return new ConfigError(option, messages.invalidOption(option, problem));
}

/** The surrounding provider's state; throws a message naming the provider when there is none. */
export function useCheckoutContext(hook: string): CheckoutContextValue {
  const context = useContext(CheckoutContext);
  if (!context) throw new Error(messages.missingProvider(hook));
  return context;
}

// Development only, like React's own warnings: production bundles drop the hook and its text.
const useWarnOnFrozenPropChange =
  process.env.NODE_ENV === 'production'
    ? () => {}
    : function useWarnOnFrozenPropChange(props: CheckoutProviderProps): void {
        const [initialProps] = useState(props);
        const warnedRef = useRef(new Set<string>());
        useEffect(() => {
          for (const prop of ['env', 'merchantId', 'baseUrl', 'queryClient'] as const) {
            if (props[prop] !== initialProps[prop] && !warnedRef.current.has(prop)) {
              warnedRef.current.add(prop);
              console.warn(devWarnings.frozenProp(prop));
            }
          }
        });
      };
