// What <Checkout> shows, derived from its inputs: the component only renders the result.
import {
  CheckoutError,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  SessionExpiredError,
} from '../core/errors.js';
import { NOT_BLOCKED, type Customer } from '../core/schemas.js';
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
  if (payment.phase === 'failed') {
    const view = failureView(payment.error);
    if (view === 'expired' || view === 'blocked' || view === 'verification') return view;
  }
  if (customer.status === 'loading') return 'loading';
  if (customer.status === 'error') {
    const view = failureView(customer.error);
    return view === 'expired' || view === 'blocked' || view === 'verification'
      ? view
      : 'load-error';
  }
  const view = customerView(customer.customer, needsDeviceId && device.status !== 'ready');
  if (view !== 'ready' || payment.phase !== 'failed') return view;
  return failureView(payment.error);
}

function customerView(customer: Customer, missingDeviceId: boolean): CheckoutView {
  if (customer.isBlocked !== NOT_BLOCKED) return 'blocked';
  if (customer.bankAccounts.length === 0) return 'no-bank-accounts';
  if (missingDeviceId) return 'device-required';
  return 'ready';
}

/** One key per purchase attempt; crypto.randomUUID needs a secure context, so fall back. */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto?.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = webCrypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
