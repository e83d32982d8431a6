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
  /** When its payment was made, as the service's events say (the purchase's `createdAt`). */
  paymentCreatedAt?: string;
  createdAt: string;
  updatedAt: string;
  // Answered by the shop's server, never kept in the order's own record:
  /**
   * The debit authorization of its payment, as the shop read it from the service (kept in a
   * column of its own); absent until the shop learns of a payment, and on orders paid before it
   * kept them.
   */
  authorization?: DebitAuthorization;
  /**
   * While it is processing: the day its payment is expected to clear (YYYY-MM-DD, New York),
   * `expectedSettlement(paymentCreatedAt)`, the day the checkout showed.
   */
  expectedSettlesOn?: string;
  /** Once its payer's bank returned the payment: what that means, and what the shop offers. */
  returnAdvice?: ReturnAdvice;
}

/**
 * The words the payer agreed to when they pressed Pay, as the payments service keeps them with
 * the payment (`merchant.getPayment`), read by the shop's server when it learns of the payment:
 * never from the page. `none`: the service holds no authorization for the payment (the purchase
 * sent none).
 */
export type DebitAuthorization =
  | {
      status: 'kept';
      text: string;
      /** The lowercase hex SHA-256 of `text` as UTF-8, as the service reported it. */
      textSha256: string;
      /**
       * The SHA-256 the shop computed of `text` equals the digest the payment's event carried
       * (and the service's own): false means the text is not the one the event announced.
       */
      digestMatches: boolean;
      acceptedAt: string;
      locale: string;
      recordedAt: string;
      remoteAddress: string | null;
      userAgent: string | null;
      /** When the shop read it from the service. */
      readAt: string;
    }
  | { status: 'none'; readAt: string };

/**
 * What the shop offers after a return, from `describeReturn(code)`:
 * - `pay-again`: the debit may be tried again (R01, R09): a new order, approved again.
 * - `pay-again-corrected`: the entry itself was wrong (R11...); the shop's corrected payment is
 *   a new order, approved again.
 * - `authorize-again`: the payer withdrew or denied the authorization (R07, R10, R29...): only
 *   a new authorization, if they want to pay.
 * - `another-account`: the account cannot take debits (R02, R03...): the shop will not take
 *   payments from it again; pay from another.
 * - `none`: nothing to pay again (R06, R17...).
 */
export type ReturnOffer =
  'pay-again' | 'pay-again-corrected' | 'authorize-again' | 'another-account' | 'none';

/** A returned payment, in the payer's words, and what the shop does about it. */
export interface ReturnAdvice {
  returnCode: string;
  /** NACHA's title of the code. */
  title: string;
  /** What happened and what they can do, in plain words (`describeReturn`'s `payerMessage`). */
  payerMessage: string;
  offer: ReturnOffer;
  /**
   * With `another-account`: the last four digits of the account the shop stops taking payments
   * from, as the payment's authorization names it; null when it names none.
   */
  unusableAccountLast4?: string | null;
}

/**
 * A bank account the payer's bank said cannot take debits (a return whose code is not
 * `accountUsable`): the shop asks the payer not to pay from it again.
 */
export interface UnusableBankAccount {
  /** Its last four digits, as the returned payment's authorization names them; null if unknown. */
  last4: string | null;
  orderId: string;
  paymentId: string;
  returnCode: string;
  /** NACHA's title of the code, such as "Account Closed". */
  title: string;
  /** When the shop learned of the return. */
  since: string;
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
