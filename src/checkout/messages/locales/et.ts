// The checkout's words in Estonian (eesti keel).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 probleem", "3 probleemi": the plural form Estonian's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('et').select(count) === 'one' ? 'probleem' : 'probleemi'}`;
}

// Names, amounts and dates arrive uninflected, so each sits where Estonian takes the base form:
// after a noun that carries the case ("ettevõtet", "summas", "kontolt") or after "kui".
// Buttons use the short imperative of Estonian interfaces; sentences address the payer as "teie".
const messages: CheckoutMessages = {
  checkoutTitle: 'Maksmine',

  invalidTitle: 'See maksevorm pole õigesti seadistatud',
  loadingTitle: 'Teie makseandmeid laaditakse',
  loadErrorTitle: 'Teie makseandmeid ei õnnestunud laadida',
  expiredTitle: 'Teie seanss on aegunud',
  blockedTitle: 'Selle kontoga ei saa makseid teha',
  verificationTitle: 'Maksmiseks kinnitage oma isik',
  noBankAccountsTitle: 'Pangakontot pole lisatud',
  deviceRequiredTitle: 'Turvakontroll pole saadaval',
  readyTitle: 'Valmis maksmiseks',
  submittingTitle: 'Teie makset töödeldakse',
  declinedTitle: 'Makse lükati tagasi',
  unconfirmedTitle: 'Me ei saanud teie makset kinnitada',
  failedTitle: 'Makse ebaõnnestus',
  submittedTitle: 'Makse on edastatud',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Sellel lehel ei saa makseid teha. ${problems(count)} saidi arendajatele:`,
  loading: 'Teie makseandmeid laaditakse…',
  loadErrorBody: 'Kontrollige ühendust ja proovige uuesti.',
  tryAgain: 'Proovi uuesti',
  expiredBody: 'Jätkamiseks laadige leht uuesti.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Teie makse summas ${amount} võis õnnestuda: kontrollige enne uuesti maksmist oma tellimusi.`,
  notCharged: 'Teilt ei ole raha võetud.',
  reloadPage: 'Laadi leht uuesti',
  blockedBody: 'Selle kontoga ei saa siin makseid teha. Palun võtke ühendust klienditoega.',
  contactSupport: 'Võta ühendust klienditoega',
  checkAgain: 'Kontrolli uuesti',
  verificationBody: 'Läbige isikutuvastus ja kontrollige seejärel uuesti, et ost lõpule viia.',
  verifyIdentity: 'Kinnita isik',
  noBankAccountsBody: 'Lisage oma profiilile pangakonto ja kontrollige seejärel uuesti, et maksta.',
  addBankAccount: 'Lisa pangakonto',
  declinedBody: ({ account }) =>
    `Teie pank lükkas makse kontolt ${account} tagasi. Valige muu konto või proovige seda uuesti.`,
  tryAccountAgain: 'Proovi selle kontoga uuesti',
  unconfirmedBody: ({ amount, account }) =>
    `Teie makse summas ${amount} kontolt ${account} võis õnnestuda. Proovige uuesti, et see lõpule viia: sama makse saadetakse uuesti ja teilt ei võeta raha kaks korda.`,
  unconfirmedLocked: 'Kontot ja summat ei saa muuta enne, kui tulemus on teada.',
  failedBody: 'Teilt ei ole raha võetud. Palun proovige uuesti.',

  deviceChecking: 'Tehakse turvakontrolli…',
  deviceCheckingAnnouncement: 'Tehakse turvakontrolli.',
  deviceFailedTitle: 'Turvakontrolli ei õnnestunud laadida',
  deviceFailedBody:
    'See ost nõuab seadme kiiret kontrolli. Lülitage sisublokeerijad välja ja proovige uuesti.',
  retryDeviceCheck: 'Korda turvakontrolli',
  deviceMissingBody: 'See ost nõuab seadme kontrolli, mis pole sellel lehel saadaval.',

  orderSummary: 'Tellimuse kokkuvõte',
  quantity: ({ quantity }) => `Kogus: ${quantity}`,
  subtotal: 'Vahesumma',
  receiptTo: 'Kviitung aadressile',
  settlesIn: 'Arveldus:',
  payFrom: 'Makse kontolt',
  endingIn: 'lõpeb numbritega',
  declinedBadge: 'Tagasi lükatud',
  account: ({ alias, last4 }) => `${alias} (lõpeb numbritega ${last4})`,
  pay: ({ amount }) => `Maksa ${amount}`,
  retryPayment: ({ amount }) => `Korda makset summas ${amount}`,
  processing: 'Töödeldakse…',

  authorization: (values) =>
    `Valides „${values.payLabel}“, volitate ettevõtet ${values.merchantName} debiteerima teie kontot ${values.alias} ••${values.last4} ühekordselt summas ${values.amount}, mitte varem kui ${values.date}. Võite selle volituse tühistada, võttes ühendust ${values.merchantContact}, enne kui debiteerimine teie panka saadetakse.`,
  merchantContactFallback: 'müüjaga',
  authorizationInEnglish: 'Volitus inglise keeles',

  submittedBody: ({ amount, account, date }) =>
    `Teie makse summas ${amount} kontolt ${account} on edastatud teie pangale. Eeldatav debiteerimise kuupäev: ${date}.`,
  receiptGoesTo: ({ email }) => `Kviitung saadetakse aadressile ${email}.`,
  reference: 'Viide',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Makse on edastatud: ${amount} kontolt ${account}, eeldatav debiteerimise kuupäev ${date}.`,
  authorizationCopyTitle: 'Teie volitus',
  authorizationAccepted: ({ date }) => `Antud ${date}.`,
  saveAuthorization: 'Salvesta volitus',
  printAuthorization: 'Prindi volitus',
  authorizationFileName: ({ reference }) => `maksevolitus-${reference}.txt`,
};

export default messages;
