// The checkout's words in Norwegian Bokmål (norsk bokmål).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problem", "3 problemer": the plural form Norwegian's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('nb').select(count) === 'one' ? 'problem' : 'problemer'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Betaling',

  invalidTitle: 'Denne betalingsløsningen er ikke riktig satt opp',
  loadingTitle: 'Laster inn betalingsopplysningene dine',
  loadErrorTitle: 'Vi kunne ikke laste inn betalingsopplysningene dine',
  expiredTitle: 'Økten din er utløpt',
  blockedTitle: 'Betaling er ikke tilgjengelig for denne kontoen',
  verificationTitle: 'Bekreft identiteten din for å betale',
  noBankAccountsTitle: 'Ingen bankkonto registrert',
  deviceRequiredTitle: 'Sikkerhetssjekk ikke tilgjengelig',
  readyTitle: 'Klar til å betale',
  submittingTitle: 'Betalingen din behandles',
  declinedTitle: 'Betalingen ble avvist',
  unconfirmedTitle: 'Vi kunne ikke bekrefte betalingen din',
  failedTitle: 'Betalingen gikk ikke gjennom',
  submittedTitle: 'Betalingen er sendt',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Betaling er ikke tilgjengelig på denne siden. ${problems(count)} for utviklerne av nettstedet:`,
  loading: 'Laster inn betalingsopplysningene dine…',
  loadErrorBody: 'Sjekk tilkoblingen din og prøv igjen.',
  tryAgain: 'Prøv igjen',
  expiredBody: 'Last inn siden på nytt for å fortsette.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Betalingen din på ${amount} kan ha gått gjennom: sjekk bestillingene dine før du betaler på nytt.`,
  notCharged: 'Du har ikke blitt belastet.',
  reloadPage: 'Last inn siden på nytt',
  blockedBody: 'Denne kontoen kan ikke betale her. Kontakt kundeservice.',
  contactSupport: 'Kontakt kundeservice',
  checkAgain: 'Sjekk på nytt',
  verificationBody: 'Bekreft identiteten din, og sjekk deretter på nytt for å fullføre kjøpet.',
  verifyIdentity: 'Bekreft identiteten din',
  noBankAccountsBody:
    'Legg til en bankkonto i profilen din, og sjekk deretter på nytt for å betale.',
  addBankAccount: 'Legg til en bankkonto',
  declinedBody: ({ account }) =>
    `Banken din avviste betalingen fra kontoen ${account}. Velg en annen konto, eller prøv denne på nytt.`,
  tryAccountAgain: 'Prøv denne kontoen på nytt',
  unconfirmedBody: ({ amount, account }) =>
    `Betalingen din på ${amount} fra kontoen ${account} kan ha gått gjennom. Prøv på nytt for å fullføre den: den samme betalingen sendes igjen, og du blir ikke belastet to ganger.`,
  unconfirmedLocked: 'Konto og beløp kan ikke endres før vi vet utfallet.',
  failedBody: 'Du har ikke blitt belastet. Prøv igjen.',

  deviceChecking: 'Sikkerhetssjekk pågår…',
  deviceCheckingAnnouncement: 'Sikkerhetssjekk pågår.',
  deviceFailedTitle: 'Sikkerhetssjekken ble ikke lastet inn',
  deviceFailedBody:
    'Dette kjøpet krever en rask sjekk av enheten. Slå av innholdsblokkering og prøv igjen.',
  retryDeviceCheck: 'Prøv sikkerhetssjekken på nytt',
  deviceMissingBody:
    'Dette kjøpet krever en sjekk av enheten som ikke er tilgjengelig på denne siden.',

  orderSummary: 'Ordresammendrag',
  quantity: ({ quantity }) => `Antall: ${quantity}`,
  subtotal: 'Delsum',
  receiptTo: 'Kvittering til',
  settlesIn: 'Gjøres opp i',
  payFrom: 'Betal fra',
  endingIn: 'som slutter på',
  declinedBadge: 'Avvist',
  account: ({ alias, last4 }) => `${alias} som slutter på ${last4}`,
  pay: ({ amount }) => `Betal ${amount}`,
  retryPayment: ({ amount }) => `Prøv betalingen på ${amount} på nytt`,
  processing: 'Behandler…',

  authorization: (values) =>
    `Ved å velge «${values.payLabel}» gir du ${values.merchantName} fullmakt til å trekke ${values.amount} én gang fra kontoen ${values.alias} ••${values.last4} den ${values.date} eller senere. Du kan tilbakekalle denne fullmakten ved å kontakte ${values.merchantContact} før trekket sendes til banken din.`,
  merchantContactFallback: 'selgeren',
  authorizationInEnglish: 'Fullmakten på engelsk',

  submittedBody: ({ amount, account, date }) =>
    `Betalingen din på ${amount} fra kontoen ${account} er sendt til banken din. Beløpet forventes trukket ${date}.`,
  receiptGoesTo: ({ email }) => `Kvitteringen sendes til ${email}.`,
  reference: 'Referanse',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Betalingen er sendt: ${amount} fra kontoen ${account}, forventes trukket ${date}.`,
  authorizationCopyTitle: 'Fullmakten din',
  authorizationAccepted: ({ date }) => `Gitt ${date}.`,
  saveAuthorization: 'Lagre fullmakten',
  printAuthorization: 'Skriv ut fullmakten',
  authorizationFileName: ({ reference }) => `betalingsfullmakt-${reference}.txt`,
};

export default messages;
