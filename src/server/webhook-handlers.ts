// The webhook route, ready-made: read the raw body (bounded), verify it, hand the event to
// your onEvent, and answer 2xx only once onEvent has finished, so a failure is delivered again.
// Answers never say why a signature failed (that would help a forger); onError hears it.
// The fetch handler is here; the Node one, over the same answers, is in node-handlers.ts.
import { BodyTooLargeError, MAX_BODY_BYTES, readBoundedText } from '../core/body.js';
import { ConfigError, ResponseValidationError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { serverMessages } from './messages.js';
import { reportFailure, toResponse, type RouteAnswer } from './route-answer.js';
import {
  checkWebhookKeys,
  SIGNATURE_HEADER,
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookKeys,
} from './webhooks.js';

type MaybePromise<T> = T | Promise<T>;

/** The default body limit of the webhook routes: the service's own, 1 MiB. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = MAX_BODY_BYTES;

export interface WebhookHandlerOptions<R> extends VerifyWebhookOptions {
  /**
   * Your webhook validation key; while you roll it, an array of keys (the old one and the new
   * one): a delivery signed under any of them is taken.
   */
  key: WebhookKeys;
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

/** How the route reads the request it was given, whichever server received it. */
export interface WebhookRequestReader {
  method: string;
  /** The raw body; throws BodyTooLargeError past the limit. */
  readBody(): Promise<string>;
  header(name: string): string | null;
}

/** The route's answer to one delivery. */
export async function webhookAnswer<R>(
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
    event = await verifyWebhook(rawBody, reader.header(SIGNATURE_HEADER), options.key, options);
  } catch (error) {
    reportFailure(options.onError, error, request, 'A webhook was refused');
    if (error instanceof BodyTooLargeError) {
      const message = serverMessages.webhookTooLarge(error.maxBytes);
      return { status: 413, body: { message, code: 'payload_too_large' } };
    }
    if (error instanceof ConfigError) {
      // The route cannot read the body as sent (a body parser ran first), or its keys were
      // emptied after creation: a setup fault, retried once fixed.
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
  try {
    await options.onEvent(event, request);
  } catch (error) {
    reportFailure(options.onError, error, request, 'A webhook failed in onEvent');
    return failed();
  }
  return { status: 200, body: { received: true } };
}

function failed(): RouteAnswer {
  return {
    status: 500,
    body: { message: serverMessages.webhookHandlerFailed(), code: 'internal' },
  };
}

/** Throws a ConfigError naming the first option that cannot work; returns the body limit. */
export function checkWebhookOptions<R>(options: WebhookHandlerOptions<R>): number {
  checkWebhookKeys(options?.key, 'key');
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
