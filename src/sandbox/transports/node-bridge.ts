// A request that Node's http server received, served by a fetch handler: read into a fetch
// Request (the body bounded: enough for the sandbox to answer 413), and the Response written back
// to Node's response. A fault of the handler is the sandbox's 500, never a dropped connection.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxConnection } from '../sandbox.js';
import {
  errorResponse,
  HttpError,
  internalErrorResponse,
  MAX_BODY_BYTES,
} from '../service/http.js';

// Uploads beyond this are cut off instead of drained: the answer is 413 either way.
const MAX_DRAIN_BYTES = 64 * MAX_BODY_BYTES;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'expect',
]);

/**
 * Serves `req` with `handle`, a fetch handler, at `origin` (the server's own address), telling
 * it the client's address.
 */
export async function serveWithFetchHandler(
  handle: (request: Request, connection: SandboxConnection) => Promise<Response>,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  let complete = true;
  try {
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method === 'GET' || method === 'HEAD') req.resume();
    else ({ body, complete } = await readBody(req));
    const request = toRequest(origin, req, body);
    await send(res, await handle(request, { remoteAddress: req.socket.remoteAddress }), complete);
    if (!complete) req.destroy();
  } catch (error) {
    if (res.headersSent) res.destroy();
    else {
      const answer = error instanceof HttpError ? errorResponse(error) : internalErrorResponse();
      await send(res, answer, complete);
    }
  }
}

/** The fetch Request for what arrived; 400 for a target or method a Request cannot carry. */
function toRequest(origin: string, req: IncomingMessage, body: Buffer | undefined): Request {
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  // The target is a path ("//x" included, which URL resolution would read as a host), or an
  // absolute URL as proxies send it; anything else ("*") is not a request for a resource.
  let url: URL | undefined;
  try {
    url = new URL(target.startsWith('/') ? origin + target : target);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new HttpError(
      400,
      `The request target ${JSON.stringify(target)} is not a path: send a path such as /api/customer/v2.`,
    );
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, req.rawHeaders[i + 1] ?? '');
  }
  try {
    return new Request(origin + url.pathname + url.search, {
      method,
      headers,
      body: body && new Uint8Array(body),
    });
  } catch {
    throw new HttpError(400, `A ${method} request cannot be handled by the sandbox.`);
  }
}

async function send(res: ServerResponse, response: Response, keepAlive: boolean) {
  const payload = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(payload.byteLength);
  if (!keepAlive) headers.connection = 'close';
  res.writeHead(response.status, headers).end(payload);
}

/**
 * Up to MAX_BODY_BYTES + 1 bytes of the body, enough for the sandbox to answer 413. Larger
 * uploads are drained; past MAX_DRAIN_BYTES reading stops and `complete` is false.
 */
function readBody(req: IncomingMessage): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    const onData = (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (kept <= MAX_BODY_BYTES) {
        const part = chunk.subarray(0, MAX_BODY_BYTES + 1 - kept);
        chunks.push(part);
        kept += part.byteLength;
      }
      if (seen > MAX_DRAIN_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve({ body: Buffer.concat(chunks), complete: false });
      }
    };
    req.on('data', onData);
    req.on('end', () => resolve({ body: Buffer.concat(chunks), complete: true }));
    req.on('error', reject);
  });
}
