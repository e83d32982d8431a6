// The sandbox behind Mock Service Worker: for Storybook, vitest and merchants' own tests.
import { http, type RequestHandler } from 'msw';
import { LOCAL_SANDBOX_URL } from '../core/config.js';
import type { Sandbox } from './sandbox.js';

export interface SandboxHandlersOptions {
  /** Requests under this address go to the sandbox. Default `http://127.0.0.1:4010`. */
  baseUrl?: string;
}

/** One MSW handler that forwards every request under `baseUrl` to `sandbox.handle`. */
export function sandboxHandlers(
  sandbox: Sandbox,
  options: SandboxHandlersOptions = {},
): RequestHandler[] {
  const baseUrl = (options.baseUrl ?? LOCAL_SANDBOX_URL).replace(/\/+$/, '');
  return [http.all(`${baseUrl}/*`, ({ request }) => sandbox.handle(request))];
}
