// The form the payer pays with: what they buy, where the receipt goes, the account they pay
// from, what the service settles in, any notice about the last attempt, and Pay.
import type { FormEvent, RefObject } from 'react';
import type { FormView } from '../checkout/checkout-state.js';
import type { DeviceIdStatus } from '../checkout/device-id-store.js';
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
  money: (amount: Money) => string;
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
  const { view, input, unconfirmed, money } = props;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.canPay) props.onPay();
  }

  return (
    <form className="sc-form" onSubmit={submit} noValidate aria-labelledby={props.titleId}>
      <OrderSummary lines={props.lines} subtotal={input.subtotal} money={money} />
      <p className="sc-email">
        Receipt to <span className="sc-email-address">{input.email}</span>
      </p>
      {view === 'no-bank-accounts' ? (
        <NoBankAccountsNotice
          onAddBankAccount={props.onAddBankAccount}
          onCheckAgain={props.onCheckAgain}
        />
      ) : (
        <BankAccountPicker
          bankAccounts={props.bankAccounts}
          selected={props.selected}
          declined={props.declined}
          locked={view === 'submitting' || view === 'unconfirmed'}
          onChoose={props.onChoose}
        />
      )}
      <p className="sc-settlement">
        Settles in <span className="sc-settlement-type">{input.settlementType}</span>
      </p>
      <FormNotices
        view={view}
        deviceStatus={props.deviceStatus}
        onRetryDevice={props.onRetryDevice}
        draft={props.draft}
        onRetryAccount={props.onRetryAccount}
        unconfirmed={unconfirmed}
        money={money}
        resultRef={props.resultRef}
      />
      <PayButton
        amount={money(unconfirmed ? unconfirmed.request.subtotal : input.subtotal)}
        retry={unconfirmed !== null}
        processing={view === 'submitting'}
        disabled={!props.canPay}
      />
    </form>
  );
}
