// The checkout's words in Croatian (hrvatski).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 pogrešku", "3 pogreške", "5 pogrešaka": the form Croatian's plural rules choose. */
function errors(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'pogrešku',
    few: 'pogreške',
  };
  return `${count} ${forms[new Intl.PluralRules('hr').select(count)] ?? 'pogrešaka'}`;
}

/** A date that ends a sentence: a Croatian date may already end in a full stop, after the year. */
function withFullStop(date: string): string {
  return date.endsWith('.') ? date : `${date}.`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Plaćanje',

  invalidTitle: 'Plaćanje nije ispravno postavljeno',
  loadingTitle: 'Učitavamo podatke o plaćanju',
  loadErrorTitle: 'Podatke o plaćanju nije moguće učitati',
  expiredTitle: 'Vaša je sesija istekla',
  blockedTitle: 'Plaćanja za ovaj račun nisu dostupna',
  verificationTitle: 'Za plaćanje potvrdite svoj identitet',
  noBankAccountsTitle: 'Nemate spremljen bankovni račun',
  deviceRequiredTitle: 'Sigurnosna provjera nije dostupna',
  readyTitle: 'Spremno za plaćanje',
  submittingTitle: 'Obrađujemo Vaše plaćanje',
  declinedTitle: 'Plaćanje je odbijeno',
  unconfirmedTitle: 'Nismo mogli potvrditi Vaše plaćanje',
  failedTitle: 'Plaćanje nije uspjelo',
  submittedTitle: 'Plaćanje poslano banci',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Plaćanja na ovoj stranici nisu dostupna. Razvojni programer stranice mora ispraviti ${errors(count)}:`,
  loading: 'Učitavamo podatke o plaćanju…',
  loadErrorBody: 'Provjerite internetsku vezu i pokušajte ponovno.',
  tryAgain: 'Pokušajte ponovno',
  expiredBody: 'Za nastavak ponovno učitajte stranicu.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Vaše plaćanje u iznosu od ${amount} možda je već provedeno: provjerite svoje narudžbe prije nego što ponovno platite.`,
  notCharged: 'Ništa Vam nije naplaćeno.',
  reloadPage: 'Ponovno učitajte stranicu',
  blockedBody: 'S ovog računa ovdje nije moguće plaćati. Obratite se korisničkoj podršci.',
  contactSupport: 'Kontaktirajte podršku',
  checkAgain: 'Provjerite ponovno',
  verificationBody:
    'Potvrdite svoj identitet, a zatim odaberite „Provjerite ponovno” kako biste završili kupnju.',
  verifyIdentity: 'Potvrdite identitet',
  noBankAccountsBody:
    'Dodajte bankovni račun svom korisničkom računu, a zatim odaberite „Provjerite ponovno” kako biste platili.',
  addBankAccount: 'Dodajte bankovni račun',
  declinedBody: ({ account }) =>
    `Vaša je banka odbila plaćanje s računa ${account}. Odaberite drugi račun ili ponovno pokušajte s ovim.`,
  tryAccountAgain: 'Pokušajte ponovno s ovim računom',
  unconfirmedBody: ({ amount, account }) =>
    `Možda je već provedeno Vaše plaćanje u iznosu od ${amount} s računa ${account}. Ponovite ga kako biste ga dovršili: poslat će se isto plaćanje i neće Vam biti naplaćeno dvaput.`,
  unconfirmedLocked: 'Račun i iznos ne mogu se promijeniti dok ne saznamo ishod.',
  failedBody: 'Ništa Vam nije naplaćeno. Pokušajte ponovno.',

  deviceChecking: 'Provodi se sigurnosna provjera…',
  deviceCheckingAnnouncement: 'Provodi se sigurnosna provjera.',
  deviceFailedTitle: 'Sigurnosna provjera nije se učitala',
  deviceFailedBody:
    'Za ovu je kupnju potrebna brza provjera uređaja. Isključite blokatore sadržaja i pokušajte ponovno.',
  retryDeviceCheck: 'Ponovite sigurnosnu provjeru',
  deviceMissingBody:
    'Za ovu je kupnju potrebna provjera uređaja koja nije dostupna na ovoj stranici.',

  orderSummary: 'Sažetak narudžbe',
  quantity: ({ quantity }) => `Količina: ${quantity}`,
  subtotal: 'Međuzbroj',
  receiptTo: 'Potvrda na adresu',
  settlesIn: 'Namira u',
  payFrom: 'Plaćanje s računa',
  endingIn: 'koji završava na',
  declinedBadge: 'Odbijeno',
  account: ({ alias, last4 }) => `${alias} koji završava na ${last4}`,
  pay: ({ amount }) => `Platite ${amount}`,
  retryPayment: ({ amount }) => `Ponovite plaćanje od ${amount}`,
  processing: 'Obrada…',

  authorization: (values) =>
    `Odabirom gumba „${values.payLabel}” dajete trgovcu ${values.merchantName} ovlaštenje za jednokratno terećenje računa ${values.alias} ••${values.last4} u iznosu od ${values.amount} na dan ${values.date} ili kasnije. Ovo ovlaštenje možete opozvati tako da se obratite ${values.merchantContact} prije nego što terećenje bude poslano Vašoj banci.`,
  merchantContactFallback: 'trgovcu',
  authorizationInEnglish: 'Tekst ovlaštenja na engleskom',

  submittedBody: ({ amount, account, date }) =>
    `Vašoj je banci poslano plaćanje u iznosu od ${amount} s računa ${account}. Očekivani datum namire: ${withFullStop(date)}`,
  receiptGoesTo: ({ email }) => `Potvrdu ćemo poslati na ${email}.`,
  reference: 'Referentni broj',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Plaćanje poslano banci: ${amount} s računa ${account}. Očekivani datum namire: ${withFullStop(date)}`,
  authorizationCopyTitle: 'Vaše ovlaštenje',
  authorizationAccepted: ({ date }) => `Dano: ${date}.`,
  saveAuthorization: 'Spremite ovlaštenje',
  printAuthorization: 'Ispišite ovlaštenje',
  authorizationFileName: ({ reference }) => `ovlastenje-za-placanje-${reference}.txt`,
};

export default messages;
