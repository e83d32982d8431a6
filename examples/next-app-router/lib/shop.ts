// The shop's server side: its price, its orders, and the one place an order is paid.
import {
  createMerchantClient,
  movesPaymentForward,
  type MerchantClient,
  type PaymentStatus,
  type WebhookEvent,
} from 'service-checkout/server';

export interface Order {
  id: string;
  customerId: string;
  checkoutToken: string;
  paymentStatus?: PaymentStatus; // as the last verified webhook that moved it forward said
  fulfilled: boolean;
}

// Stand-in for your database. Next.js loads this module once for the route handler and once for
// the pages, so the one store lives on globalThis.
declare global {
  var shopOrders: Map<string, Order> | undefined;
}
const orders = (globalThis.shopOrders ??= new Map<string, Order>());

// Stand-in for your own sign-in (a session cookie, your auth library): one customer here.
const signedInCustomer = () => 'customer-42';

let client: MerchantClient | undefined;
// Made at the first request, not at import: `next build` loads this module without secrets.
export const merchant = () =>
  (client ??= createMerchantClient({
    apiKey: process.env.SERVICE_API_KEY ?? '', // the ConfigError says when it is missing
    env: 'local', // 'sandbox' or 'prod' when you go live, with SERVICE_BASE_URL
    baseUrl: process.env.SERVICE_BASE_URL,
  }));

// The price is decided here, and the service signs it for this customer only.
export async function createOrder(): Promise<Order> {
  const id = crypto.randomUUID();
  const customerId = signedInCustomer();
  const { token } = await merchant().createCheckoutToken({
    subtotal: { cents: 499, currency: 'USD' },
    settlementType: 'USDC',
    webhookInfo: { itemName: 'Gem pack', price: '4.99', quantity: 1, orderId: id },
    email: `${customerId}@example.com`, // the customer's address from your records
    customerId,
    expiresInSeconds: 900,
  });
  const order = { id, customerId, checkoutToken: token, fulfilled: false };
  orders.set(id, order);
  return order;
}

// The signed-in customer's orders only.
export const findOrder = (id: string) =>
  orders.get(id)?.customerId === signedInCustomer() ? orders.get(id) : undefined;

export function applyPaymentEvent(event: WebhookEvent): void {
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
}
