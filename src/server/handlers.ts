// The route a signed-in customer's page calls to get a session key from its own server,
// ready-made: `<CheckoutProvider getSessionKey>` fetches it. Only the customer's key and its
// expiry go out; failures answer `{ message, code }` without the cause, which goes to onError.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError, NetworkError, ServiceError } from '../core/errors.js';
import { HEADER, type Wallet } from '../core/headers.js';
import { messages, PREFIX } from '../core/messages.js';
import { serverMessages } from './messages.js';
import type { MerchantClient } from './client.js';

type MaybePromise<T> = T | Promise<T>;

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
  key: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const RESPONSE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // A session key is a credential: no browser or proxy may keep a copy.
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** `(request: Request) => Promise<Response>`, for fetch-style servers and edge runtimes. */
export function createSessionKeyFetchHandler(
  options: SessionKeyHandlerOptions<Request>,
): (request: Request) => Promise<Response> {
  checkOptions(options);
  return async (request) => {
    const rejectedKey = request.headers.get(REJECTED_SESSION_KEY_HEADER) ?? undefined;
    const answer = await answerFor(options, request.method, request, rejectedKey);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { ...RESPONSE_HEADERS, ...answer.headers },
    });
  };
}

/** `(req, res)` for Node's http server (and frameworks built on it). */
export function createSessionKeyNodeHandler(
  options: SessionKeyHandlerOptions<IncomingMessage>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  checkOptions(options);
  return async (req, res) => {
    const header = req.headers[REJECTED_SESSION_KEY_HEADER];
    const rejectedKey = typeof header === 'string' ? header : undefined;
    const answer = await answerFor(options, req.method ?? 'GET', req, rejectedKey);
    const body = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...RESPONSE_HEADERS,
      ...answer.headers,
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  };
}

async function answerFor<R>(
  options: SessionKeyHandlerOptions<R>,
  method: string,
  request: R,
  rejectedKey: string | undefined,
): Promise<Answer> {
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
    report(options, error, request);
    return failure(error);
  }
}

function failure(error: unknown): Answer {
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

function report<R>(options: SessionKeyHandlerOptions<R>, error: unknown, request: R): void {
  try {
    if (options.onError) options.onError(error, request);
    else console.error(`${PREFIX} The session key route failed:`, error);
  } catch {
    // A failing logger must not turn into an unanswered request.
  }
}

function checkOptions<R>(options: SessionKeyHandlerOptions<R>): void {
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
