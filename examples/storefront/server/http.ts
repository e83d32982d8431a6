// Small helpers for a server on node:http: JSON bodies and answers, cookies, static files, and
// the checks that come before any route (the Host, where a state-changing request comes from).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';

const MAX_JSON_BYTES = 16 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'invalid_request',
    /** Sent with the answer, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(payload);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, { message: error.message, code: error.code }, error.headers);
}

/** The address the request's connection comes from: what the shop calls a client. */
export function clientOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The shop's own origin (one of `origins`, such as `http://127.0.0.1:5173`) whose host the
 * request's Host header names. Any other Host is a 421: a page of another site whose name was
 * pointed at this server's address (DNS rebinding) is refused before it reaches anything.
 */
export function ownOriginOf(req: IncomingMessage, origins: ReadonlyMap<string, string>): string {
  const origin = origins.get((req.headers.host ?? '').toLowerCase());
  if (origin === undefined) {
    throw new HttpError(
      421,
      'This shop answers only at its own address; open it at the address it printed.',
      'misdirected_request',
    );
  }
  return origin;
}

/** Each origin by its host (`127.0.0.1:5173`), the key a Host header is looked up by. */
export function originsByHost(origins: readonly string[]): Map<string, string> {
  return new Map(
    origins.map((origin) => {
      const url = new URL(origin);
      return [url.host, url.origin];
    }),
  );
}

/**
 * Refuses a state-changing request that does not prove it comes from the shop's own pages: a
 * browser says where a request comes from in Sec-Fetch-Site, and in Origin on every POST; a
 * request with neither (a form sent by an old browser, a script elsewhere) proves nothing and is
 * refused too. The body must be JSON, which no cross-site form can send.
 */
export function requireOwnPage(req: IncomingMessage, ownOrigin: string): void {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  if (
    (site === undefined && origin === undefined) ||
    (site !== undefined && site !== 'same-origin') ||
    (origin !== undefined && origin !== ownOrigin)
  ) {
    throw new HttpError(
      403,
      'Requests that change something must come from this shop’s own pages.',
      'forbidden',
    );
  }
  if (!isJson(req)) {
    throw new HttpError(415, 'Send the body as application/json.', 'unsupported_media_type');
  }
}

const isJson = (req: IncomingMessage) =>
  /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');

/** The raw body, refused with a 413 past `maxBytes`. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new HttpError(413, 'The body is too large.', 'too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A JSON object body. Only `application/json` is read: a cross-site form cannot send one. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!isJson(req)) {
    throw new HttpError(415, 'Send the body as application/json.', 'unsupported_media_type');
  }
  const raw = await readBody(req, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Sent over https only: set when the shop is reached at an https address. */
  secure: boolean;
}

export function cookieHeader(
  name: string,
  value: string,
  maxAgeSeconds: number,
  { secure }: CookieOptions,
): string {
  // HttpOnly: page scripts never read it. SameSite=Strict: other sites cannot send it.
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves a file of `root` for GET and HEAD; answers false when there is none. Hashed files under
 * assets/ are cached for a year, everything else is revalidated.
 */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = normalize(join(root, relative));
  if (file !== root && !file.startsWith(root + sep)) return false;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const immutable = relative.startsWith('/assets/');
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  if (req.method === 'HEAD') res.end();
  // A read that fails midway (a disk fault, a file replaced) drops this answer, not the server.
  else pipeline(createReadStream(file), res, () => undefined);
  return true;
}
