// The whole service as one fetch handler: `handle(Request) => Promise<Response>`.
import { canonicalJson } from '../core/canonical-json.js';
import { ConfigError, formatIssues } from '../core/errors.js';
import { BLOCKCHAINS, HEADER, type Blockchain } from '../core/headers.js';
import { messages } from '../core/messages.js';
import {
  checkoutRequestSchema,
  checkoutTokenRequestSchema,
  clockAdvanceRequestSchema,
  NOT_BLOCKED,
  payerEventSchema,
  refundRequestSchema,
  type BankAccount,
  type CheckoutTokenRequest,
  type PayerEvent,
  type Withdrawal,
} from '../core/schemas.js';
import {
  signCheckoutToken,
  verifyCheckoutToken,
  type VerifiedCheckoutToken,
} from './checkout-tokens.js';
import {
  eventTypeFor,
  paymentView,
  refundRefusal,
  remainingSteps,
  stepsFor,
  stepsTo,
  type PaymentEnding,
  type PaymentStep,
  type SandboxPayment,
} from './payments.js';
import { createScheduler, type Scheduler } from './scheduler.js';
import { parseSandboxState, SANDBOX_STATE_VERSION, type SandboxState } from './state.js';
import { createWebhookSender, type WebhookDelivery } from './webhooks.js';
import { validate } from '../core/validate.js';
import {
  addBankAccount as addCustomerBankAccount,
  changeCustomer,
  createCustomer,
  customerView,
  hasMagic,
  MAGIC,
  MAX_BANK_ACCOUNTS,
  recordWallet,
  type CustomerChanges,
  type CustomerState,
  type CustomerView,
  newBankAccountProblems,
  type NewBankAccount,
  type SandboxWallet,
} from './customers.js';
import { createApiKeyStore, type ApiKeyInfo, type ApiKeyStatus } from './api-keys.js';
import { DEVICE_SCRIPT } from './device-script.js';
import {
  corsHeaders,
  errorResponse,
  HttpError,
  internalErrorResponse,
  invalidFields,
  json,
  preflightResponse,
  readJson,
  readOptionalJson,
  withHeaders,
} from './http.js';
import { bytesOfHex, hashHex, hexOf, randomHex } from './ids.js';
import { randomSecret, secretBytes, signSessionKey, verifySessionKey } from './session-keys.js';

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

export interface Sandbox {
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
  /** The whole service: answers any request the way the service does. */
  handle(request: Request): Promise<Response>;
  /** Payer events received through POST /api/events, in order. */
  readonly events: readonly PayerEvent[];
  /** Payments created through POST /api/checkout/ach/{merchantId}, in order. */
  readonly payments: readonly SandboxPayment[];
  /** Every webhook delivery with its attempts, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
  /** The key webhooks are signed with: give it to your webhook handler. */
  readonly webhookKey: string;
  /** Where payment events go; unset, nothing is delivered. */
  readonly webhookUrl: string | undefined;

  // The merchant dashboard's actions (the console calls these; so may tests). An unknown id or
  // an action that cannot apply throws an error whose message says why.

  /** Points webhooks at another http(s) URL for what follows; undefined stops delivery. */
  setWebhookUrl(url: string | undefined): void;
  /** Makes a new webhook validation key and returns it; later deliveries are signed with it. */
  regenerateWebhookKey(): string;
  /** Delivers a signed `Test` event to the webhook URL. */
  sendTestWebhook(): WebhookDelivery;
  /** Delivers a delivery's event again (the same event id, a fresh signature), as a new delivery. */
  resendDelivery(deliveryId: string): WebhookDelivery;
  /**
   * Moves a payment that has not ended to `settled`, `returned` or `failed` now, through the
   * steps between, each announced by webhook; its scheduled steps are dropped.
   */
  advancePayment(paymentId: string, to: PaymentEnding): SandboxPayment;
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
   * Runs what is due on the sandbox's clock (payment steps, webhook attempts) and resolves
   * when it is done, with how many ran. For tests that pass `now` and move it.
   */
  runDue(): Promise<number>;
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

export const DEFAULT_MERCHANT_ID = 'merchant_sandbox';
export const DEFAULT_API_KEY = 'sk_sandbox_local_0000000000000000';
export const DEFAULT_SESSION_KEY_TTL_SECONDS = 86_400;

const MAX_HEADER_ID_LENGTH = 255;
/** The sandbox's time keeps four-digit years, the ISO 8601 timestamps every schema reads. */
const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

type Auth = 'apiKey' | 'sessionKey' | 'none';

interface Context {
  request: Request;
  params: Record<string, string>;
  /** The session key's customer, on session-key routes. */
  customer?: CustomerState;
}

interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  handle: (context: Context) => Promise<Response> | Response;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  paramNames: string[];
}

interface IdempotentPayment {
  fingerprint: string;
  paymentId: string;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = options.state === undefined ? undefined : stateOption(options.state);
  const merchantId = nonEmptyOption(
    'merchantId',
    options.merchantId,
    state?.merchantId ?? DEFAULT_MERCHANT_ID,
  );
  if (state && merchantId !== state.merchantId) {
    throw new ConfigError(
      'merchantId',
      messages.invalidOption(
        'merchantId',
        `must be the state's merchant, ${JSON.stringify(state.merchantId)}, whose keys, customers and payments it holds`,
      ),
    );
  }
  const apiKey = nonEmptyOption('apiKey', options.apiKey, DEFAULT_API_KEY);
  // Kept across restarts so that session keys issued before one still verify.
  const keptSessionSecret = state ? bytesOfHex(state.secrets.sessionKeys) : randomSecret();
  const secret =
    options.jwtSecret === undefined
      ? keptSessionSecret
      : secretBytes(nonEmptyOption('jwtSecret', options.jwtSecret, ''));
  const latencyMs = numberOption('latencyMs', options.latencyMs, 0, 0);
  const ttlSeconds = numberOption(
    'sessionKeyTtlSeconds',
    options.sessionKeyTtlSeconds,
    DEFAULT_SESSION_KEY_TTL_SECONDS,
    1,
  );
  const clock = options.now ?? Date.now;
  // How far POST /api/sandbox/clock has moved the sandbox's time past its clock; kept across
  // restarts, so that time never moves back.
  let clockOffsetMs = state?.clock.offsetMs ?? 0;
  const now = () => clock() + clockOffsetMs;
  const settleStepMs = numberOption('settleStepMs', options.settleStepMs, 2_000, 1);
  let webhookKey = nonEmptyOption(
    'webhookKey',
    options.webhookKey,
    state?.webhook.key ?? randomHex(32),
  );
  let webhookUrl =
    options.webhookUrl === undefined
      ? (state?.webhook.url ?? undefined)
      : urlOption('webhookUrl', options.webhookUrl);
  const checkoutSecret = state ? bytesOfHex(state.secrets.checkoutTokens) : randomSecret();
  const apiKeys = createApiKeyStore(now, state?.apiKeys);
  void apiKeys.seed('Default', apiKey).then(notifyChange);
  // With a clock of its own a test moves time and calls runDue(); otherwise timers do.
  const clockScheduler = createScheduler(now, { realTimers: options.now === undefined });
  // Every payment step and delivery attempt changes what a snapshot holds.
  const scheduler: Scheduler = {
    ...clockScheduler,
    at: (time, task) =>
      clockScheduler.at(time, async () => {
        try {
          await task();
        } finally {
          notifyChange();
        }
      }),
  };
  const webhooks = createWebhookSender({
    url: () => webhookUrl,
    key: () => webhookKey,
    scheduler,
    now,
    fetch: options.webhookFetch ?? ((input, init) => globalThis.fetch(input, init)),
    log: options.log,
    kept: state && { deliveries: state.deliveries, count: state.counters.deliveries },
  });

  let customers = new Map<string, CustomerState>(
    state?.customers.map(({ record, decliningTokens, needsVerification }) => [
      record.customerId,
      { record, decliningTokens: new Set(decliningTokens), needsVerification },
    ]),
  );
  let events: PayerEvent[] = state?.events ?? [];
  let payments: SandboxPayment[] = state?.payments ?? [];
  let idempotency = new Map<string, IdempotentPayment>(
    state?.idempotency.map(({ scope, ...payment }) => [scope, payment]),
  );
  // Checkout tokens that paid, by id: one token pays once.
  let paidTokens = new Map<string, string>(
    state?.paidTokens.map(({ tokenId, paymentId }) => [tokenId, paymentId]),
  );
  // Successful refunds by Idempotency-Key (one per merchant), to the payment each refunded.
  let refundKeys = new Map<string, string>(
    state?.refundKeys.map(({ idempotencyKey, paymentId }) => [idempotencyKey, paymentId]),
  );
  let eventCount = state?.counters.events ?? 0;
  let withdrawals = state?.withdrawals ?? seedWithdrawals(merchantId, now());
  // Payments that had not ended when the state was kept go on from where they were.
  for (const payment of payments) scheduleSteps(payment, remainingSteps(payment));

  // ---- The service's endpoints -------------------------------------------------------------

  const routes = compile([
    { method: 'GET', path: '/api/auth/session-key', auth: 'apiKey', handle: getSessionKey },
    { method: 'GET', path: '/api/customer/v2', auth: 'sessionKey', handle: getCustomer },
    { method: 'GET', path: '/api/merchant/withdraws', auth: 'apiKey', handle: listWithdrawals },
    { method: 'POST', path: '/api/events', auth: 'apiKey', handle: receiveEvent },
    { method: 'POST', path: '/api/checkout/ach/:merchantId', auth: 'sessionKey', handle: checkout },
    {
      method: 'POST',
      path: '/api/checkout/jwt-token',
      auth: 'apiKey',
      handle: createCheckoutToken,
    },
    {
      method: 'GET',
      path: '/api/merchant/payments/:paymentId',
      auth: 'apiKey',
      handle: getPayment,
    },
    {
      method: 'POST',
      path: '/api/merchant/payments/:paymentId/refund',
      auth: 'apiKey',
      handle: refund,
    },
    { method: 'GET', path: '/api/sandbox/clock', auth: 'apiKey', handle: readClock },
    { method: 'POST', path: '/api/sandbox/clock', auth: 'apiKey', handle: moveClock },
    { method: 'GET', path: '/chargeback/device.js', auth: 'none', handle: deviceScript },
  ]);

  async function getSessionKey({ request }: Context): Promise<Response> {
    const customerId = request.headers.get(HEADER.userId)?.trim();
    if (!customerId) {
      throw new HttpError(
        400,
        `${HEADER.userId} is required: send your own identifier for the customer (any string).`,
      );
    }
    if (customerId.length > MAX_HEADER_ID_LENGTH) {
      throw new HttpError(
        400,
        `${HEADER.userId} must be at most ${MAX_HEADER_ID_LENGTH} characters.`,
      );
    }
    const wallet = readWallet(request);
    const existing = customers.get(customerId);
    if (existing && wallet) recordWallet(existing, wallet);
    else ensureCustomer(customerId, wallet);
    return json(200, { key: await mintSessionKey(customerId) });
  }

  function getCustomer(context: Context): Response {
    return json(200, { customer: sessionCustomer(context).record });
  }

  function listWithdrawals(): Response {
    return json(200, withdrawals);
  }

  async function receiveEvent({ request }: Context): Promise<Response> {
    const parsed = validate(payerEventSchema, await readJson(request));
    if (!parsed.ok) throw invalidFields('Invalid payer event', parsed.issues);
    events.push(parsed.value);
    return json(200, {});
  }

  async function checkout(context: Context): Promise<Response> {
    const { request, params } = context;
    const customer = sessionCustomer(context);
    if (params.merchantId !== merchantId) {
      throw new HttpError(
        403,
        `This session key belongs to merchant ${JSON.stringify(merchantId)}, not ${JSON.stringify(params.merchantId)}.`,
      );
    }
    const idempotencyKey = readIdempotencyKey(request);
    const raw = await readJson(request);
    const signed = await signedPurchase(raw, customer);
    // With a token, its purchase fills in what the body left out (the body may send only it).
    const parsed = validate(
      checkoutRequestSchema,
      signed ? { ...(raw as object), ...signed.purchase } : raw,
    );
    if (!parsed.ok) throw invalidFields('Invalid checkout', parsed.issues);
    const body = parsed.value;
    const { record } = customer;

    if (record.isBlocked !== NOT_BLOCKED) {
      throw new HttpError(423, 'This customer is blocked and cannot pay this merchant.');
    }
    if (customer.needsVerification) {
      throw new HttpError(451, 'This customer must complete verification before paying.');
    }
    const deviceId = request.headers.get(HEADER.deviceId)?.trim() || undefined;
    if (!deviceId && (record.chargebackProtectionEnabled || body.chargebackProtectionData)) {
      const why = record.chargebackProtectionEnabled
        ? 'this customer has chargeback protection on'
        : 'chargebackProtectionData was sent';
      throw new HttpError(
        400,
        `${HEADER.deviceId} is required because ${why}: load the device-fingerprint script and send its device id.`,
      );
    }
    if (!record.bankAccounts.some((account) => account.token === body.token)) {
      throw invalidFields('Invalid checkout', [
        { path: 'token', problem: "must be the token of one of this customer's bank accounts" },
      ]);
    }
    if (customer.decliningTokens.has(body.token)) {
      throw new HttpError(402, 'The bank declined this payment.');
    }

    const scope = idempotencyKey && `${record.customerId}\u0000${idempotencyKey}`;
    const fingerprint = canonicalJson(raw);
    const previous = scope ? idempotency.get(scope) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new HttpError(
          409,
          'This Idempotency-Key was already used with a different body: use a new key for each purchase.',
        );
      }
      return json(200, { paymentId: previous.paymentId }, { 'idempotent-replayed': 'true' });
    }
    if (signed && paidTokens.has(signed.jti)) {
      throw new HttpError(
        409,
        'This checkout token has already paid: sign a new token for each purchase (POST /api/checkout/jwt-token).',
      );
    }

    const createdAt = new Date(now()).toISOString();
    const paymentId = `pay_${hashHex(`payment\u0000${merchantId}\u0000${payments.length}\u0000${createdAt}\u0000${fingerprint}`, 24)}`;
    const payment: SandboxPayment = {
      paymentId,
      merchantId,
      customerId: record.customerId,
      token: body.token,
      subtotal: body.subtotal,
      settlementType: body.settlementType,
      webhookInfo: body.webhookInfo,
      email: body.email,
      ...(body.chargebackProtectionData && {
        chargebackProtectionData: body.chargebackProtectionData,
      }),
      ...(deviceId && { deviceId }),
      ...(idempotencyKey && { idempotencyKey }),
      ...(signed && { checkoutTokenId: signed.jti }),
      status: 'pending',
      history: [{ status: 'pending', at: createdAt }],
      createdAt,
      updatedAt: createdAt,
    };
    payments.push(payment);
    if (scope) idempotency.set(scope, { fingerprint, paymentId });
    if (signed) paidTokens.set(signed.jti, paymentId);
    announce(payment);
    scheduleSteps(payment, stepsFor(payment.subtotal.cents));
    return json(200, { paymentId });
  }

  /**
   * The purchase a request's `jwtToken` carries, checked against the request: a field sent
   * beside the token must equal the token's. Without a token: undefined, or 400 when signed
   * checkouts are required.
   */
  async function signedPurchase(
    raw: unknown,
    customer: CustomerState,
  ): Promise<VerifiedCheckoutToken | undefined> {
    const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (body.jwtToken === undefined) {
      if (!options.requireSignedCheckout) return undefined;
      throw invalidFields('Invalid checkout', [
        {
          path: 'jwtToken',
          problem:
            'is required: this sandbox takes signed checkouts only (POST /api/checkout/jwt-token)',
        },
      ]);
    }
    if (typeof body.jwtToken !== 'string') {
      throw invalidFields('Invalid checkout', [{ path: 'jwtToken', problem: 'must be a string' }]);
    }
    const signed = await verifyCheckoutToken(checkoutSecret, body.jwtToken, {
      merchantId,
      nowMs: now(),
    });
    if (signed.customerId !== undefined && signed.customerId !== customer.record.customerId) {
      throw new HttpError(403, 'This checkout token is bound to another customer.');
    }
    const differing = Object.entries(signed.purchase)
      .filter(
        ([field, value]) => field in body && canonicalJson(body[field]) !== canonicalJson(value),
      )
      .map(([field]) => ({ path: field, problem: "differs from the checkout token's" }));
    if (differing.length > 0) throw invalidFields('Invalid checkout', differing);
    return signed;
  }

  async function createCheckoutToken({ request }: Context): Promise<Response> {
    const parsed = validate(checkoutTokenRequestSchema, await readJson(request));
    if (!parsed.ok) throw invalidFields('Invalid checkout token request', parsed.issues);
    return json(200, { checkoutJwtToken: await mintCheckoutToken(parsed.value) });
  }

  function mintCheckoutToken(tokenRequest: CheckoutTokenRequest): Promise<string> {
    return signCheckoutToken(checkoutSecret, tokenRequest, { merchantId, nowMs: now() });
  }

  function getPayment({ params }: Context): Response {
    return json(200, { payment: paymentView(merchantPayment(params.paymentId!)) });
  }

  /** Refunds the whole payment; a retry with the same Idempotency-Key answers the same refund. */
  async function refund({ request, params }: Context): Promise<Response> {
    const paymentId = params.paymentId!;
    const idempotencyKey = readIdempotencyKey(request);
    const body = await readOptionalJson(request);
    if (body !== undefined) {
      const parsed = validate(refundRequestSchema, body);
      if (!parsed.ok) throw invalidFields('Invalid refund', parsed.issues);
    }
    const refunded = idempotencyKey === undefined ? undefined : refundKeys.get(idempotencyKey);
    if (refunded !== undefined) {
      if (refunded !== paymentId) {
        throw new HttpError(
          409,
          `This Idempotency-Key was already used to refund payment ${refunded}: use a new key for each refund.`,
        );
      }
      const payment = merchantPayment(paymentId);
      return json(200, { payment: paymentView(payment) }, { 'idempotent-replayed': 'true' });
    }
    const payment = refundPayment(paymentId);
    if (idempotencyKey !== undefined) refundKeys.set(idempotencyKey, paymentId);
    return json(200, { payment: paymentView(payment) });
  }

  function readClock(): Response {
    return json(200, { now: new Date(now()).toISOString() });
  }

  /** Moves the sandbox's time forward and answers once everything that became due has run. */
  async function moveClock({ request }: Context): Promise<Response> {
    const parsed = validate(clockAdvanceRequestSchema, await readJson(request));
    if (!parsed.ok) throw invalidFields('Invalid clock move', parsed.issues);
    if (now() + parsed.value.advanceMs > LATEST_TIME_MS) {
      throw invalidFields('Invalid clock move', [
        { path: 'advanceMs', problem: 'would take the sandbox past the end of the year 9999' },
      ]);
    }
    clockOffsetMs += parsed.value.advanceMs;
    await scheduler.runDue();
    return json(200, { now: new Date(now()).toISOString() });
  }

  function merchantPayment(paymentId: string): SandboxPayment {
    const payment = payments.find((candidate) => candidate.paymentId === paymentId);
    if (!payment)
      throw new HttpError(404, `No payment ${JSON.stringify(paymentId)} of this merchant.`);
    return payment;
  }

  // ---- Payment lifecycle and webhooks ------------------------------------------------------

  /** Each step `settleStepMs` after the previous one, on the sandbox's clock. */
  function scheduleSteps(payment: SandboxPayment, steps: PaymentStep[]): void {
    const [next, ...rest] = steps;
    if (!next) return;
    const dueAt = Date.parse(payment.updatedAt) + settleStepMs;
    const from = payment.status;
    scheduler.at(dueAt, () => {
      // Moved along from the dashboard meanwhile: that path replaced this one.
      if (payment.status !== from) return;
      // Stamped when it was due: a clock that jumps runs every step it passed, each at its time.
      takeStep(payment, next, dueAt);
      scheduleSteps(payment, rest);
    });
  }

  function takeStep(payment: SandboxPayment, step: PaymentStep, atMs: number): void {
    const at = new Date(atMs).toISOString();
    payment.status = step.status;
    if (step.returnCode) payment.returnCode = step.returnCode;
    if (step.status === 'refunded') payment.refundedAt = at;
    payment.history.push({ status: step.status, at });
    payment.updatedAt = at;
    announce(payment);
  }

  // ---- The merchant dashboard -----------------------------------------------------------

  function advancePayment(paymentId: string, to: PaymentEnding): SandboxPayment {
    const payment = payments.find((candidate) => candidate.paymentId === paymentId);
    if (!payment) throw new HttpError(404, `No payment ${JSON.stringify(paymentId)}.`);
    const steps = stepsTo(payment.status, to);
    if (steps.length === 0) {
      throw new HttpError(
        409,
        `Payment ${paymentId} is already ${payment.status}: only a pending or batched payment moves.`,
      );
    }
    for (const step of steps) takeStep(payment, step, now());
    return payment;
  }

  function refundPayment(paymentId: string): SandboxPayment {
    const payment = merchantPayment(paymentId);
    const refusal = refundRefusal(payment);
    if (refusal) throw new HttpError(409, refusal);
    // Its scheduled steps see the status has moved on, and do nothing.
    takeStep(payment, { status: 'refunded' }, now());
    return payment;
  }

  function sendTestWebhook(): WebhookDelivery {
    const delivery = webhooks.send({
      id: nextEventId('test'),
      eventType: 'Test',
      created: new Date(now()).toISOString(),
      data: { message: 'A test event from the sandbox console.' },
    });
    if (!delivery) throw noWebhookUrl();
    return delivery;
  }

  function resendDelivery(deliveryId: string): WebhookDelivery {
    if (!webhooks.deliveries.some((delivery) => delivery.id === deliveryId)) {
      throw new HttpError(404, `No delivery ${JSON.stringify(deliveryId)}.`);
    }
    const delivery = webhooks.resend(deliveryId);
    if (!delivery) throw noWebhookUrl();
    return delivery;
  }

  function updateCustomer(customerId: string, changes: CustomerChanges): CustomerView {
    const customer = customers.get(customerId);
    if (!customer) throw new HttpError(404, `No customer ${JSON.stringify(customerId)}.`);
    changeCustomer(customer, changes);
    return customerView(customer);
  }

  function addBankAccount(customerId: string, account: NewBankAccount = {}): BankAccount {
    const customer = customers.get(customerId);
    if (!customer) throw new HttpError(404, `No customer ${JSON.stringify(customerId)}.`);
    if (customer.record.bankAccounts.length >= MAX_BANK_ACCOUNTS) {
      throw new HttpError(
        409,
        `Customer ${JSON.stringify(customerId)} already has ${MAX_BANK_ACCOUNTS} bank accounts, the most the sandbox keeps.`,
      );
    }
    const problems = newBankAccountProblems(account);
    if (problems.length > 0) throw invalidFields('Invalid bank account', problems);
    return addCustomerBankAccount(merchantId, customer, account);
  }

  /** The payment's current status, as a webhook event. */
  /** A new webhook event's id: numbered, so no two events share one, even across restarts. */
  function nextEventId(subject: string): string {
    eventCount += 1;
    return `evt_${hashHex(`event\u0000${merchantId}\u0000${eventCount}\u0000${subject}`, 24)}`;
  }

  function announce(payment: SandboxPayment): void {
    const event = {
      id: nextEventId(`${payment.paymentId}\u0000${payment.status}`),
      eventType: eventTypeFor(payment.status),
      created: payment.updatedAt,
      data: paymentView(payment),
    };
    webhooks.send(event, payment.paymentId);
  }

  function deviceScript(): Response {
    return new Response(DEVICE_SCRIPT, {
      status: 200,
      headers: {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
        ...corsHeaders(),
      },
    });
  }

  // ---- Authentication --------------------------------------------------------------------

  async function checkApiKey(request: Request): Promise<void> {
    const sent = request.headers.get(HEADER.apiKey);
    if (!sent) {
      throw new HttpError(401, `${HEADER.apiKey} is required: send the merchant API key.`);
    }
    const status = await apiKeys.use(sent);
    if (status === 'live') return;
    if (status === 'revoked') {
      throw new HttpError(401, `This API key was revoked: use another key of this merchant.`);
    }
    const unprefixed = sent.replace(/^bearer\s+/i, '');
    if (unprefixed !== sent && (await apiKeys.status(unprefixed)) === 'live') {
      throw new HttpError(
        401,
        `${HEADER.apiKey} must be the API key itself, without a "Bearer " prefix.`,
      );
    }
    throw new HttpError(401, `${HEADER.apiKey} is not an API key of this merchant.`);
  }

  async function authenticateCustomer(request: Request): Promise<CustomerState> {
    const key = request.headers.get(HEADER.sessionKey)?.trim();
    if (!key) {
      throw new HttpError(
        401,
        `${HEADER.sessionKey} is required: send the session key your server got from GET /api/auth/session-key.`,
      );
    }
    const claims = await verifySessionKey(secret, key, { merchantId, nowMs: now() });
    return ensureCustomer(claims.customerId, undefined);
  }

  // ---- State -----------------------------------------------------------------------------

  // Synchronous get-or-create: concurrent first requests for one user id share one record.
  function ensureCustomer(customerId: string, wallet: SandboxWallet | undefined): CustomerState {
    let customer = customers.get(customerId);
    if (!customer) {
      customer = createCustomer(merchantId, customerId, now(), wallet);
      customers.set(customerId, customer);
    }
    return customer;
  }

  async function mintSessionKey(
    customerId: string,
    mintOptions: { expiresInSeconds?: number } = {},
  ): Promise<string> {
    ensureCustomer(customerId, undefined);
    const nowSeconds = Math.floor(now() / 1000);
    // Keys for the expired-key customer expired a minute ago. Every key was issued a full
    // lifetime before its expiry, so `expiresInSeconds` gives a key near the end of its life.
    const exp = hasMagic(customerId, MAGIC.expiredSessionKey)
      ? nowSeconds - 60
      : nowSeconds + (mintOptions.expiresInSeconds ?? ttlSeconds);
    return signSessionKey(secret, { customerId, merchantId, iat: exp - ttlSeconds, exp });
  }

  // ---- Keeping the state -----------------------------------------------------------------

  function notifyChange(): void {
    // A caller's listener never turns an answer into a failure, nor stops a step on the clock.
    try {
      options.onChange?.();
    } catch (error) {
      options.log?.(`onChange failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A dashboard action: the caller hears of it, whether it changed something or refused. */
  function action<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      try {
        return run(...args);
      } finally {
        notifyChange();
      }
    };
  }

  async function snapshot(): Promise<SandboxState> {
    const keptKeys = await apiKeys.export();
    // One moment's copy, taken after the await: the caller may keep or change it freely.
    return structuredClone({
      version: SANDBOX_STATE_VERSION,
      merchantId,
      secrets: { sessionKeys: hexOf(keptSessionSecret), checkoutTokens: hexOf(checkoutSecret) },
      apiKeys: keptKeys,
      webhook: { url: webhookUrl ?? null, key: webhookKey },
      customers: [...customers.values()].map((customer) => ({
        record: customer.record,
        decliningTokens: [...customer.decliningTokens],
        needsVerification: customer.needsVerification,
      })),
      events,
      payments,
      deliveries: [...webhooks.deliveries],
      idempotency: [...idempotency].map(([scope, payment]) => ({ scope, ...payment })),
      paidTokens: [...paidTokens].map(([tokenId, paymentId]) => ({ tokenId, paymentId })),
      refundKeys: [...refundKeys].map(([idempotencyKey, paymentId]) => ({
        idempotencyKey,
        paymentId,
      })),
      withdrawals,
      counters: { events: eventCount, deliveries: webhooks.count },
      clock: { offsetMs: clockOffsetMs },
    });
  }

  // ---- Dispatch --------------------------------------------------------------------------

  async function dispatch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const matches = routes
      .map((route) => ({ route, params: route.pattern.exec(pathname) }))
      .filter((match) => match.params !== null);
    if (matches.length === 0) {
      throw new HttpError(404, `No endpoint at ${request.method} ${pathname}.`);
    }
    const methods = matches.map((match) => match.route.method);
    const cors = matches[0]?.route.auth === 'sessionKey';
    if (request.method === 'OPTIONS' && cors) return preflightResponse(methods);

    const match = matches.find((candidate) => candidate.route.method === request.method);
    if (!match) {
      throw new HttpError(
        405,
        `${request.method} is not allowed on ${pathname}; use ${methods.join(' or ')}.`,
        {
          headers: { allow: methods.join(', '), ...(cors && corsHeaders()) },
        },
      );
    }
    const { route } = match;

    const run = async (): Promise<Response> => {
      const params = pathParams(route, match.params);
      if (route.auth === 'apiKey') await checkApiKey(request);
      const customer =
        route.auth === 'sessionKey' ? await authenticateCustomer(request) : undefined;
      return route.handle({ request, params, customer });
    };
    if (!cors) return run();
    try {
      return withHeaders(await run(), corsHeaders());
    } catch (error) {
      if (error instanceof HttpError) {
        throw new HttpError(error.status, error.message, {
          issues: error.issues,
          headers: { ...error.headers, ...corsHeaders() },
        });
      }
      throw error;
    }
  }

  return {
    merchantId,
    apiKey,
    get apiKeys() {
      return apiKeys.list();
    },
    createApiKey: action((name: string) => {
      try {
        return apiKeys.add(String(name));
      } catch (error) {
        const problem = error instanceof RangeError ? error.message : String(error);
        throw new ConfigError('name', messages.invalidOption('name', problem));
      }
    }),
    revokeApiKey: action((id: string) => apiKeys.revoke(id)),
    apiKeyStatus: (key: string) => apiKeys.status(key),
    get events() {
      return events;
    },
    get payments() {
      return payments;
    },
    get deliveries() {
      return webhooks.deliveries;
    },
    get webhookKey() {
      return webhookKey;
    },
    get webhookUrl() {
      return webhookUrl;
    },
    setWebhookUrl: action((url: string | undefined) => {
      webhookUrl = url === undefined ? undefined : urlOption('url', url);
    }),
    regenerateWebhookKey: action(() => {
      webhookKey = randomHex(32);
      return webhookKey;
    }),
    sendTestWebhook: action(sendTestWebhook),
    resendDelivery: action(resendDelivery),
    advancePayment: action(advancePayment),
    refundPayment: action(refundPayment),
    get customers() {
      return [...customers.values()].map(customerView);
    },
    updateCustomer: action(updateCustomer),
    addBankAccount: action(addBankAccount),
    get withdrawals() {
      return withdrawals;
    },
    runDue: () => scheduler.runDue(),
    mintCheckoutToken,
    async handle(request: Request): Promise<Response> {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      try {
        return await dispatch(request);
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(error);
        options.onError?.(error, request);
        return internalErrorResponse();
      } finally {
        notifyChange();
      }
    },
    // The customer is made before the key is signed, so the caller hears of it at once.
    mintSessionKey: action(mintSessionKey),
    reset: action(() => {
      customers = new Map();
      events = [];
      payments = [];
      idempotency = new Map();
      paidTokens = new Map();
      refundKeys = new Map();
      withdrawals = seedWithdrawals(merchantId, now());
      scheduler.clear();
      webhooks.reset();
    }),
    snapshot,
  };
}

// ---- Helpers ---------------------------------------------------------------------------------

function stateOption(value: unknown): SandboxState {
  const parsed = parseSandboxState(value);
  if (parsed.ok) return parsed.value;
  throw new ConfigError(
    'state',
    messages.invalidOption(
      'state',
      `is not a sandbox state this version reads: ${formatIssues(parsed.issues.slice(0, 3))}`,
    ),
  );
}

function noWebhookUrl(): HttpError {
  return new HttpError(409, 'No webhook URL is set: set one to deliver events.');
}

function sessionCustomer(context: Context): CustomerState {
  if (!context.customer) throw new Error('route needs a session key but has no customer');
  return context.customer;
}

function compile(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const paramNames: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        paramNames.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return { ...route, pattern: new RegExp(`^${source}$`), paramNames };
  });
}

/** The route's path parameters, decoded: 400 for a segment that is not valid percent-encoding. */
function pathParams(route: CompiledRoute, values: RegExpExecArray | null): Record<string, string> {
  const params: Record<string, string> = {};
  route.paramNames.forEach((name, index) => {
    const segment = values?.[index + 1] ?? '';
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      throw new HttpError(
        400,
        `The path segment ${JSON.stringify(segment)} is not valid percent-encoding: encode ${name} with encodeURIComponent.`,
      );
    }
  });
  return params;
}

function readWallet(request: Request): SandboxWallet | undefined {
  const blockchain = request.headers.get(HEADER.blockchain)?.trim();
  const address = request.headers.get(HEADER.wallet)?.trim();
  if (!blockchain && !address) return undefined;
  if (!blockchain || !address) {
    throw new HttpError(
      400,
      `${HEADER.blockchain} and ${HEADER.wallet} go together: send both for a wallet customer, or neither.`,
    );
  }
  if (!(BLOCKCHAINS as readonly string[]).includes(blockchain)) {
    throw new HttpError(
      400,
      `${HEADER.blockchain} must be one of ${BLOCKCHAINS.join(', ')}; received ${JSON.stringify(blockchain)}.`,
    );
  }
  return { blockchain: blockchain as Blockchain, address };
}

function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get(HEADER.idempotencyKey);
  if (key === null) return undefined;
  if (key.trim() === '' || key.length > MAX_HEADER_ID_LENGTH) {
    throw new HttpError(
      400,
      `${HEADER.idempotencyKey} must be 1 to ${MAX_HEADER_ID_LENGTH} characters, such as a UUID per purchase.`,
    );
  }
  return key;
}

const HOUR_MS = 3_600_000;

function seedWithdrawals(merchantId: string, nowMs: number): Withdrawal[] {
  const seeds: Array<[number, Withdrawal['status'], string, number]> = [
    [25_000, 'pending', 'instant', 1],
    [9_900, 'in_review', 'standard', 26],
    [48_000, 'completed', 'instant', 72],
    [5_000, 'failed', 'standard', 120],
    [125_000, 'completed', 'standard', 168],
  ];
  return seeds.map(([cents, status, speed, hoursAgo], index) => ({
    id: `wd_${hashHex(`withdrawal\u0000${merchantId}\u0000${index}`, 20)}`,
    amount: { cents, currency: 'USD' },
    status,
    speed,
    createdAt: new Date(nowMs - hoursAgo * HOUR_MS).toISOString(),
  }));
}

function nonEmptyOption(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(name, messages.invalidOption(name, 'must be a non-empty string'));
  }
  return value;
}

function urlOption(name: string, value: string): string {
  if (typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)) {
    try {
      return new URL(value).href;
    } catch {
      // Reported below.
    }
  }
  throw new ConfigError(name, messages.invalidOption(name, 'must be an http(s) URL'));
}

function numberOption(name: string, value: number | undefined, fallback: number, min: number) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ConfigError(
      name,
      messages.invalidOption(name, `must be a number of at least ${min}`),
    );
  }
  return value;
}
