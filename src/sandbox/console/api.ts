// The sandbox console's HTTP API: the merchant dashboard's actions over the sandbox, for the
// person running it only. The token printed in the banner opens a session (an HttpOnly,
// SameSite=Strict cookie), and so does a one-time code, for a page that links to the console
// without holding the token; every API call needs that session and the CONSOLE_HEADER, which a
// cross-site form cannot send and, with no CORS headers here, a cross-site script cannot either.
import type { Sandbox } from '../sandbox.js';
import { digestsEqual, sha256 } from '../service/constant-time.js';
import { errorResponse, HttpError, internalErrorResponse } from '../service/http.js';
import { randomHex } from '../service/ids.js';
import { CONSOLE_API_PATH, CONSOLE_HEADER, CONSOLE_PATH } from './contract.js';
import { consoleRoutes } from './routes.js';

export { CONSOLE_HEADER, CONSOLE_PATH } from './contract.js';
const COOKIE = 'sandbox_console';
/** Open console sessions kept; the oldest goes first. */
const MAX_SESSIONS = 100;
/** How long a one-time code opens the console, in real time: enough to follow a link. */
const CODE_LIFETIME_MS = 60_000;
/** Unused one-time codes kept; the oldest goes first. */
const MAX_CODES = 20;

export interface ConsoleApi {
  /** Answers a request for `/console` or below. */
  handle(request: Request): Promise<Response>;
  /**
   * A code that opens a console session once, within a minute (`/console?code=…`), for a page
   * that sends someone to the console, such as the demo storefront's staff page, without the
   * token. Real time, not the sandbox's clock, which moves by days.
   */
  oneTimeCode(): string;
}

export interface ConsoleApiOptions {
  /** The secret in the console's address; compared in constant time. */
  token: string;
  /** Serves the console page and its files, for a signed-in request outside the API. */
  serveApp?: (request: Request) => Response | Promise<Response>;
}

export function createConsoleApi(sandbox: Sandbox, options: ConsoleApiOptions): ConsoleApi {
  const tokenDigest = sha256(options.token);
  const sessions = new Set<string>();
  const codes = oneTimeCodes();

  const routes = consoleRoutes(sandbox);

  async function signIn(url: URL): Promise<Response> {
    const sent = url.searchParams.get('token');
    if (sent === null || !digestsEqual(await sha256(sent), await tokenDigest)) {
      return page(
        401,
        'This console is for the person running the sandbox: open the address the sandbox printed when it started.',
      );
    }
    // The token leaves the address bar at once; the cookie carries the session from here on.
    return new Response(null, {
      status: 303,
      headers: {
        location: CONSOLE_PATH,
        'set-cookie': openSession(),
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
  }

  /** A one-time code's sign-in: the code is spent whatever happens. */
  function redeem(url: URL): Response {
    if (!codes.take(url.searchParams.get('code') ?? '')) {
      return page(
        401,
        'This link to the console has been used or is over a minute old: open the console again from the page that linked here, or from the address the sandbox printed.',
      );
    }
    // A link followed from another site's page (the shop at localhost, the sandbox at
    // 127.0.0.1): a redirect would carry that site along, and the browser would hold the
    // SameSite=Strict cookie back from /console. This page moves on by itself instead, as this
    // origin, and takes the code's address out of the history as it goes.
    return new Response(CONTINUE_PAGE, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        'set-cookie': openSession(),
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      },
    });
  }

  /** A new session; answers its Set-Cookie header. */
  function openSession(): string {
    const session = randomHex(32);
    sessions.add(session);
    if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value!);
    return `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=${CONSOLE_PATH}`;
  }

  function signedIn(request: Request): boolean {
    const cookies = request.headers.get('cookie') ?? '';
    const session = /(?:^|;\s*)sandbox_console=([0-9a-f]+)/.exec(cookies)?.[1];
    return session !== undefined && sessions.has(session);
  }

  async function api(request: Request, url: URL): Promise<Response> {
    if (!signedIn(request)) {
      throw new HttpError(401, 'Open the console from the address the sandbox printed.');
    }
    const origin = request.headers.get('origin');
    if (request.headers.get(CONSOLE_HEADER) !== '1' || (origin && origin !== url.origin)) {
      throw new HttpError(
        403,
        `Console calls come from the console page only (${CONSOLE_HEADER}).`,
      );
    }
    const path = url.pathname.slice(CONSOLE_API_PATH.length);
    const matching = routes
      .map((route) => ({ route, params: route.pattern.exec(path) }))
      .filter((match) => match.params !== null);
    if (matching.length === 0) throw new HttpError(404, `No console route at ${path}.`);
    const match = matching.find((candidate) => candidate.route.method === request.method);
    if (!match) {
      const allowed = matching.map((candidate) => candidate.route.method).join(', ');
      throw new HttpError(405, `Use ${allowed} on ${path}.`, { headers: { allow: allowed } });
    }
    const params = match.params!.slice(1).map((segment) => decodeURIComponent(segment));
    return match.route.run({ request, params, url });
  }

  return {
    oneTimeCode: codes.issue,
    async handle(request) {
      const url = new URL(request.url);
      try {
        if (url.pathname.startsWith(`${CONSOLE_API_PATH}/`)) return await api(request, url);
        if (url.searchParams.has('token')) return await signIn(url);
        if (url.pathname === CONSOLE_PATH && url.searchParams.has('code')) return redeem(url);
        if (!signedIn(request)) return await signIn(url);
        if (options.serveApp) return await options.serveApp(request);
        return page(404, 'The console page is not part of this build.');
      } catch (error) {
        if (error instanceof HttpError) return noStore(errorResponse(error));
        if (error instanceof URIError)
          return noStore(errorResponse(new HttpError(400, 'Bad path.')));
        return noStore(internalErrorResponse());
      }
    },
  };
}

/** Codes that each open a session once, within CODE_LIFETIME_MS of being made. */
function oneTimeCodes() {
  /** Each unused code, with when it stops opening the console (ms since the epoch). */
  const codes = new Map<string, number>();
  return {
    issue(): string {
      const now = Date.now();
      for (const [code, endsAt] of codes) if (now >= endsAt) codes.delete(code);
      const code = randomHex(32);
      codes.set(code, now + CODE_LIFETIME_MS);
      if (codes.size > MAX_CODES) codes.delete(codes.keys().next().value!);
      return code;
    },
    /** True for a code made here, unused and under a minute old; spent either way. */
    take(code: string): boolean {
      const endsAt = codes.get(code);
      codes.delete(code);
      return endsAt !== undefined && Date.now() < endsAt;
    },
  };
}

/** Opens the console as its own origin (a meta refresh replaces this page in the history). */
const CONTINUE_PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=${CONSOLE_PATH}">
<title>Sandbox console</title>
<p><a href="${CONSOLE_PATH}">Open the sandbox console</a></p>
</html>
`;

function noStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  return new Response(response.body, { status: response.status, headers });
}

function page(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
