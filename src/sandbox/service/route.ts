// An endpoint of the service: its method and path, the credential it takes, and what it answers.
// Each resource lists its own; transports/router.ts matches requests to them.
import type { CustomerState } from './customer-records.js';

/** The credential a route takes: the merchant's API key, a customer's session key, or none. */
export type Auth = 'apiKey' | 'sessionKey' | 'none';

export interface RouteContext {
  request: Request;
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>;
  /** The session key's customer, on session-key routes. */
  customer?: CustomerState;
  /** The client's IP address, where the transport has a connection to read it from. */
  remoteAddress: string | null;
}

export interface Route {
  method: 'GET' | 'POST';
  /** Segments starting with `:` are parameters: `/api/merchant/payments/:paymentId`. */
  path: string;
  auth: Auth;
  handle: (context: RouteContext) => Promise<Response> | Response;
}

/** The customer of a session-key route. */
export function sessionCustomer(context: RouteContext): CustomerState {
  if (!context.customer) throw new Error('route needs a session key but has no customer');
  return context.customer;
}

/** A path parameter the route's path names. */
export function pathParam(context: RouteContext, name: string): string {
  const value = context.params[name];
  if (value === undefined) throw new Error(`route has no :${name} in its path`);
  return value;
}
