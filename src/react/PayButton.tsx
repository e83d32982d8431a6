/** Pay and the amount; while a payment's outcome is unknown, the retry of that same payment. */
export function PayButton(props: {
  /** The amount it pays, formatted: the purchase's, or the unconfirmed payment's. */
  amount: string;
  /** Sends again the payment whose outcome is unknown. */
  retry: boolean;
  processing: boolean;
  disabled: boolean;
}) {
  const label = props.processing
    ? 'Processing…'
    : props.retry
      ? `Retry payment of ${props.amount}`
      : `Pay ${props.amount}`;
  return (
    <button
      type="submit"
      className="sc-button sc-pay"
      disabled={props.disabled}
      aria-busy={props.processing}
    >
      {label}
    </button>
  );
}
