// The checkout's words in Chinese, Simplified (简体中文).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: '结账',

  invalidTitle: '此结账页面设置有误',
  loadingTitle: '正在加载您的付款信息',
  loadErrorTitle: '无法加载您的付款信息',
  expiredTitle: '您的会话已过期',
  blockedTitle: '此账户无法付款',
  verificationTitle: '请先验证身份再付款',
  noBankAccountsTitle: '尚未添加银行账户',
  deviceRequiredTitle: '安全检查不可用',
  readyTitle: '可以付款',
  submittingTitle: '正在处理您的付款',
  declinedTitle: '付款被拒绝',
  unconfirmedTitle: '无法确认您的付款',
  failedTitle: '付款未成功',
  submittedTitle: '付款已提交',
  announcement: ({ title }) => `${title}。`,

  invalidBody: ({ count }) => `此页面无法付款。有${count}个问题需由网站开发人员处理：`,
  loading: '正在加载您的付款信息…',
  loadErrorBody: '请检查网络连接，然后重试。',
  tryAgain: '重试',
  expiredBody: '请重新加载页面以继续。',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `您的${amount}付款可能已经成功：再次付款前，请先查看您的订单。`,
  notCharged: '您尚未被扣款。',
  reloadPage: '重新加载页面',
  blockedBody: '此账户无法在此付款。请联系客服。',
  contactSupport: '联系客服',
  checkAgain: '重新检查',
  verificationBody: '请完成身份验证，然后重新检查以完成购买。',
  verifyIdentity: '验证身份',
  noBankAccountsBody: '请在您的账户中添加银行账户，然后重新检查以付款。',
  addBankAccount: '添加银行账户',
  declinedBody: ({ account }) =>
    `您的银行拒绝了来自${account}的付款。请选择其他账户，或重试此账户。`,
  tryAccountAgain: '重试此账户',
  unconfirmedBody: ({ amount, account }) =>
    `您从${account}支付的${amount}可能已经成功。请重试以完成付款：系统会再次发送同一笔付款，您不会被重复扣款。`,
  unconfirmedLocked: '在确认结果之前，账户和金额无法更改。',
  failedBody: '您尚未被扣款。请重试。',

  deviceChecking: '正在进行安全检查…',
  deviceCheckingAnnouncement: '正在进行安全检查。',
  deviceFailedTitle: '安全检查未能加载',
  deviceFailedBody: '此次购买需要快速检查您的设备。请停用内容拦截工具后重试。',
  retryDeviceCheck: '重试安全检查',
  deviceMissingBody: '此次购买需要进行设备检查，但此页面无法提供该检查。',

  orderSummary: '订单摘要',
  quantity: ({ quantity }) => `数量：${quantity}`,
  subtotal: '小计',
  receiptTo: '收据发送至',
  settlesIn: '结算方式',
  payFrom: '付款账户',
  endingIn: '尾号',
  declinedBadge: '已拒绝',
  account: ({ alias, last4 }) => `${alias}（尾号${last4}）`,
  pay: ({ amount }) => `支付${amount}`,
  retryPayment: ({ amount }) => `重试支付${amount}`,
  processing: '正在处理…',

  authorization: (values) =>
    `选择“${values.payLabel}”，即表示您授权${values.merchantName}于${values.date}当天或之后，从您的${values.alias} ••${values.last4}一次性扣款${values.amount}。在此扣款发送至您的银行之前，您可以联系${values.merchantContact}撤销本授权。`,
  merchantContactFallback: '商家',
  authorizationInEnglish: '授权书英文原文',

  submittedBody: ({ amount, account, date }) =>
    `您从${account}支付的${amount}已提交至您的银行，预计将于${date}结算。`,
  receiptGoesTo: ({ email }) => `收据将发送至${email}。`,
  reference: '参考编号',
  submittedAnnouncement: ({ amount, account, date }) =>
    `付款已提交至银行：从${account}支付${amount}，预计于${date}结算。`,
  authorizationCopyTitle: '您的授权书',
  authorizationAccepted: ({ date }) => `已于${date}接受。`,
  saveAuthorization: '保存您的授权书',
  printAuthorization: '打印您的授权书',
  authorizationFileName: ({ reference }) => `fukuan-shouquan-${reference}.txt`,
};

export default messages;
