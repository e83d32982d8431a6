// The storefront server's JSON, shared by the page and the server.
import type { Env } from 'service-checkout';

export interface PublicConfig {
  merchantId: string;
  env: Env;
  /** The payments service the page talks to: the embedded sandbox. */
  baseUrl: string;
}

export interface SignedInCustomer {
  customerId: string;
  email: string;
  signedUpAt: string;
  /** Staff open the merchant page. */
  staff: boolean;
}

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/**
 * Where an order is, as the shop's server knows it from the service's webhooks. Only `paid`
 * fulfils; `returned` and `failed` mean no money came.
 */
export type OrderStatus = 'awaiting_payment' | 'processing' | 'paid' | 'returned' | 'failed';

export interface Order {
  orderId: string;
  customerId: string;
  email: string;
  lines: OrderLine[];
  totalCents: number;
  currency: string;
  status: OrderStatus;
  /** Set by the first payment event for the order. */
  paymentId?: string;
  /** Why a returned payment came back, such as R01. */
  returnCode?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * What `<Checkout>` needs for an order, decided by the shop's server: the purchase, signed by
 * the service as a checkout token bound to the customer, and the summary's lines.
 */
export interface OrderCheckout {
  jwtToken: string;
  items: { name: string; quantity: number; amount: { cents: number; currency: string } }[];
}

/** One webhook delivery as the shop's server received it: its signature verified. */
export interface WebhookRecord {
  receivedAt: string;
  eventId: string;
  eventType: string;
  orderId?: string;
  outcome: 'applied' | 'unchanged' | 'ignored' | 'duplicate';
  detail?: string;
}

/** Webhook attempts whose signature did not verify: counted, never listed as deliveries. */
export interface RefusedWebhooks {
  /** Since the shop's process started. */
  count: number;
  /** The latest few, newest first. */
  latest: { at: string; reason: string }[];
}

export interface PayerEventRecord {
  eventType: 'SignUp' | 'SignIn' | 'SignInFailure' | 'BuyerChallenge';
  customerId: string;
  sentAt: string;
  ok: boolean;
}
