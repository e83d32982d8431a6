// The checkout's words in Slovenian (slovenščina).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 težavo", "2 težavi", "3 težave", "5 težav": the form Slovenian's plural rules choose. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'težavo',
    two: 'težavi',
    few: 'težave',
  };
  return `${count} ${forms[new Intl.PluralRules('sl').select(count)] ?? 'težav'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Plačilo',

  invalidTitle: 'Plačilo ni pravilno nastavljeno',
  loadingTitle: 'Nalagamo podatke o plačilu',
  loadErrorTitle: 'Podatkov o plačilu ni bilo mogoče naložiti',
  expiredTitle: 'Vaša seja je potekla',
  blockedTitle: 'Plačila za ta račun niso na voljo',
  verificationTitle: 'Za plačilo potrdite svojo identiteto',
  noBankAccountsTitle: 'Ni shranjenega bančnega računa',
  deviceRequiredTitle: 'Varnostno preverjanje ni na voljo',
  readyTitle: 'Pripravljeno za plačilo',
  submittingTitle: 'Obdelujemo vaše plačilo',
  declinedTitle: 'Plačilo je bilo zavrnjeno',
  unconfirmedTitle: 'Plačila ni bilo mogoče potrditi',
  failedTitle: 'Plačilo ni uspelo',
  submittedTitle: 'Plačilo poslano banki',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Plačila na tej strani niso na voljo. Razvijalec spletnega mesta mora odpraviti ${problems(count)}:`,
  loading: 'Nalagamo podatke o plačilu…',
  loadErrorBody: 'Preverite internetno povezavo in poskusite znova.',
  tryAgain: 'Poskusi znova',
  expiredBody: 'Za nadaljevanje znova naložite stran.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Vaše plačilo v znesku ${amount} je morda že bilo izvedeno: preden znova plačate, preverite svoja naročila.`,
  notCharged: 'Ničesar vam ni bilo zaračunano.',
  reloadPage: 'Znova naloži stran',
  blockedBody: 'S tem računom tukaj ni mogoče plačevati. Obrnite se na podporo.',
  contactSupport: 'Obrni se na podporo',
  checkAgain: 'Preveri znova',
  verificationBody:
    'Dokončajte preverjanje identitete, nato izberite „Preveri znova“, da zaključite nakup.',
  verifyIdentity: 'Potrdi identiteto',
  noBankAccountsBody:
    'Svojemu računu dodajte bančni račun, nato izberite „Preveri znova“, da plačate.',
  addBankAccount: 'Dodaj bančni račun',
  declinedBody: ({ account }) =>
    `Vaša banka je zavrnila plačilo z računa ${account}. Izberite drug račun ali poskusite znova s tem.`,
  tryAccountAgain: 'Poskusi znova s tem računom',
  unconfirmedBody: ({ amount, account }) =>
    `Vaše plačilo v znesku ${amount} z računa ${account} je morda že bilo izvedeno. Za dokončanje ga ponovite: poslano bo isto plačilo, zato vam ne bo zaračunano dvakrat.`,
  unconfirmedLocked: 'Računa in zneska ni mogoče spremeniti, dokler ne izvemo izida.',
  failedBody: 'Ničesar vam ni bilo zaračunano. Poskusite znova.',

  deviceChecking: 'Poteka varnostno preverjanje…',
  deviceCheckingAnnouncement: 'Poteka varnostno preverjanje.',
  deviceFailedTitle: 'Varnostnega preverjanja ni bilo mogoče naložiti',
  deviceFailedBody:
    'Ta nakup zahteva hitro preverjanje naprave. Onemogočite blokiranje vsebine in poskusite znova.',
  retryDeviceCheck: 'Ponovi varnostno preverjanje',
  deviceMissingBody: 'Ta nakup zahteva preverjanje naprave, ki na tej strani ni na voljo.',

  orderSummary: 'Povzetek naročila',
  quantity: ({ quantity }) => `Količina: ${quantity}`,
  subtotal: 'Vmesni seštevek',
  receiptTo: 'Potrdilo na naslov',
  settlesIn: 'Poravnava v',
  payFrom: 'Plačilo z računa',
  endingIn: 's končnico',
  declinedBadge: 'Zavrnjeno',
  account: ({ alias, last4 }) => `${alias} s končnico ${last4}`,
  pay: ({ amount }) => `Plačaj ${amount}`,
  retryPayment: ({ amount }) => `Ponovi plačilo ${amount}`,
  processing: 'Obdelava…',

  authorization: (values) =>
    `Z izbiro gumba „${values.payLabel}“ pooblaščate trgovca ${values.merchantName} za enkratno bremenitev računa ${values.alias} ••${values.last4} v znesku ${values.amount} na dan ${values.date} ali pozneje. To pooblastilo lahko prekličete tako, da se obrnete na ${values.merchantContact}, preden je bremenitev poslana vaši banki.`,
  merchantContactFallback: 'trgovca',
  authorizationInEnglish: 'Besedilo pooblastila v angleščini',

  submittedBody: ({ amount, account, date }) =>
    `Plačilo v znesku ${amount} z računa ${account} je bilo poslano vaši banki. Predvideni datum poravnave: ${date}.`,
  receiptGoesTo: ({ email }) => `Potrdilo bomo poslali na ${email}.`,
  reference: 'Sklic',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Plačilo poslano banki: ${amount} z računa ${account}. Predvideni datum poravnave: ${date}.`,
  authorizationCopyTitle: 'Vaše pooblastilo',
  authorizationAccepted: ({ date }) => `Sprejeto: ${date}.`,
  saveAuthorization: 'Shrani pooblastilo',
  printAuthorization: 'Natisni pooblastilo',
  authorizationFileName: ({ reference }) => `pooblastilo-za-bremenitev-${reference}.txt`,
};

export default messages;
