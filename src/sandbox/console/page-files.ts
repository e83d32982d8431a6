// The console page's built files (dist/console), served to a signed-in request: the page at
// /console and its assets by name. Node only. Nothing outside the directory can be named.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONSOLE_PATH } from './contract.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

// The page runs only its own files and talks only to its own origin.
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A file name the build writes: no separators, no leading dot. */
const ASSET = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/;

export function consoleFiles(directory: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return text(405, 'The console page is read with GET.');
    }
    const path = new URL(request.url).pathname.slice(CONSOLE_PATH.length);
    // Every route of the page is the page itself; it reads the rest from the address.
    if (path === '' || path === '/') {
      const html = await read(join(directory, 'index.html'));
      if (html === undefined) {
        return text(404, 'The console page is not built: run `npm run build`, then start again.');
      }
      return new Response(html, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': PAGE_POLICY,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
        },
      });
    }
    const name = ASSET.exec(path)?.[1];
    const type = name && TYPES[name.slice(name.lastIndexOf('.'))];
    const file = name && type ? await read(join(directory, 'assets', name)) : undefined;
    if (file === undefined) return text(404, `No console file at ${path}.`);
    return new Response(file, {
      headers: {
        'content-type': type!,
        // Built names carry a content hash.
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  };
}

async function read(file: string): Promise<ArrayBuffer | undefined> {
  try {
    const bytes = await readFile(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  } catch {
    return undefined;
  }
}

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}
