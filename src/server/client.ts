// The merchant's server client: createMerchantClient checks its options and puts the client
// together from one file per resource of the service (resources/), each a few calls over one
// request function that sends the API key and scrubs it from every error (src/core/api-key.ts).
import { checkApiKey, createApiKeyHttp, scrubbingKey } from '../core/api-key.js';
import type { Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import type { FetchLike, RetryPolicy } from '../core/http.js';
import { messages } from '../core/messages.js';
import type {
  BuyerChallengeEvent,
  CheckoutTokenRequest,
  PayerEvent,
  PaymentDetails,
  SignInEvent,
  SignInFailureEvent,
  SignUpEvent,
  Withdrawal,
  WebhookKeyInForce,
} from '../core/schemas.js';
import { serverMessages } from './messages.js';
import { eventCalls, type ListEventsOptions } from './resources/events.js';
import { payerEventCalls, type EventFields } from './resources/payer-events.js';
import { paymentCalls, type CheckoutToken } from './resources/payments.js';
import { refundCalls, type RefundOptions } from './resources/refunds.js';
import {
  sessionKeyCalls,
  type SessionKey,
  type SessionKeyOptions,
} from './resources/session-keys.js';
import { webhookKeyCalls } from './resources/webhook-keys.js';
import { withdrawalCalls } from './resources/withdrawals.js';
import type { WebhookEvent } from './webhooks.js';

export type { CheckoutToken, ListEventsOptions, RefundOptions, SessionKey, SessionKeyOptions };

/** What createMerchantClient takes. */
export interface MerchantClientOptions {
  /** The merchant API key. Kept in a closure: never a property, never in an error. */
  apiKey: string;
  /** Which service: `local` (the sandbox command), `sandbox` or `prod`. */
  env: Env;
  /** Overrides the env's address. */
  baseUrl?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Per attempt; defaults to 15 000. */
  timeoutMs?: number;
  /**
   * How reads and refunds retry network faults and 5xx answers; defaults to 2 retries from
   * 300 ms.
   */
  retry?: Partial<RetryPolicy>;
  /** Lets the client start where `window` or `document` exists (jsdom tests). Never in a page. */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * The merchant's server client, from createMerchantClient. Every error it throws or rejects with
 * is one of the library's (ConfigError, ServiceError, NetworkError, ResponseValidationError) and
 * never carries the API key.
 */
export interface MerchantClient {
  /** The service address requests go to. */
  readonly baseUrl: string;
  /** GET /api/auth/session-key for one customer. Retries network faults and 5xx. */
  getSessionKey(customerId: string, options?: SessionKeyOptions): Promise<SessionKey>;
  /** GET /api/merchant/withdraws. Retries network faults and 5xx. */
  listWithdrawals(): Promise<Withdrawal[]>;
  /**
   * POST /api/checkout/jwt-token: the purchase your server decided, signed by the service, for
   * `<Checkout jwtToken>`. Bind it to the customer with `customerId`. Never retried on its own.
   */
  createCheckoutToken(request: CheckoutTokenRequest): Promise<CheckoutToken>;
  /**
   * GET /api/merchant/payments/{paymentId}: what the service knows of a payment, now, with the
   * debit authorization the payer accepted, whole (null when the purchase sent none; absent
   * where the service does not say). Keep that authorization with the order.
   */
  getPayment(paymentId: string): Promise<PaymentDetails>;
  /**
   * POST /api/merchant/payments/{paymentId}/refund: refunds the whole payment (a pending or
   * batched one never settles, a settled one is credited back) and returns it, `refunded`. Sent
   * with an Idempotency-Key, so network faults and 5xx are retried with that same key, and the
   * payment is refunded once. A payment that cannot be refunded is a 409 `conflict`.
   */
  refundPayment(paymentId: string, options?: RefundOptions): Promise<PaymentDetails>;
  /**
   * GET /api/merchant/events, page after page: every event after `after` (the id of the last
   * event you applied; from the first event without it), oldest first, typed and checked as
   * `verifyWebhook` types a delivery. Use it to catch up after your webhook route was down:
   * `for await (const event of merchant.listEvents({ after }))`. The next page is read only when
   * the loop reaches it; each page is a read, retried on network faults and 5xx. An unknown
   * `after` is the service's 400. The service keeps events at least 30 days.
   */
  listEvents(options?: ListEventsOptions): AsyncIterable<WebhookEvent>;
  /**
   * POST /api/merchant/webhook-key/roll: a new webhook key. For the next 24 hours the service
   * signs every delivery with the old key and the new one, so verify with both
   * (`verifyWebhook(raw, header, [newKey, oldKey])`) until your servers all have the new one.
   * Never retried on its own: a repeat would roll again.
   */
  rollWebhookKey(): Promise<{
    /** The new webhook key: give it to your webhook route beside the old one. */
    key: string;
  }>;
  /**
   * GET /api/merchant/webhook-key: the keys that sign deliveries now, the current one first,
   * then the one a roll replaced while it still signs (its `endsAt` set). Read them at start-up,
   * or when a delivery fails verification, to recover from a roll whose answer was lost:
   * `verifyWebhook(raw, header, (await merchant.webhookKeys()).map(({ key }) => key))`. A read,
   * retried on network faults and 5xx.
   */
  webhookKeys(): Promise<WebhookKeyInForce[]>;
  /** POST /api/events. Checked before sending; never retried on its own. */
  sendEvent(event: PayerEvent): Promise<void>;
  /** POST /api/events with `eventType: 'SignUp'`: a payer made an account. */
  signUp(event: EventFields<SignUpEvent>): Promise<void>;
  /** POST /api/events with `eventType: 'SignIn'`: a payer signed in. */
  signIn(event: EventFields<SignInEvent>): Promise<void>;
  /** POST /api/events with `eventType: 'SignInFailure'`: a sign-in failed. */
  signInFailure(event: EventFields<SignInFailureEvent>): Promise<void>;
  /**
   * POST /api/events with `eventType: 'BuyerChallenge'`: a payer was challenged. Known values:
   * `type: 'thirdPartyKyc'`, `status: 'successfullyFulfilled'`. Any other
   * non-empty strings are sent as they are, for the service to judge.
   */
  buyerChallenge(event: EventFields<BuyerChallengeEvent>): Promise<void>;
}

/** True where a page's globals exist: the API key would be readable by anyone. */
export function looksLikeBrowser(scope: object = globalThis): boolean {
  const globals = scope as { window?: unknown; document?: unknown };
  return globals.window !== undefined || globals.document !== undefined;
}

/**
 * The merchant's client for your server: session keys, checkout tokens, payments, refunds, the
 * events feed, the webhook key, withdrawals and payer events. Throws a ConfigError naming the
 * first option that cannot work, before any request; refuses to start in a browser.
 */
export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError('options', messages.invalidOption('options', 'must be an object'));
  }
  const apiKey = checkApiKey(options.apiKey);
  // An option's value is echoed in its error (a baseUrl, say): the key may have been pasted there.
  return scrubbingKey(apiKey, () => {
    if (looksLikeBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigError('dangerouslyAllowBrowser', serverMessages.serverInBrowser());
    }
    checkTimeout(options.timeoutMs);
    checkRetry(options.retry);
    const { baseUrl, request } = createApiKeyHttp({
      apiKey,
      env: options.env,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      hints: { conflict: serverMessages.refundConflict() },
    });
    return {
      baseUrl,
      ...sessionKeyCalls(request),
      ...withdrawalCalls(request),
      ...paymentCalls(request),
      ...refundCalls(request),
      ...eventCalls(request),
      ...webhookKeyCalls(request),
      ...payerEventCalls(request),
    };
  });
}

function checkTimeout(timeoutMs: unknown): void {
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
  ) {
    throw new ConfigError(
      'timeoutMs',
      messages.invalidOption('timeoutMs', 'must be a positive number of milliseconds'),
    );
  }
}

function checkRetry(retry: unknown): void {
  if (retry === undefined) return;
  if (typeof retry !== 'object' || retry === null) {
    throw new ConfigError('retry', messages.invalidOption('retry', 'must be an object'));
  }
  for (const [name, value] of Object.entries(retry)) {
    if (!['retries', 'baseDelayMs', 'maxDelayMs'].includes(name)) {
      throw new ConfigError(
        `retry.${name}`,
        messages.invalidOption(
          `retry.${name}`,
          'is not an option (retries, baseDelayMs, maxDelayMs)',
        ),
      );
    }
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
      throw new ConfigError(
        `retry.${name}`,
        messages.invalidOption(`retry.${name}`, 'must be a whole number, 0 or more'),
      );
    }
  }
}
