// The checkout's words in Latvian (latviešu).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 kļūda", "21 kļūda", "3 kļūdas", "10 kļūdas": the form Latvian's plural rules choose. */
function errors(count: number): string {
  return `${count} ${new Intl.PluralRules('lv').select(count) === 'one' ? 'kļūda' : 'kļūdas'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Apmaksa',

  invalidTitle: 'Apmaksa nav pareizi iestatīta',
  loadingTitle: 'Ielādējam maksājuma informāciju',
  loadErrorTitle: 'Neizdevās ielādēt maksājuma informāciju',
  expiredTitle: 'Jūsu sesija ir beigusies',
  blockedTitle: 'Šim kontam maksājumi nav pieejami',
  verificationTitle: 'Lai maksātu, apstipriniet savu identitāti',
  noBankAccountsTitle: 'Nav saglabāta bankas konta',
  deviceRequiredTitle: 'Drošības pārbaude nav pieejama',
  readyTitle: 'Gatavs apmaksai',
  submittingTitle: 'Apstrādājam Jūsu maksājumu',
  declinedTitle: 'Maksājums noraidīts',
  unconfirmedTitle: 'Neizdevās apstiprināt Jūsu maksājumu',
  failedTitle: 'Maksājums neizdevās',
  submittedTitle: 'Maksājums iesniegts bankai',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Šajā lapā nevar veikt maksājumus. Vietnes izstrādātājam jānovērš ${errors(count)}:`,
  loading: 'Ielādējam maksājuma informāciju…',
  loadErrorBody: 'Pārbaudiet interneta savienojumu un mēģiniet vēlreiz.',
  tryAgain: 'Mēģināt vēlreiz',
  expiredBody: 'Lai turpinātu, pārlādējiet lapu.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Jūsu maksājums ${amount} apmērā, iespējams, jau ir veikts: pirms maksājat vēlreiz, pārbaudiet savus pasūtījumus.`,
  notCharged: 'Jums nekas nav iekasēts.',
  reloadPage: 'Pārlādēt lapu',
  blockedBody: 'No šī konta šeit nevar veikt maksājumus. Lūdzu, sazinieties ar atbalsta dienestu.',
  contactSupport: 'Sazināties ar atbalstu',
  checkAgain: 'Pārbaudīt vēlreiz',
  verificationBody:
    'Apstipriniet identitāti un pēc tam izvēlieties „Pārbaudīt vēlreiz”, lai pabeigtu pirkumu.',
  verifyIdentity: 'Apstiprināt identitāti',
  noBankAccountsBody:
    'Pievienojiet savam kontam bankas kontu un pēc tam izvēlieties „Pārbaudīt vēlreiz”, lai samaksātu.',
  addBankAccount: 'Pievienot bankas kontu',
  declinedBody: ({ account }) =>
    `Jūsu banka noraidīja maksājumu no konta ${account}. Izvēlieties citu kontu vai mēģiniet vēlreiz ar šo.`,
  tryAccountAgain: 'Mēģināt vēlreiz ar šo kontu',
  unconfirmedBody: ({ amount, account }) =>
    `Jūsu maksājums ${amount} apmērā no konta ${account}, iespējams, jau ir veikts. Atkārtojiet to, lai pabeigtu: tiks nosūtīts tas pats maksājums, un nauda netiks iekasēta divreiz.`,
  unconfirmedLocked: 'Kontu un summu nevar mainīt, kamēr neuzzināsim rezultātu.',
  failedBody: 'Jums nekas nav iekasēts. Lūdzu, mēģiniet vēlreiz.',

  deviceChecking: 'Notiek drošības pārbaude…',
  deviceCheckingAnnouncement: 'Notiek drošības pārbaude.',
  deviceFailedTitle: 'Drošības pārbaude netika ielādēta',
  deviceFailedBody:
    'Šim pirkumam nepieciešama ātra ierīces pārbaude. Atspējojiet satura bloķētājus un mēģiniet vēlreiz.',
  retryDeviceCheck: 'Atkārtot drošības pārbaudi',
  deviceMissingBody: 'Šim pirkumam nepieciešama ierīces pārbaude, kas šajā lapā nav pieejama.',

  orderSummary: 'Pasūtījuma kopsavilkums',
  quantity: ({ quantity }) => `${quantity} gab.`,
  subtotal: 'Starpsumma',
  receiptTo: 'Kvīts tiks nosūtīta uz',
  settlesIn: 'Norēķins:',
  payFrom: 'Maksāt no konta',
  endingIn: 'ar beigu cipariem',
  declinedBadge: 'Noraidīts',
  account: ({ alias, last4 }) => `${alias} ar beigu cipariem ${last4}`,
  pay: ({ amount }) => `Maksāt ${amount}`,
  retryPayment: ({ amount }) => `Atkārtot maksājumu ${amount}`,
  processing: 'Apstrādā…',

  authorization: (values) =>
    `Izvēloties „${values.payLabel}”, Jūs pilnvarojat tirgotāju ${values.merchantName} vienu reizi norakstīt ${values.amount} no konta ${values.alias} ••${values.last4} šajā datumā vai vēlāk: ${values.date}. Šo pilnvarojumu varat atsaukt, sazinoties ar ${values.merchantContact}, pirms norakstījums tiek nosūtīts Jūsu bankai.`,
  merchantContactFallback: 'tirgotāju',
  authorizationInEnglish: 'Pilnvarojums angļu valodā',

  submittedBody: ({ amount, account, date }) =>
    `Jūsu maksājums ${amount} apmērā no konta ${account} ir iesniegts Jūsu bankai. Paredzamais izpildes datums: ${date}.`,
  receiptGoesTo: ({ email }) => `Kvīts tiks nosūtīta uz ${email}.`,
  reference: 'Atsauces numurs',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Maksājums iesniegts bankai: ${amount} no konta ${account}. Paredzamais izpildes datums: ${date}.`,
  authorizationCopyTitle: 'Jūsu pilnvarojums',
  authorizationAccepted: ({ date }) => `Apstiprināts: ${date}.`,
  saveAuthorization: 'Saglabāt pilnvarojumu',
  printAuthorization: 'Drukāt pilnvarojumu',
  authorizationFileName: ({ reference }) => `norakstisanas-pilnvarojums-${reference}.txt`,
};

export default messages;
