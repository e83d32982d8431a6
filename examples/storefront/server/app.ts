// The storefront's own server: the part of a merchant's backend that the checkout needs.
// It holds the API key, signs customers in (account-routes.ts), hands the page session keys
// through the library's ready-made route, and serves the orders (order-routes.ts): priced from
// its own catalog, marked paid only on the service's word (its signed webhooks, and its events
// endpoint for those missed), and every payment that reaches no payable order refunded. The page
// only ever receives session keys and the order it is paying for. Before any route: the Host
// must be one of the shop's own, and a request that changes something must come from the shop's
// own pages, as JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyNodeHandler,
} from 'service-checkout/server';
import { createSandboxClient, MAX_BANK_ACCOUNTS, type Sandbox } from 'service-checkout/sandbox';
import type { PublicConfig } from '../src/api-types.js';
import { createAccountRoutes } from './account-routes.js';
import { createOrderRoutes, WEBHOOK_PATH } from './order-routes.js';
import type { ShopStore } from './store.js';
import { createTimeTravelRoutes, type TimeTravel } from './time-travel.js';
import { createWebhookKeyRoutes } from './webhook-key-routes.js';
import {
  HttpError,
  originsByHost,
  ownOriginOf,
  requireOwnPage,
  sendError,
  sendJson,
  serveFile,
} from './http.js';

export { WEBHOOK_PATH };

export interface StorefrontAppOptions {
  /** The built page: index.html and assets/. */
  clientDir: string;
  /** The service's address: here, the embedded sandbox. */
  serviceUrl: string;
  merchantId: string;
  /** The merchant API key. Stays in this process. */
  apiKey: string;
  /**
   * The webhook validation key the service signs payment events with. Stays in this process and
   * the store, which keeps the keys a staff roll makes; a start with another key drops those.
   */
  webhookKey: string;
  /** Accounts, sessions and orders. */
  store: ShopStore;
  /**
   * The shop's own origins, such as `http://127.0.0.1:5173`: a request whose Host is none of
   * theirs is refused, and a state-changing one must come from a page of the origin it names.
   */
  origins: readonly string[];
  /**
   * Test mode: the embedded sandbox, whose dashboard action adds a bank account to a customer,
   * the way out the checkout offers a payer with none. Unset against the real service.
   */
  testBankAccounts?: Pick<Sandbox, 'addBankAccount' | 'customers'>;
  /**
   * Test mode: the staff page's time travel (time-travel.ts), through the embedded sandbox. Give
   * it only when `now` follows the sandbox's clock, or the shop's webhooks would look stale.
   */
  timeTravel?: TimeTravel;
  /**
   * Test mode: an address that opens the embedded sandbox's console once, within a minute, for
   * staff (POST /api/merchant/sandbox-console). Never its token.
   */
  sandboxConsole?: () => string;
  /** One line per notable thing (sign-ins, orders, failures). Defaults to nothing. */
  log?: (line: string) => void;
  /**
   * The shop's clock, in milliseconds since the epoch: of sessions, sign-in limits, orders, and
   * when a cached session key is due for renewal. Default `Date.now`.
   */
  now?: () => number;
}

/** The server's request handler, with the work it does every minute. */
export interface StorefrontApp {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Runs now what runs every minute and at start: catching up on the payment events the webhook
   * route missed, refunds still due of payments that reached no payable order, and removal of
   * unpaid orders an hour past their expiry. Resolves when done.
   */
  runDue(): Promise<void>;
  /** Stops that work (after the run under way); call it before closing the store. */
  close(): Promise<void>;
}

export function createStorefrontApp(options: StorefrontAppOptions): StorefrontApp {
  const { clientDir, serviceUrl, merchantId, log = () => undefined, now = Date.now } = options;
  const merchant = createMerchantClient({
    apiKey: options.apiKey,
    env: 'local',
    baseUrl: serviceUrl,
  });
  // One key per customer until shortly before it expires, instead of one per page view. Expiry is
  // on the service's clock: in test mode the sandbox's, which time travel moves.
  const sessionKeys = createSessionKeyCache(merchant, { now });
  const { store } = options;
  const accounts = createAccountRoutes({
    store,
    merchant,
    // This process's cached session key for the customer goes with their sessions.
    onSignOut: (customerId) => sessionKeys.delete(customerId),
    log,
    now,
  });
  const { requireCustomer, requireStaff } = accounts;
  const sessionKeyRoute = createSessionKeyNodeHandler({
    client: sessionKeys,
    getCustomerId: (req: IncomingMessage) => accounts.signedInId(req),
    onError: (error) => log(`session key route failed: ${describe(error)}`),
  });
  const ownOrigins = originsByHost(options.origins);

  const webhookKeys = createWebhookKeyRoutes({
    store,
    merchant,
    givenKey: options.webhookKey,
    requireStaff,
    now,
    log,
  });
  const timeTravel =
    options.timeTravel &&
    createTimeTravelRoutes({
      timeTravel: options.timeTravel,
      sandboxClient: createSandboxClient({ apiKey: options.apiKey, baseUrl: serviceUrl }),
      store,
      requireStaff,
      log,
    });

  const orders = createOrderRoutes({
    store,
    merchant,
    webhookKeys: webhookKeys.keysFor,
    requireCustomer,
    now,
    log,
  });

  const config: PublicConfig = {
    merchantId,
    env: 'local',
    baseUrl: serviceUrl,
    testBankAccounts: options.testBankAccounts !== undefined,
    timeTravel: timeTravel !== undefined,
    sandboxConsole: options.sandboxConsole !== undefined,
  };

  // Scripts and requests may go to this server and the service only.
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' ${serviceUrl}`,
    `connect-src 'self' ${serviceUrl}`,
    "img-src 'self' data:",
    "style-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const pageHeaders = {
    'content-security-policy': contentSecurityPolicy,
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };

  /**
   * Test mode only: links a sandbox bank account to the signed-in customer. With the real
   * service a payer links an account through the service's own flow, which its published
   * interface does not show.
   */
  async function linkTestBankAccount(req: IncomingMessage, res: ServerResponse) {
    const { testBankAccounts } = options;
    if (!testBankAccounts) {
      throw new HttpError(404, 'This shop links bank accounts in test mode only.', 'not_found');
    }
    const { customerId } = await requireCustomer(req);
    // The service makes a customer at its first session key: one who comes here first has one.
    await sessionKeys.getSessionKey(customerId);
    const customer = testBankAccounts.customers.find((each) => each.customerId === customerId);
    if ((customer?.bankAccounts.length ?? 0) >= MAX_BANK_ACCOUNTS) {
      throw new HttpError(
        409,
        `You have ${MAX_BANK_ACCOUNTS} bank accounts, the most the sandbox keeps.`,
        'conflict',
      );
    }
    const linked = testBankAccounts.addBankAccount(customerId, { alias: 'Linked checking' });
    log(`${customerId} linked test bank account ending in ${linked.last4}`);
    sendJson(res, 201, { bankAccount: { alias: linked.alias, last4: linked.last4 } });
  }

  async function api(req: IncomingMessage, res: ServerResponse, pathname: string, own: string) {
    const method = req.method ?? 'GET';
    const route = `${method} ${pathname}`;
    // A page of another site may send the cookie-less or cookie-bearing POST a form can;
    // only this shop's own page changes state. Webhooks are signed instead.
    if (method !== 'GET' && method !== 'HEAD' && pathname !== WEBHOOK_PATH) {
      requireOwnPage(req, own);
    }
    if (pathname === '/api/session-key') return sessionKeyRoute(req, res);
    // The webhook route reads its own raw body: the signature covers the exact bytes.
    if (await orders.handle(req, res, route, pathname)) return;
    if (route === 'GET /api/config') return sendJson(res, 200, config);
    if (await accounts.route(req, res, route, own)) return;
    if (route === 'POST /api/test-bank-accounts') return linkTestBankAccount(req, res);
    // The staff-only area.
    if (route === 'GET /api/merchant/withdrawals') {
      await requireStaff(req);
      try {
        return sendJson(res, 200, { withdrawals: await merchant.listWithdrawals() });
      } catch (error) {
        log(`listing withdrawals failed: ${describe(error)}`);
        throw new HttpError(502, 'The payments service did not answer; try again.', 'bad_gateway');
      }
    }
    if (route === 'POST /api/merchant/sandbox-console' && options.sandboxConsole) {
      await requireStaff(req);
      // For this click only, and logged nowhere: it opens the console to whoever holds it.
      return sendJson(res, 200, { url: options.sandboxConsole() });
    }
    if (await webhookKeys.route(req, res, route)) return;
    if (timeTravel && (await timeTravel.route(req, res, route))) return;
    if (route === 'GET /api/merchant/activity') {
      await requireStaff(req);
      return sendJson(res, 200, { ...(await orders.activity()), events: accounts.payerEvents() });
    }
    throw new HttpError(404, `No route ${route}.`, 'not_found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let pathname = req.url ?? '/';
    try {
      // First of all: a Host that is not the shop's own gets nothing else.
      const own = ownOriginOf(req, ownOrigins);
      // Parsed as a path under a fixed origin: "//" or "/%" is a path here, never a host.
      pathname = pathOf(req.url);
      if (pathname.startsWith('/api/')) {
        await api(req, res, pathname, own);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new HttpError(405, 'Only GET and HEAD are served here.', 'method_not_allowed');
      }
      if (pathname !== '/index.html' && (await serveFile(req, res, clientDir, pathname))) return;
      // Client-side routes (and anything else without a file extension) get the page.
      if (pathname === '/' || pathname === '/index.html' || !/\.[a-z0-9]+$/i.test(pathname)) {
        if (await serveFile(req, res, clientDir, '/index.html', pageHeaders)) return;
      }
      throw new HttpError(404, 'Not found.', 'not_found');
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendError(res, error);
        return;
      }
      log(`${req.method} ${pathname} failed: ${describe(error)}`);
      sendError(res, new HttpError(500, 'Something went wrong on our side.', 'internal'));
    }
  }

  return Object.assign(handle, { runDue: orders.runDue, close: orders.close });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request's path; a request target that is not a path is a 400. */
function pathOf(target = '/'): string {
  if (!target.startsWith('/'))
    throw new HttpError(400, 'Requests must name a path.', 'bad_request');
  return new URL(`http://storefront.invalid${target}`).pathname;
}
