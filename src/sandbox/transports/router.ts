// The fetch handler's routing: a request is matched to one of the service's routes by path,
// then method, authenticated as the route says, and handed to it. Session-key routes are the
// page's, so they answer CORS (preflights included); the others are server-to-server.
import type { CustomerState } from '../service/customer-records.js';
import { corsHeaders, HttpError, preflightResponse, withHeaders } from '../service/http.js';
import type { Route } from '../service/route.js';

export interface Authenticators {
  apiKey(request: Request): Promise<void>;
  sessionKey(request: Request): Promise<CustomerState>;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  paramNames: string[];
}

/**
 * Answers a request with its route, or throws the HttpError the service answers with.
 * `remoteAddress`: the client's, where the transport knows it.
 */
export function createRouter(
  routes: readonly Route[],
  authenticate: Authenticators,
): (request: Request, remoteAddress: string | null) => Promise<Response> {
  const compiled = routes.map(compile);

  return async (request, remoteAddress) => {
    const { pathname } = new URL(request.url);
    const matches = compiled
      .map((route) => ({ route, values: route.pattern.exec(pathname) }))
      .filter((match) => match.values !== null);
    if (matches.length === 0) {
      throw new HttpError(404, `No endpoint at ${request.method} ${pathname}.`);
    }
    const methods = matches.map((match) => match.route.method);
    const cors = matches[0]?.route.auth === 'sessionKey';
    if (request.method === 'OPTIONS' && cors) return preflightResponse(methods);

    const match = matches.find((candidate) => candidate.route.method === request.method);
    if (!match) {
      throw new HttpError(
        405,
        `${request.method} is not allowed on ${pathname}; use ${methods.join(' or ')}.`,
        { headers: { allow: methods.join(', '), ...(cors && corsHeaders()) } },
      );
    }
    const { route } = match;
    const run = async (): Promise<Response> => {
      const params = pathParams(route, match.values);
      if (route.auth === 'apiKey') await authenticate.apiKey(request);
      const customer =
        route.auth === 'sessionKey' ? await authenticate.sessionKey(request) : undefined;
      return route.handle({ request, params, customer, remoteAddress });
    };
    return cors ? withCors(run) : run();
  };
}

/** The answer, or the refusal, with the CORS headers a page needs to read it. */
async function withCors(run: () => Promise<Response>): Promise<Response> {
  try {
    return withHeaders(await run(), corsHeaders());
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(error.status, error.message, {
        issues: error.issues,
        headers: { ...error.headers, ...corsHeaders() },
      });
    }
    throw error;
  }
}

function compile(route: Route): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}$`), paramNames };
}

/** The route's path parameters, decoded: 400 for a segment that is not valid percent-encoding. */
function pathParams(route: CompiledRoute, values: RegExpExecArray | null): Record<string, string> {
  const params: Record<string, string> = {};
  route.paramNames.forEach((name, index) => {
    const segment = values?.[index + 1] ?? '';
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      throw new HttpError(
        400,
        `The path segment ${JSON.stringify(segment)} is not valid percent-encoding: encode ${name} with encodeURIComponent.`,
      );
    }
  });
  return params;
}
