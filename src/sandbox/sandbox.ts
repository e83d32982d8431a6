// The whole service as one fetch handler: `handle(Request) => Promise<Response>`.
import { ConfigError } from '../core/errors.js';
import { BLOCKCHAINS, HEADER, type Blockchain } from '../core/headers.js';
import { messages } from '../core/messages.js';
import {
  checkoutRequestSchema,
  NOT_BLOCKED,
  payerEventSchema,
  type CheckoutRequest,
  type PayerEvent,
  type Withdrawal,
} from '../core/schemas.js';
import { validate } from '../core/validate.js';
import {
  createCustomer,
  hasMagic,
  MAGIC,
  recordWallet,
  type CustomerState,
  type SandboxWallet,
} from './customers.js';
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
  withHeaders,
} from './http.js';
import { hashHex } from './ids.js';
import { randomSecret, secretBytes, signSessionKey, verifySessionKey } from './session-keys.js';

export interface SandboxOptions {
  /** The seeded merchant's id. Default `merchant_sandbox`. */
  merchantId?: string;
  /** The seeded merchant's API key. Default `sk_sandbox_local_0000000000000000`. */
  apiKey?: string;
  /** HS256 secret for session keys, used as its UTF-8 bytes. Default: random per sandbox. */
  jwtSecret?: string;
  /** Delay before every answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Lifetime of new session keys. Default 86400 (24 hours). */
  sessionKeyTtlSeconds?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Called with every unexpected exception (the client gets a 500 without details). */
  onError?: (error: unknown, request: Request) => void;
}

/** A payment the sandbox accepted. */
export interface SandboxPayment {
  paymentId: string;
  merchantId: string;
  customerId: string;
  /** Token of the bank account paid from. */
  token: string;
  subtotal: CheckoutRequest['subtotal'];
  settlementType: CheckoutRequest['settlementType'];
  webhookInfo: CheckoutRequest['webhookInfo'];
  email: string;
  chargebackProtectionData?: CheckoutRequest['chargebackProtectionData'];
  deviceId?: string;
  idempotencyKey?: string;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

export interface Sandbox {
  readonly merchantId: string;
  readonly apiKey: string;
  /** The whole service: answers any request the way the service does. */
  handle(request: Request): Promise<Response>;
  /** Payer events received through POST /api/events, in order. */
  readonly events: readonly PayerEvent[];
  /** Payments created through POST /api/checkout/ach/{merchantId}, in order. */
  readonly payments: readonly SandboxPayment[];
  /**
   * A session key for this customer (creating the customer if new), as the service signs it.
   * `expiresInSeconds` makes a key that expires that many seconds from now (negative: already
   * expired), issued a full lifetime before its expiry.
   */
  mintSessionKey(customerId: string, options?: { expiresInSeconds?: number }): Promise<string>;
  /** Forgets customers, events, payments and idempotency keys; keeps merchant, key and secret. */
  reset(): void;
}

export const DEFAULT_MERCHANT_ID = 'merchant_sandbox';
export const DEFAULT_API_KEY = 'sk_sandbox_local_0000000000000000';
export const DEFAULT_SESSION_KEY_TTL_SECONDS = 86_400;

const MAX_HEADER_ID_LENGTH = 255;

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
  const merchantId = nonEmptyOption('merchantId', options.merchantId, DEFAULT_MERCHANT_ID);
  const apiKey = nonEmptyOption('apiKey', options.apiKey, DEFAULT_API_KEY);
  const secret =
    options.jwtSecret === undefined
      ? randomSecret()
      : secretBytes(nonEmptyOption('jwtSecret', options.jwtSecret, ''));
  const latencyMs = numberOption('latencyMs', options.latencyMs, 0, 0);
  const ttlSeconds = numberOption(
    'sessionKeyTtlSeconds',
    options.sessionKeyTtlSeconds,
    DEFAULT_SESSION_KEY_TTL_SECONDS,
    1,
  );
  const now = options.now ?? Date.now;

  let customers = new Map<string, CustomerState>();
  let events: PayerEvent[] = [];
  let payments: SandboxPayment[] = [];
  let idempotency = new Map<string, IdempotentPayment>();
  let withdrawals = seedWithdrawals(merchantId, now());

  // ---- The service's endpoints -------------------------------------------------------------

  const routes = compile([
    { method: 'GET', path: '/api/auth/session-key', auth: 'apiKey', handle: getSessionKey },
    { method: 'GET', path: '/api/customer/v2', auth: 'sessionKey', handle: getCustomer },
    { method: 'GET', path: '/api/merchant/withdraws', auth: 'apiKey', handle: listWithdrawals },
    { method: 'POST', path: '/api/events', auth: 'apiKey', handle: receiveEvent },
    { method: 'POST', path: '/api/checkout/ach/:merchantId', auth: 'sessionKey', handle: checkout },
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
    const parsed = validate(checkoutRequestSchema, raw);
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

    const createdAt = new Date(now()).toISOString();
    const paymentId = `pay_${hashHex(`payment\u0000${merchantId}\u0000${payments.length}\u0000${createdAt}\u0000${fingerprint}`, 24)}`;
    payments.push({
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
      createdAt,
    });
    if (scope) idempotency.set(scope, { fingerprint, paymentId });
    return json(200, { paymentId });
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

  function checkApiKey(request: Request): void {
    const sent = request.headers.get(HEADER.apiKey);
    if (!sent) {
      throw new HttpError(401, `${HEADER.apiKey} is required: send the merchant API key.`);
    }
    if (sent === apiKey) return;
    if (/^bearer\s/i.test(sent) && sent.replace(/^bearer\s+/i, '') === apiKey) {
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
    const params: Record<string, string> = {};
    route.paramNames.forEach((name, index) => {
      params[name] = decodeURIComponent(match.params?.[index + 1] ?? '');
    });

    const run = async (): Promise<Response> => {
      if (route.auth === 'apiKey') checkApiKey(request);
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
    get events() {
      return events;
    },
    get payments() {
      return payments;
    },
    async handle(request: Request): Promise<Response> {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      try {
        return await dispatch(request);
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(error);
        options.onError?.(error, request);
        return internalErrorResponse();
      }
    },
    mintSessionKey,
    reset() {
      customers = new Map();
      events = [];
      payments = [];
      idempotency = new Map();
      withdrawals = seedWithdrawals(merchantId, now());
    },
  };
}

// ---- Helpers ---------------------------------------------------------------------------------

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

/** JSON with sorted keys, so bodies that differ only in key order or spacing compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
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
