// The checkout's words in Punjabi, Gurmukhi script (ਪੰਜਾਬੀ).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 ਸਮੱਸਿਆ", "3 ਸਮੱਸਿਆਵਾਂ": the plural form Punjabi's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('pa').select(count) === 'one' ? 'ਸਮੱਸਿਆ' : 'ਸਮੱਸਿਆਵਾਂ'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'ਚੈੱਕਆਊਟ',

  invalidTitle: 'ਇਹ ਚੈੱਕਆਊਟ ਸਹੀ ਤਰ੍ਹਾਂ ਸੈੱਟ ਨਹੀਂ ਕੀਤਾ ਗਿਆ',
  loadingTitle: 'ਤੁਹਾਡੇ ਭੁਗਤਾਨ ਦੇ ਵੇਰਵੇ ਲੋਡ ਹੋ ਰਹੇ ਹਨ',
  loadErrorTitle: 'ਅਸੀਂ ਤੁਹਾਡੇ ਭੁਗਤਾਨ ਦੇ ਵੇਰਵੇ ਲੋਡ ਨਹੀਂ ਕਰ ਸਕੇ',
  expiredTitle: 'ਤੁਹਾਡੇ ਸੈਸ਼ਨ ਦੀ ਮਿਆਦ ਖ਼ਤਮ ਹੋ ਗਈ ਹੈ',
  blockedTitle: 'ਇਸ ਖਾਤੇ ਲਈ ਭੁਗਤਾਨ ਉਪਲਬਧ ਨਹੀਂ ਹੈ',
  verificationTitle: 'ਭੁਗਤਾਨ ਕਰਨ ਲਈ ਆਪਣੀ ਪਛਾਣ ਦੀ ਪੁਸ਼ਟੀ ਕਰੋ',
  noBankAccountsTitle: 'ਕੋਈ ਬੈਂਕ ਖਾਤਾ ਦਰਜ ਨਹੀਂ ਹੈ',
  deviceRequiredTitle: 'ਸੁਰੱਖਿਆ ਜਾਂਚ ਉਪਲਬਧ ਨਹੀਂ ਹੈ',
  readyTitle: 'ਭੁਗਤਾਨ ਲਈ ਤਿਆਰ',
  submittingTitle: 'ਤੁਹਾਡੇ ਭੁਗਤਾਨ ਦੀ ਪ੍ਰਕਿਰਿਆ ਜਾਰੀ ਹੈ',
  declinedTitle: 'ਭੁਗਤਾਨ ਅਸਵੀਕਾਰ ਕਰ ਦਿੱਤਾ ਗਿਆ',
  unconfirmedTitle: 'ਅਸੀਂ ਤੁਹਾਡੇ ਭੁਗਤਾਨ ਦੀ ਪੁਸ਼ਟੀ ਨਹੀਂ ਕਰ ਸਕੇ',
  failedTitle: 'ਭੁਗਤਾਨ ਨਹੀਂ ਹੋ ਸਕਿਆ',
  submittedTitle: 'ਭੁਗਤਾਨ ਭੇਜ ਦਿੱਤਾ ਗਿਆ',
  announcement: ({ title }) => `${title}।`,

  invalidBody: ({ count }) => `ਇਸ ਪੰਨੇ 'ਤੇ ਭੁਗਤਾਨ ਉਪਲਬਧ ਨਹੀਂ ਹੈ। ਸਾਈਟ ਦੇ ਡਿਵੈਲਪਰ ਲਈ ${problems(count)}:`,
  loading: 'ਤੁਹਾਡੇ ਭੁਗਤਾਨ ਦੇ ਵੇਰਵੇ ਲੋਡ ਹੋ ਰਹੇ ਹਨ…',
  loadErrorBody: 'ਆਪਣਾ ਇੰਟਰਨੈੱਟ ਕਨੈਕਸ਼ਨ ਜਾਂਚੋ ਅਤੇ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।',
  tryAgain: 'ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ',
  expiredBody: 'ਜਾਰੀ ਰੱਖਣ ਲਈ ਪੰਨਾ ਮੁੜ ਲੋਡ ਕਰੋ।',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ਹੋ ਸਕਦਾ ਹੈ ਕਿ ਤੁਹਾਡਾ ${amount} ਦਾ ਭੁਗਤਾਨ ਹੋ ਚੁੱਕਾ ਹੋਵੇ: ਦੁਬਾਰਾ ਭੁਗਤਾਨ ਕਰਨ ਤੋਂ ਪਹਿਲਾਂ ਆਪਣੇ ਆਰਡਰ ਦੇਖ ਲਓ।`,
  notCharged: 'ਤੁਹਾਡੇ ਖਾਤੇ ਵਿੱਚੋਂ ਕੋਈ ਰਕਮ ਨਹੀਂ ਕੱਟੀ ਗਈ।',
  reloadPage: 'ਪੰਨਾ ਮੁੜ ਲੋਡ ਕਰੋ',
  blockedBody: 'ਇਸ ਖਾਤੇ ਤੋਂ ਇੱਥੇ ਭੁਗਤਾਨ ਨਹੀਂ ਕੀਤਾ ਜਾ ਸਕਦਾ। ਕਿਰਪਾ ਕਰਕੇ ਸਹਾਇਤਾ ਟੀਮ ਨਾਲ ਸੰਪਰਕ ਕਰੋ।',
  contactSupport: 'ਸਹਾਇਤਾ ਟੀਮ ਨਾਲ ਸੰਪਰਕ ਕਰੋ',
  checkAgain: 'ਦੁਬਾਰਾ ਜਾਂਚੋ',
  verificationBody: 'ਪਛਾਣ ਦੀ ਪੁਸ਼ਟੀ ਪੂਰੀ ਕਰੋ, ਫਿਰ ਆਪਣੀ ਖ਼ਰੀਦ ਪੂਰੀ ਕਰਨ ਲਈ ਦੁਬਾਰਾ ਜਾਂਚੋ।',
  verifyIdentity: 'ਆਪਣੀ ਪਛਾਣ ਦੀ ਪੁਸ਼ਟੀ ਕਰੋ',
  noBankAccountsBody: 'ਆਪਣੇ ਖਾਤੇ ਵਿੱਚ ਇੱਕ ਬੈਂਕ ਖਾਤਾ ਜੋੜੋ, ਫਿਰ ਭੁਗਤਾਨ ਕਰਨ ਲਈ ਦੁਬਾਰਾ ਜਾਂਚੋ।',
  addBankAccount: 'ਬੈਂਕ ਖਾਤਾ ਜੋੜੋ',
  declinedBody: ({ account }) =>
    `ਤੁਹਾਡੇ ਬੈਂਕ ਨੇ ${account} ਤੋਂ ਭੁਗਤਾਨ ਅਸਵੀਕਾਰ ਕਰ ਦਿੱਤਾ। ਕੋਈ ਹੋਰ ਖਾਤਾ ਚੁਣੋ, ਜਾਂ ਇਸੇ ਖਾਤੇ ਨਾਲ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।`,
  tryAccountAgain: 'ਇਸੇ ਖਾਤੇ ਨਾਲ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ',
  unconfirmedBody: ({ amount, account }) =>
    `ਹੋ ਸਕਦਾ ਹੈ ਕਿ ${account} ਤੋਂ ਤੁਹਾਡਾ ${amount} ਦਾ ਭੁਗਤਾਨ ਹੋ ਚੁੱਕਾ ਹੋਵੇ। ਇਸ ਨੂੰ ਪੂਰਾ ਕਰਨ ਲਈ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ: ਉਹੀ ਭੁਗਤਾਨ ਮੁੜ ਭੇਜਿਆ ਜਾਵੇਗਾ, ਅਤੇ ਤੁਹਾਡੇ ਖਾਤੇ ਵਿੱਚੋਂ ਦੋ ਵਾਰ ਰਕਮ ਨਹੀਂ ਕੱਟੀ ਜਾਵੇਗੀ।`,
  unconfirmedLocked: 'ਨਤੀਜਾ ਪਤਾ ਲੱਗਣ ਤੱਕ ਖਾਤਾ ਅਤੇ ਰਕਮ ਬਦਲੇ ਨਹੀਂ ਜਾ ਸਕਦੇ।',
  failedBody: 'ਤੁਹਾਡੇ ਖਾਤੇ ਵਿੱਚੋਂ ਕੋਈ ਰਕਮ ਨਹੀਂ ਕੱਟੀ ਗਈ। ਕਿਰਪਾ ਕਰਕੇ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।',

  deviceChecking: 'ਸੁਰੱਖਿਆ ਜਾਂਚ ਚੱਲ ਰਹੀ ਹੈ…',
  deviceCheckingAnnouncement: 'ਸੁਰੱਖਿਆ ਜਾਂਚ ਚੱਲ ਰਹੀ ਹੈ।',
  deviceFailedTitle: 'ਸੁਰੱਖਿਆ ਜਾਂਚ ਲੋਡ ਨਹੀਂ ਹੋਈ',
  deviceFailedBody:
    'ਇਸ ਖ਼ਰੀਦ ਲਈ ਤੁਹਾਡੇ ਡਿਵਾਈਸ ਦੀ ਇੱਕ ਛੋਟੀ ਜਿਹੀ ਜਾਂਚ ਲੋੜੀਂਦੀ ਹੈ। ਸਮੱਗਰੀ ਬਲੌਕਰ ਬੰਦ ਕਰੋ ਅਤੇ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।',
  retryDeviceCheck: 'ਸੁਰੱਖਿਆ ਜਾਂਚ ਦੁਬਾਰਾ ਕਰੋ',
  deviceMissingBody: "ਇਸ ਖ਼ਰੀਦ ਲਈ ਡਿਵਾਈਸ ਦੀ ਜਾਂਚ ਲੋੜੀਂਦੀ ਹੈ, ਜੋ ਇਸ ਪੰਨੇ 'ਤੇ ਉਪਲਬਧ ਨਹੀਂ ਹੈ।",

  orderSummary: 'ਆਰਡਰ ਦਾ ਸਾਰ',
  quantity: ({ quantity }) => `ਮਾਤਰਾ ${quantity}`,
  subtotal: 'ਉਪ-ਜੋੜ',
  receiptTo: 'ਰਸੀਦ ਭੇਜਣ ਦਾ ਪਤਾ',
  settlesIn: 'ਨਿਪਟਾਰੇ ਦਾ ਮਾਧਿਅਮ',
  payFrom: 'ਭੁਗਤਾਨ ਵਾਲਾ ਖਾਤਾ',
  endingIn: 'ਆਖ਼ਰੀ ਅੰਕ',
  declinedBadge: 'ਅਸਵੀਕਾਰ',
  account: ({ alias, last4 }) => `${alias} (ਆਖ਼ਰੀ ਅੰਕ ${last4})`,
  pay: ({ amount }) => `${amount} ਦਾ ਭੁਗਤਾਨ ਕਰੋ`,
  retryPayment: ({ amount }) => `${amount} ਦਾ ਭੁਗਤਾਨ ਦੁਬਾਰਾ ਕਰੋ`,
  processing: 'ਪ੍ਰਕਿਰਿਆ ਜਾਰੀ ਹੈ…',

  authorization: (values) =>
    `“${values.payLabel}” ਚੁਣ ਕੇ, ਤੁਸੀਂ ${values.merchantName} ਨੂੰ ${values.date} ਨੂੰ ਜਾਂ ਉਸ ਤੋਂ ਬਾਅਦ ${values.alias} ••${values.last4} ਤੋਂ ${values.amount} ਸਿਰਫ਼ ਇੱਕ ਵਾਰ ਡੈਬਿਟ ਕਰਨ ਦਾ ਅਧਿਕਾਰ ਦਿੰਦੇ ਹੋ। ਇਹ ਡੈਬਿਟ ਤੁਹਾਡੇ ਬੈਂਕ ਨੂੰ ਭੇਜੇ ਜਾਣ ਤੋਂ ਪਹਿਲਾਂ, ਤੁਸੀਂ ${values.merchantContact} ਨਾਲ ਸੰਪਰਕ ਕਰਕੇ ਇਹ ਅਧਿਕਾਰ ਵਾਪਸ ਲੈ ਸਕਦੇ ਹੋ।`,
  merchantContactFallback: 'ਵਿਕਰੇਤਾ',
  authorizationInEnglish: 'ਅੰਗਰੇਜ਼ੀ ਵਿੱਚ ਅਧਿਕਾਰ-ਪੱਤਰ',

  submittedBody: ({ amount, account, date }) =>
    `${account} ਤੋਂ ਤੁਹਾਡਾ ${amount} ਦਾ ਭੁਗਤਾਨ ਤੁਹਾਡੇ ਬੈਂਕ ਨੂੰ ਭੇਜ ਦਿੱਤਾ ਗਿਆ ਹੈ। ਇਸ ਦੇ ${date} ਨੂੰ ਕਲੀਅਰ ਹੋਣ ਦੀ ਉਮੀਦ ਹੈ।`,
  receiptGoesTo: ({ email }) => `ਰਸੀਦ ${email} 'ਤੇ ਭੇਜੀ ਜਾਵੇਗੀ।`,
  reference: 'ਹਵਾਲਾ ਨੰਬਰ',
  submittedAnnouncement: ({ amount, account, date }) =>
    `ਭੁਗਤਾਨ ਬੈਂਕ ਨੂੰ ਭੇਜ ਦਿੱਤਾ ਗਿਆ: ${account} ਤੋਂ ${amount}, ${date} ਨੂੰ ਕਲੀਅਰ ਹੋਣ ਦੀ ਉਮੀਦ ਹੈ।`,
  authorizationCopyTitle: 'ਤੁਹਾਡਾ ਅਧਿਕਾਰ-ਪੱਤਰ',
  authorizationAccepted: ({ date }) => `ਸਵੀਕਾਰ ਕਰਨ ਦਾ ਸਮਾਂ: ${date}`,
  saveAuthorization: 'ਆਪਣਾ ਅਧਿਕਾਰ-ਪੱਤਰ ਸੰਭਾਲੋ',
  printAuthorization: 'ਆਪਣਾ ਅਧਿਕਾਰ-ਪੱਤਰ ਪ੍ਰਿੰਟ ਕਰੋ',
  authorizationFileName: ({ reference }) => `bhugtan-adhikar-patar-${reference}.txt`,
};

export default messages;
