// What <Checkout> shows, derived from its inputs: the component only renders the result.
import {
  CheckoutError,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  SessionExpiredError,
} from '../core/errors.js';
import { NOT_BLOCKED } from '../core/schemas.js';
import type { DeviceIdSnapshot } from './device-id-store.js';
import type { CustomerState } from './useCustomer.js';

/** Every state a payer can meet; also the `data-state` attribute of `.sc-checkout`. */
export type CheckoutView =
  | 'invalid'
  | 'loading'
  | 'load-error'
  | 'expired'
  | 'blocked'
  | 'verification'
  | 'no-bank-accounts'
  | 'device-required'
  | 'ready'
  | 'submitting'
  | 'declined'
  | 'network-error'
  | 'failed'
  | 'success';

export type PaymentState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'failed'; error: CheckoutError }
  | { phase: 'succeeded'; paymentId: string };

/** How a failure reads to the payer. */
export function failureView(
  error: CheckoutError,
): 'expired' | 'blocked' | 'verification' | 'declined' | 'network-error' | 'failed' {
  if (error instanceof SessionExpiredError) return 'expired';
  if (error instanceof ServiceError) {
    if (error.status === 401) return 'expired';
    if (error.status === 423) return 'blocked';
    if (error.status === 451) return 'verification';
    if (error.status === 402) return 'declined';
    if (error.status >= 500) return 'network-error';
  }
  if (error instanceof NetworkError) return 'network-error';
  return 'failed';
}

/**
 * After no answer (or a server fault, or an unreadable success) the purchase may have gone
 * through: a retry must reuse its Idempotency-Key so the service can recognise it.
 */
export function outcomeUnknown(error: CheckoutError): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof ResponseValidationError ||
    (error instanceof ServiceError && error.status >= 500)
  );
}

export function checkoutView(input: {
  propsValid: boolean;
  customer: CustomerState;
  device: DeviceIdSnapshot;
  /** Chargeback protection is in use: the purchase must carry a device id. */
  needsDeviceId: boolean;
  payment: PaymentState;
}): CheckoutView {
  const { propsValid, customer, device, needsDeviceId, payment } = input;
  if (!propsValid) return 'invalid';
  // A payment outcome outlives a later refresh of the customer.
  if (payment.phase === 'succeeded') return 'success';
  if (payment.phase === 'submitting') return 'submitting';
  const paymentFailure = payment.phase === 'failed' ? failureView(payment.error) : null;
  if (
    paymentFailure === 'expired' ||
    paymentFailure === 'blocked' ||
    paymentFailure === 'verification'
  ) {
    return paymentFailure;
  }
  if (customer.status === 'loading') return 'loading';
  if (customer.status === 'error') {
    const view = failureView(customer.error);
    return view === 'expired' || view === 'blocked' || view === 'verification'
      ? view
      : 'load-error';
  }
  if (customer.customer.isBlocked !== NOT_BLOCKED) return 'blocked';
  if (customer.customer.bankAccounts.length === 0) return 'no-bank-accounts';
  if (needsDeviceId && device.status !== 'ready') return 'device-required';
  // The form can pay: a payment that failed shows on it, for a retry or another account.
  return paymentFailure ?? 'ready';
}

/** One key per purchase attempt; crypto.randomUUID needs a secure context, so fall back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // The version (4) and variant bits, as randomUUID sets them.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  // 8-4-4-4-12 hex digits.
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
