// The checkout's words in Indonesian (Bahasa Indonesia).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'Pembayaran',

  invalidTitle: 'Halaman pembayaran ini belum diatur dengan benar',
  loadingTitle: 'Memuat detail pembayaran Anda',
  loadErrorTitle: 'Detail pembayaran Anda tidak dapat dimuat',
  expiredTitle: 'Sesi Anda telah berakhir',
  blockedTitle: 'Pembayaran tidak tersedia untuk akun ini',
  verificationTitle: 'Verifikasi identitas Anda untuk membayar',
  noBankAccountsTitle: 'Belum ada rekening bank yang terdaftar',
  deviceRequiredTitle: 'Pemeriksaan keamanan tidak tersedia',
  readyTitle: 'Siap membayar',
  submittingTitle: 'Memproses pembayaran Anda',
  declinedTitle: 'Pembayaran ditolak',
  unconfirmedTitle: 'Pembayaran Anda tidak dapat dikonfirmasi',
  failedTitle: 'Pembayaran tidak berhasil',
  submittedTitle: 'Pembayaran telah diajukan',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Pembayaran tidak tersedia di halaman ini. Ada ${count} masalah yang perlu ditangani pengembang situs:`,
  loading: 'Memuat detail pembayaran Anda…',
  loadErrorBody: 'Periksa koneksi Anda, lalu coba lagi.',
  tryAgain: 'Coba lagi',
  expiredBody: 'Muat ulang halaman untuk melanjutkan.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Pembayaran Anda sebesar ${amount} mungkin sudah diproses: periksa pesanan Anda sebelum membayar lagi.`,
  notCharged: 'Rekening Anda belum didebit.',
  reloadPage: 'Muat ulang halaman',
  blockedBody:
    'Akun ini tidak dapat melakukan pembayaran di sini. Silakan hubungi layanan pelanggan.',
  contactSupport: 'Hubungi layanan pelanggan',
  checkAgain: 'Periksa lagi',
  verificationBody:
    'Selesaikan verifikasi identitas, lalu periksa lagi untuk menyelesaikan pembelian Anda.',
  verifyIdentity: 'Verifikasi identitas Anda',
  noBankAccountsBody: 'Tambahkan rekening bank ke akun Anda, lalu periksa lagi untuk membayar.',
  addBankAccount: 'Tambahkan rekening bank',
  declinedBody: ({ account }) =>
    `Bank Anda menolak pembayaran dari ${account}. Pilih rekening lain, atau coba lagi dengan rekening ini.`,
  tryAccountAgain: 'Coba lagi dengan rekening ini',
  unconfirmedBody: ({ amount, account }) =>
    `Pembayaran Anda sebesar ${amount} dari ${account} mungkin sudah diproses. Coba lagi untuk menyelesaikannya: pembayaran yang sama akan dikirim ulang, dan rekening Anda tidak akan didebit dua kali.`,
  unconfirmedLocked: 'Rekening dan jumlah tidak dapat diubah sampai hasilnya diketahui.',
  failedBody: 'Rekening Anda belum didebit. Silakan coba lagi.',

  deviceChecking: 'Menjalankan pemeriksaan keamanan…',
  deviceCheckingAnnouncement: 'Menjalankan pemeriksaan keamanan.',
  deviceFailedTitle: 'Pemeriksaan keamanan gagal dimuat',
  deviceFailedBody:
    'Pembelian ini memerlukan pemeriksaan singkat pada perangkat Anda. Nonaktifkan pemblokir konten, lalu coba lagi.',
  retryDeviceCheck: 'Ulangi pemeriksaan keamanan',
  deviceMissingBody:
    'Pembelian ini memerlukan pemeriksaan perangkat yang tidak tersedia di halaman ini.',

  orderSummary: 'Ringkasan pesanan',
  quantity: ({ quantity }) => `Jml. ${quantity}`,
  subtotal: 'Jumlah belanja',
  receiptTo: 'Bukti pembayaran dikirim ke',
  settlesIn: 'Penyelesaian dalam',
  payFrom: 'Bayar dari',
  endingIn: 'berakhiran',
  declinedBadge: 'Ditolak',
  account: ({ alias, last4 }) => `${alias} berakhiran ${last4}`,
  pay: ({ amount }) => `Bayar ${amount}`,
  retryPayment: ({ amount }) => `Ulangi pembayaran ${amount}`,
  processing: 'Memproses…',

  authorization: (values) =>
    `Dengan memilih “${values.payLabel}”, Anda memberikan otorisasi kepada ${values.merchantName} untuk melakukan pendebitan satu kali sebesar ${values.amount} dari ${values.alias} ••${values.last4} pada atau setelah ${values.date}. Anda dapat mencabut otorisasi ini dengan menghubungi ${values.merchantContact} sebelum pendebitan tersebut dikirim ke bank Anda.`,
  merchantContactFallback: 'penjual',
  authorizationInEnglish: 'Otorisasi dalam bahasa Inggris',

  submittedBody: ({ amount, account, date }) =>
    `Pembayaran Anda sebesar ${amount} dari ${account} telah diajukan ke bank Anda. Pembayaran diperkirakan selesai diproses pada ${date}.`,
  receiptGoesTo: ({ email }) => `Bukti pembayaran akan dikirim ke ${email}.`,
  reference: 'Nomor referensi',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pembayaran telah diajukan ke bank: ${amount} dari ${account}, diperkirakan selesai diproses pada ${date}.`,
  authorizationCopyTitle: 'Otorisasi Anda',
  authorizationAccepted: ({ date }) => `Disetujui pada ${date}.`,
  saveAuthorization: 'Simpan otorisasi Anda',
  printAuthorization: 'Cetak otorisasi Anda',
  authorizationFileName: ({ reference }) => `otorisasi-pembayaran-${reference}.txt`,
};

export default messages;
