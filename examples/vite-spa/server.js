// @ts-check
// The smallest server a single-page app needs to take payments (`node server.js`): session keys,
// orders priced and signed here, paid by the service's signed webhook only. Keeps the API key.
import { createServer } from 'node:http';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyNodeHandler,
  createWebhookNodeHandler,
  movesPaymentForward,
} from 'service-checkout/server';

const { SERVICE_API_KEY = '', SERVICE_WEBHOOK_KEY = '', SERVICE_BASE_URL, PORT } = process.env;

/** @typedef {import('service-checkout/server').PaymentStatus} PaymentStatus */
/** @type {Map<string, { customerId: string, paymentStatus?: PaymentStatus, fulfilled: boolean }>} */
const orders = new Map(); // stand-in for your database

const merchant = createMerchantClient({
  apiKey: SERVICE_API_KEY,
  env: 'local', // 'sandbox' or 'prod' when you go live, with SERVICE_BASE_URL
  baseUrl: SERVICE_BASE_URL,
});

// Stand-in for your own sign-in (a session cookie, your auth library): one customer here.
const signedInCustomer = () => 'customer-42';

const sessionKeyRoute = createSessionKeyNodeHandler({
  client: createSessionKeyCache(merchant),
  getCustomerId: signedInCustomer,
});

const webhookRoute = createWebhookNodeHandler({
  key: SERVICE_WEBHOOK_KEY,
  onEvent(event) {
    if (event.unrecognized || event.eventType === 'Test') return;
    const { webhookInfo, customerId, subtotal, status } = event.data;
    const order = orders.get(String(webhookInfo.orderId));
    // Not this order's payment (another payer or amount): it pays for nothing; refund it.
    if (!order || order.customerId !== customerId || subtotal.cents !== 499) return;
    // Delivered at least once and in any order: apply only what moves the payment forward.
    if (!movesPaymentForward(order.paymentStatus, event)) return;
    order.paymentStatus = status;
    // Settled: deliver the goods here. Returned or refunded later (for weeks, ACH): take them back.
    order.fulfilled = status === 'settled';
  },
});

// The price is decided here, and the service signs it for this customer only.
async function createOrder() {
  const orderId = crypto.randomUUID();
  const customerId = signedInCustomer();
  const { token } = await merchant.createCheckoutToken({
    subtotal: { cents: 499, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gem pack', price: '4.99', quantity: 1, orderId },
    email: `${customerId}@example.com`, // the customer's address from your records
    customerId,
    expiresInSeconds: 900,
  });
  orders.set(orderId, { customerId, fulfilled: false });
  const merchantId = process.env.SERVICE_MERCHANT_ID ?? 'merchant_sandbox';
  return { orderId, checkoutToken: token, merchantId, baseUrl: merchant.baseUrl };
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const send = (/** @type {number} */ status, /** @type {unknown} */ body = {}) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (pathname === '/webhooks') return webhookRoute(req, res);
  if (pathname === '/api/session-key') return sessionKeyRoute(req, res);
  // JSON only: another site's form cannot send that without this origin's consent (CORS).
  if (pathname === '/api/orders' && req.method === 'POST') {
    if (req.headers['content-type'] !== 'application/json') return send(415);
    const order = await createOrder().catch(() => undefined); // the service is unreachable
    return order ? send(201, order) : send(503);
  }
  const order = orders.get(pathname.replace(/^\/api\/orders\//, ''));
  if (order?.customerId === signedInCustomer()) return send(200, order);
  send(404);
});
server.listen(Number(PORT ?? 3000), () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`API listening on http://localhost:${port}`);
});
