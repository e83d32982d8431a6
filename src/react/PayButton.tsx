/** Pay and the amount; while a payment's outcome is unknown, the retry of that same payment. */
export function PayButton(props: {
  /** What it says: "Pay $19.99", "Retry payment of $19.99" or "Processing…". */
  label: string;
  processing: boolean;
  disabled: boolean;
  /** The id of the authorization the payer accepts by pressing it. */
  describedBy: string | undefined;
}) {
  return (
    <button
      type="submit"
      className="sc-button sc-pay"
      disabled={props.disabled}
      aria-busy={props.processing}
      aria-describedby={props.describedBy}
    >
      {props.label}
    </button>
  );
}
