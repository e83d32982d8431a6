// What a sandbox offers its callers: the whole service as one `handle(Request)`, the merchant
// dashboard's actions, the clock for tests, and snapshots of its state; and the options it takes.
// transports/fetch-handler.ts puts one together; the console and the other transports take it.
import type { BankAccount, CheckoutTokenRequest, PayerEvent, Withdrawal } from '../core/schemas.js';
import type { SandboxState } from './persistence/state.js';
import type { ApiKeyInfo, ApiKeyStatus } from './service/api-keys.js';
import type { CustomerChanges, CustomerView, NewBankAccount } from './service/customer-records.js';
import type { WebDebitReturnCode } from '../core/return-codes.js';
import type { PaymentEnding, SandboxPayment } from './service/payment-lifecycle.js';
import type { Settlement } from './service/settlement.js';
import type { WebhookDelivery } from './service/webhook-deliveries.js';

/**
 * Options of `createSandbox()`: the seeded merchant, timing, webhooks and a state to start from.
 * Every one has a default, so `createSandbox()` alone is a working service.
 */
export interface SandboxOptions {
  /** The seeded merchant's id. Default `merchant_sandbox`. */
  merchantId?: string;
  /** The seeded merchant's API key (named "Default"). Default `sk_sandbox_local_0000000000000000`. */
  apiKey?: string;
  /**
   * HS256 secret for session keys, used as its UTF-8 bytes. Default: the `state`'s, else random
   * per sandbox. Given, it wins over the state's for this sandbox and is not kept in snapshots.
   */
  jwtSecret?: string;
  /** Delay before every answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Lifetime of new session keys. Default 86400 (24 hours). */
  sessionKeyTtlSeconds?: number;
  /**
   * The clock, in milliseconds since the epoch. Default `Date.now`. POST /api/sandbox/clock
   * moves the sandbox's time ahead of it.
   */
  now?: () => number;
  /** Called with every unexpected exception (the client gets a 500 without details). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * Time between a payment's steps (pending → batched → settled). Default 2000. On the real
   * clock timers take them; with `now` given, call `runDue()` after moving your clock.
   */
  settleStepMs?: number;
  /**
   * When payments take their steps. `'steps'` (the default): each `settleStepMs` after the
   * previous one. `'banking'`: as ACH does, on the Federal Reserve's banking days, on the
   * sandbox's clock: batched at the first 16:00 New York cutoff of a banking day after the
   * payment was made, and settled at 09:00 New York time on the day `expectedSettlement(createdAt)`
   * names; a magic amount's ending (a return, a failure) comes at that moment instead, and
   * `1010`'s late return ten calendar days after it settled.
   */
  settlement?: Settlement;
  /** Where payment events are POSTed. Default: the `state`'s; unset, nothing is delivered. */
  webhookUrl?: string;
  /** The webhook validation key events are signed with. Default: the `state`'s, else random. */
  webhookKey?: string;
  /** Sends webhooks; defaults to the global fetch. */
  webhookFetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** A purchase without `jwtToken` is refused (400). Default false. */
  requireSignedCheckout?: boolean;
  /** One line per notable failure (a webhook given up on). Never a key. */
  log?: (line: string) => void;
  /**
   * Where to start from: a `snapshot()` of an earlier sandbox. Payments that had not ended take
   * their remaining steps, and pending deliveries their next attempt, on this sandbox's clock.
   * Options given win over what it holds (`jwtSecret`, `webhookUrl`, `webhookKey`); `apiKey` is
   * added as "Default" only when no kept key is that key, so a revoked one stays revoked. A
   * state that does not parse, or that holds another `merchantId`, is a ConfigError.
   */
  state?: SandboxState;
  /**
   * Called whenever the state may have changed: after each request, dashboard action and step
   * on the clock. Save a `snapshot()` then, coalescing: it comes often.
   */
  onChange?: () => void;
}

/**
 * The whole payments service in one object: `handle(request)` answers every endpoint as the
 * service does, and the rest reads and drives it the way the merchant dashboard would, for tests.
 */
export interface Sandbox {
  /** The seeded merchant's id: session keys, purchases and checkout tokens are for it. */
  readonly merchantId: string;
  /** The seeded API key, one of `apiKeys`. */
  readonly apiKey: string;
  /** Every API key of the merchant, newest last: names, prefixes and use, never the keys. */
  readonly apiKeys: readonly ApiKeyInfo[];
  /**
   * Makes a named API key, as the dashboard's API Keys tab does: the returned secret is the
   * only time the full key is shown. A name is 1 to 64 printable characters.
   */
  createApiKey(name: string): { key: ApiKeyInfo; secret: string };
  /** Revokes a key by id: from then on it is a 401. Undefined for an unknown id. */
  revokeApiKey(id: string): ApiKeyInfo | undefined;
  /**
   * Whether a key would be accepted now (`live`), was revoked, or is not one of this merchant's
   * (`unknown`). Marks nothing as used.
   */
  apiKeyStatus(key: string): Promise<ApiKeyStatus>;
  /**
   * The whole service: answers any request the way the service does. A transport that has the
   * connection passes what it knows of it, `connection.remoteAddress` (the Node server does):
   * a purchase's debit authorization is kept with it; without it, with `remoteAddress: null`.
   */
  handle(request: Request, connection?: SandboxConnection): Promise<Response>;
  /** Payer events received through POST /api/events, in order: each kept 30 days. */
  readonly events: readonly PayerEvent[];
  /**
   * Payments created through POST /api/checkout/ach/{merchantId}, in order: each kept 90 days
   * after its last change (the sandbox's clock).
   */
  readonly payments: readonly SandboxPayment[];
  /**
   * Webhook deliveries with their attempts, oldest first: each kept as long as its event. Each
   * read is a copy as they are then; read again to see later attempts.
   */
  readonly deliveries: readonly WebhookDelivery[];
  /** The key webhooks are signed with: give it to your webhook handler. */
  readonly webhookKey: string;
  /**
   * The key the last `rollWebhookKey()` replaced, and when it stops signing (ISO 8601), while
   * it still signs beside `webhookKey`; undefined otherwise.
   */
  readonly previousWebhookKey: { key: string; expiresAt: string } | undefined;
  /** Where payment events go; unset, nothing is delivered. */
  readonly webhookUrl: string | undefined;

  // The merchant dashboard's actions (the console calls these; so may tests). An unknown id or
  // an action that cannot apply throws an error whose message says why.

  /** Points webhooks at another http(s) URL for what follows; undefined stops delivery. */
  setWebhookUrl(url: string | undefined): void;
  /**
   * Makes a new webhook validation key and returns it; later deliveries are signed with it
   * alone, at once (the key a roll replaced stops signing too).
   */
  regenerateWebhookKey(): string;
  /**
   * Rolls the webhook validation key, as POST /api/merchant/webhook-key/roll does: returns a
   * new key; for the next 24 hours (the sandbox's clock, WEBHOOK_KEY_OVERLAP_MS) every delivery
   * carries two signatures, `t=…,v1={old},v1={new}`, then the new one only. A second roll within
   * them replaces the old key with the one it rolls.
   */
  rollWebhookKey(): string;
  /** Delivers a signed `Test` event to the webhook URL. */
  sendTestWebhook(): WebhookDelivery;
  /** Delivers a delivery's event again (the same event id, a fresh signature), as a new delivery. */
  resendDelivery(deliveryId: string): WebhookDelivery;
  /**
   * Moves a payment that has not ended to `settled`, `returned` or `failed` now, through the
   * steps between, each announced by webhook; its scheduled steps are dropped (a 1010 payment
   * settled this way is still returned ten days later). A settled payment can be returned
   * (a late return). A return carries `returnCode`, any code a WEB debit can come back with
   * (`WEB_DEBIT_RETURN_CODES`; R01 unless given); another code is an error naming returnCode.
   */
  advancePayment(
    paymentId: string,
    to: PaymentEnding,
    options?: { returnCode?: WebDebitReturnCode },
  ): SandboxPayment;
  /**
   * Refunds a whole payment, as POST /api/merchant/payments/{paymentId}/refund does: a pending
   * or batched one is cancelled (its scheduled steps never run), a settled one credited back;
   * the Refunded webhook goes out. A returned, failed or refunded payment cannot be refunded.
   */
  refundPayment(paymentId: string): SandboxPayment;
  /** Every customer the sandbox has seen, oldest first. */
  readonly customers: readonly CustomerView[];
  /** Turns a customer's block, verification and chargeback protection on or off. */
  updateCustomer(customerId: string, changes: CustomerChanges): CustomerView;
  /**
   * Adds a bank account after the customer's others, with every field of the service's record
   * and a token no other account of the customer has; `account` may set its alias, last4 and
   * RTP eligibility. The customer pays from it at once; it never declines.
   */
  addBankAccount(customerId: string, account?: NewBankAccount): BankAccount;
  /** The merchant's withdrawals, as GET /api/merchant/withdraws lists them. */
  readonly withdrawals: readonly Withdrawal[];
  /**
   * Runs what is due on the sandbox's clock (payment steps, webhook attempts, and letting go of
   * what aged out) and resolves when it is done, with how many payment steps and webhook
   * attempts ran. For tests that pass `now` and move it. It runs at your clock's time, which has
   * already passed those moments: a payment step is stamped when it was due, but a webhook
   * attempt is made (and signed, with the keys valid) now, and its retries fall due from now. To
   * have each happen at its own moment, move the sandbox's time with `advanceClock()` instead.
   */
  runDue(): Promise<number>;
  /** The sandbox's time (ISO 8601 with milliseconds), as GET /api/sandbox/clock answers it. */
  readonly time: string;
  /**
   * Moves the sandbox's time forward, as POST /api/sandbox/clock and the console's Advance do:
   * `advanceMs` is a whole number from 1 to 400 days' worth (else it rejects naming advanceMs,
   * and the time stays). Runs every step and delivery attempt that falls due inside the move,
   * retries included, in time order, each at its own moment: the time reads that moment while
   * it runs, and a webhook is signed then, with the keys valid then. Resolves with the new time
   * and how many ran. The move is kept: time never moves back.
   */
  advanceClock(advanceMs: number): Promise<{ now: string; ran: number }>;
  /** A checkout token for this purchase, as POST /api/checkout/jwt-token signs it. */
  mintCheckoutToken(request: CheckoutTokenRequest): Promise<string>;
  /**
   * A session key for this customer (creating the customer if new), as the service signs it.
   * `expiresInSeconds` makes a key that expires that many seconds from now (negative: already
   * expired), issued a full lifetime before its expiry.
   */
  mintSessionKey(customerId: string, options?: { expiresInSeconds?: number }): Promise<string>;
  /**
   * Forgets customers, events, payments, deliveries, idempotency keys and pending steps; keeps
   * merchant, keys, secrets and the time (which never moves back).
   */
  reset(): void;
  /**
   * Everything a restart keeps, as plain versioned JSON (a copy): API keys as SHA-256 digests,
   * the signing secrets, webhook settings, customers, payer events, payments with their history,
   * deliveries, idempotency records, paid checkout tokens and withdrawals. Start a sandbox from
   * it with `createSandbox({ state })`. Asynchronous because key digests come from Web Crypto.
   */
  snapshot(): Promise<SandboxState>;
}

/** What a transport knows of the connection a request came over. */
export interface SandboxConnection {
  /** The client's IP address, as the socket reports it (such as `127.0.0.1`). */
  remoteAddress?: string;
}

/** The seeded merchant's id when `merchantId` (or `SANDBOX_MERCHANT_ID`) is not given. */
export const DEFAULT_MERCHANT_ID = 'merchant_sandbox';
/**
 * The seeded merchant's API key (named "Default") when `apiKey` (or `SANDBOX_API_KEY`) is not
 * given. It works against a sandbox only.
 */
export const DEFAULT_API_KEY = 'sk_sandbox_local_0000000000000000';
/** How long a new session key is valid by default: 24 hours, as the service's. */
export const DEFAULT_SESSION_KEY_TTL_SECONDS = 86_400;
