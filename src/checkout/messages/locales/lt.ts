// The checkout's words in Lithuanian (lietuvių).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problemą", "3 problemas", "10 problemų": the form Lithuanian's plural rules choose. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'problemą',
    few: 'problemas',
    many: 'problemos',
  };
  return `${count} ${forms[new Intl.PluralRules('lt').select(count)] ?? 'problemų'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Apmokėjimas',

  invalidTitle: 'Apmokėjimas nustatytas netinkamai',
  loadingTitle: 'Įkeliame mokėjimo duomenis',
  loadErrorTitle: 'Nepavyko įkelti mokėjimo duomenų',
  expiredTitle: 'Jūsų sesija baigėsi',
  blockedTitle: 'Šiai paskyrai mokėjimai neprieinami',
  verificationTitle: 'Norėdami mokėti, patvirtinkite savo tapatybę',
  noBankAccountsTitle: 'Nėra išsaugotos banko sąskaitos',
  deviceRequiredTitle: 'Saugos patikra neprieinama',
  readyTitle: 'Paruošta mokėti',
  submittingTitle: 'Apdorojame jūsų mokėjimą',
  declinedTitle: 'Mokėjimas atmestas',
  unconfirmedTitle: 'Nepavyko patvirtinti jūsų mokėjimo',
  failedTitle: 'Mokėjimas neįvyko',
  submittedTitle: 'Mokėjimas pateiktas bankui',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Šiame puslapyje mokėti negalima. Svetainės kūrėjas turi išspręsti ${problems(count)}:`,
  loading: 'Įkeliame mokėjimo duomenis…',
  loadErrorBody: 'Patikrinkite interneto ryšį ir bandykite dar kartą.',
  tryAgain: 'Bandyti dar kartą',
  expiredBody: 'Norėdami tęsti, iš naujo įkelkite puslapį.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Jūsų ${amount} mokėjimas galbūt jau įvykdytas: prieš mokėdami dar kartą, patikrinkite savo užsakymus.`,
  notCharged: 'Lėšos iš jūsų nenurašytos.',
  reloadPage: 'Įkelti puslapį iš naujo',
  blockedBody: 'Su šia paskyra čia mokėti negalima. Susisiekite su palaikymo komanda.',
  contactSupport: 'Susisiekti su palaikymo komanda',
  checkAgain: 'Tikrinti dar kartą',
  verificationBody:
    'Patvirtinkite tapatybę, tada pasirinkite „Tikrinti dar kartą“, kad užbaigtumėte pirkimą.',
  verifyIdentity: 'Patvirtinti tapatybę',
  noBankAccountsBody:
    'Pridėkite banko sąskaitą prie savo paskyros, tada pasirinkite „Tikrinti dar kartą“, kad galėtumėte sumokėti.',
  addBankAccount: 'Pridėti banko sąskaitą',
  declinedBody: ({ account }) =>
    `Jūsų bankas atmetė mokėjimą iš sąskaitos ${account}. Pasirinkite kitą sąskaitą arba bandykite dar kartą su šia.`,
  tryAccountAgain: 'Bandyti dar kartą su šia sąskaita',
  unconfirmedBody: ({ amount, account }) =>
    `Galbūt jau įvykdytas jūsų ${amount} mokėjimas iš sąskaitos ${account}. Pakartokite, kad jį užbaigtumėte: bus išsiųstas tas pats mokėjimas, todėl lėšos nebus nurašytos du kartus.`,
  unconfirmedLocked: 'Sąskaitos ir sumos negalima keisti, kol nesužinosime rezultato.',
  failedBody: 'Lėšos iš jūsų nenurašytos. Bandykite dar kartą.',

  deviceChecking: 'Atliekama saugos patikra…',
  deviceCheckingAnnouncement: 'Atliekama saugos patikra.',
  deviceFailedTitle: 'Nepavyko įkelti saugos patikros',
  deviceFailedBody:
    'Šiam pirkimui reikia greitos įrenginio patikros. Išjunkite turinio blokavimo priemones ir bandykite dar kartą.',
  retryDeviceCheck: 'Kartoti saugos patikrą',
  deviceMissingBody: 'Šiam pirkimui reikia įrenginio patikros, kuri šiame puslapyje neprieinama.',

  orderSummary: 'Užsakymo suvestinė',
  quantity: ({ quantity }) => `${quantity} vnt.`,
  subtotal: 'Tarpinė suma',
  receiptTo: 'Kvitą išsiųsime adresu',
  settlesIn: 'Atsiskaitymas:',
  payFrom: 'Mokėti iš sąskaitos',
  endingIn: 'kurios numeris baigiasi',
  declinedBadge: 'Atmesta',
  account: ({ alias, last4 }) => `${alias}, kurios numeris baigiasi ${last4}`,
  pay: ({ amount }) => `Mokėti ${amount}`,
  retryPayment: ({ amount }) => `Kartoti ${amount} mokėjimą`,
  processing: 'Apdorojama…',

  authorization: (values) =>
    `Pasirinkdami „${values.payLabel}“, įgaliojate prekybininką ${values.merchantName} ne anksčiau kaip ${values.date} vieną kartą nurašyti ${values.amount} iš sąskaitos ${values.alias} ••${values.last4}. Šį įgaliojimą galite atšaukti susisiekę su ${values.merchantContact}, kol nurašymas dar neišsiųstas į jūsų banką.`,
  merchantContactFallback: 'prekybininku',
  authorizationInEnglish: 'Įgaliojimas anglų kalba',

  submittedBody: ({ amount, account, date }) =>
    `Jūsų bankui pateiktas ${amount} mokėjimas iš sąskaitos ${account}. Numatoma įvykdymo data: ${date}.`,
  receiptGoesTo: ({ email }) => `Kvitą išsiųsime adresu ${email}.`,
  reference: 'Mokėjimo numeris',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Mokėjimas pateiktas bankui: ${amount} iš sąskaitos ${account}. Numatoma įvykdymo data: ${date}.`,
  authorizationCopyTitle: 'Jūsų įgaliojimas',
  authorizationAccepted: ({ date }) => `Sutikimo data: ${date}.`,
  saveAuthorization: 'Išsaugoti įgaliojimą',
  printAuthorization: 'Spausdinti įgaliojimą',
  authorizationFileName: ({ reference }) => `nurasymo-igaliojimas-${reference}.txt`,
};

export default messages;
