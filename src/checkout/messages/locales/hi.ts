// The checkout's words in Hindi (हिन्दी).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 समस्या", "3 समस्याएँ": the plural form Hindi's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('hi').select(count) === 'one' ? 'समस्या' : 'समस्याएँ'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'चेकआउट',

  invalidTitle: 'यह चेकआउट सही ढंग से सेट नहीं किया गया है',
  loadingTitle: 'आपके भुगतान का विवरण लोड हो रहा है',
  loadErrorTitle: 'हम आपके भुगतान का विवरण लोड नहीं कर सके',
  expiredTitle: 'आपका सत्र समाप्त हो गया है',
  blockedTitle: 'इस खाते के लिए भुगतान उपलब्ध नहीं है',
  verificationTitle: 'भुगतान करने के लिए अपनी पहचान सत्यापित करें',
  noBankAccountsTitle: 'कोई बैंक खाता दर्ज नहीं है',
  deviceRequiredTitle: 'सुरक्षा जांच उपलब्ध नहीं है',
  readyTitle: 'भुगतान के लिए तैयार',
  submittingTitle: 'आपका भुगतान संसाधित किया जा रहा है',
  declinedTitle: 'भुगतान अस्वीकार कर दिया गया',
  unconfirmedTitle: 'हम आपके भुगतान की पुष्टि नहीं कर सके',
  failedTitle: 'भुगतान नहीं हो सका',
  submittedTitle: 'भुगतान प्रस्तुत कर दिया गया',
  announcement: ({ title }) => `${title}।`,

  invalidBody: ({ count }) => `इस पेज पर भुगतान उपलब्ध नहीं है। साइट के डेवलपर के लिए ${problems(count)}:`,
  loading: 'आपके भुगतान का विवरण लोड हो रहा है…',
  loadErrorBody: 'अपना इंटरनेट कनेक्शन जांचें और फिर से कोशिश करें।',
  tryAgain: 'फिर से कोशिश करें',
  expiredBody: 'जारी रखने के लिए पेज को फिर से लोड करें।',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `हो सकता है कि आपका ${amount} का भुगतान हो चुका हो: दोबारा भुगतान करने से पहले अपने ऑर्डर देख लें।`,
  notCharged: 'आपके खाते से कोई राशि नहीं काटी गई है।',
  reloadPage: 'पेज फिर से लोड करें',
  blockedBody: 'इस खाते से यहां भुगतान नहीं किया जा सकता। कृपया सहायता टीम से संपर्क करें।',
  contactSupport: 'सहायता टीम से संपर्क करें',
  checkAgain: 'फिर से जांचें',
  verificationBody: 'पहचान का सत्यापन पूरा करें, फिर अपनी खरीदारी पूरी करने के लिए दोबारा जांचें।',
  verifyIdentity: 'अपनी पहचान सत्यापित करें',
  noBankAccountsBody: 'अपने खाते में एक बैंक खाता जोड़ें, फिर भुगतान करने के लिए दोबारा जांचें।',
  addBankAccount: 'बैंक खाता जोड़ें',
  declinedBody: ({ account }) =>
    `आपके बैंक ने ${account} से भुगतान अस्वीकार कर दिया। कोई दूसरा खाता चुनें, या इसी खाते से फिर से कोशिश करें।`,
  tryAccountAgain: 'इसी खाते से फिर कोशिश करें',
  unconfirmedBody: ({ amount, account }) =>
    `हो सकता है कि ${account} से आपका ${amount} का भुगतान हो चुका हो। इसे पूरा करने के लिए फिर से कोशिश करें: वही भुगतान दोबारा भेजा जाएगा, और आपके खाते से दो बार राशि नहीं काटी जाएगी।`,
  unconfirmedLocked: 'नतीजा पता चलने तक खाता और राशि बदली नहीं जा सकती।',
  failedBody: 'आपके खाते से कोई राशि नहीं काटी गई है। कृपया फिर से कोशिश करें।',

  deviceChecking: 'सुरक्षा जांच चल रही है…',
  deviceCheckingAnnouncement: 'सुरक्षा जांच चल रही है।',
  deviceFailedTitle: 'सुरक्षा जांच लोड नहीं हुई',
  deviceFailedBody:
    'इस खरीदारी के लिए आपके डिवाइस की एक छोटी-सी जांच ज़रूरी है। कंटेंट ब्लॉकर बंद करें और फिर से कोशिश करें।',
  retryDeviceCheck: 'सुरक्षा जांच फिर से करें',
  deviceMissingBody: 'इस खरीदारी के लिए डिवाइस की जांच ज़रूरी है, जो इस पेज पर उपलब्ध नहीं है।',

  orderSummary: 'ऑर्डर का सारांश',
  quantity: ({ quantity }) => `मात्रा ${quantity}`,
  subtotal: 'उप-योग',
  receiptTo: 'रसीद भेजने का पता',
  settlesIn: 'निपटान का माध्यम',
  payFrom: 'भुगतान का खाता',
  endingIn: 'अंतिम अंक',
  declinedBadge: 'अस्वीकृत',
  account: ({ alias, last4 }) => `${alias} (अंतिम अंक ${last4})`,
  pay: ({ amount }) => `${amount} का भुगतान करें`,
  retryPayment: ({ amount }) => `${amount} का भुगतान फिर से करें`,
  processing: 'प्रक्रिया जारी है…',

  authorization: (values) =>
    `“${values.payLabel}” चुनकर, आप ${values.merchantName} को ${values.date} को या उसके बाद ${values.alias} ••${values.last4} से ${values.amount} केवल एक बार डेबिट करने के लिए अधिकृत करते हैं। यह डेबिट आपके बैंक को भेजे जाने से पहले, आप ${values.merchantContact} से संपर्क करके यह प्राधिकरण वापस ले सकते हैं।`,
  merchantContactFallback: 'विक्रेता',
  authorizationInEnglish: 'अंग्रेज़ी में प्राधिकरण',

  submittedBody: ({ amount, account, date }) =>
    `${account} से आपका ${amount} का भुगतान आपके बैंक को प्रस्तुत कर दिया गया है। इसके ${date} को क्लियर होने की उम्मीद है।`,
  receiptGoesTo: ({ email }) => `रसीद ${email} पर भेजी जाएगी।`,
  reference: 'संदर्भ संख्या',
  submittedAnnouncement: ({ amount, account, date }) =>
    `भुगतान बैंक को प्रस्तुत कर दिया गया: ${account} से ${amount}, ${date} को क्लियर होने की उम्मीद है।`,
  authorizationCopyTitle: 'आपका प्राधिकरण',
  authorizationAccepted: ({ date }) => `स्वीकार करने का समय: ${date}`,
  saveAuthorization: 'अपना प्राधिकरण सहेजें',
  printAuthorization: 'अपना प्राधिकरण प्रिंट करें',
  authorizationFileName: ({ reference }) => `bhugtan-pradhikaran-${reference}.txt`,
};

export default messages;
