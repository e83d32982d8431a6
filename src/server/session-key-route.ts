// The route a signed-in customer's page calls to get a session key from its own server,
// ready-made: `<CheckoutProvider getSessionKey>` fetches it. Only the customer's key and its
// expiry go out; failures answer `{ message, code }` without the cause, which goes to onError.
// One answer for every runtime, with its two adapters: a fetch handler and a Node handler.
import { ConfigError, NetworkError, ServiceError } from '../core/errors.js';
import { HEADER, type Wallet } from '../core/headers.js';
import { messages } from '../core/messages.js';
import { serverMessages } from './messages.js';
import type { MerchantClient } from './client.js';
import { nodeHeader, sendAnswer, type NodeRequest, type NodeResponse } from './node-http.js';
import { reportFailure, toResponse, type MaybePromise, type RouteAnswer } from './route-answer.js';

/** What the session-key routes take; `R` is the request of the runtime they run in. */
export interface SessionKeyHandlerOptions<R> {
  /** Where keys come from: a client from createMerchantClient, or a SessionKeyCache over one. */
  client: Pick<MerchantClient, 'getSessionKey'>;
  /** The signed-in customer's id, from your own session; null or undefined answers 401. */
  getCustomerId(request: R): MaybePromise<string | null | undefined>;
  /** The signed-in customer's wallet, for Web3 merchants. */
  getWallet?(request: R): MaybePromise<Wallet | undefined>;
  /** Every failure behind a 5xx or 429, for your logs. Defaults to console.error. */
  onError?(error: unknown, request: R): void;
}

/**
 * The page's renewal request may carry, in the session key's own header, the key the service
 * refused (`getSessionKey`'s `rejectedKey`); the handler passes it on so a cache mints anew.
 */
export const REJECTED_SESSION_KEY_HEADER = HEADER.sessionKey;

/** What the handler answers with 200. */
export interface SessionKeyResponseBody {
  /** The session key, for `<CheckoutProvider sessionKey>`. */
  key: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** `(request: Request) => Promise<Response>`, for fetch-style servers and edge runtimes. */
export function createSessionKeyFetchHandler(
  options: SessionKeyHandlerOptions<Request>,
): (request: Request) => Promise<Response> {
  checkSessionKeyOptions(options);
  return async (request) => {
    const rejectedKey = request.headers.get(REJECTED_SESSION_KEY_HEADER) ?? undefined;
    return toResponse(await sessionKeyAnswer(options, request.method, request, rejectedKey));
  };
}

/** `(req, res)` for Node's http server (and frameworks built on it). */
export function createSessionKeyNodeHandler<R extends NodeRequest>(
  options: SessionKeyHandlerOptions<R>,
): (req: R, res: NodeResponse) => Promise<void> {
  checkSessionKeyOptions(options);
  return async (req, res) => {
    const rejectedKey = nodeHeader(req, REJECTED_SESSION_KEY_HEADER) ?? undefined;
    sendAnswer(res, await sessionKeyAnswer(options, req.method ?? 'GET', req, rejectedKey));
  };
}

/** The route's answer to one request, whichever server received it. */
async function sessionKeyAnswer<R>(
  options: SessionKeyHandlerOptions<R>,
  method: string,
  request: R,
  rejectedKey: string | undefined,
): Promise<RouteAnswer> {
  if (method !== 'GET' && method !== 'POST') {
    return {
      status: 405,
      body: { message: serverMessages.handlerMethod(method), code: 'method_not_allowed' },
      headers: { allow: 'GET, POST' },
    };
  }
  try {
    const customerId = await options.getCustomerId(request);
    if (customerId === null || customerId === undefined || customerId === '') {
      return {
        status: 401,
        body: { message: serverMessages.handlerNoCustomer(), code: 'unauthorized' },
      };
    }
    const wallet = options.getWallet ? await options.getWallet(request) : undefined;
    const { key, expiresAt } = await options.client.getSessionKey(customerId, {
      wallet,
      rejectedKey,
    });
    const body: SessionKeyResponseBody = { key, expiresAt };
    return { status: 200, body };
  } catch (error) {
    reportFailure(options.onError, error, request, 'The session key route failed');
    return failure(error);
  }
}

function failure(error: unknown): RouteAnswer {
  if (error instanceof NetworkError || (error instanceof ServiceError && error.status >= 500)) {
    return {
      status: 503,
      body: { message: serverMessages.handlerUnavailable(), code: 'service_unavailable' },
    };
  }
  if (error instanceof ServiceError && error.status === 429) {
    return {
      status: 429,
      body: { message: serverMessages.handlerRateLimited(), code: 'rate_limited' },
    };
  }
  // A bad API key, a malformed customer id or a bug: the page can do nothing about it.
  return { status: 500, body: { message: serverMessages.handlerFailed(), code: 'internal' } };
}

/** Throws a ConfigError naming the first option that cannot work. */
function checkSessionKeyOptions<R>(options: SessionKeyHandlerOptions<R>): void {
  if (typeof options?.client?.getSessionKey !== 'function') {
    throw new ConfigError(
      'client',
      messages.invalidOption('client', 'must be a client from createMerchantClient or a cache'),
    );
  }
  for (const name of ['getCustomerId', 'getWallet', 'onError'] as const) {
    const value = options[name];
    if (value === undefined && name !== 'getCustomerId') continue;
    if (typeof value !== 'function') {
      throw new ConfigError(name, messages.invalidOption(name, 'must be a function'));
    }
  }
}
