// The return reason codes NACHA assigns (R01-R85) and what each means for a merchant and for the
// payer. A data table: the logic is describeReturn at the end.
//
// Titles are NACHA's, from the Table of Return Reason Codes (NACHA Operating Rules, Appendix Four,
// Part 4.2), read where they are published verbatim:
//   https://github.com/moov-io/ach/blob/master/addenda99.go (every code, citing Appendix Four)
//   https://nickel.com/ach-return-codes/r39 (and /r10, /r11, /r52: titles as NACHA words them)
//   https://www.nacha.org/rules/new-return-reason-code-sanctions-compliance-obligations (R16)
//   https://www.frbservices.org/news/fed360/issues/040120/ach-code-r11 (R11 repurposed, 2020)
// R48-R49, R54-R60, R63-R66 (merged into R69 in 2006:
// https://www.nacha.org/news/proper-use-reason-return-code-r69-field-errors) and R78-R79 are
// unassigned. R90 (sanctions compliance) takes effect on March 17, 2028, past R85: not listed.

/** A return reason code NACHA assigns. */
export type ReturnCode = (typeof RETURN_CODES)[number];

/**
 * What the merchant may do about the returned debit:
 * - `"allowed"`: send the same debit again (R01, R09). NACHA allows at most two reinitiations,
 *   within 180 days of the original entry's settlement date.
 * - `"after-correction"`: send a new debit once what was wrong with the entry itself (its date,
 *   amount, identification or format) is corrected, under the payer's existing authorization
 *   (R11 and the other codes for an entry that was in error).
 * - `"never"`: do not send it again; paying needs a new authorization (see `reauthorize`), another
 *   account, or another way to pay.
 */
export type ReturnRetry = 'allowed' | 'after-correction' | 'never';

/** What a return code means, from {@link describeReturn}. */
export interface ReturnDescription {
  code: ReturnCode;
  /** NACHA's title for the code. */
  title: string;
  retry: ReturnRetry;
  /** The payer must authorize again before the account is debited again. */
  reauthorize: boolean;
  /** False when the account cannot take debits at all (closed, not found, frozen...). */
  accountUsable: boolean;
  /** The code can come back on a WEB (internet-authorized) debit such as a checkout's. */
  webDebit: boolean;
  /** A plain-English sentence or two for the payer: what happened and what they can do. */
  payerMessage: string;
}

/** Every return reason code NACHA assigns, in order. */
export const RETURN_CODES = [
  ...['R01', 'R02', 'R03', 'R04', 'R05', 'R06', 'R07', 'R08', 'R09', 'R10'],
  ...['R11', 'R12', 'R13', 'R14', 'R15', 'R16', 'R17', 'R18', 'R19', 'R20'],
  ...['R21', 'R22', 'R23', 'R24', 'R25', 'R26', 'R27', 'R28', 'R29', 'R30'],
  ...['R31', 'R32', 'R33', 'R34', 'R35', 'R36', 'R37', 'R38', 'R39', 'R40'],
  ...['R41', 'R42', 'R43', 'R44', 'R45', 'R46', 'R47', 'R50', 'R51', 'R52', 'R53'],
  ...['R61', 'R62', 'R67', 'R68', 'R69', 'R70', 'R71', 'R72', 'R73', 'R74', 'R75', 'R76', 'R77'],
  ...['R80', 'R81', 'R82', 'R83', 'R84', 'R85'],
] as const;

/**
 * The codes that can come back on a WEB debit. Not: the codes of other kinds of entry (R05 and
 * R31 corporate debits, R22 CIE and MTE, R30 and R33 truncated checks, R37-R39 converted
 * checks), of credits (R23, R36), of enrollments (R40-R47), of re-presented checks (R50-R53), of
 * dishonored and contested returns (R61-R77), and of international payments (R80-R85).
 */
export const WEB_DEBIT_RETURN_CODES = [
  ...['R01', 'R02', 'R03', 'R04', 'R06', 'R07', 'R08', 'R09', 'R10', 'R11', 'R12', 'R13'],
  ...['R14', 'R15', 'R16', 'R17', 'R18', 'R19', 'R20', 'R21', 'R24', 'R25', 'R26', 'R27'],
  ...['R28', 'R29', 'R32', 'R34', 'R35'],
] as const satisfies readonly ReturnCode[];

/** A code that can come back on a WEB debit. */
export type WebDebitReturnCode = (typeof WEB_DEBIT_RETURN_CODES)[number];

const RETRY_ALLOWED: readonly ReturnCode[] = ['R01', 'R09'];

// Entries in error that a corrected entry may follow. R17 is left out: it also marks an entry
// the bank believes fraudulent, and the code alone does not say which.
const RETRY_AFTER_CORRECTION: readonly ReturnCode[] = [
  'R11',
  'R18',
  'R19',
  'R21',
  'R22',
  'R25',
  'R26',
  'R27',
  'R80',
  'R85',
];

const REAUTHORIZE: readonly ReturnCode[] = ['R05', 'R07', 'R08', 'R10', 'R29', 'R51'];

const ACCOUNT_NOT_USABLE: readonly ReturnCode[] = [
  'R02',
  'R03',
  'R04',
  'R12',
  'R13',
  'R14',
  'R15',
  'R16',
  'R20',
  'R28',
];

const NOTHING_TO_DO = 'You do not need to do anything.';
const MERCHANT_CORRECTS = 'The merchant can correct it and send it again.';
const MERCHANT_WILL_SAY =
  'You do not need to do anything; the merchant will tell you if anything changes.';

const CODES: Record<ReturnCode, { title: string; payerMessage: string }> = {
  R01: {
    title: 'Insufficient Funds',
    payerMessage:
      'Your bank sent this payment back because the account did not have enough money available at the time. You can try again once the money is there, or pay from another account.',
  },
  R02: {
    title: 'Account Closed',
    payerMessage:
      'Your bank sent this payment back because the account is closed. Please pay from another account.',
  },
  R03: {
    title: 'No Account/Unable to Locate Account',
    payerMessage:
      'Your bank could not find an account matching the details given, so the payment was sent back. Please check the account details, or pay from another account.',
  },
  R04: {
    title: 'Invalid Account Number Structure',
    payerMessage:
      'The account number given is not one your bank can use, so the payment was sent back. Please check the account number, or pay from another account.',
  },
  R05: {
    title: 'Unauthorized Debit to Consumer Account Using Corporate SEC Code',
    payerMessage:
      'Your bank sent this payment back because it was set up as a business payment from a personal account. If you still want to pay, please approve the payment again.',
  },
  R06: {
    title: "Returned per ODFI's Request",
    payerMessage: `The merchant's bank asked for this payment to be sent back, so no money was taken. ${MERCHANT_WILL_SAY}`,
  },
  R07: {
    title: 'Authorization Revoked by Customer',
    payerMessage:
      'Your bank sent this payment back because the permission for it was withdrawn. If you still want to pay, please approve the payment again.',
  },
  R08: {
    title: 'Payment Stopped',
    payerMessage:
      'Your bank sent this payment back because a stop payment was placed on it. If you still want to pay, please approve the payment again.',
  },
  R09: {
    title: 'Uncollected Funds',
    payerMessage:
      'Your bank sent this payment back because recent deposits had not cleared yet, so the money was not available. You can try again once they clear, or pay from another account.',
  },
  R10: {
    title:
      "Customer Advises Originator is Not Known to Receiver and/or Originator is Not Authorized by Receiver to Debit Receiver's Account",
    payerMessage:
      'Your bank sent this payment back because it was reported as not authorized. If you do want to pay, please approve the payment again; if you did not make this purchase, you do not need to do anything.',
  },
  R11: {
    title: 'Customer Advises Entry Not in Accordance with the Terms of the Authorization',
    payerMessage:
      'Your bank sent this payment back because it was reported as different from what was agreed, such as its amount or date. The merchant can correct it and send it again under the same approval.',
  },
  R12: {
    title: 'Account Sold to Another DFI',
    payerMessage:
      "Your bank sent this payment back because the account has moved to another bank. Please pay using the account's new details.",
  },
  R13: {
    title: 'Invalid ACH Routing Number',
    payerMessage:
      'The routing number given is not one that can take this payment, so no money was taken. Please check the routing number, or pay from another account.',
  },
  R14: {
    title: 'Representative Payee Deceased or Unable to Continue in That Capacity',
    payerMessage:
      'The payment was sent back because the person who manages this account for its owner can no longer act for them. Please pay from another account.',
  },
  R15: {
    title: 'Beneficiary or Account Holder (Other Than a Representative Payee) Deceased',
    payerMessage:
      'The bank sent this payment back because its records show the account holder as deceased. If that is a mistake, please contact the bank; otherwise please pay from another account.',
  },
  R16: {
    title: 'Account Frozen/Entry Returned Per OFAC Instruction',
    payerMessage:
      'Your bank sent this payment back because the account is frozen or restricted. Please contact your bank, or pay from another account.',
  },
  R17: {
    title:
      'File Record Edit Criteria/Entry with Invalid Account Number Initiated Under Questionable Circumstances/Return of Improperly-Initiated Reversal',
    payerMessage:
      'Your bank could not process this payment, so no money was taken. Please contact your bank, or pay another way.',
  },
  R18: {
    title: 'Improper Effective Entry Date',
    payerMessage: `The payment was sent with a date the banks could not use, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R19: {
    title: 'Amount Field Error',
    payerMessage: `The banks could not read the amount of this payment, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R20: {
    title: 'Non-Transaction Account',
    payerMessage:
      'Your bank does not allow this kind of payment from this account, such as some savings accounts, so it was sent back. Please pay from another account, such as a checking account.',
  },
  R21: {
    title: 'Invalid Company Identification',
    payerMessage: `Your bank could not match the business that sent this payment, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R22: {
    title: 'Invalid Individual ID Number',
    payerMessage: `Your bank could not match the identification number on this payment, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R23: {
    title: 'Credit Entry Refused by Receiver',
    payerMessage:
      'This payment to you was refused for your account, so it was sent back. Please contact the merchant to arrange another way to receive it.',
  },
  R24: {
    title: 'Duplicate Entry',
    payerMessage: `Your bank recognized this as a repeat of a payment it already received and sent the copy back, so you were not charged twice. ${NOTHING_TO_DO}`,
  },
  R25: {
    title: 'Addenda Error',
    payerMessage: `The banks could not read some details sent with this payment, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R26: {
    title: 'Mandatory Field Error',
    payerMessage: `Some required details were missing from this payment, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R27: {
    title: 'Trace Number Error',
    payerMessage: `The banks could not read this payment's reference number, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R28: {
    title: 'Routing Number Check Digit Error',
    payerMessage:
      'The routing number given is not valid, so no money was taken. Please check the routing number, or pay from another account.',
  },
  R29: {
    title: 'Corporate Customer Advises Not Authorized',
    payerMessage:
      'The bank sent this payment back because the business that owns the account reported it as not authorized. If you do want to pay, please approve the payment again.',
  },
  R30: {
    title: 'RDFI Not Participant in Check Truncation Program',
    payerMessage:
      'Your bank does not accept this kind of check payment, so it was sent back. Please pay another way.',
  },
  R31: {
    title: 'Permissible Return Entry (CCD and CTX only)',
    payerMessage: `The banks agreed to send this business payment back, so no money was taken. ${MERCHANT_WILL_SAY}`,
  },
  R32: {
    title: 'RDFI Non-Settlement',
    payerMessage:
      'Your bank was not able to complete this payment, so no money was taken. Please pay again later, or from another account.',
  },
  R33: {
    title: 'Return of XCK Entry',
    payerMessage:
      'Your bank sent back this electronic copy of a check, so no money was taken. Please pay another way.',
  },
  R34: {
    title: 'Limited Participation DFI',
    payerMessage:
      'Your bank cannot accept this payment at the moment, so no money was taken. Please pay from an account at another bank.',
  },
  R35: {
    title: 'Return of Improper Debit Entry',
    payerMessage:
      'Your bank does not allow this kind of payment from this account, such as a loan account, so it was sent back. Please pay from another account.',
  },
  R36: {
    title: 'Return of Improper Credit Entry',
    payerMessage:
      'This kind of payment to you is not allowed for this account, so it was sent back. Please contact the merchant to arrange another way to receive it.',
  },
  R37: {
    title: 'Source Document Presented for Payment',
    payerMessage: `This payment was sent back because the check it was made from was also paid, so you were not charged twice. ${NOTHING_TO_DO}`,
  },
  R38: {
    title: 'Stop Payment on Source Document',
    payerMessage:
      'Your bank sent this payment back because a stop payment was placed on the check it was made from. Please contact the merchant to arrange another way to pay.',
  },
  R39: {
    title: 'Improper Source Document/Source Document Presented for Payment',
    payerMessage:
      'Your bank sent this payment back because the check it was made from could not be used this way, or was also paid. Please contact the merchant to arrange another way to pay.',
  },
  R40: {
    title: 'Return of ENR Entry by Federal Government Agency (ENR Only)',
    payerMessage:
      'A government agency did not accept this enrollment, so nothing has changed. Please contact the agency.',
  },
  R41: {
    title: 'Invalid Transaction Code (ENR Only)',
    payerMessage:
      'A government agency could not accept this enrollment because of a coding problem, so nothing has changed. Please ask your bank to send it again.',
  },
  R42: {
    title: 'Routing Number/Check Digit Error (ENR Only)',
    payerMessage:
      'A government agency could not accept this enrollment because the routing number was not valid, so nothing has changed. Please check the details with your bank.',
  },
  R43: {
    title: 'Invalid DFI Account Number (ENR Only)',
    payerMessage:
      'A government agency could not accept this enrollment because the account number was not valid, so nothing has changed. Please check the details with your bank.',
  },
  R44: {
    title: 'Invalid Individual ID Number/Identification Number (ENR Only)',
    payerMessage:
      'A government agency could not match the identification number in this enrollment, so nothing has changed. Please check the details with your bank.',
  },
  R45: {
    title: 'Invalid Individual Name/Company Name (ENR Only)',
    payerMessage:
      'A government agency could not match the name in this enrollment, so nothing has changed. Please check the details with your bank.',
  },
  R46: {
    title: 'Invalid Representative Payee Indicator (ENR Only)',
    payerMessage:
      'A government agency could not match who manages this account in this enrollment, so nothing has changed. Please check the details with your bank.',
  },
  R47: {
    title: 'Duplicate Enrollment (ENR Only)',
    payerMessage: `A government agency already has this enrollment, so the copy was not needed. ${NOTHING_TO_DO}`,
  },
  R50: {
    title: 'State Law Affecting RCK Acceptance',
    payerMessage:
      "Your bank cannot accept an electronic collection of this check under its state's rules, so it was sent back. Please contact the merchant to arrange another way to pay.",
  },
  R51: {
    title: 'Item Related to RCK Entry is Ineligible or RCK Entry is Improper',
    payerMessage:
      'Your bank sent back this electronic collection of a check because the check could not be collected this way. If you still want to pay, please approve the payment again.',
  },
  R52: {
    title: 'Stop Payment on Item Related to RCK Entry',
    payerMessage:
      'Your bank sent this payment back because a stop payment was placed on the check it relates to. Please contact the merchant to arrange another way to pay.',
  },
  R53: {
    title: 'Item and RCK Entry Presented for Payment',
    payerMessage: `This payment was sent back because the check it relates to was also paid, so you were not charged twice. ${NOTHING_TO_DO}`,
  },
  R61: {
    title: 'Misrouted Return',
    payerMessage: `The banks are redirecting the return of this payment, which went to the wrong bank. ${NOTHING_TO_DO}`,
  },
  R62: {
    title: 'Return of Erroneous or Reversing Debit',
    payerMessage: `The banks are correcting a payment that was taken by mistake and then reversed. ${MERCHANT_WILL_SAY}`,
  },
  R67: {
    title: 'Duplicate Return',
    payerMessage: `The banks are correcting a return of this payment that was sent twice. ${NOTHING_TO_DO}`,
  },
  R68: {
    title: 'Untimely Return',
    payerMessage: `The banks are checking a return of this payment that arrived late. ${MERCHANT_WILL_SAY}`,
  },
  R69: {
    title: 'Field Error(s)',
    payerMessage: `The banks are correcting details in the return of this payment. ${NOTHING_TO_DO}`,
  },
  R70: {
    title: 'Permissible Return Entry Not Accepted/Return Not Requested by ODFI',
    payerMessage: `The banks are checking a return of this payment that was not agreed between them. ${MERCHANT_WILL_SAY}`,
  },
  R71: {
    title: 'Misrouted Dishonored Return',
    payerMessage: `The banks are redirecting a correction about this payment, which went to the wrong bank. ${NOTHING_TO_DO}`,
  },
  R72: {
    title: 'Untimely Dishonored Return',
    payerMessage: `The banks are settling a correction about this payment that arrived late. ${MERCHANT_WILL_SAY}`,
  },
  R73: {
    title: 'Timely Original Return',
    payerMessage: `The banks are confirming that this payment was sent back on time. ${NOTHING_TO_DO}`,
  },
  R74: {
    title: 'Corrected Return',
    payerMessage: `The banks are resending the return of this payment with corrected details. ${NOTHING_TO_DO}`,
  },
  R75: {
    title: 'Return Not a Duplicate',
    payerMessage: `The banks are confirming that the return of this payment was not a repeat. ${NOTHING_TO_DO}`,
  },
  R76: {
    title: 'No Errors Found',
    payerMessage: `The banks are confirming that the return of this payment was correct. ${NOTHING_TO_DO}`,
  },
  R77: {
    title: 'Non-Acceptance of R62 Dishonored Return',
    payerMessage: `The banks are settling how a payment taken by mistake was corrected. ${MERCHANT_WILL_SAY}`,
  },
  R80: {
    title: 'IAT Entry Coding Error',
    payerMessage: `This international payment was sent with details the banks could not use, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
  R81: {
    title: 'Non-Participant in IAT Program',
    payerMessage:
      'A bank on the way does not handle this kind of international payment, so no money was taken. Please pay another way.',
  },
  R82: {
    title: 'Invalid Foreign Receiving DFI Identification',
    payerMessage:
      "The foreign bank's details on this international payment were not valid, so no money was taken. Please check the bank details, or pay another way.",
  },
  R83: {
    title: 'Foreign Receiving DFI Unable to Settle',
    payerMessage:
      'The foreign bank could not complete this international payment, so no money was taken. Please pay again later, or pay another way.',
  },
  R84: {
    title: 'Entry Not Processed by Gateway',
    payerMessage:
      'This international payment was not processed, so no money was taken. Please pay another way.',
  },
  R85: {
    title: 'Incorrectly Coded Outbound International Payment',
    payerMessage: `This payment was going abroad but was not marked as international, so no money was taken. ${MERCHANT_CORRECTS}`,
  },
};

/**
 * What a return code means for the merchant and the payer, or `undefined` when `code` is not a
 * code NACHA assigns. A code is exactly `"R"` and two digits, as the return carries it:
 * `"r01"`, `"R1"` and `" R01"` are `undefined`.
 */
export function describeReturn(code: ReturnCode): ReturnDescription;
export function describeReturn(code: string): ReturnDescription | undefined;
export function describeReturn(code: string): ReturnDescription | undefined {
  if (!isReturnCode(code)) return undefined;
  const retry: ReturnRetry = RETRY_ALLOWED.includes(code)
    ? 'allowed'
    : RETRY_AFTER_CORRECTION.includes(code)
      ? 'after-correction'
      : 'never';
  return {
    code,
    ...CODES[code],
    retry,
    reauthorize: REAUTHORIZE.includes(code),
    accountUsable: !ACCOUNT_NOT_USABLE.includes(code),
    webDebit: WEB_DEBIT_RETURN_CODES.some((webDebitCode) => webDebitCode === code),
  };
}

function isReturnCode(code: unknown): code is ReturnCode {
  // Own keys only: "constructor" or "__proto__" must not find Object's members.
  return typeof code === 'string' && Object.hasOwn(CODES, code);
}
