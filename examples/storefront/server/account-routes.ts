// The shop's sign-in, sign-out and "who is signed in", over the account store (account-store.ts):
// passwords checked a few at a time (accounts.ts), sessions as opaque random ids the database
// keeps, and limits on guessing and on sign-in storms. It also sends the service the SignUp and
// SignIn payer events that help it approve this customer's payments.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MerchantClient, PayerEventType } from 'service-checkout/server';
import type { PayerEventRecord, SignedInCustomer } from '../src/api-types.js';
import { PERSONAS, STAFF } from '../src/personas.js';
import type { Account, AccountStore } from './account-store.js';
import { createPasswordHasher, HashingBusyError } from './accounts.js';
import {
  clientOf,
  cookieHeader,
  HttpError,
  readCookie,
  readJsonObject,
  sendJson,
  type CookieOptions,
} from './http.js';
import { createRateLimiter } from './rate-limit.js';

/** The session cookie: an opaque random id the server looks up, never the customer id. */
export const SESSION_COOKIE = 'skyreach_session';
const SESSION_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Live sessions per customer (a person's browsers and devices) and per client address. Past
 * either, that customer's or that address's oldest session ends: one client signing in again and
 * again ends only its own sessions, never another shopper's.
 */
const SESSION_BOUNDS = { perCustomer: 10, perClient: 50 };
/** Wrong passwords checked per customer id within the window, however many arrive at once. */
const WRONG_PASSWORDS = { max: 10, windowMs: 15 * 60_000 };
/**
 * Sign-ins per client address per minute: a person signs in a few times at most; a script that
 * tries more waits, without a password hash spent on it.
 */
const SIGN_INS_PER_CLIENT = { max: 20, windowMs: 60_000, maxTracked: 10_000 };
/**
 * One password hash at a time, 16 waiting. A hash (scrypt, about 60 ms of one core here) takes
 * one of libuv's four threads: one at a time leaves three threads for WebCrypto (the embedded
 * sandbox's signing, webhook verification) and file access, and a core for everything else.
 * Sixteen waiting is about a second of hashing; a sign-in past that is told at once to retry
 * (503, Retry-After: 1) rather than kept waiting.
 */
const HASHING = { concurrency: 1, maxWaiting: 16 };

const PASSWORD_LENGTH = { min: 8, max: 200 };
const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@+-]{0,63}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_PAYER_EVENT_RECORDS = 50;

/** Demo accounts, created on first sign-in with the password the sign-in page shows. */
const DEMO_ACCOUNTS = new Map<string, { password: string }>(
  [...PERSONAS, STAFF].map((account) => [account.customerId, account]),
);

export interface AccountRoutesOptions {
  store: AccountStore;
  /** Sends the payer events. */
  merchant: MerchantClient;
  /** When a customer's sessions end: to drop what this process keeps for them. */
  onSignOut: (customerId: string) => void;
  log: (line: string) => void;
  now: () => number;
}

export function createAccountRoutes(options: AccountRoutesOptions) {
  const { store, merchant, log, now } = options;
  const hasher = createPasswordHasher(HASHING);
  const signInsPerClient = createRateLimiter({ ...SIGN_INS_PER_CLIENT, now });
  const payerEvents: PayerEventRecord[] = [];

  async function signedInId(req: IncomingMessage): Promise<string | undefined> {
    const sessionId = readCookie(req, SESSION_COOKIE);
    return sessionId ? store.customerOfSession(sessionId, now()) : undefined;
  }

  async function signedInAccount(req: IncomingMessage): Promise<Account | undefined> {
    const customerId = await signedInId(req);
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

  /** Payer events help the service approve this customer's payments; a failure never blocks. */
  async function sendPayerEvent(eventType: PayerEventType, account: Account) {
    const common = { customerId: account.customerId, email: account.email, country: 'US' };
    const record: PayerEventRecord = {
      eventType,
      customerId: account.customerId,
      sentAt: new Date(now()).toISOString(),
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
    payerEvents.unshift(record);
    payerEvents.splice(MAX_PAYER_EVENT_RECORDS);
    return record;
  }

  const busy = () =>
    new HttpError(503, 'The shop is busy signing people in: try again in a moment.', 'busy', {
      'retry-after': '1',
    });

  /** A password hash, or a 503 when too many are being computed already. */
  async function hashing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof HashingBusyError ? busy() : error;
    }
  }

  /**
   * Signs in with a password, or signs up a new customer id with the password given. Demo
   * accounts (the personas and staff) are created on their first sign-in with their password.
   */
  async function signIn(req: IncomingMessage, res: ServerResponse, cookie: CookieOptions) {
    const waitSeconds = signInsPerClient.take(clientOf(req));
    if (waitSeconds !== undefined) {
      throw new HttpError(
        429,
        `Too many sign-ins from your address: try again in ${waitSeconds} seconds.`,
        'rate_limited',
        { 'retry-after': String(waitSeconds) },
      );
    }
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
    // Refused before any database work while the queue is full: a storm costs next to nothing.
    if (hasher.full()) throw busy();
    // Taken before the password is checked, so guesses sent all at once count as well.
    const attempt = await store.reserveSignIn(customerId, now(), WRONG_PASSWORDS);
    if (attempt === undefined) {
      throw new HttpError(
        429,
        'Too many wrong passwords for this customer id: try again in 15 minutes.',
        'rate_limited',
      );
    }
    const existing = await store.account(customerId);
    const demo = DEMO_ACCOUNTS.get(customerId);
    let rightPassword: boolean;
    try {
      rightPassword = existing
        ? await hashing(() => hasher.verify(password, existing.passwordHash))
        : !demo || sameSecret(password, demo.password);
    } catch (error) {
      // Not checked: the attempt is given back.
      await store.releaseSignIn(attempt);
      throw error;
    }
    // A wrong password keeps its attempt taken until the window passes.
    if (!rightPassword) throw new HttpError(401, 'Wrong customer id or password.', 'unauthorized');
    await store.releaseSignIn(attempt);
    let account = existing;
    const isNew = !account;
    if (!account) {
      account = {
        customerId,
        email: email || `${customerId.toLowerCase().replace(/[^a-z0-9._+-]/g, '-')}@example.com`,
        signedUpAt: new Date(now()).toISOString(),
        passwordHash: await hashing(() => hasher.hash(password)),
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
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await store.endSession(previous);
    const sessionId = await store.createSession(
      { customerId, client: clientOf(req), now: now(), ttlMs: SESSION_TTL_SECONDS * 1000 },
      SESSION_BOUNDS,
    );
    sendJson(
      res,
      200,
      { customer: publicCustomer(account), event },
      { 'set-cookie': cookieHeader(SESSION_COOKIE, sessionId, SESSION_TTL_SECONDS, cookie) },
    );
  }

  async function signOut(req: IncomingMessage, res: ServerResponse, cookie: CookieOptions) {
    const customerId = await signedInId(req);
    if (customerId) options.onSignOut(customerId);
    const sessionId = readCookie(req, SESSION_COOKIE);
    if (sessionId) await store.endSession(sessionId);
    sendJson(
      res,
      200,
      { customer: null },
      { 'set-cookie': cookieHeader(SESSION_COOKIE, '', 0, cookie) },
    );
  }

  /** Ends every session of the customer: on every device, in every process of the shop. */
  async function signOutEverywhere(
    req: IncomingMessage,
    res: ServerResponse,
    cookie: CookieOptions,
  ) {
    const customerId = await signedInId(req);
    if (!customerId) throw new HttpError(401, 'Sign in first.', 'unauthorized');
    const sessionsEnded = await store.endSessionsOf(customerId);
    options.onSignOut(customerId);
    log(`${customerId} signed out everywhere (${sessionsEnded} sessions ended)`);
    sendJson(
      res,
      200,
      { customer: null, sessionsEnded },
      { 'set-cookie': cookieHeader(SESSION_COOKIE, '', 0, cookie) },
    );
  }

  /**
   * Answers the account routes; false for any other route. `origin` is the shop's own origin
   * the request came to: its session cookie is Secure when that is an https address.
   */
  async function route(req: IncomingMessage, res: ServerResponse, route: string, origin: string) {
    const cookie: CookieOptions = { secure: origin.startsWith('https:') };
    if (route === 'GET /api/me') {
      const account = await signedInAccount(req);
      sendJson(res, 200, { customer: account ? publicCustomer(account) : null });
    } else if (route === 'POST /api/sign-in') await signIn(req, res, cookie);
    else if (route === 'POST /api/sign-out') await signOut(req, res, cookie);
    else if (route === 'POST /api/sign-out-everywhere') await signOutEverywhere(req, res, cookie);
    else return false;
    return true;
  }

  return {
    route,
    signedInId,
    requireCustomer,
    requireStaff,
    /** The newest payer events this process sent, newest first. */
    payerEvents: () => payerEvents,
  };
}

function publicCustomer(account: Account): SignedInCustomer {
  return {
    customerId: account.customerId,
    email: account.email,
    signedUpAt: account.signedUpAt,
    staff: account.staff,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Compares two strings in constant time (as SHA-256 digests, so lengths do not show). */
function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
