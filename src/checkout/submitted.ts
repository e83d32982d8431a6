// What the payer is told once the service accepted the debit: it is submitted to their bank and
// expected to clear days later, never that it is complete.
import { expectedSettlement } from '../core/banking-days.js';
import { formatMoney } from '../core/money.js';
import { formatCalendarDate } from './formats.js';
import type { CheckoutMessages } from './messages/index.js';
import type { Attempt } from './purchase.js';

/** A checkout's words: its locale, its messages, and which language and direction they are in. */
export interface CheckoutWords {
  /** The tag amounts and dates are written in, and the authorization's `locale`. */
  locale: string;
  messages: CheckoutMessages;
  /** The language of the messages (their catalogue's tag), for `lang`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /**
   * The English authorization, offered beside a translated one; null where the checkout reads
   * English or the app words the authorization itself.
   */
  englishAuthorization: CheckoutMessages['authorization'] | null;
}

/** The values of the submitted view and its announcement, as the payer reads them. */
export function submittedValues(
  attempt: Attempt,
  submittedAt: string,
  { locale, messages }: CheckoutWords,
): { amount: string; account: string; date: string } {
  return {
    amount: formatMoney(attempt.request.subtotal, locale),
    account: messages.account(attempt.account),
    date: formatCalendarDate(expectedSettlement(submittedAt).settlesOn, locale),
  };
}
