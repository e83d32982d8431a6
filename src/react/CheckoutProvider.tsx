import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createDeviceScriptScope } from '../checkout/device-script-scope.js';
import { checkMerchant } from '../checkout/merchant.js';
import { checkMessageOverrides, type CheckoutMessages } from '../checkout/messages/index.js';
import type { SessionKeyRenewal } from '../checkout/session.js';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import type { Wallet } from '../core/headers.js';
import { createHttpClient } from '../core/http.js';
import { messages } from '../core/messages.js';
import { walletSchema } from '../core/browser-schemas.js';
import { decodeSessionKey } from '../core/session-key.js';
import { checkOption } from '../core/validate.js';
import { CheckoutContext, type CheckoutContextValue } from './checkout-context.js';
import { useWarnOnFrozenPropChange } from './use-frozen-props.js';
import { useSession } from './use-session.js';
import { useWarnOnce } from './use-warn-once.js';

export type { SessionKeyRenewal } from '../checkout/session.js';

/** Props of {@link CheckoutProvider}: the session a checkout pays in, and where the service is. */
export interface CheckoutProviderProps {
  /** The session key your server got from GET /api/auth/session-key. Kept in memory only. */
  sessionKey: string;
  /** Your merchant id; it must be the session key's merchant. */
  merchantId: string;
  /** Which service to talk to: `local` (the embedded sandbox), `sandbox` or `prod`. */
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
  /**
   * Your business's name, as the payer knows it: the debit authorization beside Pay names it.
   * Required where `env` is `prod`; elsewhere `merchantId` stands in, with a console warning.
   */
  merchantName?: string;
  /**
   * An e-mail address or an http(s) URL where the payer can revoke the authorization before the
   * debit reaches their bank. Required where `env` is `prod`; elsewhere "the merchant" stands
   * in, with a console warning.
   */
  merchantContact?: string;
  /**
   * Replacements for any of the checkout's words, each of the type of the message it replaces
   * (see {@link CheckoutMessages}). A replaced `authorization` must still name the merchant, the
   * amount, the account's last four digits and the contact.
   */
  messages?: Partial<CheckoutMessages>;
  /**
   * The checkouts' language, and how they write amounts and dates: a BCP 47 tag (see
   * `SUPPORTED_LOCALES`; another tag resolves along its fallback chain, `pt-AO` to `pt`, else
   * English) or `"auto"`, the browser's languages. A `<Checkout locale>` overrides it. With a
   * tag, a server renders in that language once `preloadLocale(tag)` has loaded it; with
   * `"auto"`, a server renders the loading view. Default `"auto"`.
   */
  locale?: string;
  children?: ReactNode;
}

/** The part of the context fixed at mount. */
type FixedContextValue = Pick<
  CheckoutContextValue,
  'env' | 'merchantId' | 'baseUrl' | 'http' | 'queryClient' | 'deviceScripts'
>;

/**
 * Holds a customer's session and the service address for the checkout below it. Never wraps
 * your tree in a QueryClientProvider: its hooks receive their QueryClient explicitly.
 */
export function CheckoutProvider(props: CheckoutProviderProps) {
  const { sessionKey, merchantId, env, baseUrl, queryClient, wallet, getSessionKey, children } =
    props;
  const { merchantName, merchantContact, messages: messageProp, locale = 'auto' } = props;

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
      deviceScripts: createDeviceScriptScope(),
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

  useWarnOnFrozenPropChange(props, ['env', 'merchantId', 'baseUrl', 'queryClient']);

  // Problems with these are shown by the checkouts below, as their invalid view.
  const merchantCheck = useMemo(
    () => checkMerchant({ ...config, merchantName, merchantContact }),
    [config, merchantName, merchantContact],
  );
  const messageCheck = useMemo(() => checkMessageOverrides(messageProp), [messageProp]);
  const { fallbacks } = merchantCheck;
  useWarnOnce(fallbacks.length > 0 ? messages.merchantStandIn(fallbacks.join(' and ')) : null);

  // A private client needs mounting for focus and reconnect refetches, as QueryClientProvider does.
  useEffect(() => {
    if (!privateClient) return;
    privateClient.mount();
    return () => privateClient.unmount();
  }, [privateClient]);

  // State set while rendering, as React recommends for values derived from a changed prop.
  const [version, setVersion] = useState({ sessionKey, version: 0 });
  if (version.sessionKey !== sessionKey) setVersion({ sessionKey, version: version.version + 1 });

  // Renewal and expiry live in a store of their own; the app's key and renewer feed it.
  const { session, active, expired } = useSession(
    { sessionKey, claims: propClaims, renewer: getSessionKey },
    config.merchantId,
  );

  const value = useMemo<CheckoutContextValue>(
    () => ({
      ...config,
      wallet,
      customerId: active.claims.customerId,
      sessionExpired: expired,
      sessionVersion: version.version,
      withSessionKey: session.withSessionKey,
      merchant: merchantCheck.merchant,
      locale,
      messageOverrides: messageCheck.overrides,
      setupIssues: [...merchantCheck.issues, ...messageCheck.issues],
    }),
    // The wallet is compared by value so an inline object does not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      config,
      wallet?.blockchain,
      wallet?.address,
      active.claims.customerId,
      expired,
      version.version,
      session,
      merchantCheck,
      messageCheck,
      locale,
    ],
  );

  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

function invalidOption(option: string, problem: string): ConfigError {
  return new ConfigError(option, messages.invalidOption(option, problem));
}
