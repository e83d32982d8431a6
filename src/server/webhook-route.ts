// The webhook route, ready-made: read the raw body (bounded), verify it under the keys in force,
// hand the event to your onEvent, and answer 2xx only once onEvent has finished, so a failure is
// delivered again. Answers never say why a signature failed (that would help a forger); onError
// hears it. One answer for every runtime, with its two adapters: a fetch handler and a Node
// handler.
import { BodyTooLargeError, MAX_BODY_BYTES, readBoundedText } from '../core/body.js';
import { ConfigError, ResponseValidationError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { serverMessages } from './messages.js';
import {
  nodeHeader,
  readNodeBody,
  sendAnswer,
  type NodeRequest,
  type NodeResponse,
} from './node-http.js';
import { reportFailure, toResponse, type MaybePromise, type RouteAnswer } from './route-answer.js';
import {
  checkWebhookKeys,
  SIGNATURE_HEADER,
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookKeys,
} from './webhooks.js';

/** The default body limit of the webhook routes: the service's own, 1 MiB. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = MAX_BODY_BYTES;

/** What the webhook routes take; `R` is the request of the runtime they run in. */
export interface WebhookHandlerOptions<R> extends VerifyWebhookOptions {
  /**
   * Your webhook validation key; while you roll it, an array of keys (the new one and the old
   * one): a delivery signed under any of them is taken. Or a function that gives the keys in
   * force, called for each delivery, so that a roll needs no new route: a function that throws,
   * or gives no usable key, answers 500 (the service delivers again) and tells onError.
   */
  key: WebhookKeys | ((request: R) => MaybePromise<WebhookKeys>);
  /**
   * Called once per verified delivery. The same event can arrive more than once (delivery is
   * at least once, and a failure here makes the service send it again): act on `event.id`
   * idempotently. Throwing answers 500, so the service retries.
   */
  onEvent(event: WebhookEvent, request: R): MaybePromise<void>;
  /** Bodies above this many bytes are refused with 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Every refused or failed delivery, for your logs. Defaults to console.error. */
  onError?(error: unknown, request: R): void;
}

/** `(request: Request) => Promise<Response>`, for fetch-style servers and edge runtimes. */
export function createWebhookFetchHandler(
  options: WebhookHandlerOptions<Request>,
): (request: Request) => Promise<Response> {
  const maxBodyBytes = checkWebhookOptions(options);
  return async (request) =>
    toResponse(
      await webhookAnswer(options, request, {
        method: request.method,
        readBody: () => readBoundedText(request, maxBodyBytes),
        header: (name) => request.headers.get(name),
      }),
    );
}

/**
 * `(req, res)` for Node's http server (and frameworks built on it). Mount it before any body
 * parser, or behind one that keeps the raw bytes (`express.raw({ type: 'application/json' })`).
 */
export function createWebhookNodeHandler<R extends NodeRequest>(
  options: WebhookHandlerOptions<R>,
): (req: R, res: NodeResponse) => Promise<void> {
  const maxBodyBytes = checkWebhookOptions(options);
  return async (req, res) => {
    sendAnswer(
      res,
      await webhookAnswer(options, req, {
        method: req.method ?? 'GET',
        readBody: () => readNodeBody(req, maxBodyBytes),
        header: (name) => nodeHeader(req, name),
      }),
    );
  };
}

/** How the route reads the request it was given, whichever server received it. */
interface WebhookRequestReader {
  method: string;
  /** The raw body; throws BodyTooLargeError past the limit. */
  readBody(): Promise<string>;
  header(name: string): string | null;
}

/** The route's answer to one delivery. */
async function webhookAnswer<R>(
  options: WebhookHandlerOptions<R>,
  request: R,
  reader: WebhookRequestReader,
): Promise<RouteAnswer> {
  if (reader.method !== 'POST') {
    return {
      status: 405,
      body: { message: serverMessages.webhookMethod(reader.method), code: 'method_not_allowed' },
      headers: { allow: 'POST' },
    };
  }
  let event: WebhookEvent;
  try {
    const rawBody = await reader.readBody();
    const keys = await keysInForce(options.key, request);
    event = await verifyWebhook(rawBody, reader.header(SIGNATURE_HEADER), keys, options);
  } catch (error) {
    const cause = error instanceof KeyFunctionFailure ? error.cause : error;
    reportFailure(options.onError, cause, request, 'A webhook was refused');
    return refusal(error);
  }
  try {
    await options.onEvent(event, request);
  } catch (error) {
    reportFailure(options.onError, error, request, 'A webhook failed in onEvent');
    return failed();
  }
  return { status: 200, body: { received: true } };
}

/**
 * The keys to verify one delivery with: the route's own, or what its key function gives for this
 * request. Whatever the function throws comes wrapped in a KeyFunctionFailure, so that it answers
 * 500, never a 4xx that the service would take as final.
 */
async function keysInForce<R>(key: WebhookHandlerOptions<R>['key'], request: R) {
  if (typeof key !== 'function') return key;
  let keys: unknown;
  try {
    keys = await key(request);
  } catch (error) {
    throw new KeyFunctionFailure(error);
  }
  checkWebhookKeys(keys, 'key', 'key(request)');
  return keys;
}

/** The key function failed: what it threw goes to onError as it was. */
class KeyFunctionFailure {
  constructor(readonly cause: unknown) {}
}

/** The answer to a delivery that could not be read or verified. */
function refusal(error: unknown): RouteAnswer {
  if (error instanceof BodyTooLargeError) {
    const message = serverMessages.webhookTooLarge(error.maxBytes);
    return { status: 413, body: { message, code: 'payload_too_large' } };
  }
  if (error instanceof ConfigError || error instanceof KeyFunctionFailure) {
    // The route cannot read the body as sent (a body parser ran first), or has no usable key
    // (emptied after creation, or the key function failed): a setup fault, retried once fixed.
    return failed();
  }
  if (error instanceof ResponseValidationError) {
    return {
      status: 400,
      body: { message: serverMessages.webhookUnreadable(), code: 'invalid_event' },
    };
  }
  // A signature that does not verify, and anything unexpected while reading: the same answer.
  return {
    status: 400,
    body: { message: serverMessages.webhookRefused(), code: 'invalid_signature' },
  };
}

function failed(): RouteAnswer {
  return {
    status: 500,
    body: { message: serverMessages.webhookHandlerFailed(), code: 'internal' },
  };
}

/** Throws a ConfigError naming the first option that cannot work; returns the body limit. */
function checkWebhookOptions<R>(options: WebhookHandlerOptions<R>): number {
  if (typeof options?.key !== 'function') checkWebhookKeys(options?.key, 'key');
  if (typeof options.onEvent !== 'function') {
    throw new ConfigError(
      'onEvent',
      messages.invalidOption('onEvent', 'must be a function that handles one verified event'),
    );
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    throw new ConfigError('onError', messages.invalidOption('onError', 'must be a function'));
  }
  const max = options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES;
  if (!(Number.isInteger(max) && max > 0)) {
    throw new ConfigError(
      'maxBodyBytes',
      messages.invalidOption('maxBodyBytes', 'must be a whole number above 0'),
    );
  }
  return max;
}
