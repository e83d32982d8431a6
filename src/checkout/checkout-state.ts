// What <Checkout> shows, derived from its inputs: the component only renders the result.
import { type CheckoutError, ServiceError, SessionExpiredError } from '../core/errors.js';
import { NOT_BLOCKED, type CheckoutInput } from '../core/browser-schemas.js';
import type { DeviceIdSnapshot } from './device-id-store.js';
import type { Purchase } from './purchase.js';
import type { CustomerState } from './customer-query.js';

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
  | 'unconfirmed'
  | 'failed'
  | 'success';

// Whether each view shows the form (some with a notice on it) or a notice in its place.
// `satisfies` makes a new view a type error until it is placed here.
const SHOWS_FORM = {
  invalid: false,
  loading: false,
  'load-error': false,
  expired: false,
  blocked: false,
  verification: false,
  'no-bank-accounts': true,
  'device-required': true,
  ready: true,
  submitting: true,
  declined: true,
  unconfirmed: true,
  failed: true,
  success: false,
} as const satisfies Record<CheckoutView, boolean>;

/** The views that show the form. */
export type FormView = {
  [V in CheckoutView]: (typeof SHOWS_FORM)[V] extends true ? V : never;
}[CheckoutView];

/** The views whose notice takes the form's place. */
export type NoticeView = Exclude<CheckoutView, FormView>;

export function showsForm(view: CheckoutView): view is FormView {
  return SHOWS_FORM[view];
}

/** Pay is enabled: to pay, to pay again after a certain failure, or to retry an unknown one. */
export function payable(view: CheckoutView): boolean {
  return view === 'ready' || view === 'failed' || view === 'unconfirmed';
}

/** A failure that replaces the whole form: paying cannot go on until it is resolved. */
type BlockingView = 'expired' | 'blocked' | 'verification';

/** The form-replacing view a failure calls for, if any. */
export function blockingView(error: CheckoutError): BlockingView | null {
  if (error instanceof SessionExpiredError) return 'expired';
  if (error instanceof ServiceError) {
    if (error.status === 401) return 'expired';
    if (error.status === 423) return 'blocked';
    if (error.status === 451) return 'verification';
  }
  return null;
}

/** Chargeback protection is in use: the customer has it on, or the merchant sends its data. */
export function needsDeviceId(
  customer: CustomerState,
  purchase: Pick<CheckoutInput, 'chargebackProtectionData'> | null,
): boolean {
  return (
    customer.customer?.chargebackProtectionEnabled === true ||
    purchase?.chargebackProtectionData !== undefined
  );
}

export function checkoutView(input: {
  propsValid: boolean;
  customer: CustomerState;
  device: DeviceIdSnapshot;
  /** Chargeback protection is in use: the purchase must carry a device id. */
  needsDeviceId: boolean;
  purchase: Purchase;
  /** The chosen bank account was declined in this checkout. */
  chosenAccountDeclined: boolean;
}): CheckoutView {
  const { propsValid, customer, device, needsDeviceId, purchase } = input;
  if (!propsValid) return 'invalid';
  // A payment's outcome outlives a later refresh of the customer.
  if (purchase.status === 'succeeded') return 'success';
  if (purchase.status === 'submitting') return 'submitting';
  const paymentError =
    purchase.status === 'failed' || purchase.status === 'unknown' ? purchase.error : null;
  const paymentBlocked = paymentError && blockingView(paymentError);
  if (paymentBlocked) return paymentBlocked;

  if (customer.status === 'loading') return 'loading';
  if (customer.status === 'error') return blockingView(customer.error) ?? 'load-error';
  if (customer.customer.isBlocked !== NOT_BLOCKED) return 'blocked';
  if (customer.customer.bankAccounts.length === 0) return 'no-bank-accounts';
  if (needsDeviceId && device.status !== 'ready') return 'device-required';
  // The form can pay: an earlier failure shows on it.
  if (purchase.status === 'unknown') return 'unconfirmed';
  if (input.chosenAccountDeclined) return 'declined';
  if (purchase.status === 'failed') return 'failed';
  return 'ready';
}
