// The checkout's words in Modern Standard Arabic (العربية الفصحى), written right to left.
import type { CheckoutMessages } from '../catalogue.js';

const plural = new Intl.PluralRules('ar');

/** "مشكلة واحدة", "مشكلتان", "3 مشكلات", "11 مشكلة": the form Arabic's rules choose for the count. */
function problems(count: number): string {
  switch (plural.select(count)) {
    case 'one':
      return 'مشكلة واحدة';
    case 'two':
      return 'مشكلتان';
    case 'few':
      return `${count} مشكلات`;
    default:
      // zero, many and other
      return `${count} مشكلة`;
  }
}

const messages: CheckoutMessages = {
  checkoutTitle: 'الدفع',

  invalidTitle: 'إعداد صفحة الدفع هذه غير صحيح',
  loadingTitle: 'جارٍ تحميل تفاصيل الدفع',
  loadErrorTitle: 'تعذّر تحميل تفاصيل الدفع',
  expiredTitle: 'انتهت صلاحية جلستك',
  blockedTitle: 'المدفوعات غير متاحة لهذا الحساب',
  verificationTitle: 'يُرجى التحقق من هويتك لإتمام الدفع',
  noBankAccountsTitle: 'لا يوجد حساب مصرفي مسجَّل',
  deviceRequiredTitle: 'الفحص الأمني غير متاح',
  readyTitle: 'جاهز للدفع',
  submittingTitle: 'جارٍ معالجة دفعتك',
  declinedTitle: 'رُفضت الدفعة',
  unconfirmedTitle: 'تعذّر تأكيد دفعتك',
  failedTitle: 'لم تنجح عملية الدفع',
  submittedTitle: 'أُرسلت الدفعة',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `المدفوعات غير متاحة في هذه الصفحة. ${problems(count)} تخص مطوّر الموقع:`,
  loading: 'جارٍ تحميل تفاصيل الدفع…',
  loadErrorBody: 'تحقّق من اتصالك وحاول مرة أخرى.',
  tryAgain: 'حاول مرة أخرى',
  expiredBody: 'أعد تحميل الصفحة للمتابعة.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ربما تمّت دفعتك البالغة ${amount}: راجع طلباتك قبل أن تدفع مرة أخرى.`,
  notCharged: 'لم يُخصم منك أي مبلغ.',
  reloadPage: 'أعد تحميل الصفحة',
  blockedBody: 'لا يمكن لهذا الحساب إجراء مدفوعات هنا. يُرجى التواصل مع الدعم.',
  contactSupport: 'تواصل مع الدعم',
  checkAgain: 'تحقّق مرة أخرى',
  verificationBody: 'أكمل التحقق من هويتك، ثم تحقّق مرة أخرى لإتمام عملية الشراء.',
  verifyIdentity: 'التحقق من الهوية',
  noBankAccountsBody: 'أضف حسابًا مصرفيًا إلى ملفك، ثم تحقّق مرة أخرى لتتمكن من الدفع.',
  addBankAccount: 'إضافة حساب مصرفي',
  declinedBody: ({ account }) =>
    `رفض مصرفك الدفعة من ${account}. اختر حسابًا آخر، أو أعد المحاولة بهذا الحساب.`,
  tryAccountAgain: 'أعد المحاولة بهذا الحساب',
  unconfirmedBody: ({ amount, account }) =>
    `ربما تمّت دفعتك البالغة ${amount} من ${account}. أعد المحاولة لإتمامها: ستُرسَل الدفعة نفسها مرة أخرى، ولن يُخصم منك المبلغ مرتين.`,
  unconfirmedLocked: 'لا يمكن تغيير الحساب ولا المبلغ إلى أن نتأكد من نتيجة الدفعة.',
  failedBody: 'لم يُخصم منك أي مبلغ. يُرجى المحاولة مرة أخرى.',

  deviceChecking: 'جارٍ إجراء فحص أمني…',
  deviceCheckingAnnouncement: 'جارٍ إجراء فحص أمني.',
  deviceFailedTitle: 'تعذّر تحميل الفحص الأمني',
  deviceFailedBody:
    'تتطلب عملية الشراء هذه فحصًا سريعًا للجهاز. عطّل أدوات حظر المحتوى ثم أعد المحاولة.',
  retryDeviceCheck: 'أعد الفحص الأمني',
  deviceMissingBody: 'تتطلب عملية الشراء هذه فحصًا للجهاز غير متاح في هذه الصفحة.',

  orderSummary: 'ملخص الطلب',
  quantity: ({ quantity }) => `الكمية: ${quantity}`,
  subtotal: 'المجموع الفرعي',
  receiptTo: 'يُرسَل الإيصال إلى',
  settlesIn: 'تتم التسوية بـ',
  payFrom: 'الدفع من',
  endingIn: 'المنتهي بالأرقام',
  declinedBadge: 'مرفوض',
  account: ({ alias, last4 }) => `${alias} المنتهي بالأرقام ${last4}`,
  pay: ({ amount }) => `ادفع ${amount}`,
  retryPayment: ({ amount }) => `أعد محاولة دفع ${amount}`,
  processing: 'جارٍ المعالجة…',

  authorization: (values) =>
    `باختيارك ${values.payLabel}، فإنك تفوّض ${values.merchantName} بإجراء خصم لمرة واحدة بمبلغ ${values.amount} من ${values.alias} ••${values.last4} في ${values.date} أو بعده. ويمكنك إلغاء هذا التفويض بالتواصل مع ${values.merchantContact} قبل إرسال الخصم إلى مصرفك.`,
  merchantContactFallback: 'التاجر',
  authorizationInEnglish: 'نص التفويض باللغة الإنجليزية',

  submittedBody: ({ amount, account, date }) =>
    `أُرسلت دفعتك البالغة ${amount} من ${account} إلى مصرفك، ومن المتوقع أن تتم تسويتها في ${date}.`,
  receiptGoesTo: ({ email }) => `سيُرسَل الإيصال إلى ${email}.`,
  reference: 'المرجع',
  submittedAnnouncement: ({ amount, account, date }) =>
    `أُرسلت الدفعة: ${amount} من ${account}، ومن المتوقع أن تتم تسويتها في ${date}.`,
  authorizationCopyTitle: 'تفويضك',
  authorizationAccepted: ({ date }) => `تمت الموافقة عليه في ${date}.`,
  saveAuthorization: 'احفظ تفويضك',
  printAuthorization: 'اطبع تفويضك',
  authorizationFileName: ({ reference }) => `tafwid-al-daf-${reference}.txt`,
};

export default messages;
