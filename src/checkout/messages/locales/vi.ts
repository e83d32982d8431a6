// The checkout's words in Vietnamese (Tiếng Việt).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'Thanh toán',

  invalidTitle: 'Trang thanh toán này chưa được thiết lập đúng',
  loadingTitle: 'Đang tải thông tin thanh toán',
  loadErrorTitle: 'Không thể tải thông tin thanh toán',
  expiredTitle: 'Phiên làm việc đã hết hạn',
  blockedTitle: 'Tài khoản này không thể thanh toán',
  verificationTitle: 'Xác minh danh tính để thanh toán',
  noBankAccountsTitle: 'Chưa có tài khoản ngân hàng nào',
  deviceRequiredTitle: 'Không thể kiểm tra bảo mật',
  readyTitle: 'Sẵn sàng thanh toán',
  submittingTitle: 'Đang xử lý thanh toán',
  declinedTitle: 'Thanh toán bị từ chối',
  unconfirmedTitle: 'Không thể xác nhận thanh toán',
  failedTitle: 'Thanh toán không thành công',
  submittedTitle: 'Đã gửi lệnh thanh toán',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Không thể thanh toán trên trang này. Có ${count} vấn đề cần nhà phát triển trang web xử lý:`,
  loading: 'Đang tải thông tin thanh toán…',
  loadErrorBody: 'Vui lòng kiểm tra kết nối mạng và thử lại.',
  tryAgain: 'Thử lại',
  expiredBody: 'Vui lòng tải lại trang để tiếp tục.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Khoản thanh toán ${amount} của Quý khách có thể đã được thực hiện: vui lòng kiểm tra đơn hàng trước khi thanh toán lại.`,
  notCharged: 'Quý khách chưa bị trừ tiền.',
  reloadPage: 'Tải lại trang',
  blockedBody: 'Tài khoản này không thể thanh toán tại đây. Vui lòng liên hệ bộ phận hỗ trợ.',
  contactSupport: 'Liên hệ hỗ trợ',
  checkAgain: 'Kiểm tra lại',
  verificationBody: 'Vui lòng xác minh danh tính, sau đó kiểm tra lại để hoàn tất việc mua hàng.',
  verifyIdentity: 'Xác minh danh tính',
  noBankAccountsBody:
    'Vui lòng thêm tài khoản ngân hàng vào tài khoản của Quý khách, sau đó kiểm tra lại để thanh toán.',
  addBankAccount: 'Thêm tài khoản ngân hàng',
  declinedBody: ({ account }) =>
    `Ngân hàng của Quý khách đã từ chối khoản thanh toán từ ${account}. Vui lòng chọn tài khoản khác hoặc thử lại tài khoản này.`,
  tryAccountAgain: 'Thử lại tài khoản này',
  unconfirmedBody: ({ amount, account }) =>
    `Khoản thanh toán ${amount} từ ${account} có thể đã được thực hiện. Hãy thử lại để hoàn tất: chính khoản thanh toán đó sẽ được gửi lại, và Quý khách sẽ không bị trừ tiền hai lần.`,
  unconfirmedLocked: 'Không thể thay đổi tài khoản và số tiền cho đến khi có kết quả.',
  failedBody: 'Quý khách chưa bị trừ tiền. Vui lòng thử lại.',

  deviceChecking: 'Đang kiểm tra bảo mật…',
  deviceCheckingAnnouncement: 'Đang kiểm tra bảo mật.',
  deviceFailedTitle: 'Không tải được bước kiểm tra bảo mật',
  deviceFailedBody:
    'Giao dịch này cần kiểm tra nhanh thiết bị. Vui lòng tắt trình chặn nội dung và thử lại.',
  retryDeviceCheck: 'Thử lại kiểm tra bảo mật',
  deviceMissingBody: 'Giao dịch này cần kiểm tra thiết bị, nhưng trang này không hỗ trợ.',

  orderSummary: 'Tóm tắt đơn hàng',
  quantity: ({ quantity }) => `SL: ${quantity}`,
  subtotal: 'Tạm tính',
  receiptTo: 'Gửi biên lai đến',
  settlesIn: 'Quyết toán bằng',
  payFrom: 'Thanh toán từ',
  endingIn: 'có số đuôi',
  declinedBadge: 'Bị từ chối',
  account: ({ alias, last4 }) => `${alias} có số đuôi ${last4}`,
  pay: ({ amount }) => `Thanh toán ${amount}`,
  retryPayment: ({ amount }) => `Thử lại thanh toán ${amount}`,
  processing: 'Đang xử lý…',

  authorization: (values) =>
    `Khi chọn “${values.payLabel}”, Quý khách ủy quyền cho ${values.merchantName} trích nợ một lần số tiền ${values.amount} từ tài khoản ${values.alias} ••${values.last4} vào hoặc sau ngày ${values.date}. Quý khách có thể hủy ủy quyền này bằng cách liên hệ ${values.merchantContact} trước khi lệnh trích nợ được gửi đến ngân hàng của Quý khách.`,
  merchantContactFallback: 'người bán',
  authorizationInEnglish: 'Bản ủy quyền bằng tiếng Anh',

  submittedBody: ({ amount, account, date }) =>
    `Khoản thanh toán ${amount} từ ${account} đã được gửi đến ngân hàng của Quý khách. Giao dịch dự kiến được xử lý xong vào ${date}.`,
  receiptGoesTo: ({ email }) => `Biên lai sẽ được gửi đến ${email}.`,
  reference: 'Mã tham chiếu',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Đã gửi lệnh thanh toán đến ngân hàng: ${amount} từ ${account}, dự kiến xử lý xong vào ${date}.`,
  authorizationCopyTitle: 'Bản ủy quyền của Quý khách',
  authorizationAccepted: ({ date }) => `Đã chấp nhận vào ${date}.`,
  saveAuthorization: 'Lưu bản ủy quyền',
  printAuthorization: 'In bản ủy quyền',
  authorizationFileName: ({ reference }) => `uy-quyen-thanh-toan-${reference}.txt`,
};

export default messages;
