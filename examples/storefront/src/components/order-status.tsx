// How an order's status reads, the same on the order page, the orders list and the staff page.
// Only `paid` delivers: no other status looks like a success. An ACH debit the service accepted
// is submitted, not paid, until it settles.
import type { Order, OrderStatus } from '../api-types.js';
import { describeGoods, hasGoods } from '../goods.js';
import type { Language } from '../language.js';
import { en } from '../text/en.js';
import { CheckIcon } from './ui.js';

/** Whether the order may still be paid (waiting), is paid, or ended without money (stopped). */
export type OrderTone = 'waiting' | 'paid' | 'stopped';

/** Each status's tone; its words are the shop's (src/text). */
export const ORDER_TONE: Record<OrderStatus, OrderTone> = {
  awaiting_payment: 'waiting',
  processing: 'waiting',
  paid: 'paid',
  expired: 'stopped',
  returned: 'stopped',
  failed: 'stopped',
  refunded: 'stopped',
  reversed: 'stopped',
};

/**
 * Why a reversed order's money went back, when, and what the shop took back from the account, in
 * the language of `text`: "Payment reversed by the bank (R10) on Dec 4, 2026, 10:00 AM: we took
 * back 500 gems." Undefined for an order that was not reversed.
 */
export function reversalText(
  order: Order,
  { text, date }: Pick<Language, 'text' | 'date'>,
): string | undefined {
  const { reversal } = order;
  if (!reversal) return undefined;
  const when = date(reversal.at);
  const why =
    reversal.cause === 'returned'
      ? text.reversedByBank(order.returnCode, when)
      : text.refundedByShop(when);
  return order.delivered && hasGoods(order.delivered)
    ? text.tookBack(why, describeGoods(order.delivered, text.goods))
    : text.nothingTakenBack(why);
}

/** A status's badge; `label` words it in the shopper's language (English by default). */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  return <span className={`status status--${status}`}>{label ?? en.statusLabels[status]}</span>;
}

export function OrderStatusIcon({ status }: { status: OrderStatus }) {
  const tone = ORDER_TONE[status];
  return (
    <span className={`confirmation-icon confirmation-icon--${tone}`} aria-hidden="true">
      {tone === 'paid' ? <CheckIcon /> : tone === 'waiting' ? <ClockIcon /> : <StopIcon />}
    </span>
  );
}

function ClockIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 7.5V12l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 12h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
