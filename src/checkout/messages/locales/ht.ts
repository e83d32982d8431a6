// The checkout's words in Haitian Creole (Kreyòl ayisyen). Its nouns have no plural form, so
// the count of problems needs no plural rules.
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'Peman',

  invalidTitle: 'Peman sa a pa byen konfigire',
  loadingTitle: 'N ap chaje enfòmasyon peman ou',
  loadErrorTitle: 'Nou pa t kapab chaje enfòmasyon peman ou',
  expiredTitle: 'Sesyon ou an ekspire',
  blockedTitle: 'Kont sa a pa ka fè peman',
  verificationTitle: 'Verifye idantite ou pou w ka peye',
  noBankAccountsTitle: 'Pa gen okenn kont labank anrejistre',
  deviceRequiredTitle: 'Verifikasyon sekirite a pa disponib',
  readyTitle: 'Pare pou peye',
  submittingTitle: 'N ap trete peman ou',
  declinedTitle: 'Peman an refize',
  unconfirmedTitle: 'Nou pa t kapab konfime peman ou',
  failedTitle: 'Peman an pa pase',
  submittedTitle: 'Peman an voye',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Peman pa disponib sou paj sa a. ${count} pwoblèm pou devlopè sit la:`,
  loading: 'N ap chaje enfòmasyon peman ou…',
  loadErrorBody: 'Tcheke koneksyon ou epi eseye ankò.',
  tryAgain: 'Eseye ankò',
  expiredBody: 'Rechaje paj la pou w kontinye.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Petèt peman ${amount} ou a te pase: tcheke kòmand ou yo anvan ou peye ankò.`,
  notCharged: 'Yo pa debite anyen sou kont ou.',
  reloadPage: 'Rechaje paj la',
  blockedBody: 'Kont sa a pa ka fè peman isit la. Tanpri kontakte sèvis kliyan an.',
  contactSupport: 'Kontakte sèvis kliyan',
  checkAgain: 'Tcheke ankò',
  verificationBody: 'Fini verifikasyon idantite a, epi tcheke ankò pou w ka fini acha ou.',
  verifyIdentity: 'Verifye idantite ou',
  noBankAccountsBody: 'Ajoute yon kont labank nan pwofil ou, epi tcheke ankò pou w ka peye.',
  addBankAccount: 'Ajoute yon kont labank',
  declinedBody: ({ account }) =>
    `Labank ou a refize peman ki soti nan kont ${account}. Chwazi yon lòt kont, oswa eseye ak kont sa a ankò.`,
  tryAccountAgain: 'Eseye kont sa a ankò',
  unconfirmedBody: ({ amount, account }) =>
    `Petèt peman ${amount} ou a ki soti nan kont ${account} te pase. Eseye ankò pou w fini l: se menm peman an k ap voye ankò, epi yo p ap debite w de fwa.`,
  unconfirmedLocked: 'Ou pa ka chanje kont lan ni montan an jiskaske nou konnen rezilta a.',
  failedBody: 'Yo pa debite anyen sou kont ou. Tanpri eseye ankò.',

  deviceChecking: 'N ap fè yon verifikasyon sekirite…',
  deviceCheckingAnnouncement: 'N ap fè yon verifikasyon sekirite.',
  deviceFailedTitle: 'Verifikasyon sekirite a pa t chaje',
  deviceFailedBody:
    'Acha sa a bezwen yon ti verifikasyon aparèy ou. Dezaktive zouti ki bloke kontni yo epi eseye ankò.',
  retryDeviceCheck: 'Refè verifikasyon sekirite a',
  deviceMissingBody: 'Acha sa a bezwen yon verifikasyon aparèy ki pa disponib sou paj sa a.',

  orderSummary: 'Rezime kòmand lan',
  quantity: ({ quantity }) => `Kantite: ${quantity}`,
  subtotal: 'Sou-total',
  receiptTo: 'Resi pou',
  settlesIn: 'Regle an',
  payFrom: 'Peye avèk',
  endingIn: 'ki fini ak',
  declinedBadge: 'Refize',
  account: ({ alias, last4 }) => `${alias} ki fini ak ${last4}`,
  pay: ({ amount }) => `Peye ${amount}`,
  retryPayment: ({ amount }) => `Eseye peman ${amount} an ankò`,
  processing: 'N ap trete…',

  authorization: (values) =>
    `Lè ou chwazi “${values.payLabel}”, ou otorize ${values.merchantName} pou fè yon sèl debi ${values.amount} sou kont ${values.alias} ••${values.last4} nan dat ${values.date} oswa apre. Ou ka anile otorizasyon sa a si ou kontakte ${values.merchantContact} anvan yo voye debi a bay labank ou.`,
  merchantContactFallback: 'machann nan',
  authorizationInEnglish: 'Otorizasyon an an angle',

  submittedBody: ({ amount, account, date }) =>
    `Peman ${amount} ou a ki soti nan kont ${account} voye bay labank ou. Yo prevwa l ap regle nan dat ${date}.`,
  receiptGoesTo: ({ email }) => `N ap voye yon resi bay ${email}.`,
  reference: 'Referans',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Peman an voye: ${amount} ki soti nan kont ${account}, yo prevwa l ap regle nan dat ${date}.`,
  authorizationCopyTitle: 'Otorizasyon ou',
  authorizationAccepted: ({ date }) => `Aksepte nan dat ${date}.`,
  saveAuthorization: 'Anrejistre otorizasyon ou',
  printAuthorization: 'Enprime otorizasyon ou',
  authorizationFileName: ({ reference }) => `otorizasyon-peman-${reference}.txt`,
};

export default messages;
