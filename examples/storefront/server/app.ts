// The storefront's own server: the part of a merchant's backend that the checkout needs.
// It holds the API key, signs customers in (account-routes.ts), hands the page session keys
// through the library's ready-made route, prices orders from its own catalog, and marks them
// paid only on the service's signed webhooks. The page only ever receives session keys and the
// order it is paying for. Before any route: the Host must be one of the shop's own, and a
// request that changes something must come from the shop's own pages, as JSON.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyNodeHandler,
  createWebhookNodeHandler,
  type WebhookEvent,
} from 'service-checkout/server';
import {
  chargebackProtectionData,
  CURRENCY,
  GAME_NAME,
  priceLines,
  totalCents,
  type CartLine,
} from '../src/catalog.js';
import type {
  Order,
  OrderCheckout,
  PublicConfig,
  RefusedWebhooks,
  WebhookRecord,
} from '../src/api-types.js';
import { createAccountRoutes } from './account-routes.js';
import type { ShopStore } from './store.js';
import {
  HttpError,
  originsByHost,
  ownOriginOf,
  readJsonObject,
  requireOwnPage,
  sendError,
  sendJson,
  serveFile,
} from './http.js';

export interface StorefrontAppOptions {
  /** The built page: index.html and assets/. */
  clientDir: string;
  /** The service's address: here, the embedded sandbox. */
  serviceUrl: string;
  merchantId: string;
  /** The merchant API key. Stays in this process. */
  apiKey: string;
  /** The webhook validation key the service signs payment events with. Stays in this process. */
  webhookKey: string;
  /** Accounts, sessions and orders. */
  store: ShopStore;
  /**
   * The shop's own origins, such as `http://127.0.0.1:5173`: a request whose Host is none of
   * theirs is refused, and a state-changing one must come from a page of the origin it names.
   */
  origins: readonly string[];
  /** One line per notable thing (sign-ins, orders, failures). Defaults to nothing. */
  log?: (line: string) => void;
  /** The clock of sessions and sign-in limits, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** Where the service delivers payment events (give it to the sandbox as webhookUrl). */
export const WEBHOOK_PATH = '/api/webhooks/payments';
/** Orders a customer may leave unpaid; older abandoned ones go. */
const MAX_UNPAID_ORDERS = 20;
const MAX_WEBHOOK_RECORDS = 50;
/** Reasons kept of the latest refused webhook attempts. */
const MAX_REFUSED_REASONS = 5;

export function createStorefrontApp(options: StorefrontAppOptions) {
  const { clientDir, serviceUrl, merchantId, log = () => undefined } = options;
  const merchant = createMerchantClient({
    apiKey: options.apiKey,
    env: 'local',
    baseUrl: serviceUrl,
  });
  // One key per customer until shortly before it expires, instead of one per page view.
  const sessionKeys = createSessionKeyCache(merchant);
  const { store } = options;
  const accounts = createAccountRoutes({
    store,
    merchant,
    // This process's cached session key for the customer goes with their sessions.
    onSignOut: (customerId) => sessionKeys.delete(customerId),
    log,
    now: options.now ?? Date.now,
  });
  const { requireCustomer, requireStaff } = accounts;
  const sessionKeyRoute = createSessionKeyNodeHandler({
    client: sessionKeys,
    getCustomerId: (req: IncomingMessage) => accounts.signedInId(req),
    onError: (error) => log(`session key route failed: ${describe(error)}`),
  });
  const ownOrigins = originsByHost(options.origins);

  const webhooks: WebhookRecord[] = [];
  // Attempts whose signature did not verify change nothing, and anyone can send them: they are
  // counted apart, so they never push the service's deliveries out of the list.
  const refusedWebhooks: RefusedWebhooks = { count: 0, latest: [] };

  const webhookRoute = createWebhookNodeHandler({
    key: options.webhookKey,
    onEvent: (event) => applyWebhook(event),
    onError: (error) => {
      refusedWebhooks.count += 1;
      refusedWebhooks.latest.unshift({ at: new Date().toISOString(), reason: describe(error) });
      refusedWebhooks.latest.splice(MAX_REFUSED_REASONS);
      log(`webhook refused: ${describe(error)}`);
    },
  });

  const config: PublicConfig = { merchantId, env: 'local', baseUrl: serviceUrl };

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
   * The page sends product ids and quantities; the price, the order and what the checkout
   * charges come from this server's catalog. The order waits for the service's webhooks.
   */
  async function createOrder(req: IncomingMessage, res: ServerResponse) {
    const account = await requireCustomer(req);
    const body = await readJsonObject(req);
    const requested = Array.isArray(body.lines) ? (body.lines as unknown[]).slice(0, 50) : [];
    const lines = priceLines(
      requested.filter((line): line is CartLine => typeof line === 'object' && line !== null),
    );
    if (lines.length === 0) throw new HttpError(400, 'An order needs at least one product.');
    const now = new Date().toISOString();
    const order: Order = {
      orderId: `ord_${randomUUID()}`,
      customerId: account.customerId,
      email: account.email,
      lines: lines.map(({ product, quantity, totalCents: lineTotal }) => ({
        productId: product.id,
        name: product.name,
        quantity,
        unitCents: product.priceCents,
        totalCents: lineTotal,
      })),
      totalCents: totalCents(lines),
      currency: CURRENCY,
      status: 'awaiting_payment',
      createdAt: now,
      updatedAt: now,
    };
    const total = (order.totalCents / 100).toFixed(2);
    // The service signs the purchase for this customer only: the page cannot change the
    // amount, and another shopper's session cannot pay with it.
    const { token } = await merchant.createCheckoutToken({
      subtotal: { cents: order.totalCents, currency: CURRENCY },
      settlementType: 'USDC',
      webhookInfo: {
        itemName: `${GAME_NAME} order: ${lines.map((line) => `${line.product.name} ×${line.quantity}`).join(', ')}`,
        price: total,
        quantity: 1,
        currency: CURRENCY,
        gamePlatform: GAME_NAME,
        // The webhook brings it back: how an event finds its order.
        orderId: order.orderId,
      },
      email: account.email,
      chargebackProtectionData: chargebackProtectionData(lines),
      customerId: account.customerId,
    });
    // Stored once it can be paid: a failed signing leaves no order behind.
    await store.addOrder(order, MAX_UNPAID_ORDERS);
    const checkout: OrderCheckout = {
      jwtToken: token,
      items: order.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        amount: { cents: line.totalCents, currency: CURRENCY },
      })),
    };
    log(
      `order ${order.orderId} by ${account.customerId}: ${order.totalCents} cents, awaiting payment`,
    );
    sendJson(res, 201, { order, checkout });
  }

  async function applyWebhook(event: WebhookEvent) {
    const base = { eventId: event.id, eventType: event.eventType };
    if (event.unrecognized) {
      return recordWebhook({ ...base, outcome: 'ignored', detail: 'unknown type' });
    }
    if (event.eventType === 'Test') {
      return recordWebhook({ ...base, outcome: 'ignored', detail: 'a test event' });
    }
    const orderId = event.data.webhookInfo.orderId;
    if (typeof orderId !== 'string') {
      return recordWebhook({ ...base, outcome: 'ignored', detail: 'no order id' });
    }
    const result = await store.applyEvent(event, orderId, new Date().toISOString());
    if (result.outcome === 'applied') {
      log(`order ${orderId}: ${event.eventType} → ${result.order.status}`);
    }
    recordWebhook({
      ...base,
      orderId,
      outcome: result.outcome,
      ...('reason' in result && { detail: result.reason }),
    });
  }

  function recordWebhook(record: Omit<WebhookRecord, 'receivedAt'>) {
    webhooks.unshift({ receivedAt: new Date().toISOString(), ...record });
    webhooks.splice(MAX_WEBHOOK_RECORDS);
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
    // Reads its own raw body: the signature covers the exact bytes.
    if (pathname === WEBHOOK_PATH) return webhookRoute(req, res);
    if (route === 'GET /api/config') return sendJson(res, 200, config);
    if (await accounts.route(req, res, route)) return;
    if (route === 'GET /api/orders') {
      const { customerId } = await requireCustomer(req);
      return sendJson(res, 200, { orders: await store.ordersOf(customerId) });
    }
    if (route === 'POST /api/orders') return createOrder(req, res);
    const orderMatch = /^\/api\/orders\/([^/]+)$/.exec(pathname);
    if (orderMatch && method === 'GET') {
      const account = await requireCustomer(req);
      const order = await store.order(orderMatch[1] ?? '');
      if (!order || order.customerId !== account.customerId) {
        throw new HttpError(404, 'No such order for this customer.', 'not_found');
      }
      return sendJson(res, 200, { order });
    }
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
    if (route === 'GET /api/merchant/activity') {
      await requireStaff(req);
      return sendJson(res, 200, {
        orders: await store.recentOrders(20),
        events: accounts.payerEvents(),
        webhooks,
        refusedWebhooks,
      });
    }
    throw new HttpError(404, `No route ${route}.`, 'not_found');
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  };
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
