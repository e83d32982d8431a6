// The ready-made routes for Node's http server and the frameworks built on it (Express, the
// raw handlers of Fastify and Koa, Next.js's pages API): the same answers as the fetch handlers
// (handlers.ts, webhook-handlers.ts), written to Node's response. Request and response are
// typed by the few members used, so these types compile without @types/node and any
// IncomingMessage and ServerResponse fit.
import { BodyTooLargeError, decodeUtf8 } from '../core/body.js';
import { ConfigError } from '../core/errors.js';
import {
  checkSessionKeyOptions,
  REJECTED_SESSION_KEY_HEADER,
  sessionKeyAnswer,
  type SessionKeyHandlerOptions,
} from './handlers.js';
import { serverMessages } from './messages.js';
import { ROUTE_HEADERS, type RouteAnswer } from './route-answer.js';
import {
  checkWebhookOptions,
  webhookAnswer,
  type WebhookHandlerOptions,
} from './webhook-handlers.js';

/** What the routes read of Node's IncomingMessage (or a framework's request built on it). */
export interface NodeRequest {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser that ran before the route (Express's express.raw() or express.json()). */
  body?: unknown;
  /** True once something else has read the whole body. */
  readonly readableEnded?: boolean;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  resume(): unknown;
}

/** What the routes use of Node's ServerResponse. */
export interface NodeResponse {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body: string): unknown;
}

/** `(req, res)` for Node's http server (and frameworks built on it). */
export function createSessionKeyNodeHandler<R extends NodeRequest>(
  options: SessionKeyHandlerOptions<R>,
): (req: R, res: NodeResponse) => Promise<void> {
  checkSessionKeyOptions(options);
  return async (req, res) => {
    const rejectedKey = header(req, REJECTED_SESSION_KEY_HEADER) ?? undefined;
    send(res, await sessionKeyAnswer(options, req.method ?? 'GET', req, rejectedKey));
  };
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
    send(
      res,
      await webhookAnswer(options, req, {
        method: req.method ?? 'GET',
        readBody: () => readBody(req, maxBodyBytes),
        header: (name) => header(req, name),
      }),
    );
  };
}

function header(req: NodeRequest, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function send(res: NodeResponse, answer: RouteAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...ROUTE_HEADERS,
    ...answer.headers,
    'content-length': new TextEncoder().encode(body).byteLength,
  });
  res.end(body);
}

/** The raw body as text, from the stream, or from a parser that kept it raw. */
function readBody(req: NodeRequest, maxBytes: number): Promise<string> {
  const raw = typeof req.body === 'string' ? new TextEncoder().encode(req.body) : req.body;
  if (raw instanceof Uint8Array) {
    if (raw.byteLength > maxBytes) return Promise.reject(new BodyTooLargeError(maxBytes));
    return Promise.resolve(decodeUtf8([raw], raw.byteLength));
  }
  // Parsed into an object, or read to the end by someone else: waiting would never end.
  if (req.body !== undefined || req.readableEnded) {
    return Promise.reject(new ConfigError('body', serverMessages.webhookBodyParsed()));
  }
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > maxBytes) {
      req.resume();
      return reject(new BodyTooLargeError(maxBytes));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size > maxBytes) {
        // Drained, not destroyed: the connection stays up for the 413.
        req.removeListener('data', onData);
        req.resume();
        reject(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(bytes);
    };
    req.on('data', onData);
    req.on('end', () => resolve(decodeUtf8(chunks, size)));
    req.on('error', reject);
  });
}
