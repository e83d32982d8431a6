// What the shop does when the payer's bank returns a payment, from what its code means
// (`describeReturn`): it stops taking payments from an account that cannot take debits, asks the
// payer to authorize again where they withdrew or denied the authorization, and offers to pay
// again only where the debit may be tried again. The service has no call that sends a debit
// again, so paying again is always a new order under a new authorization. Pure, so each rule has
// its own test (test/storefront/return-advice.test.ts).
import { describeReturn } from 'service-checkout/server';
import type {
  DebitAuthorization,
  Order,
  ReturnAdvice,
  ReturnOffer,
  UnusableBankAccount,
} from '../src/api-types.js';
import { accountNamedIn } from './debit-authorization.js';

/** The return code of an order whose payment the payer's bank sent back, before or after it settled. */
export function returnCodeOf(order: Order): string | undefined {
  const returned =
    order.status === 'returned' ||
    (order.status === 'reversed' && order.reversal?.cause === 'returned');
  return returned ? order.returnCode : undefined;
}

/** The offer for a code: an account that cannot take debits first, then consent, then a retry. */
function offerFor(description: NonNullable<ReturnType<typeof describeReturn>>): ReturnOffer {
  if (!description.accountUsable) return 'another-account';
  if (description.reauthorize) return 'authorize-again';
  if (description.retry === 'allowed') return 'pay-again';
  if (description.retry === 'after-correction') return 'pay-again-corrected';
  return 'none';
}

/**
 * What the payer is told of a return with `returnCode`, and what the shop offers; the order's
 * authorization names the account a code that is not `accountUsable` rules out.
 */
export function returnAdvice(
  returnCode: string,
  authorization: DebitAuthorization | undefined,
): ReturnAdvice {
  const description = describeReturn(returnCode);
  if (!description) {
    return {
      returnCode,
      title: 'A return code this shop does not know',
      payerMessage: `Your bank sent this payment back (code ${returnCode}). Contact support and we will work out what to do.`,
      offer: 'none',
    };
  }
  const offer = offerFor(description);
  return {
    returnCode,
    title: description.title,
    payerMessage: description.payerMessage,
    offer,
    ...(offer === 'another-account' && {
      unusableAccountLast4: accountNamedIn(authorization) ?? null,
    }),
  };
}

/**
 * The bank account to stop taking payments from once `order` (as an event just left it) is
 * returned with a code whose account cannot take debits; undefined otherwise.
 */
export function unusableAccountAfter(
  order: Order,
  authorization: DebitAuthorization | undefined,
  at: string,
): UnusableBankAccount | undefined {
  const returnCode = returnCodeOf(order);
  const description = returnCode === undefined ? undefined : describeReturn(returnCode);
  if (!description || description.accountUsable || !order.paymentId) return undefined;
  return {
    last4: accountNamedIn(authorization) ?? null,
    orderId: order.orderId,
    paymentId: order.paymentId,
    returnCode: description.code,
    title: description.title,
    since: at,
  };
}

/**
 * The accounts the payer is asked not to pay from, newest first: one entry per account, the
 * latest return of each; a return whose account is unknown stands alone.
 */
export function accountsNotToUse(returns: readonly UnusableBankAccount[]): UnusableBankAccount[] {
  const newestFirst = [...returns].sort((a, b) => b.since.localeCompare(a.since));
  const seen = new Set<string>();
  return newestFirst.filter((entry) => {
    if (entry.last4 === null) return true;
    if (seen.has(entry.last4)) return false;
    seen.add(entry.last4);
    return true;
  });
}
