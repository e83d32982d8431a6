// The storefront server's JSON, shared by the page and the server.
import type { Env } from 'service-checkout';
import type { PaymentStatus } from 'service-checkout/server';

export interface PublicConfig {
  merchantId: string;
  env: Env;
  /** The payments service the page talks to: the embedded sandbox. */
  baseUrl: string;
  /** Test mode: the shop links sandbox bank accounts (POST /api/test-bank-accounts). */
  testBankAccounts: boolean;
  /**
   * Test mode: staff may move the sandbox's clock and return settled payments from the staff
   * page (POST /api/merchant/time-travel). Never against the live service.
   */
  timeTravel: boolean;
  /**
   * Test mode: staff open the embedded sandbox's console from the merchant page, signed in
   * (POST /api/merchant/sandbox-console answers a one-time address).
   */
  sandboxConsole: boolean;
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
 * fulfils; `returned` and `failed` mean no money came, `refunded` that it went back before the
 * order was paid: none of these delivered anything. `reversed` is a paid order whose money went
 * back afterwards (the payer's bank returned the settled payment, or the shop refunded it): what
 * it delivered was taken back. `expired` is an order awaiting payment whose checkout token can
 * no longer pay (past `payableUntil`).
 */
export type OrderStatus =
  | 'awaiting_payment'
  | 'processing'
  | 'paid'
  | 'expired'
  | 'returned'
  | 'failed'
  | 'refunded'
  | 'reversed';

/**
 * Gems and items: what an order delivers, or what a player's account holds. Items by name, with
 * how many, in name order.
 */
export interface Goods {
  gems: number;
  items: { name: string; count: number }[];
}

/**
 * Why a paid order was reversed, and when: the payer's bank returned the settled payment (its
 * code is the order's `returnCode`), or the shop refunded it.
 */
export interface Reversal {
  cause: 'returned' | 'refunded';
  at: string;
}

export interface Order {
  orderId: string;
  customerId: string;
  email: string;
  lines: OrderLine[];
  totalCents: number;
  currency: string;
  status: OrderStatus;
  /** When its checkout token stops paying (the token's expiry, as the service signed it). */
  payableUntil: string;
  /**
   * What the order delivers once paid, fixed when it was ordered. Absent on orders kept from
   * before the shop kept inventories.
   */
  goods?: Goods;
  /** Set by the first payment event for the order. */
  paymentId?: string;
  /** The status of its payment, as the service's events told it. */
  paymentStatus?: PaymentStatus;
  /** What was put in the customer's account when the order was paid; kept once reversed. */
  delivered?: Goods;
  /** Why a returned payment came back, such as R01. */
  returnCode?: string;
  /** Set when a paid order is reversed. */
  reversal?: Reversal;
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
  /** `unmatched`: a payment that reaches no payable order (see UnmatchedPayment). */
  outcome: 'applied' | 'unchanged' | 'unmatched' | 'ignored' | 'duplicate';
  detail?: string;
}

/**
 * Where the shop is with giving back a payment that reached no payable order: `due` (to refund;
 * retried until the service takes it), `requested` (the service took the refund; its Refunded
 * event closes it), `refunded` (closed), `not_needed` (the payment was returned or failed: no
 * money came; closed).
 */
export type UnmatchedRefund = 'due' | 'requested' | 'refunded' | 'not_needed';

/** A payment the service took for no payable order of this shop, kept until it is given back. */
export interface UnmatchedPayment {
  paymentId: string;
  /** The order the payment named, if any. */
  orderId?: string;
  customerId: string;
  amount: { cents: number; currency: string };
  /** Why no payable order takes it. */
  reason: string;
  /** The payment's status as the service last told it. */
  paymentStatus: PaymentStatus;
  returnCode?: string;
  refund: UnmatchedRefund;
  refundAttempts: number;
  /** Why the last refund attempt failed, while the refund is due. */
  lastRefundError?: string;
  firstSeenAt: string;
  updatedAt: string;
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

/** What staff see of the webhook keys: when they were rolled, never a key. */
export interface WebhookKeyStatus {
  /** When staff last rolled the key; null if never. */
  rolledAt: string | null;
  /** While a roll's overlap lasts, when the service stops signing with the old key; else null. */
  oldKeyAcceptedUntil: string | null;
}

/** What a move of the sandbox's time (or a return it made) did, for staff. */
export interface TimeTravelResult {
  /** The sandbox's time, and the shop's with it, after the move. */
  now: string;
  /** One sentence, shown in the panel's live region. */
  message: string;
}
