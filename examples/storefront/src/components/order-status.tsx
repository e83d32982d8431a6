// How an order's status reads, the same on the order page, the orders list and the staff page.
// Only `paid` delivers: no other status looks like a success. An ACH debit the service accepted
// is submitted, not paid, until it settles.
import type { Env } from 'service-checkout';
import type { Order, OrderStatus } from '../api-types.js';
import { describeGoods, hasGoods } from '../goods.js';
import { CheckIcon, formatDate } from './ui.js';

/** Whether the order may still be paid (waiting), is paid, or ended without money (stopped). */
export type OrderTone = 'waiting' | 'paid' | 'stopped';

export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: OrderTone }> = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'waiting' },
  processing: { label: 'Payment submitted', tone: 'waiting' },
  paid: { label: 'Paid', tone: 'paid' },
  expired: { label: 'Expired', tone: 'stopped' },
  returned: { label: 'Payment returned', tone: 'stopped' },
  failed: { label: 'Payment failed', tone: 'stopped' },
  refunded: { label: 'Refunded', tone: 'stopped' },
  reversed: { label: 'Payment reversed', tone: 'stopped' },
};

/**
 * Why a reversed order's money went back, when, and what the shop took back from the account:
 * "Payment reversed by the bank (R10) on Dec 4, 2026, 10:00 AM: we took back 500 gems."
 * Undefined for an order that was not reversed.
 */
export function reversalText(order: Order): string | undefined {
  const { reversal } = order;
  if (!reversal) return undefined;
  const when = formatDate(reversal.at);
  const why =
    reversal.cause === 'returned'
      ? `Payment reversed by the bank${order.returnCode ? ` (${order.returnCode})` : ''} on ${when}`
      : `Payment refunded by the shop on ${when}`;
  return order.delivered && hasGoods(order.delivered)
    ? `${why}: we took back ${describeGoods(order.delivered)}.`
    : `${why}: nothing had been delivered, so nothing was taken back.`;
}

/** A status's badge; `label` words it in the shopper's language (English by default). */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  return <span className={`status status--${status}`}>{label ?? ORDER_STATUS[status].label}</span>;
}

/**
 * How long an ACH payment takes to settle: the sandbox moves a payment along in seconds, a
 * bank takes business days.
 */
export function achTiming(env: Env | undefined): string {
  return env === 'prod'
    ? 'ACH bank payments usually take 1 to 3 business days to settle.'
    : 'In this sandbox that takes a few seconds; a live ACH bank payment usually takes 1 to 3 business days.';
}

export function OrderStatusIcon({ status }: { status: OrderStatus }) {
  const { tone } = ORDER_STATUS[status];
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
