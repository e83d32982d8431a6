// The return code a payment is returned with: every code a WEB debit can come back with, grouped
// by what it asks of the merchant (as describeReturn says), each with NACHA's title, so the
// list of 29 stays easy to scan, and a keyboard reaches a code by typing it.
import { describeReturn, WEB_DEBIT_RETURN_CODES, type WebDebitReturnCode } from '../contract.js';

const GROUPS = [
  {
    label: 'May be sent again',
    has: (code: WebDebitReturnCode) => describeReturn(code).retry === 'allowed',
  },
  {
    label: 'The payer must authorize again',
    has: (code: WebDebitReturnCode) => describeReturn(code).reauthorize,
  },
  {
    label: 'The account cannot be used',
    has: (code: WebDebitReturnCode) => !describeReturn(code).accountUsable,
  },
  {
    label: 'Sent again once corrected',
    has: (code: WebDebitReturnCode) => describeReturn(code).retry === 'after-correction',
  },
  { label: 'Other returns', has: () => true },
];

/** Each code in the first group it fits, the groups in the order above. */
const GROUPED = GROUPS.map(({ label, has }, index) => ({
  label,
  codes: WEB_DEBIT_RETURN_CODES.filter(
    (code) => has(code) && !GROUPS.slice(0, index).some((earlier) => earlier.has(code)),
  ),
}));

export function ReturnCodeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: WebDebitReturnCode;
  onChange: (code: WebDebitReturnCode) => void;
}) {
  return (
    <select
      id={id}
      className="return-code"
      value={value}
      onChange={(event) =>
        onChange(WEB_DEBIT_RETURN_CODES.find((code) => code === event.target.value) ?? value)
      }
    >
      {GROUPED.map(({ label, codes }) => (
        <optgroup key={label} label={label}>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code} {describeReturn(code).title}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
