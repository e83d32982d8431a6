// The webhook route, ready-made: read the raw body (bounded), verify it, hand the event to
// your onEvent, and answer 2xx only once onEvent has finished, so a failure is delivered again.
// Answers never say why a signature failed (that would help a forger); onError hears it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError, ResponseValidationError } from '../core/errors.js';
import { messages, PREFIX } from '../core/messages.js';
import { serverMessages } from './messages.js';
import {
  SIGNATURE_HEADER,
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookEvent,
} from './webhooks.js';

type MaybePromise<T> = T | Promise<T>;

export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 1_048_576;

export interface WebhookHandlerOptions<R> extends VerifyWebhookOptions {
  /** Your webhook validation key. */
  key: string;
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

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const RESPONSE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

class BodyTooLarge extends Error {}

/** `(request: Request) => Promise<Response>`, for fetch-style servers and edge runtimes. */
export function createWebhookFetchHandler(
  options: WebhookHandlerOptions<Request>,
): (request: Request) => Promise<Response> {
  const maxBodyBytes = checkOptions(options);
  return async (request) => {
    const answer = await answerFor(
      options,
      request,
      request.method,
      () => readBounded(request, maxBodyBytes),
      (name) => request.headers.get(name),
    );
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { ...RESPONSE_HEADERS, ...answer.headers },
    });
  };
}

/** `(req, res)` for Node's http server (and frameworks built on it). Mount it unparsed. */
export function createWebhookNodeHandler(
  options: WebhookHandlerOptions<IncomingMessage>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const maxBodyBytes = checkOptions(options);
  return async (req, res) => {
    const answer = await answerFor(
      options,
      req,
      req.method ?? 'GET',
      () => readNodeBody(req, maxBodyBytes),
      (name) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : null;
      },
    );
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
  options: WebhookHandlerOptions<R>,
  request: R,
  method: string,
  readBody: () => Promise<string>,
  header: (name: string) => string | null,
): Promise<Answer> {
  if (method !== 'POST') {
    return {
      status: 405,
      body: { message: serverMessages.webhookMethod(method), code: 'method_not_allowed' },
      headers: { allow: 'POST' },
    };
  }
  let event: WebhookEvent;
  try {
    const rawBody = await readBody();
    event = await verifyWebhook(rawBody, header(SIGNATURE_HEADER), options.key, options);
  } catch (error) {
    report(options, error, request);
    if (error instanceof BodyTooLarge) {
      const message = serverMessages.webhookTooLarge(
        options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES,
      );
      return { status: 413, body: { message, code: 'payload_too_large' } };
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
    report(options, error, request);
    return {
      status: 500,
      body: { message: serverMessages.webhookHandlerFailed(), code: 'internal' },
    };
  }
  return { status: 200, body: { received: true } };
}

function report<R>(options: WebhookHandlerOptions<R>, error: unknown, request: R): void {
  try {
    if (options.onError) options.onError(error, request);
    else {
      // The library's messages never hold the key; a thrown onEvent error is the merchant's own.
      const why = error instanceof Error ? error.message : String(error);
      console.error(`${PREFIX} A webhook was refused or failed: ${why}`);
    }
  } catch {
    // A failing logger must not turn into an unanswered delivery.
  }
}

async function readBounded(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get('content-length')) > maxBytes) throw new BodyTooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > maxBytes) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function checkOptions<R>(options: WebhookHandlerOptions<R>): number {
  if (typeof options?.key !== 'string' || options.key === '') {
    throw new ConfigError('key', serverMessages.webhookOptionKey());
  }
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
