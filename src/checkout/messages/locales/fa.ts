// The checkout's words in Persian (فارسی).
import type { CheckoutMessages } from '../catalogue.js';

// A Persian noun after a number stays singular ("۳ مشکل"), so no plural rules are needed; the
// numbers are written in Persian digits, as the amounts and dates are.
const digits = new Intl.NumberFormat('fa');

const messages: CheckoutMessages = {
  checkoutTitle: 'پرداخت',

  invalidTitle: 'این صفحهٔ پرداخت درست پیکربندی نشده است',
  loadingTitle: 'در حال بارگذاری جزئیات پرداخت',
  loadErrorTitle: 'بارگذاری جزئیات پرداخت ممکن نشد',
  expiredTitle: 'نشست شما منقضی شده است',
  blockedTitle: 'پرداخت برای این حساب کاربری در دسترس نیست',
  verificationTitle: 'برای پرداخت، هویت خود را تأیید کنید',
  noBankAccountsTitle: 'هیچ حساب بانکی ثبت نشده است',
  deviceRequiredTitle: 'بررسی امنیتی در دسترس نیست',
  readyTitle: 'آمادهٔ پرداخت',
  submittingTitle: 'در حال پردازش پرداخت شما',
  declinedTitle: 'پرداخت رد شد',
  unconfirmedTitle: 'تأیید پرداخت شما ممکن نشد',
  failedTitle: 'پرداخت انجام نشد',
  submittedTitle: 'پرداخت به بانک ارسال شد',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `پرداخت در این صفحه ممکن نیست. توسعه‌دهندهٔ سایت باید ${digits.format(count)} مشکل را برطرف کند:`,
  loading: 'در حال بارگذاری جزئیات پرداخت…',
  loadErrorBody: 'اتصال اینترنت خود را بررسی کنید و دوباره تلاش کنید.',
  tryAgain: 'تلاش دوباره',
  expiredBody: 'برای ادامه، صفحه را دوباره بارگذاری کنید.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ممکن است پرداخت ${amount} شما انجام شده باشد: پیش از پرداخت دوباره، سفارش‌های خود را بررسی کنید.`,
  notCharged: 'مبلغی از شما کسر نشده است.',
  reloadPage: 'بارگذاری دوبارهٔ صفحه',
  blockedBody: 'با این حساب کاربری نمی‌توان در اینجا پرداخت کرد. لطفاً با پشتیبانی تماس بگیرید.',
  contactSupport: 'تماس با پشتیبانی',
  checkAgain: 'بررسی دوباره',
  verificationBody:
    'احراز هویت را کامل کنید، سپس «بررسی دوباره» را انتخاب کنید تا خریدتان نهایی شود.',
  verifyIdentity: 'تأیید هویت',
  noBankAccountsBody:
    'یک حساب بانکی به حساب کاربری خود اضافه کنید، سپس برای پرداخت «بررسی دوباره» را انتخاب کنید.',
  addBankAccount: 'افزودن حساب بانکی',
  declinedBody: ({ account }) =>
    `بانک شما پرداخت از حساب ${account} را رد کرد. حساب دیگری را انتخاب کنید یا دوباره با همین حساب تلاش کنید.`,
  tryAccountAgain: 'تلاش دوباره با این حساب',
  unconfirmedBody: ({ amount, account }) =>
    `ممکن است پرداخت ${amount} شما از حساب ${account} انجام شده باشد. برای نهایی کردن آن دوباره تلاش کنید: همان پرداخت دوباره ارسال می‌شود و مبلغ دو بار از شما کسر نخواهد شد.`,
  unconfirmedLocked: 'تا زمانی که نتیجه مشخص نشود، حساب و مبلغ قابل تغییر نیستند.',
  failedBody: 'مبلغی از شما کسر نشده است. لطفاً دوباره تلاش کنید.',

  deviceChecking: 'در حال انجام بررسی امنیتی…',
  deviceCheckingAnnouncement: 'در حال انجام بررسی امنیتی.',
  deviceFailedTitle: 'بررسی امنیتی بارگذاری نشد',
  deviceFailedBody:
    'این خرید به یک بررسی سریع دستگاه نیاز دارد. مسدودکننده‌های محتوا را غیرفعال کنید و دوباره تلاش کنید.',
  retryDeviceCheck: 'تکرار بررسی امنیتی',
  deviceMissingBody: 'این خرید به بررسی دستگاهی نیاز دارد که در این صفحه در دسترس نیست.',

  orderSummary: 'خلاصهٔ سفارش',
  quantity: ({ quantity }) => `تعداد: ${digits.format(quantity)}`,
  subtotal: 'جمع جزء',
  receiptTo: 'ارسال رسید به',
  settlesIn: 'تسویه با',
  payFrom: 'پرداخت از حساب',
  endingIn: 'منتهی به',
  declinedBadge: 'ردشده',
  account: ({ alias, last4 }) => `${alias} منتهی به ${last4}`,
  pay: ({ amount }) => `پرداخت ${amount}`,
  retryPayment: ({ amount }) => `تلاش دوباره برای پرداخت ${amount}`,
  processing: 'در حال پردازش…',

  authorization: (values) =>
    `با انتخاب «${values.payLabel}»، به ${values.merchantName} مجوز می‌دهید که مبلغ ${values.amount} را به‌صورت یک‌باره از حساب ${values.alias} ••${values.last4} در تاریخ ${values.date} یا پس از آن برداشت کند. می‌توانید با تماس با ${values.merchantContact}، پیش از آنکه این برداشت به بانک شما ارسال شود، این مجوز را لغو کنید.`,
  merchantContactFallback: 'فروشنده',
  authorizationInEnglish: 'متن مجوز به انگلیسی',

  submittedBody: ({ amount, account, date }) =>
    `پرداخت ${amount} از حساب ${account} به بانک شما ارسال شد. تاریخ پیش‌بینی‌شدهٔ تسویه: ${date}.`,
  receiptGoesTo: ({ email }) => `رسید به ${email} ارسال می‌شود.`,
  reference: 'شمارهٔ پیگیری',
  submittedAnnouncement: ({ amount, account, date }) =>
    `پرداخت به بانک ارسال شد: ${amount} از حساب ${account}. تاریخ پیش‌بینی‌شدهٔ تسویه: ${date}.`,
  authorizationCopyTitle: 'مجوز شما',
  authorizationAccepted: ({ date }) => `تاریخ پذیرش: ${date}.`,
  saveAuthorization: 'ذخیرهٔ مجوز',
  printAuthorization: 'چاپ مجوز',
  authorizationFileName: ({ reference }) => `mojavez-bardasht-${reference}.txt`,
};

export default messages;
