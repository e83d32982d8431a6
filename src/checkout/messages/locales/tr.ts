// The checkout's words in Turkish (Türkçe).
import type { CheckoutMessages } from '../catalogue.js';

// A Turkish noun after a number stays singular ("3 sorun"), so no plural rules are needed.
const messages: CheckoutMessages = {
  checkoutTitle: 'Ödeme',

  invalidTitle: 'Bu ödeme sayfası doğru yapılandırılmamış',
  loadingTitle: 'Ödeme bilgileriniz yükleniyor',
  loadErrorTitle: 'Ödeme bilgileriniz yüklenemedi',
  expiredTitle: 'Oturumunuzun süresi doldu',
  blockedTitle: 'Bu hesap için ödemeler kullanılamıyor',
  verificationTitle: 'Ödeme yapmak için kimliğinizi doğrulayın',
  noBankAccountsTitle: 'Kayıtlı banka hesabı yok',
  deviceRequiredTitle: 'Güvenlik kontrolü kullanılamıyor',
  readyTitle: 'Ödemeye hazır',
  submittingTitle: 'Ödemeniz işleniyor',
  declinedTitle: 'Ödeme reddedildi',
  unconfirmedTitle: 'Ödemeniz doğrulanamadı',
  failedTitle: 'Ödeme gerçekleşmedi',
  submittedTitle: 'Ödeme bankaya iletildi',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Bu sayfada ödeme yapılamıyor. Site geliştiricisinin düzeltmesi gereken ${count} sorun var:`,
  loading: 'Ödeme bilgileriniz yükleniyor…',
  loadErrorBody: 'İnternet bağlantınızı kontrol edip tekrar deneyin.',
  tryAgain: 'Tekrar dene',
  expiredBody: 'Devam etmek için sayfayı yeniden yükleyin.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `${amount} tutarındaki ödemeniz gerçekleşmiş olabilir: tekrar ödemeden önce siparişlerinizi kontrol edin.`,
  notCharged: 'Hesabınızdan herhangi bir tutar çekilmedi.',
  reloadPage: 'Sayfayı yeniden yükle',
  blockedBody: 'Bu hesapla burada ödeme yapılamaz. Lütfen destek ekibiyle iletişime geçin.',
  contactSupport: 'Destek ekibiyle iletişime geç',
  checkAgain: 'Tekrar kontrol et',
  verificationBody:
    'Kimlik doğrulamasını tamamlayın, ardından satın alma işleminizi bitirmek için “Tekrar kontrol et” seçeneğini seçin.',
  verifyIdentity: 'Kimliği doğrula',
  noBankAccountsBody:
    'Hesabınıza bir banka hesabı ekleyin, ardından ödeme yapmak için “Tekrar kontrol et” seçeneğini seçin.',
  addBankAccount: 'Banka hesabı ekle',
  declinedBody: ({ account }) =>
    `Bankanız ${account} hesabından yapılan ödemeyi reddetti. Başka bir hesap seçin veya bu hesapla tekrar deneyin.`,
  tryAccountAgain: 'Bu hesapla tekrar dene',
  unconfirmedBody: ({ amount, account }) =>
    `${account} hesabından ${amount} tutarındaki ödemeniz gerçekleşmiş olabilir. Tamamlamak için tekrar deneyin: aynı ödeme yeniden gönderilir ve hesabınızdan iki kez çekim yapılmaz.`,
  unconfirmedLocked: 'Sonucu öğrenene kadar hesap ve tutar değiştirilemez.',
  failedBody: 'Hesabınızdan herhangi bir tutar çekilmedi. Lütfen tekrar deneyin.',

  deviceChecking: 'Güvenlik kontrolü yapılıyor…',
  deviceCheckingAnnouncement: 'Güvenlik kontrolü yapılıyor.',
  deviceFailedTitle: 'Güvenlik kontrolü yüklenemedi',
  deviceFailedBody:
    'Bu satın alma işlemi hızlı bir cihaz kontrolü gerektiriyor. İçerik engelleyicileri devre dışı bırakıp tekrar deneyin.',
  retryDeviceCheck: 'Güvenlik kontrolünü tekrarla',
  deviceMissingBody:
    'Bu satın alma işlemi, bu sayfada kullanılamayan bir cihaz kontrolü gerektiriyor.',

  orderSummary: 'Sipariş özeti',
  quantity: ({ quantity }) => `${quantity} adet`,
  subtotal: 'Ara toplam',
  receiptTo: 'Makbuzun gönderileceği adres:',
  settlesIn: 'Mutabakat birimi:',
  payFrom: 'Ödeme yapılacak hesap',
  endingIn: 'son dört hanesi',
  declinedBadge: 'Reddedildi',
  account: ({ alias, last4 }) => `${last4} ile biten ${alias}`,
  pay: ({ amount }) => `${amount} öde`,
  retryPayment: ({ amount }) => `${amount} ödemesini tekrar dene`,
  processing: 'İşleniyor…',

  authorization: (values) =>
    `“${values.payLabel}” düğmesini seçerek ${values.merchantName} adlı satıcıya, ${values.alias} ••${values.last4} hesabınızdan ${values.date} tarihinde veya sonrasında ${values.amount} tutarında tek seferlik bir çekim yapma yetkisi vermiş olursunuz. Bu yetkiyi, çekim bankanıza gönderilmeden önce ${values.merchantContact} ile iletişime geçerek iptal edebilirsiniz.`,
  merchantContactFallback: 'satıcı',
  authorizationInEnglish: 'Yetkinin İngilizce metni',

  submittedBody: ({ amount, account, date }) =>
    `${account} hesabınızdan ${amount} tutarındaki ödemeniz bankanıza iletildi. Tahmini takas tarihi: ${date}.`,
  receiptGoesTo: ({ email }) => `Makbuz ${email} adresine gönderilecek.`,
  reference: 'Referans numarası',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Ödeme bankaya iletildi: ${account} hesabından ${amount}. Tahmini takas tarihi: ${date}.`,
  authorizationCopyTitle: 'Ödeme yetkiniz',
  authorizationAccepted: ({ date }) => `Onay tarihi: ${date}.`,
  saveAuthorization: 'Yetkiyi kaydet',
  printAuthorization: 'Yetkiyi yazdır',
  authorizationFileName: ({ reference }) => `odeme-yetkisi-${reference}.txt`,
};

export default messages;
