// The checkout's words in Japanese (日本語).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'お支払い手続き',

  invalidTitle: 'この決済画面は正しく設定されていません',
  loadingTitle: 'お支払い情報を読み込んでいます',
  loadErrorTitle: 'お支払い情報を読み込めませんでした',
  expiredTitle: 'セッションの有効期限が切れました',
  blockedTitle: 'このアカウントではお支払いをご利用いただけません',
  verificationTitle: 'お支払いには本人確認が必要です',
  noBankAccountsTitle: '登録済みの銀行口座がありません',
  deviceRequiredTitle: 'セキュリティチェックを利用できません',
  readyTitle: 'お支払いの準備ができました',
  submittingTitle: 'お支払いを処理しています',
  declinedTitle: 'お支払いが拒否されました',
  unconfirmedTitle: 'お支払いを確認できませんでした',
  failedTitle: 'お支払いに失敗しました',
  submittedTitle: 'お支払いを送信しました',
  announcement: ({ title }) => `${title}。`,

  invalidBody: ({ count }) =>
    `このページではお支払いをご利用いただけません。サイトの開発者が対応すべき問題が${count}件あります：`,
  loading: 'お支払い情報を読み込んでいます…',
  loadErrorBody: '接続を確認して、もう一度お試しください。',
  tryAgain: '再試行',
  expiredBody: '続行するには、ページを再読み込みしてください。',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `${amount}のお支払いがすでに処理されている可能性があります。再度お支払いになる前に、ご注文履歴をご確認ください。`,
  notCharged: '料金は請求されていません。',
  reloadPage: 'ページを再読み込み',
  blockedBody:
    'このアカウントでは、こちらでお支払いいただけません。サポートまでお問い合わせください。',
  contactSupport: 'サポートに問い合わせる',
  checkAgain: '再確認する',
  verificationBody: '本人確認を完了してから再確認し、ご購入を完了してください。',
  verifyIdentity: '本人確認を行う',
  noBankAccountsBody: 'アカウントに銀行口座を追加してから再確認し、お支払いください。',
  addBankAccount: '銀行口座を追加',
  declinedBody: ({ account }) =>
    `銀行が${account}からのお支払いを拒否しました。別の口座を選択するか、この口座でもう一度お試しください。`,
  tryAccountAgain: 'この口座で再試行',
  unconfirmedBody: ({ amount, account }) =>
    `${account}からの${amount}のお支払いがすでに処理されている可能性があります。再試行してお手続きを完了してください。同じお支払いが再送信されるため、二重に請求されることはありません。`,
  unconfirmedLocked: '結果が確認できるまで、口座と金額は変更できません。',
  failedBody: '料金は請求されていません。もう一度お試しください。',

  deviceChecking: 'セキュリティチェックを実行しています…',
  deviceCheckingAnnouncement: 'セキュリティチェックを実行しています。',
  deviceFailedTitle: 'セキュリティチェックを読み込めませんでした',
  deviceFailedBody:
    'このご購入には端末の簡単なチェックが必要です。コンテンツブロッカーを無効にして、再試行してください。',
  retryDeviceCheck: 'セキュリティチェックを再試行',
  deviceMissingBody: 'このご購入に必要な端末チェックは、このページではご利用いただけません。',

  orderSummary: 'ご注文内容',
  quantity: ({ quantity }) => `数量：${quantity}`,
  subtotal: '小計',
  receiptTo: '領収書の送付先',
  settlesIn: '精算方法',
  payFrom: '引き落とし口座',
  endingIn: '末尾',
  declinedBadge: '拒否',
  account: ({ alias, last4 }) => `${alias}（末尾${last4}）`,
  pay: ({ amount }) => `${amount}を支払う`,
  retryPayment: ({ amount }) => `${amount}の支払いを再試行`,
  processing: '処理中…',

  authorization: (values) =>
    `「${values.payLabel}」を選択することにより、お客様は、${values.merchantName}が${values.date}以降に${values.alias} ••${values.last4}から${values.amount}を1回に限り引き落とすことを承認します。この引き落としがお客様の銀行に送信される前であれば、${values.merchantContact}に連絡することにより、この承認を取り消すことができます。`,
  merchantContactFallback: '販売事業者',
  authorizationInEnglish: '英語による承認文',

  submittedBody: ({ amount, account, date }) =>
    `${account}からの${amount}のお支払いを、お客様の銀行に送信しました。${date}に決済される見込みです。`,
  receiptGoesTo: ({ email }) => `領収書は${email}に送信されます。`,
  reference: '参照番号',
  submittedAnnouncement: ({ amount, account, date }) =>
    `お支払いを銀行に送信しました。${account}から${amount}、${date}に決済予定です。`,
  authorizationCopyTitle: 'お客様の承認内容',
  authorizationAccepted: ({ date }) => `承認日時：${date}`,
  saveAuthorization: '承認内容を保存',
  printAuthorization: '承認内容を印刷',
  authorizationFileName: ({ reference }) => `shiharai-shonin-${reference}.txt`,
};

export default messages;
