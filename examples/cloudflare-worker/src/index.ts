// A shop's payment routes as a Cloudflare Worker: the page's session key, the order priced and
// signed here, and the order fulfilled when the service's signed webhook says the money arrived.
// Secrets and settings are `env` bindings (wrangler.jsonc), which exist only inside a request.
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyFetchHandler,
  createWebhookFetchHandler,
  movesPaymentForward,
  type MerchantClient,
  type PaymentStatus,
  type WebhookEvent,
} from 'service-checkout/server';

// Prices live here: the page names a product, never an amount.
const PRODUCTS = new Map([['gem-pack', { name: 'Gem pack', cents: 499 }]]);

interface Order {
  customerId: string;
  cents: number;
  /** The payment's status as the last verified webhook that moved it forward said. */
  paymentStatus?: PaymentStatus;
  fulfilled: boolean;
}

// Stand-in for your own sign-in: the page sends `Authorization: Bearer <customer id>`. Verify
// your identity provider's token here instead.
function signedInCustomer(request: Request): string | null {
  return /^Bearer ([\w-]{1,64})$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

// Made on the first request, from that request's env, then reused by the isolate.
let routes: ReturnType<typeof makeRoutes> | undefined;

function makeRoutes(env: Env) {
  const merchant = createMerchantClient({
    apiKey: env.SERVICE_API_KEY, // a secret: never sent to the page
    env: 'local', // 'sandbox' or 'prod' when you go live, with SERVICE_BASE_URL
    baseUrl: env.SERVICE_BASE_URL,
  });
  return {
    merchant,
    sessionKey: createSessionKeyFetchHandler({
      client: createSessionKeyCache(merchant),
      getCustomerId: signedInCustomer,
    }),
    // The only place an order is paid: a delivery the service signed with the webhook key.
    webhook: createWebhookFetchHandler({
      key: env.SERVICE_WEBHOOK_KEY,
      onEvent: (event) => applyPaymentEvent(env.ORDERS, event),
    }),
  };
}

async function applyPaymentEvent(orders: KVNamespace, event: WebhookEvent): Promise<void> {
  if (event.unrecognized || event.eventType === 'Test') return;
  const payment = event.data;
  const orderId = String(payment.webhookInfo.orderId);
  const order = await orders.get<Order>(orderId, 'json');
  // Not this order's payment (another amount or payer): it pays for nothing; refund it.
  if (!order || order.cents !== payment.subtotal.cents) return;
  if (order.customerId !== payment.customerId) return;
  // Delivered at least once and in any order: apply only what moves the payment forward.
  if (!movesPaymentForward(order.paymentStatus, event)) return;
  order.paymentStatus = payment.status;
  // Settled: the money arrived, so deliver the goods here. Returned or refunded later (ACH can
  // come back for weeks): the money went back, so take them back.
  order.fulfilled = payment.status === 'settled';
  await orders.put(orderId, JSON.stringify(order));
}

// The page asks for a product; the service signs the amount decided here, for this customer.
async function createOrder(
  request: Request,
  env: Env,
  merchant: MerchantClient,
): Promise<Response> {
  const customerId = signedInCustomer(request);
  if (!customerId) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const body = await request.json<{ productId?: unknown } | null>().catch(() => null);
  const product = PRODUCTS.get(String(body?.productId));
  if (!product) return Response.json({ message: 'productId: gem-pack' }, { status: 400 });
  const orderId = crypto.randomUUID();
  const { token } = await merchant.createCheckoutToken({
    subtotal: { cents: product.cents, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: {
      itemName: product.name,
      price: (product.cents / 100).toFixed(2),
      quantity: 1,
      orderId,
    },
    email: `${customerId}@example.com`, // the customer's address from your records
    customerId, // only this customer's session can pay with it
    expiresInSeconds: 900,
  });
  const order: Order = { customerId, cents: product.cents, fulfilled: false };
  await env.ORDERS.put(orderId, JSON.stringify(order));
  return Response.json({ orderId, checkoutToken: token }, { status: 201 }); // <Checkout jwtToken>
}

async function readOrder(request: Request, env: Env, orderId: string): Promise<Response> {
  const order = await env.ORDERS.get<Order>(orderId, 'json');
  const theirs = order?.customerId === signedInCustomer(request);
  return theirs ? Response.json(order) : new Response(null, { status: 404 });
}

async function route(request: Request, env: Env): Promise<Response> {
  routes ??= makeRoutes(env);
  const { pathname } = new URL(request.url);
  if (pathname === '/webhooks') return routes.webhook(request);
  if (pathname === '/api/session-key') return routes.sessionKey(request);
  if (pathname === '/api/orders' && request.method === 'POST') {
    return createOrder(request, env, routes.merchant);
  }
  const order = /^\/api\/orders\/([\w-]+)$/.exec(pathname);
  if (order && request.method === 'GET') return readOrder(request, env, order[1]);
  return new Response(null, { status: 404 });
}

// The shop's page runs on another origin (SHOP_ORIGIN): answer its preflights, and let it read
// the answers. Other origins get no CORS headers, so their pages cannot read anything.
function withCors(request: Request, env: Env, response: Response): Response {
  if (request.headers.get('origin') !== env.SHOP_ORIGIN) return response;
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', env.SHOP_ORIGIN);
  headers.set('access-control-allow-methods', 'GET, POST');
  headers.set(
    'access-control-allow-headers',
    'authorization, content-type, x-service-auth-session-key',
  );
  headers.set('access-control-max-age', '7200');
  headers.append('vary', 'origin');
  return new Response(response.body, { status: response.status, headers });
}

export default {
  async fetch(request, env) {
    const preflight = request.method === 'OPTIONS';
    const response = preflight ? new Response(null, { status: 204 }) : await route(request, env);
    return withCors(request, env, response);
  },
} satisfies ExportedHandler<Env>;
