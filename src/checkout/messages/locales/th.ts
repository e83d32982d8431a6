// The checkout's words in Thai (ไทย).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'ชำระเงิน',

  invalidTitle: 'หน้าชำระเงินนี้ตั้งค่าไม่ถูกต้อง',
  loadingTitle: 'กำลังโหลดรายละเอียดการชำระเงินของคุณ',
  loadErrorTitle: 'ไม่สามารถโหลดรายละเอียดการชำระเงินของคุณได้',
  expiredTitle: 'เซสชันของคุณหมดอายุแล้ว',
  blockedTitle: 'บัญชีนี้ไม่สามารถชำระเงินได้',
  verificationTitle: 'ยืนยันตัวตนเพื่อชำระเงิน',
  noBankAccountsTitle: 'ไม่มีบัญชีธนาคารที่บันทึกไว้',
  deviceRequiredTitle: 'ไม่สามารถตรวจสอบความปลอดภัยได้',
  readyTitle: 'พร้อมชำระเงิน',
  submittingTitle: 'กำลังดำเนินการชำระเงินของคุณ',
  declinedTitle: 'การชำระเงินถูกปฏิเสธ',
  unconfirmedTitle: 'ไม่สามารถยืนยันการชำระเงินของคุณได้',
  failedTitle: 'การชำระเงินไม่สำเร็จ',
  submittedTitle: 'ส่งคำสั่งชำระเงินแล้ว',
  // Thai ends a sentence with a space or nothing, never a full stop.
  announcement: ({ title }) => title,

  invalidBody: ({ count }) => `หน้านี้ไม่สามารถชำระเงินได้ มีปัญหา ${count} รายการที่ผู้พัฒนาเว็บไซต์ต้องแก้ไข:`,
  loading: 'กำลังโหลดรายละเอียดการชำระเงินของคุณ…',
  loadErrorBody: 'โปรดตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองอีกครั้ง',
  tryAgain: 'ลองอีกครั้ง',
  expiredBody: 'โปรดโหลดหน้านี้ใหม่เพื่อดำเนินการต่อ',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `การชำระเงิน ${amount} ของคุณอาจดำเนินการไปแล้ว โปรดตรวจสอบคำสั่งซื้อของคุณก่อนชำระเงินอีกครั้ง`,
  notCharged: 'ยังไม่มีการหักเงินจากบัญชีของคุณ',
  reloadPage: 'โหลดหน้านี้ใหม่',
  blockedBody: 'บัญชีนี้ไม่สามารถชำระเงินที่นี่ได้ โปรดติดต่อฝ่ายบริการลูกค้า',
  contactSupport: 'ติดต่อฝ่ายบริการลูกค้า',
  checkAgain: 'ตรวจสอบอีกครั้ง',
  verificationBody: 'โปรดยืนยันตัวตนให้เรียบร้อย แล้วตรวจสอบอีกครั้งเพื่อสั่งซื้อให้เสร็จสิ้น',
  verifyIdentity: 'ยืนยันตัวตน',
  noBankAccountsBody: 'โปรดเพิ่มบัญชีธนาคารในบัญชีผู้ใช้ของคุณ แล้วตรวจสอบอีกครั้งเพื่อชำระเงิน',
  addBankAccount: 'เพิ่มบัญชีธนาคาร',
  declinedBody: ({ account }) =>
    `ธนาคารของคุณปฏิเสธการชำระเงินจาก ${account} โปรดเลือกบัญชีอื่น หรือลองใช้บัญชีนี้อีกครั้ง`,
  tryAccountAgain: 'ลองใช้บัญชีนี้อีกครั้ง',
  unconfirmedBody: ({ amount, account }) =>
    `การชำระเงิน ${amount} จาก ${account} อาจดำเนินการไปแล้ว โปรดลองอีกครั้งเพื่อให้เสร็จสิ้น ระบบจะส่งการชำระเงินรายการเดิมซ้ำ และคุณจะไม่ถูกหักเงินสองครั้ง`,
  unconfirmedLocked: 'ไม่สามารถเปลี่ยนบัญชีและจำนวนเงินได้จนกว่าจะทราบผล',
  failedBody: 'ยังไม่มีการหักเงินจากบัญชีของคุณ โปรดลองอีกครั้ง',

  deviceChecking: 'กำลังตรวจสอบความปลอดภัย…',
  deviceCheckingAnnouncement: 'กำลังตรวจสอบความปลอดภัย',
  deviceFailedTitle: 'ไม่สามารถโหลดการตรวจสอบความปลอดภัยได้',
  deviceFailedBody: 'การสั่งซื้อนี้ต้องตรวจสอบอุปกรณ์ของคุณสักครู่ โปรดปิดตัวบล็อกเนื้อหาแล้วลองอีกครั้ง',
  retryDeviceCheck: 'ตรวจสอบความปลอดภัยอีกครั้ง',
  deviceMissingBody: 'การสั่งซื้อนี้ต้องตรวจสอบอุปกรณ์ แต่หน้านี้ไม่รองรับการตรวจสอบดังกล่าว',

  orderSummary: 'สรุปคำสั่งซื้อ',
  quantity: ({ quantity }) => `จำนวน ${quantity}`,
  subtotal: 'ยอดรวมย่อย',
  receiptTo: 'ส่งใบเสร็จไปที่',
  settlesIn: 'ชำระราคาเป็น',
  payFrom: 'ชำระเงินจาก',
  endingIn: 'เลขท้าย',
  declinedBadge: 'ถูกปฏิเสธ',
  account: ({ alias, last4 }) => `${alias} เลขท้าย ${last4}`,
  pay: ({ amount }) => `ชำระเงิน ${amount}`,
  retryPayment: ({ amount }) => `ลองชำระเงิน ${amount} อีกครั้ง`,
  processing: 'กำลังดำเนินการ…',

  authorization: (values) =>
    `เมื่อเลือก “${values.payLabel}” คุณอนุญาตให้ ${values.merchantName} หักเงินจากบัญชี ${values.alias} ••${values.last4} จำนวน ${values.amount} เพียงครั้งเดียว ในวันที่ ${values.date} หรือหลังจากนั้น คุณสามารถเพิกถอนการอนุญาตนี้ได้โดยติดต่อ ${values.merchantContact} ก่อนที่รายการหักเงินจะถูกส่งไปยังธนาคารของคุณ`,
  merchantContactFallback: 'ร้านค้า',
  authorizationInEnglish: 'ข้อความการอนุญาตฉบับภาษาอังกฤษ',

  submittedBody: ({ amount, account, date }) =>
    `ส่งคำสั่งชำระเงิน ${amount} จาก ${account} ไปยังธนาคารของคุณแล้ว คาดว่าจะหักบัญชีเรียบร้อยใน${date}`,
  receiptGoesTo: ({ email }) => `ใบเสร็จจะส่งไปที่ ${email}`,
  reference: 'หมายเลขอ้างอิง',
  submittedAnnouncement: ({ amount, account, date }) =>
    `ส่งคำสั่งชำระเงินไปยังธนาคารแล้ว: ${amount} จาก ${account} คาดว่าจะหักบัญชีเรียบร้อยใน${date}`,
  authorizationCopyTitle: 'การอนุญาตของคุณ',
  authorizationAccepted: ({ date }) => `ยอมรับเมื่อ ${date}`,
  saveAuthorization: 'บันทึกการอนุญาตของคุณ',
  printAuthorization: 'พิมพ์การอนุญาตของคุณ',
  authorizationFileName: ({ reference }) => `kan-anuyat-hak-banchi-${reference}.txt`,
};

export default messages;
