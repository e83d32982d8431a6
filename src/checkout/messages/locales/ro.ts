// The checkout's words in Romanian (română).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problemă", "3 probleme", "20 de probleme": the form Romanian's plural rules choose. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'problemă',
    few: 'probleme',
  };
  return `${count} ${forms[new Intl.PluralRules('ro').select(count)] ?? 'de probleme'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Plată',

  invalidTitle: 'Această plată nu este configurată corect',
  loadingTitle: 'Se încarcă detaliile plății',
  loadErrorTitle: 'Nu am putut încărca detaliile plății',
  expiredTitle: 'Sesiunea a expirat',
  blockedTitle: 'Plățile nu sunt disponibile pentru acest cont',
  verificationTitle: 'Verificați-vă identitatea pentru a plăti',
  noBankAccountsTitle: 'Niciun cont bancar înregistrat',
  deviceRequiredTitle: 'Verificarea de securitate nu este disponibilă',
  readyTitle: 'Gata de plată',
  submittingTitle: 'Se procesează plata',
  declinedTitle: 'Plată refuzată',
  unconfirmedTitle: 'Nu am putut confirma plata',
  failedTitle: 'Plata nu a reușit',
  submittedTitle: 'Plată trimisă băncii',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Plățile nu sunt disponibile pe această pagină. Dezvoltatorul site-ului trebuie să rezolve ${problems(count)}:`,
  loading: 'Se încarcă detaliile plății…',
  loadErrorBody: 'Verificați conexiunea și încercați din nou.',
  tryAgain: 'Încercați din nou',
  expiredBody: 'Reîncărcați pagina pentru a continua.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Este posibil ca plata dvs. de ${amount} să fi fost efectuată: verificați comenzile înainte de a plăti din nou.`,
  notCharged: 'Nu vi s-a perceput nicio sumă.',
  reloadPage: 'Reîncărcați pagina',
  blockedBody: 'Din acest cont nu se pot efectua plăți aici. Vă rugăm să contactați asistența.',
  contactSupport: 'Contactați asistența',
  checkAgain: 'Verificați din nou',
  verificationBody:
    'Finalizați verificarea identității, apoi alegeți „Verificați din nou” pentru a încheia achiziția.',
  verifyIdentity: 'Verificați-vă identitatea',
  noBankAccountsBody:
    'Adăugați un cont bancar în contul dvs., apoi alegeți „Verificați din nou” pentru a plăti.',
  addBankAccount: 'Adăugați un cont bancar',
  declinedBody: ({ account }) =>
    `Banca dvs. a refuzat plata din contul ${account}. Alegeți alt cont sau încercați din nou cu acesta.`,
  tryAccountAgain: 'Încercați din nou cu acest cont',
  unconfirmedBody: ({ amount, account }) =>
    `Este posibil ca plata dvs. de ${amount} din contul ${account} să fi fost efectuată. Reîncercați pentru a o finaliza: se trimite aceeași plată, iar suma nu vă va fi percepută de două ori.`,
  unconfirmedLocked: 'Contul și suma nu pot fi modificate până nu aflăm rezultatul.',
  failedBody: 'Nu vi s-a perceput nicio sumă. Vă rugăm să încercați din nou.',

  deviceChecking: 'Se efectuează o verificare de securitate…',
  deviceCheckingAnnouncement: 'Se efectuează o verificare de securitate.',
  deviceFailedTitle: 'Verificarea de securitate nu s-a încărcat',
  deviceFailedBody:
    'Această achiziție necesită o verificare rapidă a dispozitivului. Dezactivați programele de blocare a conținutului și reîncercați.',
  retryDeviceCheck: 'Reîncercați verificarea de securitate',
  deviceMissingBody:
    'Această achiziție necesită o verificare a dispozitivului care nu este disponibilă pe această pagină.',

  orderSummary: 'Sumarul comenzii',
  quantity: ({ quantity }) => `Cantitate: ${quantity}`,
  subtotal: 'Total parțial',
  receiptTo: 'Chitanța va fi trimisă la',
  settlesIn: 'Decontare în',
  payFrom: 'Contul din care plătiți',
  endingIn: 'care se termină în',
  declinedBadge: 'Refuzat',
  account: ({ alias, last4 }) => `${alias} care se termină în ${last4}`,
  pay: ({ amount }) => `Plătiți ${amount}`,
  retryPayment: ({ amount }) => `Reîncercați plata de ${amount}`,
  processing: 'Se procesează…',

  authorization: (values) =>
    `Prin selectarea butonului „${values.payLabel}”, autorizați comerciantul ${values.merchantName} să efectueze o debitare unică de ${values.amount} din contul ${values.alias} ••${values.last4}, la data de ${values.date} sau ulterior. Puteți revoca această autorizare contactând ${values.merchantContact} înainte ca debitarea să fie transmisă băncii dumneavoastră.`,
  merchantContactFallback: 'comerciantul',
  authorizationInEnglish: 'Autorizarea în limba engleză',

  submittedBody: ({ amount, account, date }) =>
    `Plata dvs. de ${amount} din contul ${account} a fost trimisă băncii dvs. Data estimată a decontării: ${date}.`,
  receiptGoesTo: ({ email }) => `Chitanța va fi trimisă la ${email}.`,
  reference: 'Referință',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Plată trimisă băncii: ${amount} din contul ${account}. Data estimată a decontării: ${date}.`,
  authorizationCopyTitle: 'Autorizarea dumneavoastră',
  authorizationAccepted: ({ date }) => `Data acceptării: ${date}.`,
  saveAuthorization: 'Salvați autorizarea',
  printAuthorization: 'Tipăriți autorizarea',
  authorizationFileName: ({ reference }) => `autorizare-de-debitare-${reference}.txt`,
};

export default messages;
