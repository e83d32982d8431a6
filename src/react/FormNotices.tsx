// Notices shown on the form, above Pay: the payer can still act on the form below them.
import type { RefObject } from 'react';
import type { FormView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { Attempt, Draft } from '../checkout/purchase.js';
import type { Money } from '../core/money.js';
import { Notice, OptionalButton, SecondaryButton, VIEW_TITLES, describeAccount } from './Notice.js';

/** In place of the bank-account picker when the payer has no account to pay from. */
export function NoBankAccountsNotice(props: {
  onAddBankAccount?: () => void;
  onCheckAgain: () => void;
}) {
  return (
    <Notice
      tone="info"
      title={VIEW_TITLES['no-bank-accounts']}
      buttons={
        <>
          <OptionalButton onClick={props.onAddBankAccount}>Add a bank account</OptionalButton>
          <SecondaryButton onClick={props.onCheckAgain}>Check again</SecondaryButton>
        </>
      }
    >
      <p>Add a bank account to your account, then check again to pay.</p>
    </Notice>
  );
}

export interface FormNoticesProps {
  view: FormView;
  deviceStatus: DeviceIdStatus;
  onRetryDevice: () => void;
  /** What Pay would send now: in the `declined` view, from the declined account. */
  draft: Draft | null;
  onRetryAccount: (draft: Draft) => void;
  /** The payment whose outcome is unknown, if there is one. */
  unconfirmed: Attempt | null;
  money: (amount: Money) => string;
  /** Where focus moves after the payer acts. */
  resultRef: RefObject<HTMLDivElement | null>;
}

/** The security check, a decline, an unconfirmed payment and a certain failure, in that order. */
export function FormNotices(props: FormNoticesProps) {
  const { view, draft, unconfirmed, money, resultRef } = props;
  return (
    <>
      {view === 'device-required' ? (
        <DeviceNotice status={props.deviceStatus} onRetry={props.onRetryDevice} />
      ) : null}
      {view === 'declined' && draft ? (
        <Notice
          tone="error"
          title={VIEW_TITLES.declined}
          focusTarget={resultRef}
          buttons={
            <SecondaryButton onClick={() => props.onRetryAccount(draft)}>
              Try this account again
            </SecondaryButton>
          }
        >
          <p>
            Your bank declined the payment from {describeAccount(draft.account)}. Choose another
            account, or try this one again.
          </p>
        </Notice>
      ) : null}
      {unconfirmed ? (
        <Notice tone="error" title={VIEW_TITLES.unconfirmed} focusTarget={resultRef}>
          <p>
            Your payment of {money(unconfirmed.request.subtotal)} from{' '}
            {describeAccount(unconfirmed.account)} may have gone through. Retry to finish it: the
            same payment is sent again, and you will not be charged twice.
          </p>
          <p>The account and amount can&apos;t change until we know.</p>
        </Notice>
      ) : null}
      {view === 'failed' ? (
        <Notice tone="error" title={VIEW_TITLES.failed} focusTarget={resultRef}>
          <p>You have not been charged. Please try again.</p>
        </Notice>
      ) : null}
    </>
  );
}

/** Chargeback protection's device check: running, failed (with a retry), or not on the page. */
function DeviceNotice({ status, onRetry }: { status: DeviceIdStatus; onRetry: () => void }) {
  if (status === 'loading') {
    return (
      <div className="sc-loading">
        <span className="sc-spinner" aria-hidden="true" />
        <span>Running a security check…</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Notice
        tone="error"
        title="The security check didn't load"
        buttons={<SecondaryButton onClick={onRetry}>Retry security check</SecondaryButton>}
      >
        <p>This purchase needs a quick device check. Disable content blockers and retry.</p>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Security check unavailable">
      <p>This purchase needs a device check that isn&apos;t available on this page.</p>
    </Notice>
  );
}
