// The sandbox console's HTTP API: the merchant dashboard's actions over the sandbox, for the
// person running it only. The token printed in the banner opens a session (an HttpOnly,
// SameSite=Strict cookie); every API call needs that session and the CONSOLE_HEADER, which a
// cross-site form cannot send and, with no CORS headers here, a cross-site script cannot either.
import * as z from 'zod/mini';
import { ConfigError } from '../core/errors.js';
import { validate } from '../core/validate.js';
import { digestsEqual, sha256 } from './constant-time.js';
import {
  errorResponse,
  HttpError,
  internalErrorResponse,
  invalidFields,
  readJson,
} from './http.js';
import { randomHex } from './ids.js';
import { NOT_BLOCKED } from '../core/schemas.js';
import {
  CONSOLE_API_PATH,
  CONSOLE_HEADER,
  CONSOLE_PATH,
  type ConsoleCustomer,
  type ConsolePayment,
} from './console-contract.js';
import type { CustomerView } from './customers.js';
import { PAYMENT_ENDINGS, type SandboxPayment } from './payments.js';
import type { Sandbox } from './sandbox.js';

export { CONSOLE_HEADER, CONSOLE_PATH } from './console-contract.js';
const COOKIE = 'sandbox_console';
/** Open console sessions kept; the oldest goes first. */
const MAX_SESSIONS = 100;

export interface ConsoleApi {
  /** Answers a request for `/console` or below. */
  handle(request: Request): Promise<Response>;
}

export interface ConsoleApiOptions {
  /** The secret in the console's address; compared in constant time. */
  token: string;
  /** Serves the console page and its files, for a signed-in request outside the API. */
  serveApp?: (request: Request) => Response | Promise<Response>;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  run: (context: { request: Request; params: string[]; url: URL }) => Promise<Response> | Response;
}

const nameBody = z.object({ name: z.string() });
const webhookBody = z.object({ url: z.nullable(z.string()) });
const advanceBody = z.object({ to: z.enum(PAYMENT_ENDINGS) });
const customerBody = z.object({
  blocked: z.optional(z.boolean()),
  verificationRequired: z.optional(z.boolean()),
  chargebackProtection: z.optional(z.boolean()),
});
// Types only: the sandbox checks what each field may hold and names the field it refuses.
const bankAccountBody = z.object({
  alias: z.optional(z.string()),
  last4: z.optional(z.string()),
  rtpEligible: z.optional(z.boolean()),
});

export function createConsoleApi(sandbox: Sandbox, options: ConsoleApiOptions): ConsoleApi {
  const tokenDigest = sha256(options.token);
  const sessions = new Set<string>();

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/overview$/, run: () => ok({ merchantId: sandbox.merchantId }) },
    { method: 'GET', pattern: /^\/keys$/, run: () => ok({ keys: sandbox.apiKeys }) },
    {
      method: 'POST',
      pattern: /^\/keys$/,
      run: async ({ request }) => {
        const { name } = await body(request, nameBody);
        try {
          return ok(sandbox.createApiKey(name), 201);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          throw invalidFields('Invalid API key', [{ path: 'name', problem: problemOf(error) }]);
        }
      },
    },
    {
      method: 'POST',
      pattern: /^\/keys\/([^/]+)\/revoke$/,
      run: ({ params }) => {
        const key = sandbox.revokeApiKey(params[0]!);
        if (!key) throw new HttpError(404, `No API key ${JSON.stringify(params[0])}.`);
        return ok({ key });
      },
    },
    {
      method: 'GET',
      pattern: /^\/webhook$/,
      run: () => ok({ url: sandbox.webhookUrl ?? null, key: sandbox.webhookKey }),
    },
    {
      method: 'POST',
      pattern: /^\/webhook$/,
      run: async ({ request }) => {
        const { url } = await body(request, webhookBody);
        try {
          sandbox.setWebhookUrl(url ?? undefined);
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          throw invalidFields('Invalid webhook URL', [{ path: 'url', problem: problemOf(error) }]);
        }
        return ok({ url: sandbox.webhookUrl ?? null });
      },
    },
    {
      method: 'POST',
      pattern: /^\/webhook\/key$/,
      run: () => ok({ key: sandbox.regenerateWebhookKey() }),
    },
    {
      method: 'POST',
      pattern: /^\/webhook\/test$/,
      run: () => ok({ delivery: sandbox.sendTestWebhook() }, 201),
    },
    { method: 'GET', pattern: /^\/deliveries$/, run: () => ok({ deliveries: sandbox.deliveries }) },
    {
      method: 'POST',
      pattern: /^\/deliveries\/([^/]+)\/resend$/,
      run: ({ params }) => ok({ delivery: sandbox.resendDelivery(params[0]!) }, 201),
    },
    {
      method: 'GET',
      pattern: /^\/payments$/,
      run: ({ url }) => {
        const status = url.searchParams.get('status');
        const shown = (payment: SandboxPayment) => !status || payment.status === status;
        return ok({ payments: sandbox.payments.filter(shown).map(consolePayment).reverse() });
      },
    },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/advance$/,
      run: async ({ request, params }) => {
        const { to } = await body(request, advanceBody);
        return ok({ payment: consolePayment(sandbox.advancePayment(params[0]!, to)) });
      },
    },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/refund$/,
      run: ({ params }) => ok({ payment: consolePayment(sandbox.refundPayment(params[0]!)) }),
    },
    {
      method: 'GET',
      pattern: /^\/customers$/,
      run: () => ok({ customers: sandbox.customers.map(consoleCustomer) }),
    },
    {
      method: 'POST',
      pattern: /^\/customers\/([^/]+)$/,
      run: async ({ request, params }) => {
        const changes = await body(request, customerBody);
        return ok({ customer: consoleCustomer(sandbox.updateCustomer(params[0]!, changes)) });
      },
    },
    {
      method: 'POST',
      pattern: /^\/customers\/([^/]+)\/bank-accounts$/,
      run: async ({ request, params }) => {
        const account = await body(request, bankAccountBody);
        return ok({ bankAccount: sandbox.addBankAccount(params[0]!, account) }, 201);
      },
    },
    { method: 'GET', pattern: /^\/events$/, run: () => ok({ events: sandbox.events }) },
    {
      method: 'GET',
      pattern: /^\/withdrawals$/,
      run: () => ok({ withdrawals: sandbox.withdrawals }),
    },
  ];

  async function signIn(url: URL): Promise<Response> {
    const sent = url.searchParams.get('token');
    if (sent === null || !digestsEqual(await sha256(sent), await tokenDigest)) {
      return page(
        401,
        'This console is for the person running the sandbox: open the address the sandbox printed when it started.',
      );
    }
    const session = randomHex(32);
    sessions.add(session);
    if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value!);
    // The token leaves the address bar at once; the cookie carries the session from here on.
    return new Response(null, {
      status: 303,
      headers: {
        location: CONSOLE_PATH,
        'set-cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=${CONSOLE_PATH}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    });
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
    async handle(request) {
      const url = new URL(request.url);
      try {
        if (url.pathname.startsWith(`${CONSOLE_API_PATH}/`)) return await api(request, url);
        if (url.searchParams.has('token')) return await signIn(url);
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

/** A payment with its status history, for the console's list and detail. */
function consolePayment(payment: SandboxPayment): ConsolePayment {
  const { paymentId, customerId, subtotal, status, returnCode, refundedAt, history } = payment;
  const { createdAt, updatedAt } = payment;
  return {
    paymentId,
    customerId,
    subtotal,
    status,
    ...(returnCode !== undefined && { returnCode }),
    ...(refundedAt !== undefined && { refundedAt }),
    history,
    webhookInfo: payment.webhookInfo,
    createdAt,
    updatedAt,
  };
}

function consoleCustomer(customer: CustomerView): ConsoleCustomer {
  return { ...customer, blocked: customer.isBlocked !== NOT_BLOCKED };
}

async function body<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.infer<S>> {
  const parsed = validate(schema, await readJson(request));
  if (!parsed.ok) throw invalidFields('Invalid console request', parsed.issues);
  return parsed.value;
}

/** The problem in a ConfigError's message, after its prefix and option name. */
function problemOf(error: ConfigError): string {
  return error.message.replace(/^\[service-checkout\] \S+ /, '').replace(/\.$/, '');
}

function ok(payload: unknown, status = 200): Response {
  return noStore(
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

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
