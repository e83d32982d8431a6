import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CheckoutError, SessionExpiredError } from '../core/errors.js';
import { customerResponseSchema, type Customer } from '../core/schemas.js';
import { useCheckoutContext, type CheckoutContextValue } from './CheckoutProvider.js';

interface CustomerStateBase {
  /** Reads the customer again (after an error, or to pick up new bank accounts). */
  refetch: () => void;
  /** A read is in flight, including a background refresh of a loaded customer. */
  isFetching: boolean;
}

export type CustomerState = CustomerStateBase &
  (
    | { status: 'loading'; customer?: undefined; error?: undefined }
    | { status: 'success'; customer: Customer; error?: undefined }
    | { status: 'error'; customer?: undefined; error: CheckoutError }
  );

/** Query key of a customer read: another env, merchant or customer never shares a cache entry. */
export function customerQueryKey(context: CheckoutContextValue) {
  return [
    'service-checkout',
    'customer',
    {
      env: context.env,
      baseUrl: context.baseUrl,
      merchantId: context.merchantId,
      customerId: context.customerId,
      wallet: context.wallet?.address ?? null,
    },
  ] as const;
}

export interface UseCustomerOptions {
  /** `false` holds the read back (the state stays `loading`). Default true. */
  enabled?: boolean;
}

/**
 * The session's customer (GET /api/customer/v2), validated. Must be called inside a
 * CheckoutProvider.
 */
export function useCustomer(options: UseCustomerOptions = {}): CustomerState {
  const context = useCheckoutContext('useCustomer()');
  const { http, wallet, withSessionKey, sessionExpired, queryClient } = context;
  const query = useQuery(
    {
      queryKey: customerQueryKey(context),
      // The response is parsed inside the request, so a bad body becomes the query's error.
      // No abort signal: a read cancelled by StrictMode's unmount would be sent twice.
      queryFn: () =>
        withSessionKey((sessionKey) =>
          http.request({
            method: 'GET',
            path: '/api/customer/v2',
            credentials: { kind: 'sessionKey', sessionKey, wallet },
            schema: customerResponseSchema,
          }),
        ).then((response) => response.customer),
      // The HTTP client already retries reads on network faults and 5xx answers.
      retry: false,
      staleTime: 30_000,
      enabled: !sessionExpired && options.enabled !== false,
    },
    queryClient,
  );

  const { refetch: refetchQuery, isFetching, status, data, error } = query;
  const expiredError = useMemo(
    () => (sessionExpired ? new SessionExpiredError() : null),
    [sessionExpired],
  );
  return useMemo((): CustomerState => {
    const refetch = () => void refetchQuery();
    if (expiredError) return { status: 'error', error: expiredError, refetch, isFetching: false };
    if (status === 'success') return { status, customer: data, refetch, isFetching };
    if (status === 'error' && !isFetching) {
      // The read throws only CheckoutErrors: renew() wraps a renewer's own failure.
      return { status, error: error as CheckoutError, refetch, isFetching };
    }
    return { status: 'loading', refetch, isFetching };
  }, [expiredError, status, data, error, isFetching, refetchQuery]);
}
