// A merchant's checkout page at its strictest: built by Vite (the browser side, main.tsx), served
// by a small Node server that renders the checkout to a string for each request and sends the
// Content-Security-Policy of contentSecurityPolicy() with a new nonce. `/?customer=<id>` is that
// customer's checkout (the server mints the session key); `&trustedTypes=<names>` replaces the
// trusted-types directive, to show what a page that does not list the library's policy gets.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { contentSecurityPolicy, createMerchantClient } from 'service-checkout/server';
import { root } from '../../support/dist.js';
import { CheckoutPage, type CheckoutPageProps } from './CheckoutPage.js';
import { NONCE_PLACEHOLDER } from './nonce-placeholder.js';

export interface StrictPage {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Builds the page with Vite into a temporary folder, as `vite build` in production. */
function buildPage(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'strict-page-'));
  execFileSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'test/e2e/strict-page/vite.config.ts', '--outDir', outDir],
    // Under the test runner NODE_ENV is "test", which would give React's development build.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return outDir;
}

/** Starts the page's server on a free port, in front of the service at `serviceUrl`. */
export async function startStrictPage(service: {
  serviceUrl: string;
  merchantId: string;
  apiKey: string;
}): Promise<StrictPage> {
  const outDir = buildPage();
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  const merchant = createMerchantClient({
    apiKey: service.apiKey,
    env: 'local',
    baseUrl: service.serviceUrl,
  });

  async function page(query: URLSearchParams): Promise<{ html: string; policy: string }> {
    const nonce = randomBytes(16).toString('base64');
    const { key } = await merchant.getSessionKey(query.get('customer') ?? 'strict-payer');
    const props: CheckoutPageProps = {
      sessionKey: key,
      merchantId: service.merchantId,
      serviceUrl: service.serviceUrl,
    };
    const checkoutHtml = renderToString(<CheckoutPage {...props} nonce={nonce} />);
    // A JSON block is data, not a script: the policy has nothing to say about it.
    const propsJson = JSON.stringify(props).replace(/</g, '\\u003c');
    const html = template
      .replaceAll(NONCE_PLACEHOLDER, nonce)
      .replace('<!--checkout-html-->', checkoutHtml)
      .replace(
        '<!--checkout-props-->',
        `<script type="application/json" id="checkout-props">${propsJson}</script>`,
      );
    let policy = String(
      contentSecurityPolicy({ env: 'local', baseUrl: service.serviceUrl, nonce }),
    );
    const trustedTypes = query.get('trustedTypes');
    if (trustedTypes !== null) {
      policy = policy.replace(/trusted-types [^;]+/, `trusted-types ${trustedTypes}`);
    }
    return { html, policy };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://strict-page.invalid');
    if (url.pathname === '/') {
      page(url.searchParams).then(
        ({ html, policy }) => {
          res.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': policy,
          });
          res.end(html);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
      return;
    }
    const type = CONTENT_TYPES[extname(url.pathname)];
    if (url.pathname.startsWith('/assets/') && type && !url.pathname.includes('..')) {
      try {
        const body = readFileSync(join(outDir, url.pathname));
        res.writeHead(200, { 'content-type': type });
        res.end(body);
        return;
      } catch {
        // Not built: a 404 below.
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
