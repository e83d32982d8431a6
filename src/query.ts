/**
 * The customer read as TanStack Query options, for prefetching on a server so the checkout is
 * payable at first paint. This entry carries no `"use client"`, so a React Server Component
 * that imports it gets the functions themselves.
 *
 * @module service-checkout/query
 */
export {
  CUSTOMER_STALE_TIME_MS,
  customerQueryKey,
  customerQueryOptions,
  type CustomerQueryOptions,
  type CustomerScope,
} from './checkout/customer-query.js';
