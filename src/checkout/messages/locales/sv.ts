// The checkout's words in Swedish (svenska).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 anmärkning", "3 anmärkningar": the plural form Swedish's rules choose for the count. */
function remarks(count: number): string {
  return `${count} ${new Intl.PluralRules('sv').select(count) === 'one' ? 'anmärkning' : 'anmärkningar'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Kassa',

  invalidTitle: 'Kassan är inte korrekt inställd',
  loadingTitle: 'Dina betalningsuppgifter läses in',
  loadErrorTitle: 'Vi kunde inte läsa in dina betalningsuppgifter',
  expiredTitle: 'Din session har gått ut',
  blockedTitle: 'Betalningar är inte tillgängliga för det här kontot',
  verificationTitle: 'Bekräfta din identitet för att betala',
  noBankAccountsTitle: 'Inget bankkonto registrerat',
  deviceRequiredTitle: 'Säkerhetskontrollen är inte tillgänglig',
  readyTitle: 'Redo att betala',
  submittingTitle: 'Din betalning behandlas',
  declinedTitle: 'Betalningen nekades',
  unconfirmedTitle: 'Vi kunde inte bekräfta din betalning',
  failedTitle: 'Betalningen gick inte igenom',
  submittedTitle: 'Betalningen har skickats',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Betalningar är inte tillgängliga på den här sidan. ${remarks(count)} till webbplatsens utvecklare:`,
  loading: 'Dina betalningsuppgifter läses in…',
  loadErrorBody: 'Kontrollera din anslutning och försök igen.',
  tryAgain: 'Försök igen',
  expiredBody: 'Ladda om sidan för att fortsätta.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Din betalning på ${amount} kan ha gått igenom: kontrollera dina beställningar innan du betalar igen.`,
  notCharged: 'Du har inte debiterats.',
  reloadPage: 'Ladda om sidan',
  blockedBody: 'Det här kontot kan inte göra betalningar här. Kontakta kundtjänst.',
  contactSupport: 'Kontakta kundtjänst',
  checkAgain: 'Kontrollera igen',
  verificationBody:
    'Genomför identitetskontrollen och kontrollera sedan igen för att slutföra köpet.',
  verifyIdentity: 'Bekräfta din identitet',
  noBankAccountsBody:
    'Lägg till ett bankkonto i din profil och kontrollera sedan igen för att betala.',
  addBankAccount: 'Lägg till ett bankkonto',
  declinedBody: ({ account }) =>
    `Din bank nekade betalningen från kontot ${account}. Välj ett annat konto eller försök igen med det här.`,
  tryAccountAgain: 'Försök igen med det här kontot',
  unconfirmedBody: ({ amount, account }) =>
    `Din betalning på ${amount} från kontot ${account} kan ha gått igenom. Försök igen för att slutföra den: samma betalning skickas igen och du debiteras inte två gånger.`,
  unconfirmedLocked: 'Konto och belopp kan inte ändras förrän vi vet utfallet.',
  failedBody: 'Du har inte debiterats. Försök igen.',

  deviceChecking: 'Säkerhetskontroll pågår…',
  deviceCheckingAnnouncement: 'Säkerhetskontroll pågår.',
  deviceFailedTitle: 'Säkerhetskontrollen kunde inte läsas in',
  deviceFailedBody:
    'Det här köpet kräver en snabb kontroll av enheten. Inaktivera innehållsblockerare och försök igen.',
  retryDeviceCheck: 'Gör om säkerhetskontrollen',
  deviceMissingBody:
    'Det här köpet kräver en kontroll av enheten som inte är tillgänglig på den här sidan.',

  orderSummary: 'Ordersammanfattning',
  quantity: ({ quantity }) => `Antal: ${quantity}`,
  subtotal: 'Delsumma',
  receiptTo: 'Kvitto till',
  settlesIn: 'Regleras i',
  payFrom: 'Betala från',
  endingIn: 'som slutar på',
  declinedBadge: 'Nekad',
  account: ({ alias, last4 }) => `${alias} som slutar på ${last4}`,
  pay: ({ amount }) => `Betala ${amount}`,
  retryPayment: ({ amount }) => `Försök betala ${amount} igen`,
  processing: 'Behandlar…',

  authorization: (values) =>
    `Genom att välja ”${values.payLabel}” ger du ${values.merchantName} medgivande att dra ${values.amount} vid ett enda tillfälle från kontot ${values.alias} ••${values.last4} den ${values.date} eller senare. Du kan återkalla medgivandet genom att kontakta ${values.merchantContact} innan dragningen skickas till din bank.`,
  merchantContactFallback: 'säljaren',
  authorizationInEnglish: 'Medgivandet på engelska',

  submittedBody: ({ amount, account, date }) =>
    `Din betalning på ${amount} från kontot ${account} har skickats till din bank. Beloppet väntas dras ${date}.`,
  receiptGoesTo: ({ email }) => `Kvittot skickas till ${email}.`,
  reference: 'Referens',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Betalningen har skickats: ${amount} från kontot ${account}, väntas dras ${date}.`,
  authorizationCopyTitle: 'Ditt medgivande',
  authorizationAccepted: ({ date }) => `Lämnat den ${date}.`,
  saveAuthorization: 'Spara ditt medgivande',
  printAuthorization: 'Skriv ut ditt medgivande',
  authorizationFileName: ({ reference }) => `betalningsmedgivande-${reference}.txt`,
};

export default messages;
