// The debit authorization (NACHA WEB) a payer accepts by pressing Pay: its words, with the
// amount and the day in the payer's locale.
import type { FieldIssue } from '../core/errors.js';
import { formatMoney, type Money } from '../core/money.js';
import { formatDay } from './formats.js';
import { messagesFor, type CheckoutMessages } from './messages/index.js';
import { resolveLocale } from './messages/locales.js';

/** The service keeps at most this many characters of an authorization (JavaScript's count). */
export const MAX_AUTHORIZATION_LENGTH = 2000;

/** What {@link authorizationText} words: who is paid what, from which account, and when. */
export interface AuthorizationParams {
  /** The label of the button the payer selects to pay, as your page shows it: "Pay $19.99". */
  payLabel: string;
  /** Your business's name, as the payer knows it. */
  merchantName: string;
  /** An e-mail address or URL where the payer can revoke the authorization. */
  merchantContact: string;
  /** The amount debited. */
  amount: Money;
  /** The account debited: its name and last four digits. */
  bankAccount: { alias: string; last4: string };
  /** When the payer accepts: the debit is made on or after its date in New York. */
  date: Date;
}

/**
 * The debit authorization `<Checkout>` shows beside Pay, for a page that builds its own
 * checkout: show it where the payer presses your button, and keep it with the payment (the
 * text, when it was accepted, and the locale). Pure: the same parameters give the same text.
 *
 * @param locale A BCP 47 tag, such as `"en-US"`: the language, and how the amount and the date
 *   are written. A locale other than English must be loaded first: `await preloadLocale(locale)`
 *   (else a `ConfigError` says so).
 * @returns By default: "By selecting Pay $19.99, you authorize Acme Games to make a one-time
 *   debit of $19.99 from Everyday checking ••6789 on or after July 3, 2025. You may revoke this
 *   by contacting support@acme.example before it is sent to your bank."
 */
export function authorizationText(params: AuthorizationParams, locale: string): string {
  const resolved = resolveLocale(locale);
  return wordAuthorization(messagesFor(resolved).authorization, params, resolved.locale);
}

/** The authorization in the words of `message` (the catalogue's, or the merchant's own). */
export function wordAuthorization(
  message: CheckoutMessages['authorization'],
  params: AuthorizationParams,
  locale: string,
): string {
  const { payLabel, merchantName, merchantContact, amount, bankAccount, date } = params;
  return message({
    payLabel,
    merchantName,
    amount: formatMoney(amount, locale),
    alias: bankAccount.alias,
    last4: bankAccount.last4,
    date: formatDay(date, locale),
    merchantContact,
  });
}

/** A problem with an authorization's length: the service refuses one over 2,000 characters. */
export function authorizationLengthIssue(text: string): FieldIssue | null {
  if (text.length <= MAX_AUTHORIZATION_LENGTH) return null;
  return {
    path: 'messages.authorization',
    problem: `is ${text.length} characters long with this purchase; the service takes at most 2,000`,
  };
}
