// Notices shown on the form, above Pay: the payer can still act on the form below them.
import type { RefObject } from 'react';
import type { FormView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { CheckoutMessages } from '../checkout/messages/index.js';
import type { Attempt, Draft } from '../checkout/purchase.js';
import type { Money } from '../core/money.js';
import { Notice, OptionalButton, SecondaryButton, viewTitle } from './Notice.js';

/** In place of the bank-account picker when the payer has no account to pay from. */
export function NoBankAccountsNotice(props: {
  messages: CheckoutMessages;
  onAddBankAccount?: () => void;
  onCheckAgain: () => void;
}) {
  const { messages } = props;
  return (
    <Notice
      tone="info"
      title={viewTitle('no-bank-accounts', messages)}
      buttons={
        <>
          <OptionalButton onClick={props.onAddBankAccount}>
            {messages.addBankAccount}
          </OptionalButton>
          <SecondaryButton onClick={props.onCheckAgain}>{messages.checkAgain}</SecondaryButton>
        </>
      }
    >
      <p>{messages.noBankAccountsBody}</p>
    </Notice>
  );
}

export interface FormNoticesProps {
  view: FormView;
  messages: CheckoutMessages;
  deviceStatus: DeviceIdStatus;
  onRetryDevice: () => void;
  /** What Pay would send now: in the `declined` view, from the declined account. */
  draft: Draft | null;
  onRetryAccount: (draft: Draft) => void;
  /** The payment whose outcome is unknown, if there is one. */
  unconfirmed: Attempt | null;
  money: (amount: Money) => string;
  /** The authorization's id: the button that pays again is described by it. */
  authorizationId: string;
  /** Where focus moves after the payer acts. */
  resultRef: RefObject<HTMLDivElement | null>;
}

/** The security check, a decline, an unconfirmed payment and a certain failure, in that order. */
export function FormNotices(props: FormNoticesProps) {
  const { view, messages, draft, unconfirmed, money, resultRef } = props;
  return (
    <>
      {view === 'device-required' ? (
        <DeviceNotice
          status={props.deviceStatus}
          messages={messages}
          onRetry={props.onRetryDevice}
        />
      ) : null}
      {view === 'declined' && draft ? (
        <Notice
          tone="error"
          title={viewTitle('declined', messages)}
          focusTarget={resultRef}
          buttons={
            <SecondaryButton
              onClick={() => props.onRetryAccount(draft)}
              describedBy={props.authorizationId}
            >
              {messages.tryAccountAgain}
            </SecondaryButton>
          }
        >
          <p>{messages.declinedBody({ account: messages.account(draft.account) })}</p>
        </Notice>
      ) : null}
      {unconfirmed ? (
        <Notice tone="error" title={viewTitle('unconfirmed', messages)} focusTarget={resultRef}>
          <p>
            {messages.unconfirmedBody({
              amount: money(unconfirmed.request.subtotal),
              account: messages.account(unconfirmed.account),
            })}
          </p>
          <p>{messages.unconfirmedLocked}</p>
        </Notice>
      ) : null}
      {view === 'failed' ? (
        <Notice tone="error" title={viewTitle('failed', messages)} focusTarget={resultRef}>
          <p>{messages.failedBody}</p>
        </Notice>
      ) : null}
    </>
  );
}

/** Chargeback protection's device check: running, failed (with a retry), or not on the page. */
function DeviceNotice(props: {
  status: DeviceIdStatus;
  messages: CheckoutMessages;
  onRetry: () => void;
}) {
  const { status, messages } = props;
  if (status === 'loading') {
    return (
      <div className="sc-loading">
        <span className="sc-spinner" aria-hidden="true" />
        <span>{messages.deviceChecking}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Notice
        tone="error"
        title={messages.deviceFailedTitle}
        buttons={
          <SecondaryButton onClick={props.onRetry}>{messages.retryDeviceCheck}</SecondaryButton>
        }
      >
        <p>{messages.deviceFailedBody}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title={viewTitle('device-required', messages)}>
      <p>{messages.deviceMissingBody}</p>
    </Notice>
  );
}
