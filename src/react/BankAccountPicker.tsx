import { useId } from 'react';
import type { CheckoutMessages } from '../checkout/messages/index.js';
import type { BankAccount } from '../core/browser-schemas.js';

/** The payer's bank accounts as radio buttons, each marked Declined where the bank declined it. */
export function BankAccountPicker(props: {
  bankAccounts: BankAccount[];
  selected: BankAccount | null;
  /** Tokens of the accounts the bank declined in this checkout. */
  declined: readonly string[];
  /** While a payment is in flight or its outcome unknown, its account stays chosen. */
  locked: boolean;
  messages: CheckoutMessages;
  onChoose: (token: string) => void;
}) {
  const { messages } = props;
  const radioName = useId();
  return (
    <fieldset className="sc-accounts" disabled={props.locked}>
      <legend className="sc-section-title">{messages.payFrom}</legend>
      {props.bankAccounts.map((account) => (
        <label key={account.token} className="sc-account">
          <input
            className="sc-account-input"
            type="radio"
            name={radioName}
            value={account.token}
            checked={account === props.selected}
            onChange={() => props.onChoose(account.token)}
          />
          {/* Explicit spaces: an accessible name joins adjacent spans without one. */}
          <span className="sc-account-alias">{account.alias}</span>{' '}
          {/* Masked digits read left to right in every language. */}
          <span className="sc-account-last4" dir="ltr">
            <span aria-hidden="true">••••</span>{' '}
            <span className="sc-visually-hidden">{messages.endingIn}</span> {account.last4}
          </span>
          {props.declined.includes(account.token) ? (
            <>
              {' '}
              <span className="sc-badge sc-badge--declined">{messages.declinedBadge}</span>
            </>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
