// The form the payer pays with: what they buy, where the receipt goes, the account they pay
// from, what the service settles in, any notice about the last attempt, the debit authorization,
// and Pay.
import { useId, type FormEvent, type RefObject } from 'react';
import type { FormView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
import type { CheckoutMessages } from '../checkout/messages/index.js';
import type { Attempt, Draft } from '../checkout/purchase.js';
import type { Money } from '../core/money.js';
import type { BankAccount, CheckoutInput, OrderItem } from '../core/browser-schemas.js';
import { BankAccountPicker } from './BankAccountPicker.js';
import { FormNotices, NoBankAccountsNotice } from './FormNotices.js';
import { OrderSummary } from './OrderSummary.js';
import { PayButton } from './PayButton.js';

export interface PaymentFormProps {
  view: FormView;
  input: CheckoutInput;
  lines: OrderItem[];
  /** The checkout's heading, which names the form. */
  titleId: string;
  bankAccounts: BankAccount[];
  selected: BankAccount | null;
  /** Tokens of the accounts the bank declined in this checkout. */
  declined: readonly string[];
  /** What Pay would send now. */
  draft: Draft | null;
  /** The payment whose outcome is unknown, if there is one: Pay retries it. */
  unconfirmed: Attempt | null;
  deviceStatus: DeviceIdStatus;
  canPay: boolean;
  messages: CheckoutMessages;
  money: (amount: Money) => string;
  /** What Pay says now. */
  payLabel: string;
  /** The authorization the payer accepts by paying now, or the one the payment in flight sent. */
  authorization: string | null;
  /** The authorization in English, offered beside a translated one (so never without it). */
  englishAuthorization: string | null;
  /** Where focus moves after the payer acts. */
  resultRef: RefObject<HTMLDivElement | null>;
  onPay: () => void;
  onChoose: (token: string) => void;
  onCheckAgain: () => void;
  onAddBankAccount?: () => void;
  onRetryDevice: () => void;
  onRetryAccount: (draft: Draft) => void;
}

export function PaymentForm(props: PaymentFormProps) {
  const { view, input, unconfirmed, messages, money, authorization } = props;
  const authorizationId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.canPay) props.onPay();
  }

  return (
    <form className="sc-form" onSubmit={submit} noValidate aria-labelledby={props.titleId}>
      <OrderSummary
        lines={props.lines}
        subtotal={input.subtotal}
        messages={messages}
        money={money}
      />
      <p className="sc-email">
        {messages.receiptTo}{' '}
        <span className="sc-email-address" dir="ltr">
          {input.email}
        </span>
      </p>
      {view === 'no-bank-accounts' ? (
        <NoBankAccountsNotice
          messages={messages}
          onAddBankAccount={props.onAddBankAccount}
          onCheckAgain={props.onCheckAgain}
        />
      ) : (
        <BankAccountPicker
          bankAccounts={props.bankAccounts}
          selected={props.selected}
          declined={props.declined}
          locked={view === 'submitting' || view === 'unconfirmed'}
          messages={messages}
          onChoose={props.onChoose}
        />
      )}
      <p className="sc-settlement">
        {messages.settlesIn} <span className="sc-settlement-type">{input.settlementType}</span>
      </p>
      <FormNotices
        view={view}
        messages={messages}
        deviceStatus={props.deviceStatus}
        onRetryDevice={props.onRetryDevice}
        draft={props.draft}
        onRetryAccount={props.onRetryAccount}
        unconfirmed={unconfirmed}
        money={money}
        authorizationId={authorizationId}
        resultRef={props.resultRef}
      />
      {authorization !== null ? (
        <p className="sc-authorization" id={authorizationId}>
          {authorization}
        </p>
      ) : null}
      {props.englishAuthorization !== null ? (
        <details className="sc-authorization-english">
          <summary>{messages.authorizationInEnglish}</summary>
          <p className="sc-authorization" lang="en" dir="ltr">
            {props.englishAuthorization}
          </p>
        </details>
      ) : null}
      <PayButton
        label={view === 'submitting' ? messages.processing : props.payLabel}
        processing={view === 'submitting'}
        disabled={!props.canPay}
        describedBy={authorization !== null ? authorizationId : undefined}
      />
    </form>
  );
}
