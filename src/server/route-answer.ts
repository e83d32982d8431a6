// What a ready-made route answers, as data: the fetch handlers turn it into a Response, the Node
// handlers write it to Node's response (node-http.ts). One place for the headers and for how
// failures reach the merchant's logs.
import { PREFIX } from '../core/messages.js';

/** A value, or a promise of it: what the routes' callbacks may return. */
export type MaybePromise<T> = T | Promise<T>;

/** A route's answer: its status, its JSON body, and headers of its own. */
export interface RouteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** JSON that no browser or proxy keeps (a session key is a credential) or sniffs. */
export const ROUTE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** The answer as a fetch Response. */
export function toResponse(answer: RouteAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { ...ROUTE_HEADERS, ...answer.headers },
  });
}

/**
 * Hands a failure to the route's `onError`, or else logs it under `what`. A logger that throws
 * must not turn into an unanswered request.
 */
export function reportFailure<R>(
  onError: ((error: unknown, request: R) => void) | undefined,
  error: unknown,
  request: R,
  what: string,
): void {
  try {
    if (onError) onError(error, request);
    // The library's errors never hold a key; what the merchant's own callbacks threw is theirs.
    else console.error(`${PREFIX} ${what}:`, error);
  } catch {
    // Nothing more to do: the answer goes out regardless.
  }
}
