// The checkout's words in Urdu (اردو), written right to left.
import type { CheckoutMessages } from '../catalogue.js';

/** "1 مسئلہ"، "3 مسائل": the plural form Urdu's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('ur').select(count) === 'one' ? 'مسئلہ' : 'مسائل'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'چیک آؤٹ',

  invalidTitle: 'یہ چیک آؤٹ درست طریقے سے ترتیب نہیں دیا گیا',
  loadingTitle: 'آپ کی ادائیگی کی تفصیلات لوڈ ہو رہی ہیں',
  loadErrorTitle: 'ہم آپ کی ادائیگی کی تفصیلات لوڈ نہیں کر سکے',
  expiredTitle: 'آپ کے سیشن کی میعاد ختم ہو گئی ہے',
  blockedTitle: 'اس اکاؤنٹ کے لیے ادائیگیاں دستیاب نہیں ہیں',
  verificationTitle: 'ادائیگی کے لیے اپنی شناخت کی تصدیق کریں',
  noBankAccountsTitle: 'کوئی بینک اکاؤنٹ درج نہیں ہے',
  deviceRequiredTitle: 'سیکیورٹی جانچ دستیاب نہیں ہے',
  readyTitle: 'ادائیگی کے لیے تیار',
  submittingTitle: 'آپ کی ادائیگی پر کارروائی ہو رہی ہے',
  declinedTitle: 'ادائیگی مسترد کر دی گئی',
  unconfirmedTitle: 'ہم آپ کی ادائیگی کی تصدیق نہیں کر سکے',
  failedTitle: 'ادائیگی نہیں ہو سکی',
  submittedTitle: 'ادائیگی بھیج دی گئی',
  announcement: ({ title }) => `${title}۔`,

  invalidBody: ({ count }) =>
    `اس صفحے پر ادائیگیاں دستیاب نہیں ہیں۔ سائٹ کے ڈویلپر کے لیے ${problems(count)}:`,
  loading: 'آپ کی ادائیگی کی تفصیلات لوڈ ہو رہی ہیں…',
  loadErrorBody: 'اپنا انٹرنیٹ کنکشن چیک کریں اور دوبارہ کوشش کریں۔',
  tryAgain: 'دوبارہ کوشش کریں',
  expiredBody: 'جاری رکھنے کے لیے صفحہ دوبارہ لوڈ کریں۔',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ہو سکتا ہے آپ کی ${amount} کی ادائیگی ہو چکی ہو: دوبارہ ادائیگی کرنے سے پہلے اپنے آرڈرز دیکھ لیں۔`,
  notCharged: 'آپ کے اکاؤنٹ سے کوئی رقم نہیں کاٹی گئی۔',
  reloadPage: 'صفحہ دوبارہ لوڈ کریں',
  blockedBody: 'اس اکاؤنٹ سے یہاں ادائیگی نہیں کی جا سکتی۔ براہ کرم معاونت ٹیم سے رابطہ کریں۔',
  contactSupport: 'معاونت ٹیم سے رابطہ کریں',
  checkAgain: 'دوبارہ جانچیں',
  verificationBody: 'شناخت کی تصدیق مکمل کریں، پھر اپنی خریداری مکمل کرنے کے لیے دوبارہ جانچیں۔',
  verifyIdentity: 'اپنی شناخت کی تصدیق کریں',
  noBankAccountsBody:
    'اپنے اکاؤنٹ میں ایک بینک اکاؤنٹ شامل کریں، پھر ادائیگی کے لیے دوبارہ جانچیں۔',
  addBankAccount: 'بینک اکاؤنٹ شامل کریں',
  declinedBody: ({ account }) =>
    `آپ کے بینک نے ${account} سے ادائیگی مسترد کر دی۔ کوئی دوسرا اکاؤنٹ منتخب کریں، یا اسی اکاؤنٹ سے دوبارہ کوشش کریں۔`,
  tryAccountAgain: 'اسی اکاؤنٹ سے دوبارہ کوشش کریں',
  unconfirmedBody: ({ amount, account }) =>
    `ہو سکتا ہے ${account} سے آپ کی ${amount} کی ادائیگی ہو چکی ہو۔ اسے مکمل کرنے کے لیے دوبارہ کوشش کریں: وہی ادائیگی دوبارہ بھیجی جائے گی، اور آپ کے اکاؤنٹ سے دو بار رقم نہیں کاٹی جائے گی۔`,
  unconfirmedLocked: 'نتیجہ معلوم ہونے تک اکاؤنٹ اور رقم تبدیل نہیں کیے جا سکتے۔',
  failedBody: 'آپ کے اکاؤنٹ سے کوئی رقم نہیں کاٹی گئی۔ براہ کرم دوبارہ کوشش کریں۔',

  deviceChecking: 'سیکیورٹی جانچ جاری ہے…',
  deviceCheckingAnnouncement: 'سیکیورٹی جانچ جاری ہے۔',
  deviceFailedTitle: 'سیکیورٹی جانچ لوڈ نہیں ہو سکی',
  deviceFailedBody:
    'اس خریداری کے لیے آپ کے آلے کی مختصر جانچ ضروری ہے۔ مواد روکنے والے ٹولز بند کریں اور دوبارہ کوشش کریں۔',
  retryDeviceCheck: 'سیکیورٹی جانچ دوبارہ کریں',
  deviceMissingBody: 'اس خریداری کے لیے آلے کی جانچ ضروری ہے، جو اس صفحے پر دستیاب نہیں ہے۔',

  orderSummary: 'آرڈر کا خلاصہ',
  quantity: ({ quantity }) => `تعداد ${quantity}`,
  subtotal: 'ذیلی میزان',
  receiptTo: 'رسید بھیجنے کا پتہ',
  settlesIn: 'تصفیہ بذریعہ',
  payFrom: 'ادائیگی کا اکاؤنٹ',
  endingIn: 'آخری ہندسے',
  declinedBadge: 'مسترد',
  account: ({ alias, last4 }) => `${alias} (آخری ہندسے ${last4})`,
  pay: ({ amount }) => `${amount} ادا کریں`,
  retryPayment: ({ amount }) => `${amount} کی ادائیگی دوبارہ کریں`,
  processing: 'کارروائی جاری ہے…',

  authorization: (values) =>
    `“${values.payLabel}” منتخب کر کے، آپ ${values.merchantName} کو اجازت دیتے ہیں کہ وہ ${values.date} کو یا اس کے بعد ${values.alias} ••${values.last4} سے ${values.amount} صرف ایک بار ڈیبٹ کرے۔ یہ ڈیبٹ آپ کے بینک کو بھیجے جانے سے پہلے، آپ ${values.merchantContact} سے رابطہ کر کے یہ اجازت واپس لے سکتے ہیں۔`,
  merchantContactFallback: 'فروخت کنندہ',
  authorizationInEnglish: 'انگریزی میں اجازت نامہ',

  submittedBody: ({ amount, account, date }) =>
    `${account} سے آپ کی ${amount} کی ادائیگی آپ کے بینک کو بھیج دی گئی ہے۔ توقع ہے کہ یہ ${date} کو کلیئر ہو جائے گی۔`,
  receiptGoesTo: ({ email }) => `رسید ${email} پر بھیجی جائے گی۔`,
  reference: 'حوالہ نمبر',
  submittedAnnouncement: ({ amount, account, date }) =>
    `ادائیگی بینک کو بھیج دی گئی: ${account} سے ${amount}، ${date} کو کلیئر ہونے کی توقع ہے۔`,
  authorizationCopyTitle: 'آپ کا اجازت نامہ',
  authorizationAccepted: ({ date }) => `قبول کرنے کا وقت: ${date}`,
  saveAuthorization: 'اپنا اجازت نامہ محفوظ کریں',
  printAuthorization: 'اپنا اجازت نامہ پرنٹ کریں',
  authorizationFileName: ({ reference }) => `adaigi-ijazat-nama-${reference}.txt`,
};

export default messages;
