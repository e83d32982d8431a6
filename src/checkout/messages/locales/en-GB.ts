// The checkout's words in British English: British spelling ("authorise") and usage ("one-off").
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problem", "3 problems": the plural form English's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('en-GB').select(count) === 'one' ? 'problem' : 'problems'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Checkout',

  invalidTitle: 'This checkout is not set up correctly',
  loadingTitle: 'Loading your payment details',
  loadErrorTitle: "We couldn't load your payment details",
  expiredTitle: 'Your session has expired',
  blockedTitle: 'Payments are unavailable for this account',
  verificationTitle: 'Verify your identity to pay',
  noBankAccountsTitle: 'No bank account on file',
  deviceRequiredTitle: 'Security check unavailable',
  readyTitle: 'Ready to pay',
  submittingTitle: 'Processing your payment',
  declinedTitle: 'Payment declined',
  unconfirmedTitle: "We couldn't confirm your payment",
  failedTitle: "The payment didn't go through",
  submittedTitle: 'Payment submitted',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Payments are unavailable on this page. ${problems(count)} for the site's developer:`,
  loading: 'Loading your payment details…',
  loadErrorBody: 'Check your connection and try again.',
  tryAgain: 'Try again',
  expiredBody: 'Reload the page to continue.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Your payment of ${amount} may have gone through: check your orders before paying again.`,
  notCharged: 'You have not been charged.',
  reloadPage: 'Reload the page',
  blockedBody: "This account can't make payments here. Please contact customer services.",
  contactSupport: 'Contact customer services',
  checkAgain: 'Check again',
  verificationBody: 'Complete identity verification, then check again to finish your purchase.',
  verifyIdentity: 'Verify your identity',
  noBankAccountsBody: 'Add a bank account to your profile, then check again to pay.',
  addBankAccount: 'Add a bank account',
  declinedBody: ({ account }) =>
    `Your bank declined the payment from ${account}. Choose another account, or try this one again.`,
  tryAccountAgain: 'Try this account again',
  unconfirmedBody: ({ amount, account }) =>
    `Your payment of ${amount} from ${account} may have gone through. Retry to finish it: the same payment is sent again, and you will not be charged twice.`,
  unconfirmedLocked: "The account and amount can't change until we know.",
  failedBody: 'You have not been charged. Please try again.',

  deviceChecking: 'Running a security check…',
  deviceCheckingAnnouncement: 'Running a security check.',
  deviceFailedTitle: "The security check didn't load",
  deviceFailedBody:
    'This purchase needs a quick device check. Turn off content blockers and try again.',
  retryDeviceCheck: 'Retry security check',
  deviceMissingBody: "This purchase needs a device check that isn't available on this page.",

  orderSummary: 'Order summary',
  quantity: ({ quantity }) => `Qty ${quantity}`,
  subtotal: 'Subtotal',
  receiptTo: 'Receipt to',
  settlesIn: 'Settles in',
  payFrom: 'Pay from',
  endingIn: 'ending in',
  declinedBadge: 'Declined',
  account: ({ alias, last4 }) => `${alias} ending in ${last4}`,
  pay: ({ amount }) => `Pay ${amount}`,
  retryPayment: ({ amount }) => `Retry payment of ${amount}`,
  processing: 'Processing…',

  authorization: (values) =>
    `By selecting ${values.payLabel}, you authorise ${values.merchantName} to make a one-off debit of ${values.amount} from ${values.alias} ••${values.last4} on or after ${values.date}. You may revoke this by contacting ${values.merchantContact} before it is sent to your bank.`,
  merchantContactFallback: 'the merchant',
  authorizationInEnglish: 'The authorisation in US English',

  submittedBody: ({ amount, account, date }) =>
    `Your payment of ${amount} from ${account} has been submitted to your bank. It is expected to clear on ${date}.`,
  receiptGoesTo: ({ email }) => `A receipt will be sent to ${email}.`,
  reference: 'Reference',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Payment submitted: ${amount} from ${account}, expected to clear on ${date}.`,
  authorizationCopyTitle: 'Your authorisation',
  authorizationAccepted: ({ date }) => `Accepted on ${date}.`,
  saveAuthorization: 'Save your authorisation',
  printAuthorization: 'Print your authorisation',
  authorizationFileName: ({ reference }) => `payment-authorisation-${reference}.txt`,
};

export default messages;
