// The customer read as TanStack Query options: one key and one read for useCustomer inside the
// provider and for prefetching where the session key is minted (a server component, a route
// loader), so a hydrated page is payable on its first render without a customer request.
// No React here beyond react-query's `queryOptions`, so server code may import it.
import { queryOptions } from '@tanstack/react-query';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError, type CheckoutError } from '../core/errors.js';
import type { Wallet } from '../core/headers.js';
import { createHttpClient } from '../core/http.js';
import { messages } from '../core/messages.js';
import { walletSchema, type Customer } from '../core/browser-schemas.js';
import { decodeSessionKey } from '../core/session-key.js';
import { checkOption } from '../core/validate.js';
import { readCustomer } from './service-requests.js';

interface CustomerStateBase {
  /** Reads the customer again (after an error, or to pick up new bank accounts). */
  refetch: () => void;
  /** A read is in flight, including a background refresh of a loaded customer. */
  isFetching: boolean;
}

/** The customer as useCustomer() returns it: loading, read, or a first read that failed. */
export type CustomerState = CustomerStateBase &
  (
    | { status: 'loading'; customer?: undefined; error?: undefined }
    /** `error`: the last background refresh failed; the customer shown is the last good one. */
    | { status: 'success'; customer: Customer; error?: CheckoutError }
    /** The first read failed: there is no customer to show. */
    | { status: 'error'; customer?: undefined; error: CheckoutError }
  );

/** A customer read this recently is fresh: no second read within it (hydrated data included). */
export const CUSTOMER_STALE_TIME_MS = 30_000;

/** What a customer read depends on. */
export interface CustomerScope {
  env: Env;
  /** The resolved service address. */
  baseUrl: string;
  merchantId: string;
  customerId: string;
  wallet?: Wallet;
}

/** Another env, merchant or customer never shares a cache entry; the key holds no secret. */
export function customerQueryKey(scope: CustomerScope) {
  return [
    'service-checkout',
    'customer',
    {
      env: scope.env,
      baseUrl: scope.baseUrl,
      merchantId: scope.merchantId,
      customerId: scope.customerId,
      wallet: scope.wallet?.address ?? null,
    },
  ] as const;
}

/** What {@link customerQueryOptions} needs: the same values you give `<CheckoutProvider>`. */
export interface CustomerQueryOptions {
  /** The session key you are about to hand to the page. */
  sessionKey: string;
  /** Your merchant id. */
  merchantId: string;
  /** Which service to read from. */
  env: Env;
  /** Overrides the env's address. */
  baseUrl?: string;
  /** A Web3 customer's wallet, as the provider's `wallet`. */
  wallet?: Wallet;
}

/**
 * The query `<CheckoutProvider>` with the same session, merchant, env and address reads, for
 * `queryClient.prefetchQuery()`. Hydrate the result into the QueryClient you pass the provider.
 */
export function customerQueryOptions(options: CustomerQueryOptions) {
  const baseUrl = resolveBaseUrl(options.env, options.baseUrl);
  const claims = decodeSessionKey(options.sessionKey);
  if (claims.merchantId !== options.merchantId) {
    throw new ConfigError(
      'sessionKey',
      messages.invalidOption('sessionKey', messages.otherMerchant(options.merchantId)),
    );
  }
  const wallet =
    options.wallet === undefined ? undefined : checkOption('wallet', walletSchema, options.wallet);
  const http = createHttpClient({ baseUrl });
  return queryOptions({
    queryKey: customerQueryKey({ ...options, baseUrl, customerId: claims.customerId, wallet }),
    queryFn: () => readCustomer(http, options.sessionKey, wallet),
    // The HTTP client already retries the read; react-query's own retries would multiply them.
    retry: false,
    staleTime: CUSTOMER_STALE_TIME_MS,
  });
}
