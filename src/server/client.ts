import type * as z from 'zod/mini';
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError, ResponseValidationError } from '../core/errors.js';
import { isHeaderSafe, type Credentials, type Wallet } from '../core/headers.js';
import { createHttpClient, type FetchLike, type RetryPolicy } from '../core/http.js';
import { messages } from '../core/messages.js';
import { serverMessages } from './messages.js';
import { readJwtClaims } from '../core/jwt.js';
import {
  buyerChallengeEventSchema,
  checkoutTokenClaimsSchema,
  checkoutTokenRequestSchema,
  checkoutTokenResponseSchema,
  paymentResponseSchema,
  type CheckoutTokenRequest,
  type Payment,
  eventResponseSchema,
  payerEventSchema,
  sessionKeyResponseSchema,
  signInEventSchema,
  signInFailureEventSchema,
  signUpEventSchema,
  withdrawalsResponseSchema,
  type BuyerChallengeEvent,
  type PayerEvent,
  type SignInEvent,
  type SignInFailureEvent,
  type SignUpEvent,
  type Withdrawal,
  walletSchema,
  EVENTS_PAGE_MAX_LIMIT,
  eventsPageSchema,
  webhookKeyRollResponseSchema,
} from '../core/schemas.js';
import { decodeSessionKey, expiresAt } from '../core/session-key.js';
import { checkOption, validate } from '../core/validate.js';
import { redactSecret } from './redact.js';
import { typedEvent, type WebhookEvent } from './webhooks.js';
import { createSandboxCalls, type SandboxCalls } from './sandbox-calls.js';

export interface MerchantClientOptions {
  /** The merchant API key. Kept in a closure: never a property, never in an error. */
  apiKey: string;
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

export interface SessionKeyOptions {
  /** A Web3 customer's wallet: sends x-service-auth-blockchain and x-service-auth-wallet. */
  wallet?: Wallet;
  /**
   * A key the service refused. The client always mints a new key, so it ignores this; a
   * session-key cache evicts the key it holds when it is this one.
   */
  rejectedKey?: string;
}

export interface SessionKey {
  /** The session key to hand to the customer's page. */
  key: string;
  customerId: string;
  /** Milliseconds since the epoch at which the key stops working (its `exp`). */
  expiresAt: number;
}

type EventFields<E> = Omit<E, 'eventType'>;

export interface RefundOptions {
  /**
   * Makes the refund safe to send again: the service answers a repeat with the same key with
   * the first refund. Default: a new key (crypto.randomUUID) for each call.
   */
  idempotencyKey?: string;
}

export interface ListEventsOptions {
  /** The id of the last event you applied; left out, the first event the service kept. */
  after?: string;
  /** Events asked for per page, 1 to 100. Default 100. */
  pageSize?: number;
}

export interface CheckoutToken {
  /** The signed token to render into the page as `<Checkout jwtToken>`. */
  token: string;
  /** Milliseconds since the epoch after which the service refuses it. */
  expiresAt: number;
}

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
  /** GET /api/merchant/payments/{paymentId}: what the service knows of a payment, now. */
  getPayment(paymentId: string): Promise<Payment>;
  /**
   * POST /api/merchant/payments/{paymentId}/refund: refunds the whole payment (a pending or
   * batched one never settles, a settled one is credited back) and returns it, `refunded`. Sent
   * with an Idempotency-Key, so network faults and 5xx are retried with that same key, and the
   * payment is refunded once. A payment that cannot be refunded is a 409 `conflict`.
   */
  refundPayment(paymentId: string, options?: RefundOptions): Promise<Payment>;
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
  rollWebhookKey(): Promise<{ key: string }>;
  /** POST /api/events. Checked before sending; never retried on its own. */
  sendEvent(event: PayerEvent): Promise<void>;
  signUp(event: EventFields<SignUpEvent>): Promise<void>;
  signIn(event: EventFields<SignInEvent>): Promise<void>;
  signInFailure(event: EventFields<SignInFailureEvent>): Promise<void>;
  /**
   * Known values: `type: 'thirdPartyKyc'`, `status: 'successfullyFulfilled'`. Any other
   * non-empty strings are sent as they are, for the service to judge.
   */
  buyerChallenge(event: EventFields<BuyerChallengeEvent>): Promise<void>;
  /**
   * Sandbox only (env `local` or `sandbox`): its clock, read and moved. On a `prod` client each
   * call rejects with a ConfigError before sending anything.
   */
  readonly sandbox: SandboxCalls;
}

/** True where a page's globals exist: the API key would be readable by anyone. */
export function looksLikeBrowser(scope: object = globalThis): boolean {
  const globals = scope as { window?: unknown; document?: unknown };
  return globals.window !== undefined || globals.document !== undefined;
}

export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError('options', messages.invalidOption('options', 'must be an object'));
  }
  const apiKey = checkApiKey(options.apiKey);
  try {
    return buildClient(options, apiKey);
  } catch (error) {
    throw redactSecret(error, apiKey);
  }
}

function buildClient(options: MerchantClientOptions, apiKey: string): MerchantClient {
  if (looksLikeBrowser() && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigError('dangerouslyAllowBrowser', serverMessages.serverInBrowser());
  }
  const baseUrl = resolveBaseUrl(options.env, options.baseUrl);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigError('fetch', messages.invalidOption('fetch', 'must be a function'));
  }
  const { timeoutMs } = options;
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
  ) {
    throw new ConfigError(
      'timeoutMs',
      messages.invalidOption('timeoutMs', 'must be a positive number of milliseconds'),
    );
  }
  checkRetry(options.retry);

  const http = createHttpClient({
    baseUrl,
    fetch: options.fetch,
    timeoutMs,
    retry: options.retry,
    hints: {
      unauthorized: serverMessages.apiKeyRejected(),
      conflict: serverMessages.refundConflict(),
    },
  });
  const merchant = (extra: Omit<Extract<Credentials, { kind: 'apiKey' }>, 'kind' | 'apiKey'>) =>
    ({ kind: 'apiKey', apiKey, ...extra }) as const;

  // Every error leaves through here, with the key scrubbed from it and its causes.
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        throw redactSecret(error, apiKey);
      }
    };

  async function getSessionKey(
    customerId: string,
    sessionOptions: SessionKeyOptions = {},
  ): Promise<SessionKey> {
    checkHeaderValue('customerId', customerId);
    const wallet =
      sessionOptions?.wallet === undefined
        ? undefined
        : checkOption('wallet', walletSchema, sessionOptions.wallet);
    const { key } = await http.request({
      method: 'GET',
      path: '/api/auth/session-key',
      credentials: merchant({ userId: customerId, wallet }),
      schema: sessionKeyResponseSchema,
    });
    let claims;
    try {
      claims = decodeSessionKey(key);
    } catch (error) {
      const problem = error instanceof Error ? error.message : 'is not a session key';
      throw new ResponseValidationError('GET /api/auth/session-key', [{ path: 'key', problem }]);
    }
    if (claims.customerId !== customerId) {
      throw new ResponseValidationError('GET /api/auth/session-key', [
        { path: 'key', problem: serverMessages.sessionKeyForOtherCustomer() },
      ]);
    }
    return { key, customerId, expiresAt: expiresAt(claims) };
  }

  async function listWithdrawals(): Promise<Withdrawal[]> {
    return http.request({
      method: 'GET',
      path: '/api/merchant/withdraws',
      credentials: merchant({}),
      schema: withdrawalsResponseSchema,
    });
  }

  async function createCheckoutToken(request: CheckoutTokenRequest): Promise<CheckoutToken> {
    const requestCheck = validate(checkoutTokenRequestSchema, request);
    if (!requestCheck.ok) {
      const issue = requestCheck.issues[0]!;
      const field = issue.path || 'request';
      throw new ConfigError(field, messages.invalidOption(field, issue.problem));
    }
    const { checkoutJwtToken } = await http.request({
      method: 'POST',
      path: '/api/checkout/jwt-token',
      credentials: merchant({}),
      schema: checkoutTokenResponseSchema,
      body: requestCheck.value,
    });
    const read = readJwtClaims(checkoutJwtToken, checkoutTokenClaimsSchema);
    if (!read.ok) {
      throw new ResponseValidationError('POST /api/checkout/jwt-token', [
        { path: 'checkoutJwtToken', problem: read.reason },
      ]);
    }
    return { token: checkoutJwtToken, expiresAt: read.claims.exp * 1000 };
  }

  async function getPayment(paymentId: string): Promise<Payment> {
    checkHeaderValue('paymentId', paymentId);
    const { payment } = await http.request({
      method: 'GET',
      path: `/api/merchant/payments/${encodeURIComponent(paymentId)}`,
      credentials: merchant({}),
      schema: paymentResponseSchema,
    });
    return payment;
  }

  async function refundPayment(
    paymentId: string,
    refundOptions: RefundOptions = {},
  ): Promise<Payment> {
    checkHeaderValue('paymentId', paymentId);
    const idempotencyKey = refundOptions?.idempotencyKey ?? globalThis.crypto.randomUUID();
    checkHeaderValue('idempotencyKey', idempotencyKey);
    const { payment } = await http.request({
      method: 'POST',
      path: `/api/merchant/payments/${encodeURIComponent(paymentId)}/refund`,
      credentials: merchant({}),
      schema: paymentResponseSchema,
      idempotencyKey,
      // With the key, a repeat answers the first refund: a fault is retried, as a read is.
      repeatable: true,
    });
    return payment;
  }

  function checkPageSize(pageSize: unknown): number {
    if (pageSize === undefined) return EVENTS_PAGE_MAX_LIMIT;
    if (
      typeof pageSize !== 'number' ||
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > EVENTS_PAGE_MAX_LIMIT
    ) {
      throw new ConfigError(
        'pageSize',
        messages.invalidOption(
          'pageSize',
          `must be a whole number from 1 to ${EVENTS_PAGE_MAX_LIMIT}`,
        ),
      );
    }
    return pageSize;
  }

  /** One page of events after `after`, each typed. */
  async function eventsPage(after: string | undefined, pageSize: number) {
    const query = new URLSearchParams({
      ...(after !== undefined && { after }),
      limit: String(pageSize),
    });
    const page = await http.request({
      method: 'GET',
      path: `/api/merchant/events?${query}`,
      credentials: merchant({}),
      schema: eventsPageSchema,
    });
    const events = page.events.map((event, index) =>
      typedEvent(event, 'GET /api/merchant/events', `events.${index}`),
    );
    return { events, hasMore: page.hasMore };
  }

  async function* listEvents(listOptions: ListEventsOptions = {}): AsyncGenerator<WebhookEvent> {
    let after = listOptions?.after;
    if (after !== undefined) checkHeaderValue('after', after);
    const pageSize = checkPageSize(listOptions?.pageSize);
    const readPage = guarded(eventsPage);
    for (;;) {
      const page = await readPage(after, pageSize);
      yield* page.events;
      const last = page.events.at(-1);
      // A page with more to come always ends with an event; without one, nothing follows.
      if (!page.hasMore || last === undefined) return;
      after = last.id;
    }
  }

  async function rollWebhookKey(): Promise<{ key: string }> {
    const { key } = await http.request({
      method: 'POST',
      path: '/api/merchant/webhook-key/roll',
      credentials: merchant({}),
      schema: webhookKeyRollResponseSchema,
    });
    return { key };
  }

  async function postPayerEvent(
    method: string,
    schema: z.ZodMiniType,
    event: unknown,
  ): Promise<void> {
    const eventCheck = validate(schema, event);
    if (!eventCheck.ok) {
      const issue = eventCheck.issues[0] ?? { path: '', problem: 'is not a payer event' };
      const field = issue.path || 'event';
      throw new ConfigError(field, serverMessages.eventInvalid(method, field, issue.problem));
    }
    await http.request({
      method: 'POST',
      path: '/api/events',
      credentials: merchant({}),
      schema: eventResponseSchema,
      body: eventCheck.value,
    });
  }

  const payerEventSender =
    <E>(method: string, eventType: PayerEvent['eventType'], schema: z.ZodMiniType) =>
    (event: EventFields<E>) =>
      postPayerEvent(method, schema, { ...eventObject(method, event), eventType });

  const sandbox = createSandboxCalls(options.env, http, merchant({}));

  return {
    baseUrl,
    getSessionKey: guarded(getSessionKey),
    listWithdrawals: guarded(listWithdrawals),
    createCheckoutToken: guarded(createCheckoutToken),
    getPayment: guarded(getPayment),
    refundPayment: guarded(refundPayment),
    listEvents,
    rollWebhookKey: guarded(rollWebhookKey),
    sendEvent: guarded((event: PayerEvent) =>
      postPayerEvent('sendEvent', payerEventSchema, eventObject('sendEvent', event)),
    ),
    signUp: guarded(payerEventSender<SignUpEvent>('signUp', 'SignUp', signUpEventSchema)),
    signIn: guarded(payerEventSender<SignInEvent>('signIn', 'SignIn', signInEventSchema)),
    signInFailure: guarded(
      payerEventSender<SignInFailureEvent>(
        'signInFailure',
        'SignInFailure',
        signInFailureEventSchema,
      ),
    ),
    buyerChallenge: guarded(
      payerEventSender<BuyerChallengeEvent>(
        'buyerChallenge',
        'BuyerChallenge',
        buyerChallengeEventSchema,
      ),
    ),
    sandbox: {
      clock: guarded(sandbox.clock),
      advanceClock: guarded(sandbox.advanceClock),
    },
  };
}

function eventObject(method: string, event: unknown): object {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new ConfigError(
      'event',
      serverMessages.eventInvalid(method, 'event', 'must be an object'),
    );
  }
  return event;
}

/**
 * Errors are scrubbed of every occurrence of the key. A real key is long and random, so it never
 * occurs by chance in other text; a short one ("x") would turn "example.com" into "e[redacted]…".
 */
const MIN_API_KEY_LENGTH = 16;

function checkApiKey(apiKey: unknown): string {
  // The value is never echoed: only its type or the kind of problem.
  if (typeof apiKey !== 'string') {
    throw new ConfigError(
      'apiKey',
      serverMessages.apiKeyInvalid(
        apiKey === undefined ? 'is required' : `must be a string, received ${typeof apiKey}`,
      ),
    );
  }
  if (apiKey.trim() === '')
    throw new ConfigError('apiKey', serverMessages.apiKeyInvalid('is empty'));
  if (apiKey !== apiKey.trim()) {
    throw new ConfigError(
      'apiKey',
      serverMessages.apiKeyInvalid(
        'has leading or trailing whitespace (a stray newline from a file?)',
      ),
    );
  }
  if (apiKey.length < MIN_API_KEY_LENGTH) {
    throw new ConfigError(
      'apiKey',
      serverMessages.apiKeyInvalid(
        `is shorter than ${MIN_API_KEY_LENGTH} characters, so it is not a real API key (a value that short would also be found in unrelated text when errors are scrubbed of it)`,
      ),
    );
  }
  if (!isHeaderSafe(apiKey)) {
    throw new ConfigError(
      'apiKey',
      serverMessages.apiKeyInvalid('contains characters a header cannot carry'),
    );
  }
  return apiKey;
}

function checkHeaderValue(name: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') {
    throw new ConfigError(
      name,
      messages.invalidOption(name, `must be a non-empty string, received ${describeType(value)}`),
    );
  }
  if (!isHeaderSafe(value)) {
    throw new ConfigError(
      name,
      messages.invalidOption(
        name,
        'must be sendable in a header: no control characters, no characters above U+00FF, no surrounding spaces (encode it, for example as a UUID or base64url)',
      ),
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

function describeType(value: unknown): string {
  if (value === '') return 'an empty string';
  if (value === null) return 'null';
  return typeof value;
}
