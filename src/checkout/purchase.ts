// The purchase's lifecycle as a pure reducer: whether Pay may send, what it sends, and with
// which Idempotency-Key. Rendering only reads the result; `usePurchase` runs it in React.
import {
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type CheckoutError,
} from '../core/errors.js';
import type { Money } from '../core/money.js';
import type { BankAccount, SettlementType, WebhookInfo } from '../core/browser-schemas.js';
// A type only: the request's schema is the sandbox's to run, and stays out of the page's bundle.
import type { CheckoutRequest } from '../core/schemas.js';

export type PaidFrom = Pick<BankAccount, 'token' | 'alias' | 'last4' | 'rtpEligible'>;

/** The debit authorization a payer accepted by pressing Pay, as the purchase sent it. */
export interface DebitAuthorization {
  /** The paragraph exactly as the payer read it beside Pay (plain text). */
  text: string;
  /** When the payer pressed Pay: ISO 8601 with milliseconds. */
  acceptedAt: string;
  /** The checkout's locale, a BCP 47 tag. */
  locale: string;
}

/** What `onSuccess` receives: the payment, what was paid, and what the payer authorized. */
export interface CheckoutResult {
  paymentId: string;
  /** The key the purchase was sent with; the service deduplicates on it. */
  idempotencyKey: string;
  subtotal: Money;
  settlementType: SettlementType;
  webhookInfo: WebhookInfo;
  bankAccount: Pick<BankAccount, 'alias' | 'last4' | 'rtpEligible'>;
  /** The authorization the payer accepted: keep it with the order, as the payer's consent. */
  authorization: DebitAuthorization;
}

/** What Pay would send now: the purchase body, the account it pays from, and the authorization shown. */
export interface Draft {
  request: Omit<CheckoutRequest, 'authorization'>;
  account: PaidFrom;
  authorization: Omit<DebitAuthorization, 'acceptedAt'>;
}

/** One purchase sent to the service, with the key the service deduplicates it on. */
export interface Attempt {
  request: CheckoutRequest & { authorization: DebitAuthorization };
  account: PaidFrom;
  idempotencyKey: string;
}

/** Bank account tokens the payer's bank declined in this checkout. */
type Declined = readonly string[];

export type Purchase =
  | { status: 'idle'; declined: Declined }
  | {
      status: 'submitting';
      attempt: Attempt;
      /** Set when this attempt is a retry of one whose outcome is unknown. */
      doubt: CheckoutError | null;
      declined: Declined;
    }
  | {
      // The service may have taken the payment: only this same attempt may be sent again.
      status: 'unknown';
      attempt: Attempt;
      /** Why the outcome is unknown (no answer, a server fault, an unreadable success). */
      doubt: CheckoutError;
      /** The latest failure: the doubt, or what a retry met (an expired key, say). */
      error: CheckoutError;
      declined: Declined;
    }
  | {
      // The service answered for certain: this attempt took no money.
      status: 'failed';
      attempt: Attempt;
      error: CheckoutError;
      declined: Declined;
    }
  | {
      status: 'succeeded';
      attempt: Attempt;
      paymentId: string;
      /** When the service took it (its answer's `createdAt`, or the browser's clock). */
      submittedAt: string;
    };

export type PurchaseEvent =
  | { type: 'sent'; attempt: Attempt }
  | { type: 'paid'; paymentId: string; submittedAt: string }
  | { type: 'rejected'; error: CheckoutError }
  /**
   * The payer or the app moves on from a failure: another account chosen, the details checked
   * again, a new session key. A certain failure is cleared; an unknown outcome keeps its
   * attempt but no longer shows what a retry met (an expired key, say).
   */
  | { type: 'dismissed' }
  /** The payer asks to try a declined account again. */
  | { type: 'account-retried'; token: string };

export const initialPurchase: Purchase = { status: 'idle', declined: [] };

export function purchaseReducer(purchase: Purchase, event: PurchaseEvent): Purchase {
  switch (event.type) {
    case 'sent':
      if (purchase.status === 'submitting' || purchase.status === 'succeeded') return purchase;
      return {
        status: 'submitting',
        attempt: event.attempt,
        doubt: purchase.status === 'unknown' ? purchase.doubt : null,
        declined: purchase.declined,
      };
    case 'paid':
      if (purchase.status !== 'submitting') return purchase;
      return {
        status: 'succeeded',
        attempt: purchase.attempt,
        paymentId: event.paymentId,
        submittedAt: event.submittedAt,
      };
    case 'rejected': {
      if (purchase.status !== 'submitting') return purchase;
      const { attempt, declined } = purchase;
      const { error } = event;
      const doubt = purchase.doubt ?? (outcomeUnknown(error) ? error : null);
      if (doubt && !settlesAttempt(error)) {
        return { status: 'unknown', attempt, doubt, error, declined };
      }
      const declinedNow = isDecline(error) && !declined.includes(attempt.account.token);
      return {
        status: 'failed',
        attempt,
        error,
        declined: declinedNow ? [...declined, attempt.account.token] : declined,
      };
    }
    case 'dismissed':
      if (purchase.status === 'failed') return { status: 'idle', declined: purchase.declined };
      if (purchase.status === 'unknown') return { ...purchase, error: purchase.doubt };
      return purchase;
    case 'account-retried':
      if (purchase.status !== 'idle' && purchase.status !== 'failed') return purchase;
      return {
        status: 'idle',
        declined: purchase.declined.filter((token) => token !== event.token),
      };
  }
}

/** What each press of Pay takes fresh: a new Idempotency-Key, and the moment it was pressed. */
export interface PressOfPay {
  newKey: () => string;
  now: () => Date;
}

/**
 * What pressing Pay sends: nothing while a payment is in flight or done, the same attempt
 * (same body, same key, the authorization accepted at the first press) while its outcome is
 * unknown, and otherwise a new attempt with a new key, accepted now, unless the chosen account
 * was declined and the payer has not asked to retry it.
 */
export function attemptToSend(
  purchase: Purchase,
  draft: Draft | null,
  press: PressOfPay,
): Attempt | null {
  switch (purchase.status) {
    case 'submitting':
    case 'succeeded':
      return null;
    case 'unknown':
      return purchase.attempt;
    case 'idle':
    case 'failed':
      if (!draft || purchase.declined.includes(draft.account.token)) return null;
      return {
        request: {
          ...draft.request,
          authorization: {
            text: draft.authorization.text,
            acceptedAt: press.now().toISOString(),
            locale: draft.authorization.locale,
          },
        },
        account: draft.account,
        idempotencyKey: press.newKey(),
      };
  }
}

/**
 * After no answer (or a server fault, or an unreadable success) the purchase may have gone
 * through: a retry must reuse its Idempotency-Key so the service can recognise it.
 */
export function outcomeUnknown(error: CheckoutError): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof ResponseValidationError ||
    (error instanceof ServiceError && error.status >= 500)
  );
}

// Answers about the purchase itself: with the attempt's key, the service would have replayed
// an earlier success, so these say for certain that no attempt took money. A refused key
// (401, 403), a blocked or unverified payer (423, 451) or a rate limit (429) say nothing
// about an earlier attempt.
const SETTLING_STATUSES: readonly number[] = [400, 402, 409, 413];

function settlesAttempt(error: CheckoutError): boolean {
  return error instanceof ServiceError && SETTLING_STATUSES.includes(error.status);
}

export function isDecline(error: CheckoutError): boolean {
  return error instanceof ServiceError && error.status === 402;
}

/**
 * The account Pay sends from: while a payment is in flight or its outcome unknown, that
 * payment's (it stays chosen); otherwise the payer's choice, or else the first account.
 */
export function selectedAccount<A extends { token: string }>(
  purchase: Purchase,
  accounts: readonly A[],
  chosenToken: string | null,
): A | null {
  const locked =
    purchase.status === 'submitting' || purchase.status === 'unknown'
      ? purchase.attempt.account.token
      : null;
  return (
    accounts.find((account) => account.token === (locked ?? chosenToken)) ?? accounts[0] ?? null
  );
}

/** Tokens of the accounts the bank declined in this checkout. */
export function declinedTokens(purchase: Purchase): readonly string[] {
  return 'declined' in purchase ? purchase.declined : [];
}

/** What Pay sends from `account`: the purchase with the account's token, and the authorization. */
export function draftFrom(
  purchase: Omit<Draft['request'], 'token'>,
  account: BankAccount,
  authorization: Draft['authorization'],
): Draft {
  const { token, alias, last4, rtpEligible } = account;
  return {
    request: { ...purchase, token },
    account: { token, alias, last4, rtpEligible },
    authorization,
  };
}

export function checkoutResult(attempt: Attempt, paymentId: string): CheckoutResult {
  const { subtotal, settlementType, webhookInfo } = attempt.request;
  const { alias, last4, rtpEligible } = attempt.account;
  return {
    paymentId,
    idempotencyKey: attempt.idempotencyKey,
    subtotal,
    settlementType,
    webhookInfo,
    bankAccount: { alias, last4, rtpEligible },
    authorization: attempt.request.authorization,
  };
}
