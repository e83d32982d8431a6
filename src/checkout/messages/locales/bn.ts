// The checkout's words in Bengali (বাংলা).
import type { CheckoutMessages } from '../catalogue.js';

// Counts in Bengali digits, as the checkout's dates and amounts are in this locale. A Bengali
// noun does not change with its count ("৩টি সমস্যা"), so no plural rule is needed.
const digits = new Intl.NumberFormat('bn');

const messages: CheckoutMessages = {
  checkoutTitle: 'চেকআউট',

  invalidTitle: 'এই চেকআউটটি সঠিকভাবে প্রস্তুত করা হয়নি',
  loadingTitle: 'আপনার পেমেন্টের বিবরণ লোড হচ্ছে',
  loadErrorTitle: 'আপনার পেমেন্টের বিবরণ লোড করা যায়নি',
  expiredTitle: 'আপনার সেশনের মেয়াদ শেষ হয়ে গেছে',
  blockedTitle: 'এই অ্যাকাউন্টের জন্য পেমেন্ট উপলভ্য নয়',
  verificationTitle: 'পেমেন্ট করতে আপনার পরিচয় যাচাই করুন',
  noBankAccountsTitle: 'কোনো ব্যাংক অ্যাকাউন্ট যুক্ত নেই',
  deviceRequiredTitle: 'নিরাপত্তা যাচাই উপলভ্য নয়',
  readyTitle: 'পেমেন্টের জন্য প্রস্তুত',
  submittingTitle: 'আপনার পেমেন্ট প্রক্রিয়া করা হচ্ছে',
  declinedTitle: 'পেমেন্ট প্রত্যাখ্যান করা হয়েছে',
  unconfirmedTitle: 'আপনার পেমেন্ট নিশ্চিত করা যায়নি',
  failedTitle: 'পেমেন্ট সফল হয়নি',
  submittedTitle: 'পেমেন্ট জমা দেওয়া হয়েছে',
  announcement: ({ title }) => `${title}।`,

  invalidBody: ({ count }) =>
    `এই পৃষ্ঠায় পেমেন্ট উপলভ্য নয়। সাইটের ডেভেলপারের জন্য ${digits.format(count)}টি সমস্যা:`,
  loading: 'আপনার পেমেন্টের বিবরণ লোড হচ্ছে…',
  loadErrorBody: 'আপনার ইন্টারনেট সংযোগ পরীক্ষা করে আবার চেষ্টা করুন।',
  tryAgain: 'আবার চেষ্টা করুন',
  expiredBody: 'চালিয়ে যেতে পৃষ্ঠাটি আবার লোড করুন।',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `আপনার ${amount} পেমেন্টটি হয়তো ইতিমধ্যে প্রক্রিয়া হয়ে গেছে: আবার পেমেন্ট করার আগে আপনার অর্ডারগুলো দেখে নিন।`,
  notCharged: 'আপনার অ্যাকাউন্ট থেকে কোনো টাকা কাটা হয়নি।',
  reloadPage: 'পৃষ্ঠাটি আবার লোড করুন',
  blockedBody: 'এই অ্যাকাউন্ট থেকে এখানে পেমেন্ট করা যাবে না। অনুগ্রহ করে সহায়তা দলের সঙ্গে যোগাযোগ করুন।',
  contactSupport: 'সহায়তা দলের সঙ্গে যোগাযোগ করুন',
  checkAgain: 'আবার যাচাই করুন',
  verificationBody: 'পরিচয় যাচাই সম্পূর্ণ করুন, তারপর কেনাকাটা শেষ করতে আবার যাচাই করুন।',
  verifyIdentity: 'আপনার পরিচয় যাচাই করুন',
  noBankAccountsBody:
    'আপনার অ্যাকাউন্টে একটি ব্যাংক অ্যাকাউন্ট যোগ করুন, তারপর পেমেন্ট করতে আবার যাচাই করুন।',
  addBankAccount: 'ব্যাংক অ্যাকাউন্ট যোগ করুন',
  declinedBody: ({ account }) =>
    `আপনার ব্যাংক ${account} থেকে পেমেন্টটি প্রত্যাখ্যান করেছে। অন্য একটি অ্যাকাউন্ট বেছে নিন, অথবা এই অ্যাকাউন্ট দিয়ে আবার চেষ্টা করুন।`,
  tryAccountAgain: 'এই অ্যাকাউন্ট দিয়ে আবার চেষ্টা করুন',
  unconfirmedBody: ({ amount, account }) =>
    `${account} থেকে আপনার ${amount} পেমেন্টটি হয়তো ইতিমধ্যে প্রক্রিয়া হয়ে গেছে। এটি শেষ করতে আবার চেষ্টা করুন: একই পেমেন্ট আবার পাঠানো হবে, এবং আপনার অ্যাকাউন্ট থেকে দুবার টাকা কাটা হবে না।`,
  unconfirmedLocked: 'ফলাফল জানা না যাওয়া পর্যন্ত অ্যাকাউন্ট ও টাকার পরিমাণ বদলানো যাবে না।',
  failedBody: 'আপনার অ্যাকাউন্ট থেকে কোনো টাকা কাটা হয়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',

  deviceChecking: 'নিরাপত্তা যাচাই চলছে…',
  deviceCheckingAnnouncement: 'নিরাপত্তা যাচাই চলছে।',
  deviceFailedTitle: 'নিরাপত্তা যাচাই লোড হয়নি',
  deviceFailedBody:
    'এই কেনাকাটার জন্য আপনার ডিভাইসের একটি দ্রুত যাচাই দরকার। কনটেন্ট ব্লকার বন্ধ করে আবার চেষ্টা করুন।',
  retryDeviceCheck: 'আবার নিরাপত্তা যাচাই করুন',
  deviceMissingBody: 'এই কেনাকাটার জন্য একটি ডিভাইস যাচাই দরকার, যা এই পৃষ্ঠায় উপলভ্য নয়।',

  orderSummary: 'অর্ডারের সারসংক্ষেপ',
  quantity: ({ quantity }) => `পরিমাণ ${digits.format(quantity)}`,
  subtotal: 'উপমোট',
  receiptTo: 'রসিদ পাঠানোর ঠিকানা',
  settlesIn: 'নিষ্পত্তির মাধ্যম',
  payFrom: 'পেমেন্টের অ্যাকাউন্ট',
  endingIn: 'শেষ অঙ্ক',
  declinedBadge: 'প্রত্যাখ্যাত',
  account: ({ alias, last4 }) => `${alias} (শেষ অঙ্ক ${last4})`,
  pay: ({ amount }) => `${amount} পেমেন্ট করুন`,
  retryPayment: ({ amount }) => `আবার ${amount} পেমেন্টের চেষ্টা করুন`,
  processing: 'প্রক্রিয়া করা হচ্ছে…',

  authorization: (values) =>
    `“${values.payLabel}” বেছে নিয়ে আপনি ${values.merchantName}-কে ${values.date} তারিখে বা তার পরে ${values.alias} ••${values.last4} থেকে মাত্র একবার ${values.amount} ডেবিট করার অনুমোদন দিচ্ছেন। এই ডেবিট আপনার ব্যাংকে পাঠানোর আগে আপনি এই অনুমোদন প্রত্যাহার করতে পারেন; সে জন্য যোগাযোগ করুন: ${values.merchantContact}।`,
  merchantContactFallback: 'বিক্রেতা',
  authorizationInEnglish: 'ইংরেজিতে অনুমোদনপত্র',

  submittedBody: ({ amount, account, date }) =>
    `${account} থেকে আপনার ${amount} পেমেন্ট আপনার ব্যাংকে জমা দেওয়া হয়েছে। এটি ${date} তারিখে ক্লিয়ার হবে বলে আশা করা হচ্ছে।`,
  receiptGoesTo: ({ email }) => `রসিদ ${email} ঠিকানায় পাঠানো হবে।`,
  reference: 'রেফারেন্স নম্বর',
  submittedAnnouncement: ({ amount, account, date }) =>
    `পেমেন্ট ব্যাংকে জমা দেওয়া হয়েছে: ${account} থেকে ${amount}, ${date} তারিখে ক্লিয়ার হওয়ার কথা।`,
  authorizationCopyTitle: 'আপনার অনুমোদনপত্র',
  authorizationAccepted: ({ date }) => `গ্রহণের সময়: ${date}`,
  saveAuthorization: 'আপনার অনুমোদনপত্র সংরক্ষণ করুন',
  printAuthorization: 'আপনার অনুমোদনপত্র প্রিন্ট করুন',
  authorizationFileName: ({ reference }) => `onumodonpotro-${reference}.txt`,
};

export default messages;
