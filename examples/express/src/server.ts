// A shop's payment routes in Express 5: the page's session key, the order priced and signed
// here, and the order fulfilled when the service's signed webhook says the money arrived.
import express, { type Request } from 'express';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyNodeHandler,
  createWebhookNodeHandler,
  movesPaymentForward,
  type PaymentStatus,
} from 'service-checkout/server';

const { SERVICE_API_KEY, SERVICE_WEBHOOK_KEY, SERVICE_BASE_URL, PORT = '3000' } = process.env;
if (!SERVICE_API_KEY || !SERVICE_WEBHOOK_KEY) {
  throw new Error('Set SERVICE_API_KEY and SERVICE_WEBHOOK_KEY: `npm run sandbox` prints both.');
}

// Prices live here: the page names a product, never an amount.
const PRODUCTS = new Map([['gem-pack', { name: 'Gem pack', cents: 499 }]]);

interface Order {
  id: string;
  customerId: string;
  cents: number;
  /** The payment's status as the last verified webhook that moved it forward said. */
  paymentStatus?: PaymentStatus;
  fulfilled: boolean;
}
const orders = new Map<string, Order>(); // stand-in for your database

const merchant = createMerchantClient({
  apiKey: SERVICE_API_KEY, // stays on this server: the page gets session keys only
  env: 'local', // 'sandbox' or 'prod' when you go live, with SERVICE_BASE_URL
  baseUrl: SERVICE_BASE_URL,
});

// Stand-in for your own sign-in: the customer id in a cookie. Use your session store.
function signedInCustomer(req: Request): string | null {
  return /(?:^|;\s*)customer=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null;
}

const app = express();

// The only place an order is paid. The signature covers the raw bytes, so this route keeps
// them (express.raw) whatever the rest of the app parses.
app.post(
  '/webhooks',
  express.raw({ type: 'application/json' }),
  createWebhookNodeHandler({
    key: SERVICE_WEBHOOK_KEY,
    async onEvent(event) {
      if (event.unrecognized || event.eventType === 'Test') return;
      const payment = event.data;
      const order = orders.get(String(payment.webhookInfo.orderId));
      // Not this order's payment (another amount or payer): it pays for nothing; refund it.
      if (!order || order.cents !== payment.subtotal.cents) return;
      if (order.customerId !== payment.customerId) return;
      // Delivered at least once and in any order: apply only what moves the payment forward.
      if (!movesPaymentForward(order.paymentStatus, event)) return;
      order.paymentStatus = payment.status;
      // Settled: the money arrived, so deliver the goods here. Returned or refunded later (ACH
      // can come back for weeks): the money went back, so take them back.
      order.fulfilled = payment.status === 'settled';
    },
  }),
);

app.use(express.json());

app.post('/sign-in', (req, res) => {
  const customerId = String(req.body?.customerId ?? '');
  if (!/^[\w-]{1,64}$/.test(customerId)) {
    return res.status(400).json({ message: 'customerId: 1 to 64 letters, digits, _ or -' });
  }
  res.cookie('customer', customerId, { httpOnly: true, sameSite: 'strict' }).status(204).end();
});

// GET or POST (renewal): `<CheckoutProvider getSessionKey>` calls it for the signed-in customer.
app.all(
  '/api/session-key',
  createSessionKeyNodeHandler({
    client: createSessionKeyCache(merchant),
    getCustomerId: signedInCustomer,
  }),
);

// The page asks for a product; the service signs the amount decided here, for this customer.
app.post('/api/orders', async (req, res) => {
  const customerId = signedInCustomer(req);
  if (!customerId) return res.status(401).json({ message: 'Sign in first.' });
  const product = PRODUCTS.get(String(req.body?.productId));
  if (!product) return res.status(400).json({ message: 'productId: gem-pack' });
  const order: Order = {
    id: crypto.randomUUID(),
    customerId,
    cents: product.cents,
    fulfilled: false,
  };
  const { token } = await merchant.createCheckoutToken({
    subtotal: { cents: product.cents, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: {
      itemName: product.name,
      price: (product.cents / 100).toFixed(2),
      quantity: 1,
      orderId: order.id,
    },
    email: `${customerId}@example.com`, // the customer's address from your records
    customerId, // only this customer's session can pay with it
    expiresInSeconds: 900,
  });
  orders.set(order.id, order);
  res.status(201).json({ orderId: order.id, checkoutToken: token }); // for <Checkout jwtToken>
});

app.get('/api/orders/:id', (req, res) => {
  const order = orders.get(req.params.id);
  if (!order || order.customerId !== signedInCustomer(req)) return res.sendStatus(404);
  res.json(order);
});

const server = app.listen(Number(PORT), () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  console.log(`Shop listening on http://localhost:${port}`);
});
