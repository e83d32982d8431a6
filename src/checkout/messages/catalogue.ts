// The shape of the checkout's words: every string a payer sees or hears, as one object. A locale
// is one object of this type; a message with values is a function of them. Amounts and dates
// arrive formatted in the checkout's locale, so a message only places them.

/** What the authorization paragraph is made of, each value formatted as the payer reads it. */
export interface AuthorizationValues {
  /** The label of the button the payer selects, such as "Pay $19.99". */
  payLabel: string;
  /** Whom the payer authorizes: `merchantName` of `<CheckoutProvider>`. */
  merchantName: string;
  /** The amount debited, such as "$19.99". */
  amount: string;
  /** The bank account's name, such as "Everyday checking". */
  alias: string;
  /** The bank account's last four digits. */
  last4: string;
  /** The day the payer accepts it, such as "July 3, 2025": the debit is on or after it. */
  date: string;
  /** Where the payer can revoke it: `merchantContact` of `<CheckoutProvider>`. */
  merchantContact: string;
}

/** An amount, formatted. */
type Amount = { amount: string };
/** A bank account as the payer reads it: the `account` message's result. */
type Account = { account: string };

/**
 * Every message the checkout shows or announces. The English catalogue is built in; the
 * `messages` prop of `<CheckoutProvider>` replaces any of them with a message of the same type.
 */
export interface CheckoutMessages {
  /** The checkout's heading, which also names its region. */
  checkoutTitle: string;

  // Each view's title: its notice's heading, and what the live region says when it comes.
  invalidTitle: string;
  loadingTitle: string;
  loadErrorTitle: string;
  expiredTitle: string;
  blockedTitle: string;
  verificationTitle: string;
  noBankAccountsTitle: string;
  deviceRequiredTitle: string;
  readyTitle: string;
  submittingTitle: string;
  declinedTitle: string;
  unconfirmedTitle: string;
  failedTitle: string;
  /** The success view's title: the debit is submitted, not complete. */
  submittedTitle: string;
  /** What the live region says when a view comes: its title, as a sentence. */
  announcement: (values: { title: string }) => string;

  /** Above the list of invalid props, for the site's developer. */
  invalidBody: (values: { count: number }) => string;
  loading: string;
  loadErrorBody: string;
  tryAgain: string;
  expiredBody: string;
  /** On the expired view, when a payment's outcome was unknown. */
  expiredMayHaveGoneThrough: (values: Amount) => string;
  notCharged: string;
  reloadPage: string;
  blockedBody: string;
  contactSupport: string;
  checkAgain: string;
  verificationBody: string;
  verifyIdentity: string;
  noBankAccountsBody: string;
  addBankAccount: string;
  /** The declined view's text, naming the account the bank declined. */
  declinedBody: (values: Account) => string;
  tryAccountAgain: string;
  /** The unconfirmed view's text: the payment may have gone through; a retry is the same payment. */
  unconfirmedBody: (values: Amount & Account) => string;
  unconfirmedLocked: string;
  failedBody: string;

  // Chargeback protection's device check.
  deviceChecking: string;
  /** What the live region says while the device check runs. */
  deviceCheckingAnnouncement: string;
  deviceFailedTitle: string;
  deviceFailedBody: string;
  retryDeviceCheck: string;
  deviceMissingBody: string;

  // The form.
  orderSummary: string;
  /** An order line's quantity, such as "Qty 2". */
  quantity: (values: { quantity: number }) => string;
  subtotal: string;
  /** Before the payer's e-mail address. */
  receiptTo: string;
  /** Before the settlement type (USDC, Credits). */
  settlesIn: string;
  /** The bank accounts' group. */
  payFrom: string;
  /** Read between an account's name and its last four digits (hidden from sight). */
  endingIn: string;
  declinedBadge: string;
  /** A bank account in a sentence, such as "Everyday checking ending in 6789". */
  account: (values: { alias: string; last4: string }) => string;
  /** The Pay button, such as "Pay $19.99". */
  pay: (values: Amount) => string;
  /** The Pay button while a payment's outcome is unknown: it sends that payment again. */
  retryPayment: (values: Amount) => string;
  processing: string;

  /**
   * The debit authorization the payer accepts by selecting the button it names. A replacement
   * must include `merchantName`, `amount`, `last4` and `merchantContact`; the text goes to the
   * service with the purchase and may be at most 2,000 characters long.
   */
  authorization: (values: AuthorizationValues) => string;
  /** The authorization's contact when `<CheckoutProvider>` has no `merchantContact`. */
  merchantContactFallback: string;
  /**
   * The heading of the English authorization shown beside a translated one, so that the payer
   * can read the words the merchant's terms are written in.
   */
  authorizationInEnglish: string;

  // After Pay: the debit is submitted to the payer's bank and clears days later.
  /** The success view's text: submitted to the payer's bank, and the day it should clear. */
  submittedBody: (values: Amount & Account & { date: string }) => string;
  /** Where the receipt goes. */
  receiptGoesTo: (values: { email: string }) => string;
  /** Before the payment's id. */
  reference: string;
  /** What the live region says when the service accepted the payment. */
  submittedAnnouncement: (values: Amount & Account & { date: string }) => string;
  /** The heading of the payer's copy of the authorization. */
  authorizationCopyTitle: string;
  /** When the payer accepted it: a date and a time. */
  authorizationAccepted: (values: { date: string }) => string;
  saveAuthorization: string;
  printAuthorization: string;
  /** The saved copy's file name. */
  authorizationFileName: (values: { reference: string }) => string;
}
