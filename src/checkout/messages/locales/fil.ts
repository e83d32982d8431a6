// The checkout's words in Filipino (Tagalog).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "3 problema", "4 na problema": Filipino links a numeral with "na" where its spoken word ends
 * in a consonant (apat, anim, siyam), the form the plural rules call "other".
 */
function problems(count: number): string {
  return new Intl.PluralRules('fil').select(count) === 'one'
    ? `${count} problema`
    : `${count} na problema`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pagbabayad',

  invalidTitle: 'Mali ang pagkakaayos ng pahinang ito ng pagbabayad',
  loadingTitle: 'Kinukuha ang mga detalye ng inyong bayad',
  loadErrorTitle: 'Hindi namin makuha ang mga detalye ng inyong bayad',
  expiredTitle: 'Wala nang bisa ang inyong sesyon',
  blockedTitle: 'Hindi maaaring magbayad gamit ang akawnt na ito',
  verificationTitle: 'Patunayan ang inyong pagkakakilanlan para makapagbayad',
  noBankAccountsTitle: 'Walang nakatalang akawnt sa bangko',
  deviceRequiredTitle: 'Hindi magamit ang pagsusuri sa seguridad',
  readyTitle: 'Handa nang magbayad',
  submittingTitle: 'Pinoproseso ang inyong bayad',
  declinedTitle: 'Tinanggihan ang bayad',
  unconfirmedTitle: 'Hindi namin makumpirma ang inyong bayad',
  failedTitle: 'Hindi natuloy ang bayad',
  submittedTitle: 'Naisumite na ang bayad',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Hindi maaaring magbayad sa pahinang ito. May ${problems(count)} na dapat ayusin ng tagabuo ng websayt:`,
  loading: 'Kinukuha ang mga detalye ng inyong bayad…',
  loadErrorBody: 'Suriin ang inyong koneksyon at subukang muli.',
  tryAgain: 'Subukang muli',
  expiredBody: 'Buksan muli ang pahina para magpatuloy.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Maaaring naproseso na ang inyong bayad na ${amount}: tingnan muna ang inyong mga binili bago magbayad muli.`,
  notCharged: 'Hindi pa kayo siningil.',
  reloadPage: 'Buksan muli ang pahina',
  blockedBody:
    'Hindi maaaring magbayad dito gamit ang akawnt na ito. Mangyaring makipag-ugnayan sa suporta.',
  contactSupport: 'Makipag-ugnayan sa suporta',
  checkAgain: 'Suriin muli',
  verificationBody:
    'Tapusin ang pagpapatunay ng inyong pagkakakilanlan, saka suriin muli para makumpleto ang inyong pagbili.',
  verifyIdentity: 'Patunayan ang pagkakakilanlan',
  noBankAccountsBody: 'Idagdag ang inyong akawnt sa bangko, saka suriin muli para makapagbayad.',
  addBankAccount: 'Magdagdag ng akawnt sa bangko',
  declinedBody: ({ account }) =>
    `Tinanggihan ng inyong bangko ang bayad mula sa ${account}. Pumili ng ibang akawnt, o subukang muli ang isang ito.`,
  tryAccountAgain: 'Subukang muli ang akawnt na ito',
  unconfirmedBody: ({ amount, account }) =>
    `Maaaring naproseso na ang inyong bayad na ${amount} mula sa ${account}. Subukang muli para matapos ito: ang parehong bayad ang muling ipapadala, at hindi kayo sisingilin nang dalawang beses.`,
  unconfirmedLocked:
    "Hindi mababago ang akawnt at ang halaga hangga't hindi pa namin alam ang resulta.",
  failedBody: 'Hindi pa kayo siningil. Pakisubukang muli.',

  deviceChecking: 'Nagsasagawa ng pagsusuri sa seguridad…',
  deviceCheckingAnnouncement: 'Nagsasagawa ng pagsusuri sa seguridad.',
  deviceFailedTitle: 'Hindi nabuksan ang pagsusuri sa seguridad',
  deviceFailedBody:
    'Kailangan ng pagbiling ito ng mabilis na pagsusuri sa inyong aparato. Patayin ang mga pangharang ng nilalaman at subukang muli.',
  retryDeviceCheck: 'Subukang muli ang pagsusuri sa seguridad',
  deviceMissingBody:
    'Kailangan ng pagbiling ito ng pagsusuri sa aparato na hindi magagamit sa pahinang ito.',

  orderSummary: 'Buod ng pagbili',
  quantity: ({ quantity }) => `Dami: ${quantity}`,
  subtotal: 'Paunang kabuuan',
  receiptTo: 'Resibo sa',
  settlesIn: 'Aareglohin sa',
  payFrom: 'Magbayad mula sa',
  endingIn: 'na nagtatapos sa',
  declinedBadge: 'Tinanggihan',
  account: ({ alias, last4 }) => `${alias} na nagtatapos sa ${last4}`,
  pay: ({ amount }) => `Magbayad ng ${amount}`,
  retryPayment: ({ amount }) => `Subukang muli ang bayad na ${amount}`,
  processing: 'Pinoproseso…',

  authorization: (values) =>
    `Sa pagpili ng “${values.payLabel}”, pinahihintulutan ninyo ang ${values.merchantName} na magbawas nang isang beses lamang ng ${values.amount} mula sa ${values.alias} ••${values.last4} sa o pagkatapos ng ${values.date}. Maaari ninyo itong bawiin sa pakikipag-ugnayan sa ${values.merchantContact} bago ito maipadala sa inyong bangko.`,
  merchantContactFallback: 'nagbebenta',
  authorizationInEnglish: 'Ang pahintulot sa Ingles',

  submittedBody: ({ amount, account, date }) =>
    `Naisumite na sa inyong bangko ang inyong bayad na ${amount} mula sa ${account}. Inaasahang maaareglo ito sa ${date}.`,
  receiptGoesTo: ({ email }) => `Ipapadala ang resibo sa ${email}.`,
  reference: 'Sanggunian',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Naisumite na sa bangko ang bayad: ${amount} mula sa ${account}, inaasahang maaareglo sa ${date}.`,
  authorizationCopyTitle: 'Ang inyong pahintulot',
  authorizationAccepted: ({ date }) => `Tinanggap noong ${date}.`,
  saveAuthorization: 'Itago ang inyong pahintulot',
  printAuthorization: 'Ilimbag ang inyong pahintulot',
  authorizationFileName: ({ reference }) => `pahintulot-sa-bayad-${reference}.txt`,
};

export default messages;
