// The purchase reducer alone: when Pay may send, what it sends and with which key.
import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  ResponseValidationError,
  ServiceError,
  SessionExpiredError,
  type CheckoutError,
} from '../../src/core/errors.js';
import {
  attemptToSend,
  checkoutResult,
  initialPurchase,
  purchaseReducer,
  selectedAccount,
  type Draft,
  type Purchase,
  type PurchaseEvent,
} from '../../src/checkout/purchase.js';

const checking = { token: 'tok-checking', alias: 'Checking', last4: '6789', rtpEligible: true };
const savings = { token: 'tok-savings', alias: 'Savings', last4: '4321', rtpEligible: false };

function draft(account = checking, cents = 1999): Draft {
  return {
    request: {
      subtotal: { cents, currency: 'USD' },
      settlementType: 'USDC',
      webhookInfo: { itemName: 'Gold pack', price: '19.99', quantity: 1 },
      email: 'alice@example.com',
      token: account.token,
    },
    account,
    authorization: {
      text: `By selecting Pay, you authorize a debit from ${account.last4}.`,
      locale: 'en-US',
    },
  };
}

let keys = 0;
// What each press of Pay gets fresh: a new key, and the moment it was pressed.
let clock = new Date('2025-07-03T15:30:00.000Z');
const fresh = { newKey: () => `key-${++keys}`, now: () => clock };

const noAnswer = () => new NetworkError('the connection dropped');
const serverFault = () => new ServiceError('POST /api/checkout', 503, 'internal', 'down');
const status = (code: number, name: string) =>
  new ServiceError('POST /api/checkout', code, name, name);

/** Presses Pay with the draft and feeds the outcome back, as usePurchase does. */
function payThrough(purchase: Purchase, payDraft: Draft, outcome: PurchaseEvent): Purchase {
  const attempt = attemptToSend(purchase, payDraft, fresh);
  if (!attempt) return purchase;
  return [{ type: 'sent', attempt } as const, outcome].reduce(purchaseReducer, purchase);
}

const rejected = (error: CheckoutError): PurchaseEvent => ({ type: 'rejected', error });

describe('attemptToSend', () => {
  it('sends a new attempt with a new key from a fresh checkout', () => {
    const attempt = attemptToSend(initialPurchase, draft(), fresh);
    expect(attempt).toMatchObject({ request: { token: 'tok-checking' }, account: checking });
    expect(attempt?.idempotencyKey).toMatch(/^key-/);
  });

  it('sends nothing while a payment is in flight or after it succeeded', () => {
    const attempt = attemptToSend(initialPurchase, draft(), fresh)!;
    const submitting = purchaseReducer(initialPurchase, { type: 'sent', attempt });
    expect(attemptToSend(submitting, draft(savings), fresh)).toBeNull();
    const paid = purchaseReducer(submitting, {
      type: 'paid',
      paymentId: 'pay_1',
      submittedAt: '2025-07-03T15:30:01.000Z',
    });
    expect(paid).toMatchObject({ status: 'succeeded', paymentId: 'pay_1' });
    expect(attemptToSend(paid, draft(), fresh)).toBeNull();
  });

  it('carries the authorization as shown, accepted the moment Pay is pressed', () => {
    clock = new Date('2025-07-03T15:30:00.123Z');
    const attempt = attemptToSend(initialPurchase, draft(), fresh);
    expect(attempt?.request.authorization).toEqual({
      text: 'By selecting Pay, you authorize a debit from 6789.',
      acceptedAt: '2025-07-03T15:30:00.123Z',
      locale: 'en-US',
    });
  });

  it('sends nothing without a draft (no account or invalid props)', () => {
    expect(attemptToSend(initialPurchase, null, fresh)).toBeNull();
  });
});

describe('an attempt whose outcome is unknown', () => {
  for (const [what, error] of [
    ['no answer', noAnswer()],
    ['a server fault', serverFault()],
    ['an unreadable success', new ResponseValidationError('POST', [])],
  ] as const) {
    it(`after ${what}, is the only thing Pay can send: same body, same key`, () => {
      const first = attemptToSend(initialPurchase, draft(), fresh)!;
      const unknown = [{ type: 'sent', attempt: first } as const, rejected(error)].reduce(
        purchaseReducer,
        initialPurchase,
      );
      expect(unknown).toMatchObject({ status: 'unknown', doubt: error });
      // The payer chose another account and the page changed the amount, minutes later: still
      // the same attempt, authorized when Pay was first pressed.
      clock = new Date(clock.getTime() + 300_000);
      expect(attemptToSend(unknown, draft(savings, 5000), fresh)).toBe(first);
    });
  }

  it('stays unknown when a retry meets a refused key, a block, a rate limit or no answer', () => {
    let purchase = payThrough(initialPurchase, draft(), rejected(noAnswer()));
    const attempt = purchase.status === 'unknown' ? purchase.attempt : null;
    for (const error of [
      status(401, 'unauthorized'),
      new SessionExpiredError(),
      status(423, 'customer_blocked'),
      status(429, 'rate_limited'),
      noAnswer(),
    ]) {
      purchase = payThrough(purchase, draft(savings), rejected(error));
      expect(purchase).toMatchObject({ status: 'unknown', attempt, error });
    }
  });

  it('is settled by an answer about the purchase itself, which frees the payer to choose', () => {
    const unknown = payThrough(initialPurchase, draft(), rejected(noAnswer()));
    const declined = payThrough(unknown, draft(), rejected(status(402, 'payment_declined')));
    expect(declined).toMatchObject({ status: 'failed', declined: ['tok-checking'] });
    const next = attemptToSend(declined, draft(savings), fresh);
    expect(next?.account).toBe(savings);
    expect(next?.idempotencyKey).not.toBe(
      unknown.status === 'unknown' && unknown.attempt.idempotencyKey,
    );
  });

  it('is paid by the retry that gets an answer', () => {
    const unknown = payThrough(initialPurchase, draft(), rejected(noAnswer()));
    const paid = payThrough(unknown, draft(), {
      type: 'paid',
      paymentId: 'pay_1',
      submittedAt: '2025-07-03T15:31:00.000Z',
    });
    expect(paid).toMatchObject({
      status: 'succeeded',
      paymentId: 'pay_1',
      submittedAt: '2025-07-03T15:31:00.000Z',
    });
    expect(paid.status === 'succeeded' && paid.attempt).toBe(
      unknown.status === 'unknown' && unknown.attempt,
    );
  });

  it("keeps its attempt when the payer or the app moves on from a retry's failure", () => {
    const unknown = payThrough(initialPurchase, draft(), rejected(noAnswer()));
    const refused = payThrough(unknown, draft(), rejected(status(401, 'unauthorized')));
    const after = purchaseReducer(refused, { type: 'dismissed' });
    expect(after).toMatchObject({
      status: 'unknown',
      attempt: unknown.status === 'unknown' && unknown.attempt,
      error: unknown.status === 'unknown' && unknown.doubt,
    });
  });
});

describe('certain failures', () => {
  it('a decline marks the account: Pay waits for another account or an explicit retry', () => {
    const declined = payThrough(
      initialPurchase,
      draft(),
      rejected(status(402, 'payment_declined')),
    );
    expect(attemptToSend(declined, draft(), fresh)).toBeNull();
    const other = purchaseReducer(declined, { type: 'dismissed' });
    expect(other).toEqual({ status: 'idle', declined: ['tok-checking'] });
    expect(attemptToSend(other, draft(), fresh)).toBeNull();
    expect(attemptToSend(other, draft(savings), fresh)?.account).toBe(savings);

    const retried = purchaseReducer(other, { type: 'account-retried', token: 'tok-checking' });
    expect(attemptToSend(retried, draft(), fresh)?.account).toBe(checking);
  });

  it('any other certain failure lets Pay send a new attempt with a new key', () => {
    for (const error of [status(400, 'invalid_request'), status(401, 'unauthorized')]) {
      const failed = payThrough(initialPurchase, draft(), rejected(error));
      expect(failed).toMatchObject({ status: 'failed', error, declined: [] });
      const failedKey = failed.status === 'failed' ? failed.attempt.idempotencyKey : '';
      expect(attemptToSend(failed, draft(), fresh)?.idempotencyKey).not.toBe(failedKey);
    }
  });

  it('moving on from a certain failure (a new session, say) clears it', () => {
    const refused = payThrough(initialPurchase, draft(), rejected(status(401, 'unauthorized')));
    expect(purchaseReducer(refused, { type: 'dismissed' })).toEqual(initialPurchase);
  });

  it('ignores outcomes that arrive when nothing is in flight', () => {
    expect(
      purchaseReducer(initialPurchase, {
        type: 'paid',
        paymentId: 'pay_x',
        submittedAt: '2025-07-03T15:30:01.000Z',
      }),
    ).toBe(initialPurchase);
    expect(purchaseReducer(initialPurchase, rejected(noAnswer()))).toBe(initialPurchase);
  });
});

describe('checkoutResult', () => {
  it('gives onSuccess the authorization the payer accepted', () => {
    clock = new Date('2025-07-03T15:30:00.000Z');
    const attempt = attemptToSend(initialPurchase, draft(savings), fresh)!;
    expect(checkoutResult(attempt, 'pay_1')).toMatchObject({
      paymentId: 'pay_1',
      bankAccount: { alias: 'Savings', last4: '4321' },
      authorization: {
        text: 'By selecting Pay, you authorize a debit from 4321.',
        acceptedAt: '2025-07-03T15:30:00.000Z',
        locale: 'en-US',
      },
    });
  });
});

describe('selectedAccount', () => {
  const accounts = [checking, savings];

  it("is the payer's choice, or the first account before they choose", () => {
    expect(selectedAccount(initialPurchase, accounts, null)).toBe(checking);
    expect(selectedAccount(initialPurchase, accounts, 'tok-savings')).toBe(savings);
    expect(selectedAccount(initialPurchase, [], null)).toBeNull();
  });

  it('stays the payment’s account while it is in flight or its outcome is unknown', () => {
    const attempt = attemptToSend(initialPurchase, draft(checking), fresh)!;
    const submitting = purchaseReducer(initialPurchase, { type: 'sent', attempt });
    expect(selectedAccount(submitting, accounts, 'tok-savings')).toBe(checking);
    const unknown = purchaseReducer(submitting, rejected(noAnswer()));
    expect(unknown.status).toBe('unknown');
    expect(selectedAccount(unknown, accounts, 'tok-savings')).toBe(checking);
    const failed = payThrough(initialPurchase, draft(checking), rejected(status(400, 'bad')));
    expect(selectedAccount(failed, accounts, 'tok-savings')).toBe(savings);
  });
});
