// The customer query's options, for prefetching on a server. This entry carries no
// "use client", so a React Server Component that imports it gets the functions themselves.
export {
  CUSTOMER_STALE_TIME_MS,
  customerQueryKey,
  customerQueryOptions,
  type CustomerQueryOptions,
  type CustomerScope,
} from './checkout/customer-query.js';
