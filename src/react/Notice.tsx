// The checkout's notices: the box every outcome is shown in, its buttons, each view's title,
// and the live region that reads the title out.
import type { ReactNode, Ref } from 'react';
import type { CheckoutView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { PaidFrom } from '../checkout/purchase.js';

// Each view's title: its notice's heading, and, with a full stop, what the status region reads
// out when the view changes (a loading security check reads its own).
export const VIEW_TITLES: Record<CheckoutView, string> = {
  invalid: 'This checkout is not set up correctly',
  loading: 'Loading your payment details',
  'load-error': "We couldn't load your payment details",
  expired: 'Your session has expired',
  blocked: 'Payments are unavailable for this account',
  verification: 'Verify your identity to pay',
  'no-bank-accounts': 'No bank account on file',
  'device-required': 'Security check unavailable',
  ready: 'Ready to pay',
  submitting: 'Processing your payment',
  declined: 'Payment declined',
  unconfirmed: "We couldn't confirm your payment",
  failed: "The payment didn't go through",
  success: 'Payment complete',
};

/** Reads out each change of view through a polite live region. */
export function ViewAnnouncement(props: { view: CheckoutView; deviceStatus: DeviceIdStatus }) {
  return (
    <div className="sc-visually-hidden" role="status" aria-live="polite">
      {props.view === 'device-required' && props.deviceStatus === 'loading'
        ? 'Running a security check.'
        : `${VIEW_TITLES[props.view]}.`}
    </div>
  );
}

// tabIndex -1: not a tab stop, but focusable, so focus can move to an outcome.
export function Notice({
  tone,
  title,
  children,
  buttons,
  focusTarget,
}: {
  tone: 'error' | 'info' | 'success';
  title: string;
  children?: ReactNode;
  /** The payer's way out: one or more buttons. */
  buttons?: ReactNode;
  focusTarget?: Ref<HTMLDivElement>;
}) {
  return (
    <div className={`sc-notice sc-notice--${tone}`} ref={focusTarget} tabIndex={-1}>
      <p className="sc-notice-title">{title}</p>
      {children}
      {buttons ? <div className="sc-actions">{buttons}</div> : null}
    </div>
  );
}

export function SecondaryButton(props: { onClick: () => void; children: string }) {
  return (
    <button type="button" className="sc-button sc-button--secondary" onClick={props.onClick}>
      {props.children}
    </button>
  );
}

/** A button for an optional callback: shown only when the app passed one. */
export function OptionalButton(props: { onClick: (() => void) | undefined; children: string }) {
  return props.onClick ? (
    <SecondaryButton onClick={props.onClick}>{props.children}</SecondaryButton>
  ) : null;
}

export function describeAccount(account: Pick<PaidFrom, 'alias' | 'last4'> | null): string {
  return account ? `${account.alias} ending in ${account.last4}` : 'your bank account';
}
