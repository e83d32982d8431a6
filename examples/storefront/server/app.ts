// The storefront's own server: the part of a merchant's backend that the checkout needs.
// It holds the API key, signs customers in (sending SignUp or SignIn payer events), hands the
// page session keys through the library's ready-made route, and serves the orders
// (order-routes.ts): priced from its own catalog, marked paid only on the service's signed
// webhooks, and every payment that reaches no payable order refunded. The page only ever
// receives session keys and the order it is paying for.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createMerchantClient,
  createSessionKeyCache,
  createSessionKeyNodeHandler,
  type PayerEventType,
} from 'service-checkout/server';
import { MAX_BANK_ACCOUNTS, type Sandbox } from 'service-checkout/sandbox';
import type { PayerEventRecord, PublicConfig, SignedInCustomer } from '../src/api-types.js';
import { PERSONAS, STAFF } from '../src/personas.js';
import {
  createAttemptLimiter,
  createSessionStore,
  hashPassword,
  verifyPassword,
} from './accounts.js';
import type { Account, ShopStore } from './store.js';
import {
  cookieHeader,
  HttpError,
  readCookie,
  readJsonObject,
  sendError,
  sendJson,
  serveFile,
} from './http.js';
import { createOrderRoutes, WEBHOOK_PATH } from './order-routes.js';

export { WEBHOOK_PATH };

export interface StorefrontAppOptions {
  /** The built page: index.html and assets/. */
  clientDir: string;
  /** The service's address: here, the embedded sandbox. */
  serviceUrl: string;
  merchantId: string;
  /** The merchant API key. Stays in this process. */
  apiKey: string;
  /** The webhook validation key the service signs payment events with. Stays in this process. */
  webhookKey: string;
  /** Accounts and orders. */
  store: ShopStore;
  /**
   * Test mode: the embedded sandbox, whose dashboard action adds a bank account to a customer,
   * the way out the checkout offers a payer with none. Unset against the real service.
   */
  testBankAccounts?: Pick<Sandbox, 'addBankAccount' | 'customers'>;
  /** One line per notable thing (sign-ins, orders, failures). Defaults to nothing. */
  log?: (line: string) => void;
  /** The clock orders are kept and checked by, in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
}

/** The server's request handler, with the work it does every minute. */
export interface StorefrontApp {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Runs now what runs every minute and at start: refunds still due of payments that reached no
   * payable order, and removal of unpaid orders an hour past their expiry. Resolves when done.
   */
  runDue(): Promise<void>;
  /** Stops that work (after the run under way); call it before closing the store. */
  close(): Promise<void>;
}

/** The session cookie: an opaque random id the server looks up, never the customer id. */
export const SESSION_COOKIE = 'skyreach_session';
const SESSION_TTL_SECONDS = 7 * 24 * 3600;
const MAX_SESSIONS = 10_000;
const PASSWORD_LENGTH = { min: 8, max: 200 };
const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@+-]{0,63}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function createStorefrontApp(options: StorefrontAppOptions): StorefrontApp {
  const { clientDir, serviceUrl, merchantId, log = () => undefined, now = Date.now } = options;
  const merchant = createMerchantClient({
    apiKey: options.apiKey,
    env: 'local',
    baseUrl: serviceUrl,
  });
  // One key per customer until shortly before it expires, instead of one per page view.
  const sessionKeys = createSessionKeyCache(merchant);
  const sessionKeyRoute = createSessionKeyNodeHandler({
    client: sessionKeys,
    getCustomerId: (req: IncomingMessage) => signedInId(req),
    onError: (error) => log(`session key route failed: ${describe(error)}`),
  });

  const { store } = options;
  // In memory, each bounded: signing in again after a restart is fine.
  const sessions = createSessionStore({ max: MAX_SESSIONS, ttlMs: SESSION_TTL_SECONDS * 1000 });
  const wrongPasswords = createAttemptLimiter({
    max: 10,
    windowMs: 15 * 60_000,
    maxTracked: 10_000,
  });
  const events: PayerEventRecord[] = [];
  const orders = createOrderRoutes({
    store,
    merchant,
    webhookKey: options.webhookKey,
    requireCustomer,
    now,
    log,
  });

  const config: PublicConfig = {
    merchantId,
    env: 'local',
    baseUrl: serviceUrl,
    testBankAccounts: options.testBankAccounts !== undefined,
  };

  // Scripts and requests may go to this server and the service only.
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' ${serviceUrl}`,
    `connect-src 'self' ${serviceUrl}`,
    "img-src 'self' data:",
    "style-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const pageHeaders = {
    'content-security-policy': contentSecurityPolicy,
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };

  function signedInId(req: IncomingMessage): string | undefined {
    return sessions.customerOf(readCookie(req, SESSION_COOKIE));
  }

  async function signedInAccount(req: IncomingMessage): Promise<Account | undefined> {
    const customerId = signedInId(req);
    return customerId === undefined ? undefined : store.account(customerId);
  }

  async function requireCustomer(req: IncomingMessage): Promise<Account> {
    const account = await signedInAccount(req);
    if (!account) throw new HttpError(401, 'Sign in first.', 'unauthorized');
    return account;
  }

  async function requireStaff(req: IncomingMessage): Promise<Account> {
    const account = await requireCustomer(req);
    if (!account.staff) throw new HttpError(403, 'Sign in as staff to see this.', 'forbidden');
    return account;
  }

  function publicCustomer(account: Account): SignedInCustomer {
    return {
      customerId: account.customerId,
      email: account.email,
      signedUpAt: account.signedUpAt,
      staff: account.staff,
    };
  }

  /** Payer events help the service approve this customer's payments; a failure never blocks. */
  async function sendPayerEvent(eventType: PayerEventType, account: Account) {
    const common = { customerId: account.customerId, email: account.email, country: 'US' };
    const record: PayerEventRecord = {
      eventType,
      customerId: account.customerId,
      sentAt: new Date().toISOString(),
      ok: true,
    };
    try {
      if (eventType === 'SignUp')
        await merchant.signUp({ ...common, username: account.customerId });
      else await merchant.signIn(common);
    } catch (error) {
      record.ok = false;
      log(`${eventType} event for ${account.customerId} failed: ${describe(error)}`);
    }
    events.unshift(record);
    events.splice(50);
    return record;
  }

  /**
   * Signs in with a password, or signs up a new customer id with the password given. Demo
   * accounts (the personas and staff) are created on their first sign-in with their password.
   */
  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const body = await readJsonObject(req);
    const customerId = typeof body.customerId === 'string' ? body.customerId.trim() : '';
    if (!CUSTOMER_ID_PATTERN.test(customerId)) {
      throw new HttpError(
        400,
        'Use 1 to 64 letters, digits or . _ @ + - for the customer id, starting with a letter or digit.',
      );
    }
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
      throw new HttpError(
        400,
        `Use a password of ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`,
      );
    }
    const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : '';
    if (email && !EMAIL_PATTERN.test(email)) {
      throw new HttpError(400, 'That e-mail address does not look right.');
    }
    if (wrongPasswords.blocked(customerId)) {
      throw new HttpError(
        429,
        'Too many wrong passwords for this customer id: try again in 15 minutes.',
        'rate_limited',
      );
    }
    let account = await store.account(customerId);
    const demo = DEMO_ACCOUNTS.get(customerId);
    const rightPassword = account
      ? await verifyPassword(password, account.passwordHash)
      : !demo || sameSecret(password, demo.password);
    if (!rightPassword) {
      wrongPasswords.fail(customerId);
      throw new HttpError(401, 'Wrong customer id or password.', 'unauthorized');
    }
    wrongPasswords.succeed(customerId);
    const isNew = !account;
    if (!account) {
      account = {
        customerId,
        email: email || `${customerId.toLowerCase().replace(/[^a-z0-9._+-]/g, '-')}@example.com`,
        signedUpAt: new Date().toISOString(),
        passwordHash: await hashPassword(password),
        staff: customerId === STAFF.customerId,
      };
      // Two sign-ups of one new id at once: the second is a sign-in that did not check.
      if (!(await store.addAccount(account))) {
        throw new HttpError(409, 'That customer id was just taken: sign in instead.', 'conflict');
      }
    } else if (email) {
      account.email = email;
      await store.setEmail(customerId, email);
    }
    const event = account.staff ? null : await sendPayerEvent(isNew ? 'SignUp' : 'SignIn', account);
    log(
      `${account.customerId} signed ${isNew ? 'up' : 'in'}${event ? ` (${event.eventType} event ${event.ok ? 'sent' : 'failed'})` : ''}`,
    );
    sessions.end(readCookie(req, SESSION_COOKIE));
    const sessionId = sessions.create(customerId);
    sendJson(
      res,
      200,
      { customer: publicCustomer(account), event },
      { 'set-cookie': cookieHeader(SESSION_COOKIE, sessionId, SESSION_TTL_SECONDS) },
    );
  }

  function signOut(req: IncomingMessage, res: ServerResponse) {
    const customerId = signedInId(req);
    if (customerId) sessionKeys.delete(customerId);
    sessions.end(readCookie(req, SESSION_COOKIE));
    sendJson(res, 200, { customer: null }, { 'set-cookie': cookieHeader(SESSION_COOKIE, '', 0) });
  }

  /**
   * Test mode only: links a sandbox bank account to the signed-in customer. With the real
   * service a payer links an account through the service's own flow, which its published
   * interface does not show.
   */
  async function linkTestBankAccount(req: IncomingMessage, res: ServerResponse) {
    const { testBankAccounts } = options;
    if (!testBankAccounts) {
      throw new HttpError(404, 'This shop links bank accounts in test mode only.', 'not_found');
    }
    const { customerId } = await requireCustomer(req);
    // The service makes a customer at its first session key: one who comes here first has one.
    await sessionKeys.getSessionKey(customerId);
    const customer = testBankAccounts.customers.find((each) => each.customerId === customerId);
    if ((customer?.bankAccounts.length ?? 0) >= MAX_BANK_ACCOUNTS) {
      throw new HttpError(
        409,
        `You have ${MAX_BANK_ACCOUNTS} bank accounts, the most the sandbox keeps.`,
        'conflict',
      );
    }
    const linked = testBankAccounts.addBankAccount(customerId, { alias: 'Linked checking' });
    log(`${customerId} linked test bank account ending in ${linked.last4}`);
    sendJson(res, 201, { bankAccount: { alias: linked.alias, last4: linked.last4 } });
  }

  async function api(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const method = req.method ?? 'GET';
    const route = `${method} ${pathname}`;
    // A page of another site may send the cookie-less or cookie-bearing POST a form can;
    // only this shop's own page changes state. Webhooks are signed instead.
    if (method !== 'GET' && method !== 'HEAD' && pathname !== WEBHOOK_PATH) refuseCrossSite(req);
    if (pathname === '/api/session-key') return sessionKeyRoute(req, res);
    if (await orders.handle(req, res, route, pathname)) return;
    if (route === 'GET /api/config') return sendJson(res, 200, config);
    if (route === 'GET /api/me') {
      const account = await signedInAccount(req);
      return sendJson(res, 200, { customer: account ? publicCustomer(account) : null });
    }
    if (route === 'POST /api/sign-in') return signIn(req, res);
    if (route === 'POST /api/sign-out') return signOut(req, res);
    if (route === 'POST /api/test-bank-accounts') return linkTestBankAccount(req, res);
    // The staff-only area.
    if (route === 'GET /api/merchant/withdrawals') {
      await requireStaff(req);
      try {
        return sendJson(res, 200, { withdrawals: await merchant.listWithdrawals() });
      } catch (error) {
        log(`listing withdrawals failed: ${describe(error)}`);
        throw new HttpError(502, 'The payments service did not answer; try again.', 'bad_gateway');
      }
    }
    if (route === 'GET /api/merchant/activity') {
      await requireStaff(req);
      return sendJson(res, 200, { ...(await orders.activity()), events });
    }
    throw new HttpError(404, `No route ${route}.`, 'not_found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let pathname = req.url ?? '/';
    try {
      // Parsed as a path under a fixed origin: "//" or "/%" is a path here, never a host.
      pathname = pathOf(req.url);
      if (pathname.startsWith('/api/')) {
        await api(req, res, pathname);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new HttpError(405, 'Only GET and HEAD are served here.', 'method_not_allowed');
      }
      if (pathname !== '/index.html' && (await serveFile(req, res, clientDir, pathname))) return;
      // Client-side routes (and anything else without a file extension) get the page.
      if (pathname === '/' || pathname === '/index.html' || !/\.[a-z0-9]+$/i.test(pathname)) {
        if (await serveFile(req, res, clientDir, '/index.html', pageHeaders)) return;
      }
      throw new HttpError(404, 'Not found.', 'not_found');
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendError(res, error);
        return;
      }
      log(`${req.method} ${pathname} failed: ${describe(error)}`);
      sendError(res, new HttpError(500, 'Something went wrong on our side.', 'internal'));
    }
  }

  return Object.assign(handle, { runDue: orders.runDue, close: orders.close });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request's path; a request target that is not a path is a 400. */
function pathOf(target = '/'): string {
  if (!target.startsWith('/'))
    throw new HttpError(400, 'Requests must name a path.', 'bad_request');
  return new URL(`http://storefront.invalid${target}`).pathname;
}

/** Demo accounts, created on first sign-in with the password the sign-in page shows. */
const DEMO_ACCOUNTS = new Map<string, { password: string }>(
  [...PERSONAS, STAFF].map((account) => [account.customerId, account]),
);

/** Compares two strings in constant time (as SHA-256 digests, so lengths do not show). */
function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Refuses a state-changing request sent by another site's page: browsers say where a request
 * comes from in Sec-Fetch-Site, and in Origin on every POST.
 */
function refuseCrossSite(req: IncomingMessage): void {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const ownOrigin = `http://${req.headers.host ?? ''}`;
  if (
    (site !== undefined && site !== 'same-origin') ||
    (origin !== undefined && origin !== ownOrigin)
  ) {
    throw new HttpError(
      403,
      'Requests that change something must come from this shop’s own pages.',
      'forbidden',
    );
  }
}
