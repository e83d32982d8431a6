// What the payer is told once the service accepted the debit: it is submitted to their bank and
// expected to clear days later, never that it is complete.
import { expectedSettlement } from '../core/banking-days.js';
import { formatMoney } from '../core/money.js';
import { formatCalendarDate } from './formats.js';
import type { CheckoutMessages } from './messages/index.js';
import type { Attempt } from './purchase.js';

/** A checkout's words: its locale and its messages. */
export interface CheckoutWords {
  locale: string;
  messages: CheckoutMessages;
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
