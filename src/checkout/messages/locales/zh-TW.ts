// The checkout's words in Chinese, Traditional, as written in Taiwan (繁體中文，台灣).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: '結帳',

  invalidTitle: '此結帳頁面設定有誤',
  loadingTitle: '正在載入您的付款資訊',
  loadErrorTitle: '無法載入您的付款資訊',
  expiredTitle: '您的工作階段已過期',
  blockedTitle: '此帳戶無法付款',
  verificationTitle: '請先驗證身分再付款',
  noBankAccountsTitle: '尚未新增銀行帳戶',
  deviceRequiredTitle: '無法進行安全性檢查',
  readyTitle: '可以付款',
  submittingTitle: '正在處理您的付款',
  declinedTitle: '付款遭拒',
  unconfirmedTitle: '無法確認您的付款',
  failedTitle: '付款未成功',
  submittedTitle: '付款已送出',
  announcement: ({ title }) => `${title}。`,

  invalidBody: ({ count }) => `此頁面無法付款。有${count}個問題需由網站開發人員處理：`,
  loading: '正在載入您的付款資訊…',
  loadErrorBody: '請檢查網路連線，然後再試一次。',
  tryAgain: '再試一次',
  expiredBody: '請重新整理頁面以繼續。',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `您的${amount}付款可能已經成功：再次付款前，請先查看您的訂單。`,
  notCharged: '您尚未被扣款。',
  reloadPage: '重新整理頁面',
  blockedBody: '此帳戶無法在此付款。請聯絡客服。',
  contactSupport: '聯絡客服',
  checkAgain: '重新檢查',
  verificationBody: '請完成身分驗證，然後重新檢查以完成購買。',
  verifyIdentity: '驗證身分',
  noBankAccountsBody: '請在您的帳戶中新增銀行帳戶，然後重新檢查以付款。',
  addBankAccount: '新增銀行帳戶',
  declinedBody: ({ account }) =>
    `您的銀行拒絕了來自${account}的付款。請選擇其他帳戶，或使用此帳戶再試一次。`,
  tryAccountAgain: '使用此帳戶再試一次',
  unconfirmedBody: ({ amount, account }) =>
    `您從${account}支付的${amount}可能已經成功。請重試以完成付款：系統會再次送出同一筆付款，您不會被重複扣款。`,
  unconfirmedLocked: '確認結果之前，無法變更帳戶和金額。',
  failedBody: '您尚未被扣款。請再試一次。',

  deviceChecking: '正在進行安全性檢查…',
  deviceCheckingAnnouncement: '正在進行安全性檢查。',
  deviceFailedTitle: '安全性檢查未能載入',
  deviceFailedBody: '此次購買需要快速檢查您的裝置。請停用內容封鎖程式後再試一次。',
  retryDeviceCheck: '重新進行安全性檢查',
  deviceMissingBody: '此次購買需要進行裝置檢查，但此頁面無法提供。',

  orderSummary: '訂單摘要',
  quantity: ({ quantity }) => `數量：${quantity}`,
  subtotal: '小計',
  receiptTo: '收據寄送至',
  settlesIn: '結算方式',
  payFrom: '付款帳戶',
  endingIn: '末四碼',
  declinedBadge: '已拒絕',
  account: ({ alias, last4 }) => `${alias}（末四碼${last4}）`,
  pay: ({ amount }) => `支付${amount}`,
  retryPayment: ({ amount }) => `重新支付${amount}`,
  processing: '處理中…',

  authorization: (values) =>
    `選擇「${values.payLabel}」，即表示您授權${values.merchantName}於${values.date}當天或之後，從您的${values.alias} ••${values.last4}單次扣款${values.amount}。在此扣款送交您的銀行之前，您可以聯絡${values.merchantContact}撤銷本授權。`,
  merchantContactFallback: '商家',
  authorizationInEnglish: '授權書英文原文',

  submittedBody: ({ amount, account, date }) =>
    `您從${account}支付的${amount}已送交您的銀行，預計於${date}清算。`,
  receiptGoesTo: ({ email }) => `收據將寄送至${email}。`,
  reference: '參考編號',
  submittedAnnouncement: ({ amount, account, date }) =>
    `付款已送交銀行：從${account}支付${amount}，預計於${date}清算。`,
  authorizationCopyTitle: '您的授權書',
  authorizationAccepted: ({ date }) => `已於${date}接受。`,
  saveAuthorization: '儲存您的授權書',
  printAuthorization: '列印您的授權書',
  authorizationFileName: ({ reference }) => `fukuan-shouquan-${reference}.txt`,
};

export default messages;
