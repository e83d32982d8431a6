// The checkout's words in Malay (Bahasa Melayu).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'Pembayaran',

  invalidTitle: 'Halaman pembayaran ini tidak disediakan dengan betul',
  loadingTitle: 'Memuatkan butiran pembayaran anda',
  loadErrorTitle: 'Butiran pembayaran anda tidak dapat dimuatkan',
  expiredTitle: 'Sesi anda telah tamat',
  blockedTitle: 'Pembayaran tidak tersedia untuk akaun ini',
  verificationTitle: 'Sahkan identiti anda untuk membayar',
  noBankAccountsTitle: 'Tiada akaun bank dalam rekod',
  deviceRequiredTitle: 'Semakan keselamatan tidak tersedia',
  readyTitle: 'Sedia untuk membayar',
  submittingTitle: 'Memproses pembayaran anda',
  declinedTitle: 'Pembayaran ditolak',
  unconfirmedTitle: 'Pembayaran anda tidak dapat disahkan',
  failedTitle: 'Pembayaran tidak berjaya',
  submittedTitle: 'Pembayaran telah diserahkan',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Pembayaran tidak tersedia di halaman ini. Terdapat ${count} masalah yang perlu ditangani oleh pembangun laman web:`,
  loading: 'Memuatkan butiran pembayaran anda…',
  loadErrorBody: 'Semak sambungan anda dan cuba lagi.',
  tryAgain: 'Cuba lagi',
  expiredBody: 'Muat semula halaman untuk meneruskan.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Pembayaran anda sebanyak ${amount} mungkin telah diproses: semak pesanan anda sebelum membayar sekali lagi.`,
  notCharged: 'Akaun anda belum didebit.',
  reloadPage: 'Muat semula halaman',
  blockedBody: 'Akaun ini tidak boleh membuat pembayaran di sini. Sila hubungi khidmat pelanggan.',
  contactSupport: 'Hubungi khidmat pelanggan',
  checkAgain: 'Semak semula',
  verificationBody:
    'Lengkapkan pengesahan identiti, kemudian semak semula untuk menyelesaikan pembelian anda.',
  verifyIdentity: 'Sahkan identiti anda',
  noBankAccountsBody: 'Tambahkan akaun bank pada akaun anda, kemudian semak semula untuk membayar.',
  addBankAccount: 'Tambah akaun bank',
  declinedBody: ({ account }) =>
    `Bank anda menolak pembayaran daripada ${account}. Pilih akaun lain, atau cuba akaun ini sekali lagi.`,
  tryAccountAgain: 'Cuba akaun ini sekali lagi',
  unconfirmedBody: ({ amount, account }) =>
    `Pembayaran anda sebanyak ${amount} daripada ${account} mungkin telah diproses. Cuba semula untuk menyelesaikannya: pembayaran yang sama akan dihantar semula, dan akaun anda tidak akan didebit dua kali.`,
  unconfirmedLocked: 'Akaun dan jumlah tidak boleh diubah sehingga keputusannya diketahui.',
  failedBody: 'Akaun anda belum didebit. Sila cuba lagi.',

  deviceChecking: 'Menjalankan semakan keselamatan…',
  deviceCheckingAnnouncement: 'Menjalankan semakan keselamatan.',
  deviceFailedTitle: 'Semakan keselamatan gagal dimuatkan',
  deviceFailedBody:
    'Pembelian ini memerlukan semakan ringkas pada peranti anda. Nyahdayakan penyekat kandungan dan cuba semula.',
  retryDeviceCheck: 'Cuba semula semakan keselamatan',
  deviceMissingBody: 'Pembelian ini memerlukan semakan peranti yang tidak tersedia di halaman ini.',

  orderSummary: 'Ringkasan pesanan',
  quantity: ({ quantity }) => `Kuantiti ${quantity}`,
  subtotal: 'Jumlah kecil',
  receiptTo: 'Resit dihantar ke',
  settlesIn: 'Penyelesaian dalam',
  payFrom: 'Bayar daripada',
  endingIn: 'berakhir dengan',
  declinedBadge: 'Ditolak',
  account: ({ alias, last4 }) => `${alias} berakhir dengan ${last4}`,
  pay: ({ amount }) => `Bayar ${amount}`,
  retryPayment: ({ amount }) => `Cuba semula pembayaran ${amount}`,
  processing: 'Memproses…',

  authorization: (values) =>
    `Dengan memilih “${values.payLabel}”, anda memberi kebenaran kepada ${values.merchantName} untuk membuat pendebitan sekali sahaja sebanyak ${values.amount} daripada ${values.alias} ••${values.last4} pada atau selepas ${values.date}. Anda boleh menarik balik kebenaran ini dengan menghubungi ${values.merchantContact} sebelum pendebitan tersebut dihantar ke bank anda.`,
  merchantContactFallback: 'peniaga',
  authorizationInEnglish: 'Kebenaran dalam bahasa Inggeris',

  submittedBody: ({ amount, account, date }) =>
    `Pembayaran anda sebanyak ${amount} daripada ${account} telah diserahkan kepada bank anda. Pembayaran ini dijangka selesai diproses pada ${date}.`,
  receiptGoesTo: ({ email }) => `Resit akan dihantar ke ${email}.`,
  reference: 'Nombor rujukan',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pembayaran telah diserahkan kepada bank: ${amount} daripada ${account}, dijangka selesai diproses pada ${date}.`,
  authorizationCopyTitle: 'Kebenaran anda',
  authorizationAccepted: ({ date }) => `Diterima ${date}.`,
  saveAuthorization: 'Simpan kebenaran anda',
  printAuthorization: 'Cetak kebenaran anda',
  authorizationFileName: ({ reference }) => `kebenaran-pembayaran-${reference}.txt`,
};

export default messages;
