// The checkout's words in Korean (한국어).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: '결제',

  invalidTitle: '이 결제 화면이 올바르게 설정되지 않았습니다',
  loadingTitle: '결제 정보를 불러오는 중입니다',
  loadErrorTitle: '결제 정보를 불러오지 못했습니다',
  expiredTitle: '세션이 만료되었습니다',
  blockedTitle: '이 계정은 결제를 이용할 수 없습니다',
  verificationTitle: '결제하려면 본인 인증이 필요합니다',
  noBankAccountsTitle: '등록된 은행 계좌가 없습니다',
  deviceRequiredTitle: '보안 확인을 사용할 수 없습니다',
  readyTitle: '결제할 준비가 되었습니다',
  submittingTitle: '결제를 처리하는 중입니다',
  declinedTitle: '결제가 거절되었습니다',
  unconfirmedTitle: '결제를 확인하지 못했습니다',
  failedTitle: '결제가 이루어지지 않았습니다',
  submittedTitle: '결제가 제출되었습니다',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `이 페이지에서는 결제할 수 없습니다. 사이트 개발자가 해결해야 할 문제가 ${count}개 있습니다:`,
  loading: '결제 정보를 불러오는 중…',
  loadErrorBody: '인터넷 연결을 확인한 후 다시 시도해 주세요.',
  tryAgain: '다시 시도',
  expiredBody: '계속하려면 페이지를 새로고침해 주세요.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `${amount} 결제가 이미 처리되었을 수 있습니다. 다시 결제하기 전에 주문 내역을 확인해 주세요.`,
  notCharged: '출금되지 않았습니다.',
  reloadPage: '페이지 새로고침',
  blockedBody: '이 계정으로는 여기에서 결제할 수 없습니다. 고객 지원팀에 문의해 주세요.',
  contactSupport: '고객 지원팀에 문의',
  checkAgain: '다시 확인',
  verificationBody: '본인 인증을 완료한 후 다시 확인하여 구매를 마무리해 주세요.',
  verifyIdentity: '본인 인증하기',
  noBankAccountsBody: '계정에 은행 계좌를 추가한 후 다시 확인하여 결제해 주세요.',
  addBankAccount: '은행 계좌 추가',
  declinedBody: ({ account }) =>
    `은행에서 ${account}의 결제를 거절했습니다. 다른 계좌를 선택하거나 이 계좌로 다시 시도해 주세요.`,
  tryAccountAgain: '이 계좌로 다시 시도',
  unconfirmedBody: ({ amount, account }) =>
    `${account}에서 ${amount} 결제가 이미 처리되었을 수 있습니다. 다시 시도하여 결제를 마무리해 주세요. 같은 결제가 다시 전송되므로 두 번 출금되지 않습니다.`,
  unconfirmedLocked: '결과가 확인될 때까지 계좌와 금액을 변경할 수 없습니다.',
  failedBody: '출금되지 않았습니다. 다시 시도해 주세요.',

  deviceChecking: '보안 확인 중…',
  deviceCheckingAnnouncement: '보안 확인을 진행하고 있습니다.',
  deviceFailedTitle: '보안 확인을 불러오지 못했습니다',
  deviceFailedBody:
    '이 구매에는 간단한 기기 확인이 필요합니다. 콘텐츠 차단 기능을 끄고 다시 시도해 주세요.',
  retryDeviceCheck: '보안 확인 다시 시도',
  deviceMissingBody: '이 구매에 필요한 기기 확인을 이 페이지에서 사용할 수 없습니다.',

  orderSummary: '주문 요약',
  quantity: ({ quantity }) => `수량 ${quantity}`,
  subtotal: '소계',
  receiptTo: '영수증 받을 주소',
  settlesIn: '정산 방식',
  payFrom: '출금 계좌',
  endingIn: '끝자리',
  declinedBadge: '거절됨',
  account: ({ alias, last4 }) => `${alias}(끝자리 ${last4})`,
  pay: ({ amount }) => `${amount} 결제`,
  retryPayment: ({ amount }) => `${amount} 결제 다시 시도`,
  processing: '처리 중…',

  authorization: (values) =>
    `‘${values.payLabel}’ 버튼을 선택하면 ${values.merchantName}에 ${values.date} 당일 또는 그 이후 ${values.alias} ••${values.last4} 계좌에서 ${values.amount}을(를) 1회 출금할 권한을 부여하게 됩니다. 이 출금이 귀하의 은행으로 전송되기 전에 ${values.merchantContact}에 연락하여 이 승인을 철회할 수 있습니다.`,
  merchantContactFallback: '판매자 측',
  authorizationInEnglish: '영문 출금 승인 내용',

  submittedBody: ({ amount, account, date }) =>
    `${account}에서 ${amount} 결제가 은행에 제출되었습니다. ${date}에 출금 처리될 예정입니다.`,
  receiptGoesTo: ({ email }) => `영수증은 ${email}(으)로 발송됩니다.`,
  reference: '참조 번호',
  submittedAnnouncement: ({ amount, account, date }) =>
    `${account}에서 ${amount} 결제가 은행에 제출되었으며, ${date}에 출금 처리될 예정입니다.`,
  authorizationCopyTitle: '출금 승인 내용',
  authorizationAccepted: ({ date }) => `승인 일시: ${date}`,
  saveAuthorization: '출금 승인 내용 저장',
  printAuthorization: '출금 승인 내용 인쇄',
  authorizationFileName: ({ reference }) => `chulgeum-seungin-${reference}.txt`,
};

export default messages;
