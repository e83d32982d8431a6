// The sandbox behind Mock Service Worker, for Storybook, vitest and merchants' own tests: every
// request under a base URL goes to `sandbox.handle` (entry: service-checkout/sandbox/msw).
import { http, type RequestHandler } from 'msw';
import { LOCAL_SANDBOX_URL } from '../../core/config.js';
import type { Sandbox } from '../sandbox.js';

/** Options of {@link sandboxHandlers}. */
export interface SandboxHandlersOptions {
  /** Requests under this address go to the sandbox. Default `http://127.0.0.1:4010`. */
  baseUrl?: string;
}

/** One MSW handler that forwards every request under `baseUrl` to `sandbox.handle`. */
export function sandboxHandlers(
  sandbox: Sandbox,
  options: SandboxHandlersOptions = {},
): RequestHandler[] {
  const base = new URL(options.baseUrl ?? LOCAL_SANDBOX_URL);
  // A base URL with a path (https://host/payments) serves the endpoints below that path.
  const prefix = base.pathname.replace(/\/+$/, '');
  // A pattern without groups: MSW decodes what a wildcard captures, and a path that is not
  // valid percent-encoding would throw there instead of reaching the sandbox's 400.
  const underBase = new RegExp(`^${escapeRegExp(base.origin + prefix)}/`);
  return [
    http.all(underBase, async ({ request }) =>
      sandbox.handle(prefix ? await withoutPrefix(request, prefix) : request),
    ),
  ];
}

async function withoutPrefix(request: Request, prefix: string): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
