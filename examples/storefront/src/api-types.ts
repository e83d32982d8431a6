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
}

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface Order {
  paymentId: string;
  customerId: string;
  email: string;
  lines: OrderLine[];
  totalCents: number;
  currency: string;
  paidFrom?: { alias: string; last4: string };
  createdAt: string;
}

export interface PayerEventRecord {
  eventType: 'SignUp' | 'SignIn' | 'SignInFailure' | 'BuyerChallenge';
  customerId: string;
  sentAt: string;
  ok: boolean;
}
