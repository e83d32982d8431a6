// What pressing Pay would do now, as the form shows it: the button's label, the authorization the
// payer accepts by pressing it, and the purchase it would send.
import type { FieldIssue } from '../core/errors.js';
import { formatMoney } from '../core/money.js';
import type { BankAccount } from '../core/browser-schemas.js';
import { authorizationLengthIssue, wordAuthorization } from './authorization.js';
import type { SignedInput } from './checkout-props.js';
import type { MerchantIdentity } from './merchant.js';
import { declinedTokens, draftFrom, type Draft, type Purchase } from './purchase.js';
import type { CheckoutWords } from './submitted.js';

export interface PayNow {
  /** "Pay $19.99", or "Retry payment of $19.99" while a payment's outcome is unknown. */
  payLabel: string;
  /** The chosen account was declined in this checkout: Pay waits for an explicit retry. */
  chosenAccountDeclined: boolean;
  /** The authorization beside Pay: the one a payment in flight sent, or the one Pay would send. */
  shownAuthorization: string | null;
  /** The same authorization in English, offered beside a translated one; null when not offered. */
  englishAuthorization: string | null;
  /** What Pay would send now. */
  draft: Draft | null;
  /** An authorization the service would refuse (too long). */
  issue: FieldIssue | null;
}

export function payNow(options: {
  /** The purchase, when the props are valid. */
  input: SignedInput | null;
  selected: BankAccount | null;
  purchase: Purchase;
  words: CheckoutWords;
  merchant: MerchantIdentity;
  /** When the payer reads the authorization: its "on or after" is this day in New York. */
  today: Date;
}): PayNow {
  const { input, selected, purchase, words, merchant, today } = options;
  const { messages, locale } = words;
  const money = (amount: SignedInput['subtotal']) => formatMoney(amount, locale);
  const unconfirmed = purchase.status === 'unknown' ? purchase.attempt : null;
  const inFlight = purchase.status === 'submitting' ? purchase.attempt : unconfirmed;
  const chosenAccountDeclined =
    selected !== null && declinedTokens(purchase).includes(selected.token);
  // Only the form shows it, and only with valid props.
  const payLabel = unconfirmed
    ? messages.retryPayment({ amount: money(unconfirmed.request.subtotal) })
    : input
      ? messages.pay({ amount: money(input.subtotal) })
      : '';
  if (!input || !selected) {
    const shownAuthorization = inFlight?.request.authorization.text ?? null;
    return {
      payLabel,
      chosenAccountDeclined,
      shownAuthorization,
      englishAuthorization: null,
      draft: null,
      issue: null,
    };
  }
  const params = {
    // It names the button that pays: after a decline, the retry of that account.
    payLabel: chosenAccountDeclined ? messages.tryAccountAgain : payLabel,
    merchantName: merchant.name,
    merchantContact: merchant.contact ?? messages.merchantContactFallback,
    amount: input.subtotal,
    bankAccount: selected,
    date: today,
  };
  const text = wordAuthorization(messages.authorization, params, locale);
  // The button as the payer reads it; the amount and the date as English writes them.
  const { englishAuthorization: english } = words;
  return {
    payLabel,
    chosenAccountDeclined,
    shownAuthorization: inFlight?.request.authorization.text ?? text,
    englishAuthorization: english && wordAuthorization(english, params, 'en'),
    draft: draftFrom(input, selected, { text, locale }),
    issue: authorizationLengthIssue(text),
  };
}
