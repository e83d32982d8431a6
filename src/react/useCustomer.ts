import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOnChange } from './use-on-change.js';
import { asCheckoutError, SessionExpiredError } from '../core/errors.js';
import { useCheckoutContext } from './checkout-context.js';
import {
  CUSTOMER_STALE_TIME_MS,
  customerQueryKey,
  type CustomerState,
} from '../checkout/customer-query.js';
import { readCustomer } from '../checkout/service-requests.js';

export type { CustomerState } from '../checkout/customer-query.js';

/** Options of {@link useCustomer}. */
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
      // No abort signal: a read cancelled by StrictMode's unmount would be sent twice.
      queryFn: () => withSessionKey((sessionKey) => readCustomer(http, sessionKey, wallet)),
      // The HTTP client already retries reads on network faults and 5xx answers.
      retry: false,
      staleTime: CUSTOMER_STALE_TIME_MS,
      enabled: !sessionExpired && options.enabled !== false,
    },
    queryClient,
  );

  const { refetch: refetchQuery, isFetching, data: customer, error } = query;
  // A new session key from the app: read the customer again (the record may have changed, the
  // old key may have been refused). Readers of one customer share the one request.
  useOnChange(context.sessionVersion, () => void refetchQuery({ cancelRefetch: false }));
  const expiredError = useMemo(
    () => (sessionExpired ? new SessionExpiredError() : null),
    [sessionExpired],
  );
  return useMemo((): CustomerState => {
    const refetch = () => void refetchQuery();
    if (expiredError) return { status: 'error', error: expiredError, refetch, isFetching: false };
    // The read rejects with CheckoutErrors only (the HTTP client's, or renew()'s wrapping of a
    // renewer's failure); anything else is a bug, reported as a network fault rather than trusted.
    const readError = error === null ? undefined : asCheckoutError(error, 'GET /api/customer/v2');
    // A failed refresh keeps the customer already shown (TanStack keeps data beside the error).
    if (customer !== undefined)
      return { status: 'success', customer, error: readError, refetch, isFetching };
    if (readError && !isFetching) return { status: 'error', error: readError, refetch, isFetching };
    return { status: 'loading', refetch, isFetching };
  }, [expiredError, customer, error, isFetching, refetchQuery]);
}
