// The checkout's words in Chinese, Traditional, as written in Hong Kong (繁體中文，香港).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: '結賬',

  invalidTitle: '此結賬頁面設定有誤',
  loadingTitle: '正在載入您的付款資料',
  loadErrorTitle: '未能載入您的付款資料',
  expiredTitle: '您的工作階段已逾時',
  blockedTitle: '此賬戶未能付款',
  verificationTitle: '請先核實身份再付款',
  noBankAccountsTitle: '未有已登記的銀行賬戶',
  deviceRequiredTitle: '未能進行保安檢查',
  readyTitle: '可以付款',
  submittingTitle: '正在處理您的付款',
  declinedTitle: '付款被拒',
  unconfirmedTitle: '未能確認您的付款',
  failedTitle: '付款不成功',
  submittedTitle: '付款已提交',
  announcement: ({ title }) => `${title}。`,

  invalidBody: ({ count }) => `此頁面未能付款。有${count}個問題須由網站開發人員處理：`,
  loading: '正在載入您的付款資料…',
  loadErrorBody: '請檢查網絡連線，然後再試。',
  tryAgain: '再試',
  expiredBody: '請重新載入頁面以繼續。',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `您的${amount}付款可能已經成功：再次付款前，請先查閱您的訂單。`,
  notCharged: '您的賬戶尚未被扣款。',
  reloadPage: '重新載入頁面',
  blockedBody: '此賬戶未能在此付款。請聯絡客戶服務。',
  contactSupport: '聯絡客戶服務',
  checkAgain: '重新檢查',
  verificationBody: '請完成身份核實，然後重新檢查以完成購物。',
  verifyIdentity: '核實身份',
  noBankAccountsBody: '請在您的賬戶中加入銀行賬戶，然後重新檢查以付款。',
  addBankAccount: '加入銀行賬戶',
  declinedBody: ({ account }) =>
    `您的銀行拒絕了由${account}支付的款項。請選擇其他賬戶，或以此賬戶再試。`,
  tryAccountAgain: '以此賬戶再試',
  unconfirmedBody: ({ amount, account }) =>
    `您由${account}支付的${amount}可能已經成功。請重試以完成付款：系統會再次提交同一筆付款，您不會被重複扣款。`,
  unconfirmedLocked: '確認結果前，賬戶及金額不能更改。',
  failedBody: '您的賬戶尚未被扣款。請再試。',

  deviceChecking: '正在進行保安檢查…',
  deviceCheckingAnnouncement: '正在進行保安檢查。',
  deviceFailedTitle: '未能載入保安檢查',
  deviceFailedBody: '是次購物需要快速檢查您的裝置。請停用內容攔截工具後再試。',
  retryDeviceCheck: '重試保安檢查',
  deviceMissingBody: '是次購物需要進行裝置檢查，但此頁面未能提供。',

  orderSummary: '訂單摘要',
  quantity: ({ quantity }) => `數量：${quantity}`,
  subtotal: '小計',
  receiptTo: '收據發送至',
  settlesIn: '結算方式',
  payFrom: '付款賬戶',
  endingIn: '尾數',
  declinedBadge: '已被拒',
  account: ({ alias, last4 }) => `${alias}（尾數${last4}）`,
  pay: ({ amount }) => `支付${amount}`,
  retryPayment: ({ amount }) => `重新支付${amount}`,
  processing: '處理中…',

  authorization: (values) =>
    `選擇「${values.payLabel}」，即表示您授權${values.merchantName}於${values.date}當日或之後，從您的${values.alias} ••${values.last4}一次性扣賬${values.amount}。在此扣賬指示送交您的銀行前，您可聯絡${values.merchantContact}撤回本授權。`,
  merchantContactFallback: '商戶',
  authorizationInEnglish: '授權書英文原文',

  submittedBody: ({ amount, account, date }) =>
    `您由${account}支付的${amount}已提交至您的銀行，預計於${date}結算。`,
  receiptGoesTo: ({ email }) => `收據將發送至${email}。`,
  reference: '參考編號',
  submittedAnnouncement: ({ amount, account, date }) =>
    `付款已提交至銀行：由${account}支付${amount}，預計於${date}結算。`,
  authorizationCopyTitle: '您的授權書',
  authorizationAccepted: ({ date }) => `已於${date}接受。`,
  saveAuthorization: '儲存您的授權書',
  printAuthorization: '列印您的授權書',
  authorizationFileName: ({ reference }) => `fukuan-shouquan-${reference}.txt`,
};

export default messages;
