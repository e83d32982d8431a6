// The checkout's notices: the box every outcome is shown in, its buttons, and each view's title.
import type { ReactNode, Ref } from 'react';
import type { CheckoutView } from '../checkout/checkout-state.js';
import type { CheckoutMessages } from '../checkout/messages/index.js';

type TitleMessage = {
  [K in keyof CheckoutMessages]: CheckoutMessages[K] extends string ? K : never;
}[keyof CheckoutMessages];

// Each view's title: its notice's heading, and what the live region says when the view comes.
// `satisfies` makes a new view a type error until it has a title.
const VIEW_TITLES = {
  invalid: 'invalidTitle',
  loading: 'loadingTitle',
  'load-error': 'loadErrorTitle',
  expired: 'expiredTitle',
  blocked: 'blockedTitle',
  verification: 'verificationTitle',
  'no-bank-accounts': 'noBankAccountsTitle',
  'device-required': 'deviceRequiredTitle',
  ready: 'readyTitle',
  submitting: 'submittingTitle',
  declined: 'declinedTitle',
  unconfirmed: 'unconfirmedTitle',
  failed: 'failedTitle',
  success: 'submittedTitle',
} as const satisfies Record<CheckoutView, TitleMessage>;

export function viewTitle(view: CheckoutView, messages: CheckoutMessages): string {
  return messages[VIEW_TITLES[view]];
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

export function SecondaryButton(props: {
  onClick: () => void;
  children: string;
  /** The id of what the button is described by: the authorization, for one that pays. */
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      className="sc-button sc-button--secondary"
      onClick={props.onClick}
      aria-describedby={props.describedBy}
    >
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
