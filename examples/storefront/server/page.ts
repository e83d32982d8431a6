// The shop's page, index.html as built, under a strict Content-Security-Policy: the checkout's
// (contentSecurityPolicy from the server entry) merged with the shop's own rules, and a new nonce
// in every response, on the header and on each of the page's tags.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { contentSecurityPolicy } from 'service-checkout/server';
import { PAGE_NONCE_PLACEHOLDER } from './page-nonce.js';

// What the shop needs beyond the checkout: its own API, and no framing, forms or <base> elsewhere.
const SHOP_DIRECTIVES = {
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Answers with the page, or false when `clientDir` has no index.html. */
export function createPageRoute(options: { clientDir: string; serviceUrl: string }) {
  return async function servePage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const template = await readFile(join(options.clientDir, 'index.html'), 'utf8').catch(
      () => null,
    );
    if (template === null) return false;
    // 128 bits from the system's generator, new for each response.
    const nonce = randomBytes(16).toString('base64');
    const policy = contentSecurityPolicy({
      env: 'local',
      baseUrl: options.serviceUrl,
      nonce,
    }).merge(SHOP_DIRECTIVES);
    const page = template.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(page),
      // A stored copy would carry a nonce that is no longer new.
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': String(policy),
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    res.end(req.method === 'HEAD' ? undefined : page);
    return true;
  };
}
