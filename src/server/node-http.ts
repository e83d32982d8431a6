// What the ready-made routes' Node adapters share: the request and the response as Node's http
// server (and Express, the raw handlers of Fastify and Koa, Next.js's pages API) gives them, a
// header read, the raw body read within a limit, and a route's answer written. Request and
// response are typed by the few members used, so these types compile without @types/node and any
// IncomingMessage and ServerResponse fit.
import { BodyTooLargeError, decodeUtf8 } from '../core/body.js';
import { ConfigError } from '../core/errors.js';
import { serverMessages } from './messages.js';
import { ROUTE_HEADERS, type RouteAnswer } from './route-answer.js';

/** What the routes read of Node's IncomingMessage (or a framework's request built on it). */
export interface NodeRequest {
  /** The request's method; a request without one is taken as a GET. */
  method?: string;
  /** Header names in lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser that ran before the route (Express's express.raw() or express.json()). */
  body?: unknown;
  /** True once something else has read the whole body. */
  readonly readableEnded?: boolean;
  /** Listens to the body's chunks. */
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  /** Listens to the body's end. */
  on(event: 'end', listener: () => void): unknown;
  /** Listens to a failure to read the body. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening to the body's chunks. */
  removeListener(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  /** Lets the rest of the body drain unread. */
  resume(): unknown;
}

/** What the routes use of Node's ServerResponse. */
export interface NodeResponse {
  /** Writes the status and the headers. */
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  /** Writes the body and ends the response. */
  end(body: string): unknown;
}

/** A header's value, or null where the request has none (or a list, as Node gives cookies). */
export function nodeHeader(req: NodeRequest, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** Writes a route's answer as JSON, with the routes' headers. */
export function sendAnswer(res: NodeResponse, answer: RouteAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...ROUTE_HEADERS,
    ...answer.headers,
    'content-length': new TextEncoder().encode(body).byteLength,
  });
  res.end(body);
}

/** The raw body as text, from the stream, or from a parser that kept it raw. */
export function readNodeBody(req: NodeRequest, maxBytes: number): Promise<string> {
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
