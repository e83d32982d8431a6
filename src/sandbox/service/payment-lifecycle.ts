// A payment's life in the sandbox, decided by its amount: most settle, and a few magic amounts
// show the other endings a merchant's server must handle.
import {
  PAYMENT_EVENT_TYPES,
  type CheckoutRequest,
  type Payment,
  type PaymentStatus,
} from '../../core/schemas.js';

/** `subtotal.cents` that choose a payment's ending. */
export const MAGIC_AMOUNTS = {
  /** Stays pending: never batched. */
  staysPending: 1,
  /** Batched, then returned with `R01` (insufficient funds). */
  returned: 222,
  /** Fails before it is batched. */
  fails: 444,
} as const;

export const INSUFFICIENT_FUNDS_RETURN_CODE = 'R01';

export interface PaymentStep {
  status: PaymentStatus;
  returnCode?: string;
}

/** The statuses a payment takes after `pending`, one per settle step. */
export function stepsFor(cents: number): PaymentStep[] {
  if (cents === MAGIC_AMOUNTS.staysPending) return [];
  if (cents === MAGIC_AMOUNTS.fails) return [{ status: 'failed' }];
  if (cents === MAGIC_AMOUNTS.returned) {
    return [
      { status: 'batched' },
      { status: 'returned', returnCode: INSUFFICIENT_FUNDS_RETURN_CODE },
    ];
  }
  return [{ status: 'batched' }, { status: 'settled' }];
}

/** The steps a payment has still to take on its own, from where it is now. */
export function remainingSteps(
  payment: Pick<SandboxPayment, 'status' | 'subtotal'>,
): PaymentStep[] {
  const steps = stepsFor(payment.subtotal.cents);
  if (payment.status === 'pending') return steps;
  const taken = steps.findIndex((step) => step.status === payment.status);
  return taken === -1 ? [] : steps.slice(taken + 1);
}

/** The endings the dashboard can move a payment to. */
export const PAYMENT_ENDINGS = ['settled', 'returned', 'failed'] as const;
export type PaymentEnding = (typeof PAYMENT_ENDINGS)[number];

/**
 * The steps from a payment's status to an ending, each of which a webhook announces: a return
 * comes after batching, as a bank's does. Empty when the payment has already ended.
 */
export function stepsTo(status: PaymentStatus, ending: PaymentEnding): PaymentStep[] {
  if (status !== 'pending' && status !== 'batched') return [];
  if (ending === 'failed') return [{ status: 'failed' }];
  const last: PaymentStep =
    ending === 'returned'
      ? { status: 'returned', returnCode: INSUFFICIENT_FUNDS_RETURN_CODE }
      : { status: 'settled' };
  return status === 'pending' ? [{ status: 'batched' }, last] : [last];
}

/** A payment the sandbox accepted, with what the merchant endpoint and webhooks show of it. */
export interface SandboxPayment {
  paymentId: string;
  merchantId: string;
  customerId: string;
  /** Token of the bank account paid from. */
  token: string;
  subtotal: CheckoutRequest['subtotal'];
  settlementType: CheckoutRequest['settlementType'];
  webhookInfo: CheckoutRequest['webhookInfo'];
  email: string;
  chargebackProtectionData?: CheckoutRequest['chargebackProtectionData'];
  deviceId?: string;
  idempotencyKey?: string;
  /** The checkout token it was paid with, by its id. */
  checkoutTokenId?: string;
  status: PaymentStatus;
  returnCode?: string;
  /** When the merchant refunded it (ISO 8601 with milliseconds). */
  refundedAt?: string;
  /** Every status it has had, with when (ISO 8601 with milliseconds). */
  history: { status: PaymentStatus; at: string }[];
  createdAt: string;
  updatedAt: string;
}

/** The payment as GET /api/merchant/payments/{paymentId} and webhooks show it. */
export function paymentView(payment: SandboxPayment): Payment {
  return {
    paymentId: payment.paymentId,
    status: payment.status,
    subtotal: payment.subtotal,
    settlementType: payment.settlementType,
    customerId: payment.customerId,
    email: payment.email,
    webhookInfo: payment.webhookInfo,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
    ...(payment.returnCode !== undefined && { returnCode: payment.returnCode }),
    ...(payment.refundedAt !== undefined && { refundedAt: payment.refundedAt }),
  };
}

/**
 * Why a payment cannot be refunded, or undefined when it can: a pending or batched payment is
 * cancelled before it settles, a settled one is credited back.
 */
export function refundRefusal(
  payment: Pick<SandboxPayment, 'paymentId' | 'status' | 'returnCode'>,
): string | undefined {
  switch (payment.status) {
    case 'pending':
    case 'batched':
    case 'settled':
      return undefined;
    case 'returned':
      return `Payment ${payment.paymentId} was returned${payment.returnCode ? ` (${payment.returnCode})` : ''} by the payer's bank: the money is already back with the payer, so there is nothing to refund.`;
    case 'failed':
      return `Payment ${payment.paymentId} failed: no money moved, so there is nothing to refund.`;
    case 'refunded':
      return `Payment ${payment.paymentId} is already refunded: a payment is refunded once, in full.`;
  }
}

export function eventTypeFor(status: PaymentStatus): string {
  return PAYMENT_EVENT_TYPES[status];
}
