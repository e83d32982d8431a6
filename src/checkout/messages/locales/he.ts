// The checkout's words in Hebrew (עברית).
import type { CheckoutMessages } from '../catalogue.js';

/** "בעיה אחת", "שתי בעיות", "3 בעיות": the form Hebrew's plural rules choose for the count. */
function problems(count: number): string {
  switch (new Intl.PluralRules('he').select(count)) {
    case 'one':
      return 'בעיה אחת';
    case 'two':
      return 'שתי בעיות';
    default:
      return `${count} בעיות`;
  }
}

const messages: CheckoutMessages = {
  checkoutTitle: 'תשלום',

  invalidTitle: 'עמוד התשלום לא הוגדר כראוי',
  loadingTitle: 'פרטי התשלום נטענים',
  loadErrorTitle: 'לא הצלחנו לטעון את פרטי התשלום',
  expiredTitle: 'פג תוקף ההתחברות',
  blockedTitle: 'לא ניתן לבצע תשלומים מהחשבון הזה',
  verificationTitle: 'יש לאמת את זהותך כדי לשלם',
  noBankAccountsTitle: 'לא רשום חשבון בנק',
  deviceRequiredTitle: 'בדיקת האבטחה אינה זמינה',
  readyTitle: 'הכול מוכן לתשלום',
  submittingTitle: 'התשלום בעיבוד',
  declinedTitle: 'התשלום נדחה',
  unconfirmedTitle: 'לא הצלחנו לאשר את התשלום',
  failedTitle: 'התשלום לא בוצע',
  submittedTitle: 'התשלום נשלח לבנק',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) => `לא ניתן לשלם בעמוד הזה. על מפתח האתר לתקן ${problems(count)}:`,
  loading: 'פרטי התשלום נטענים…',
  loadErrorBody: 'יש לבדוק את החיבור לאינטרנט ולנסות שוב.',
  tryAgain: 'לנסות שוב',
  expiredBody: 'יש לרענן את הדף כדי להמשיך.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ייתכן שהתשלום על סך ${amount} כבר בוצע: כדאי לבדוק את ההזמנות שלך לפני תשלום נוסף.`,
  notCharged: 'לא בוצע חיוב.',
  reloadPage: 'רענון הדף',
  blockedBody: 'לא ניתן לשלם כאן מהחשבון הזה. יש לפנות לתמיכה.',
  contactSupport: 'פנייה לתמיכה',
  checkAgain: 'בדיקה חוזרת',
  verificationBody: 'יש להשלים את אימות הזהות ואז לבחור "בדיקה חוזרת" כדי לסיים את הרכישה.',
  verifyIdentity: 'אימות זהות',
  noBankAccountsBody: 'יש להוסיף חשבון בנק לחשבון המשתמש שלך ואז לבחור "בדיקה חוזרת" כדי לשלם.',
  addBankAccount: 'הוספת חשבון בנק',
  declinedBody: ({ account }) =>
    `הבנק שלך דחה את התשלום מחשבון ${account}. אפשר לבחור חשבון אחר או לנסות שוב עם החשבון הזה.`,
  tryAccountAgain: 'לנסות שוב עם החשבון הזה',
  unconfirmedBody: ({ amount, account }) =>
    `ייתכן שהתשלום על סך ${amount} מחשבון ${account} כבר בוצע. כדי להשלים אותו יש לנסות שוב: אותו תשלום יישלח שוב, והחיוב לא יתבצע פעמיים.`,
  unconfirmedLocked: 'לא ניתן לשנות את החשבון ואת הסכום עד שנדע מה התוצאה.',
  failedBody: 'לא בוצע חיוב. יש לנסות שוב.',

  deviceChecking: 'מתבצעת בדיקת אבטחה…',
  deviceCheckingAnnouncement: 'מתבצעת בדיקת אבטחה.',
  deviceFailedTitle: 'בדיקת האבטחה לא נטענה',
  deviceFailedBody: 'הרכישה הזו מחייבת בדיקה קצרה של המכשיר. יש להשבית חוסמי תוכן ולנסות שוב.',
  retryDeviceCheck: 'בדיקת אבטחה חוזרת',
  deviceMissingBody: 'הרכישה הזו מחייבת בדיקת מכשיר שאינה זמינה בעמוד הזה.',

  orderSummary: 'סיכום ההזמנה',
  quantity: ({ quantity }) => `כמות: ${quantity}`,
  subtotal: 'סכום ביניים',
  receiptTo: 'קבלה תישלח אל',
  settlesIn: 'סוג הסליקה:',
  payFrom: 'תשלום מחשבון',
  endingIn: 'שמסתיים בספרות',
  declinedBadge: 'נדחה',
  account: ({ alias, last4 }) => `${alias} שמסתיים בספרות ${last4}`,
  pay: ({ amount }) => `תשלום ${amount}`,
  retryPayment: ({ amount }) => `לנסות שוב לשלם ${amount}`,
  processing: 'בעיבוד…',

  authorization: (values) =>
    `בבחירה ב"${values.payLabel}" ניתנת על ידך הרשאה ל-${values.merchantName} לבצע חיוב חד-פעמי בסך ${values.amount} מחשבון ${values.alias} ••${values.last4} בתאריך ${values.date} או לאחריו. ניתן לבטל הרשאה זו בפנייה אל ${values.merchantContact} לפני שהחיוב יישלח לבנק שלך.`,
  merchantContactFallback: 'בית העסק',
  authorizationInEnglish: 'נוסח ההרשאה באנגלית',

  submittedBody: ({ amount, account, date }) =>
    `התשלום על סך ${amount} מחשבון ${account} נשלח לבנק שלך. מועד הסליקה הצפוי: ${date}.`,
  receiptGoesTo: ({ email }) => `קבלה תישלח אל ${email}.`,
  reference: 'אסמכתא',
  submittedAnnouncement: ({ amount, account, date }) =>
    `התשלום נשלח לבנק: ${amount} מחשבון ${account}. מועד הסליקה הצפוי: ${date}.`,
  authorizationCopyTitle: 'ההרשאה שלך',
  authorizationAccepted: ({ date }) => `מועד האישור: ${date}.`,
  saveAuthorization: 'שמירת ההרשאה',
  printAuthorization: 'הדפסת ההרשאה',
  authorizationFileName: ({ reference }) => `harshaat-chiyuv-${reference}.txt`,
};

export default messages;
