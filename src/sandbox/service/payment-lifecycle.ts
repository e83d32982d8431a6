// A payment's life in the sandbox, decided by its amount: most settle, and a few magic amounts
// show the other endings a merchant's server must handle.
import { mayFollow, pathBetween } from '../../core/payment-status.js';
import type { WebDebitReturnCode } from '../../core/return-codes.js';
import {
  PAYMENT_EVENT_TYPES,
  type CheckoutRequest,
  type Payment,
  type PaymentAuthorization,
  type PaymentDetails,
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
  /** Settles, then is returned with `R10` (unauthorized) ten days after it settled. */
  returnedAfterSettling: 1010,
} as const;

/** The payer's account did not hold enough money: the code of the magic amount `222`'s return. */
export const INSUFFICIENT_FUNDS_RETURN_CODE = 'R01' satisfies WebDebitReturnCode;
/** The payer told their bank the debit was not authorized: it may come weeks after settling. */
export const UNAUTHORIZED_RETURN_CODE = 'R10' satisfies WebDebitReturnCode;

/** How long after settling the magic amount 1010 is returned, on the sandbox's clock. */
export const LATE_RETURN_DELAY_MS = 10 * 86_400_000;

export interface PaymentStep {
  status: PaymentStatus;
  returnCode?: string;
  /** Time after the previous step; unset, one settle step (`settleStepMs`). */
  afterMs?: number;
}

/** The statuses a payment takes after `pending`, one per settle step unless a step says. */
export function stepsFor(cents: number): PaymentStep[] {
  if (cents === MAGIC_AMOUNTS.staysPending) return [];
  if (cents === MAGIC_AMOUNTS.fails) return [{ status: 'failed' }];
  if (cents === MAGIC_AMOUNTS.returned) {
    return [
      { status: 'batched' },
      { status: 'returned', returnCode: INSUFFICIENT_FUNDS_RETURN_CODE },
    ];
  }
  if (cents === MAGIC_AMOUNTS.returnedAfterSettling) {
    return [
      { status: 'batched' },
      { status: 'settled' },
      { status: 'returned', returnCode: UNAUTHORIZED_RETURN_CODE, afterMs: LATE_RETURN_DELAY_MS },
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
 * The steps from a payment's status to an ending, each of which a webhook announces, along the
 * order of src/core/payment-status.ts: a return comes after batching, as a bank's does, or after
 * settling (a late return). Empty when the payment cannot move there.
 */
export function stepsTo(
  status: PaymentStatus,
  ending: PaymentEnding,
  returnCode: WebDebitReturnCode = INSUFFICIENT_FUNDS_RETURN_CODE,
): PaymentStep[] {
  return pathBetween(status, ending).map((step) =>
    step === 'returned' ? { status: step, returnCode } : { status: step },
  );
}

/** Why a payment cannot move to `ending`, or undefined when it can. */
export function moveRefusal(
  payment: Pick<SandboxPayment, 'paymentId' | 'status'>,
  ending: PaymentEnding,
): string | undefined {
  if (mayFollow(payment.status, ending)) return undefined;
  const already = `Payment ${payment.paymentId} is already ${payment.status}`;
  const endings = PAYMENT_ENDINGS.filter((later) => mayFollow(payment.status, later));
  return endings.length === 0
    ? `${already}, which is final: it moves no more.`
    : `${already}: from there it moves only to ${endings.join(' or ')}.`;
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
  /** When it settled (ISO 8601 with milliseconds); kept when it is returned or refunded later. */
  settledAt?: string;
  /** When the payer's bank returned it (ISO 8601 with milliseconds). */
  returnedAt?: string;
  /** When the merchant refunded it (ISO 8601 with milliseconds). */
  refundedAt?: string;
  /** Every status it has had, with when (ISO 8601 with milliseconds). */
  history: { status: PaymentStatus; at: string }[];
  /** The debit authorization the payer accepted, as kept; null when the purchase sent none. */
  authorization: PaymentAuthorization | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The payment as GET /api/merchant/payments/{paymentId} and a refund answer it: the debit
 * authorization whole.
 */
export function paymentView(payment: SandboxPayment): PaymentDetails {
  return { ...paymentFields(payment), authorization: payment.authorization };
}

/**
 * The payment as webhooks and the events feed carry it: of the debit authorization, only the
 * digest of its text and when it was accepted. The words stay with the merchant's reads.
 */
export function paymentEventData(payment: SandboxPayment): Payment {
  const { authorization } = payment;
  return {
    ...paymentFields(payment),
    authorization: authorization && {
      textSha256: authorization.textSha256,
      acceptedAt: authorization.acceptedAt,
    },
  };
}

/** Every field of the payment the merchant is shown but its authorization. */
function paymentFields(payment: SandboxPayment): Payment {
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
    ...(payment.settledAt !== undefined && { settledAt: payment.settledAt }),
    ...(payment.returnedAt !== undefined && { returnedAt: payment.returnedAt }),
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
  if (mayFollow(payment.status, 'refunded')) return undefined;
  const { paymentId, status, returnCode } = payment;
  if (status === 'returned') {
    return `Payment ${paymentId} was returned${returnCode ? ` (${returnCode})` : ''} by the payer's bank: the money is already back with the payer, so there is nothing to refund.`;
  }
  if (status === 'failed') {
    return `Payment ${paymentId} failed: no money moved, so there is nothing to refund.`;
  }
  if (status === 'refunded') {
    return `Payment ${paymentId} is already refunded: a payment is refunded once, in full.`;
  }
  return `Payment ${paymentId} is ${status}: it cannot be refunded.`;
}

export function eventTypeFor(status: PaymentStatus): string {
  return PAYMENT_EVENT_TYPES[status];
}
