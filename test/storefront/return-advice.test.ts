// What the shop tells a payer whose bank returned their payment, and what it offers, from what
// the code means (describeReturn): another account where the account cannot take debits (and
// that account remembered), a new authorization where the payer withdrew or denied it, paying
// again where the debit may be tried again, and nothing to pay where it may not.
import { describe, expect, it } from 'vitest';
import { describeReturn } from 'service-checkout/server';
import type {
  DebitAuthorization,
  Order,
  UnusableBankAccount,
} from '../../examples/storefront/src/api-types.js';
import {
  accountsNotToUse,
  returnAdvice,
  returnCodeOf,
  unusableAccountAfter,
} from '../../examples/storefront/server/return-advice.js';
import { AT, authorizationText, awaitingOrder } from './fixtures.js';

const kept = (last4: string): DebitAuthorization => ({
  status: 'kept',
  text: authorizationText(last4),
  textSha256: 'a'.repeat(64),
  digestMatches: true,
  acceptedAt: AT,
  locale: 'en-US',
  recordedAt: AT,
  remoteAddress: null,
  userAgent: null,
  readAt: AT,
});

const returned = (returnCode: string, changes: Partial<Order> = {}): Order => ({
  ...awaitingOrder(),
  status: 'returned',
  paymentId: 'pay_1',
  paymentStatus: 'returned',
  returnCode,
  ...changes,
});

describe('returnAdvice', () => {
  it.each([
    // Insufficient and uncollected funds: the debit may be tried again.
    ['R01', 'pay-again'],
    ['R09', 'pay-again'],
    // Not authorized, authorization revoked, payment stopped: only if the payer approves again.
    ['R10', 'authorize-again'],
    ['R29', 'authorize-again'],
    ['R07', 'authorize-again'],
    ['R08', 'authorize-again'],
    // The entry itself was wrong: the shop's corrected payment is a new one.
    ['R11', 'pay-again-corrected'],
    ['R18', 'pay-again-corrected'],
    // The account cannot take debits.
    ['R02', 'another-account'],
    ['R03', 'another-account'],
    ['R16', 'another-account'],
    // Neither a retry nor a new authorization is the payer's to give.
    ['R06', 'none'],
    ['R17', 'none'],
    ['R24', 'none'],
  ])('a return with %s offers %s, in the payer’s words', (code, offer) => {
    const advice = returnAdvice(code, kept('6789'));
    expect(advice).toMatchObject({
      returnCode: code,
      offer,
      title: describeReturn(code)!.title,
      payerMessage: describeReturn(code)!.payerMessage,
    });
  });

  it('names the account it stops taking payments from, as the authorization names it', () => {
    expect(returnAdvice('R02', kept('4321')).unusableAccountLast4).toBe('4321');
    // Paid with no authorization: the account is not known by its digits.
    expect(returnAdvice('R02', { status: 'none', readAt: AT }).unusableAccountLast4).toBeNull();
    expect(returnAdvice('R02', undefined).unusableAccountLast4).toBeNull();
    // Only an account that cannot take debits is named.
    expect(returnAdvice('R01', kept('4321'))).not.toHaveProperty('unusableAccountLast4');
  });

  it('offers nothing for a code it does not know, and says to contact support', () => {
    expect(returnAdvice('R99', undefined)).toEqual({
      returnCode: 'R99',
      title: 'A return code this shop does not know',
      payerMessage:
        'Your bank sent this payment back (code R99). Contact support and we will work out what to do.',
      offer: 'none',
    });
  });
});

describe('returnCodeOf', () => {
  it('is the code of a payment returned before or after it settled, never of a refund', () => {
    expect(returnCodeOf(returned('R01'))).toBe('R01');
    expect(
      returnCodeOf(
        returned('R10', { status: 'reversed', reversal: { cause: 'returned', at: AT } }),
      ),
    ).toBe('R10');
    expect(
      returnCodeOf(
        returned('R10', { status: 'reversed', reversal: { cause: 'refunded', at: AT } }),
      ),
    ).toBeUndefined();
    expect(returnCodeOf(returned('R01', { status: 'failed' }))).toBeUndefined();
  });
});

describe('unusableAccountAfter', () => {
  it('remembers the account of a return whose account cannot take debits', () => {
    expect(unusableAccountAfter(returned('R02'), kept('6789'), AT)).toEqual({
      last4: '6789',
      orderId: 'ord_1',
      paymentId: 'pay_1',
      returnCode: 'R02',
      title: 'Account Closed',
      since: AT,
    });
    expect(unusableAccountAfter(returned('R03'), undefined, AT)).toMatchObject({ last4: null });
  });

  it('remembers nothing for a return whose account can still take debits, or no return', () => {
    expect(unusableAccountAfter(returned('R01'), kept('6789'), AT)).toBeUndefined();
    expect(unusableAccountAfter(returned('R10'), kept('6789'), AT)).toBeUndefined();
    expect(
      unusableAccountAfter({ ...awaitingOrder(), status: 'processing' }, kept('6789'), AT),
    ).toBeUndefined();
  });
});

describe('accountsNotToUse', () => {
  const entry = (last4: string | null, since: string, orderId = `ord_${since}`) =>
    ({
      last4,
      orderId,
      paymentId: `pay_${orderId}`,
      returnCode: 'R02',
      title: 'Account Closed',
      since,
    }) satisfies UnusableBankAccount;

  it('lists each account once, by its latest return, newest first; unknown accounts each', () => {
    const list = accountsNotToUse([
      entry('6789', '2026-11-01T00:00:00.000Z'),
      entry('4321', '2026-11-02T00:00:00.000Z'),
      entry('6789', '2026-11-03T00:00:00.000Z'),
      entry(null, '2026-10-01T00:00:00.000Z'),
      entry(null, '2026-10-02T00:00:00.000Z'),
    ]);
    expect(list.map((each) => [each.last4, each.since.slice(0, 10)])).toEqual([
      ['6789', '2026-11-03'],
      ['4321', '2026-11-02'],
      [null, '2026-10-02'],
      [null, '2026-10-01'],
    ]);
  });
});
