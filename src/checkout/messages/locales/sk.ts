// The checkout's words in Slovak (slovenčina).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problém", "3 problémy", "5 problémov": the form Slovak's plural rules choose for the count. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'problém',
    few: 'problémy',
    many: 'problému',
  };
  return `${count} ${forms[new Intl.PluralRules('sk').select(count)] ?? 'problémov'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Platba',

  invalidTitle: 'Platba nie je správne nastavená',
  loadingTitle: 'Načítavame údaje o platbe',
  loadErrorTitle: 'Údaje o platbe sa nepodarilo načítať',
  expiredTitle: 'Vaša relácia vypršala',
  blockedTitle: 'Pre tento účet nie sú platby dostupné',
  verificationTitle: 'Na zaplatenie overte svoju totožnosť',
  noBankAccountsTitle: 'Nemáte uložený žiadny bankový účet',
  deviceRequiredTitle: 'Bezpečnostná kontrola nie je dostupná',
  readyTitle: 'Pripravené na platbu',
  submittingTitle: 'Spracúvame platbu',
  declinedTitle: 'Platba bola zamietnutá',
  unconfirmedTitle: 'Platbu sa nepodarilo potvrdiť',
  failedTitle: 'Platba neprebehla',
  submittedTitle: 'Platba odoslaná do banky',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Platby na tejto stránke nie sú dostupné. Vývojár webu musí opraviť ${problems(count)}:`,
  loading: 'Načítavame údaje o platbe…',
  loadErrorBody: 'Skontrolujte pripojenie na internet a skúste to znova.',
  tryAgain: 'Skúsiť znova',
  expiredBody: 'Ak chcete pokračovať, obnovte stránku.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Platba vo výške ${amount} možno prebehla: skôr ako zaplatíte znova, skontrolujte svoje objednávky.`,
  notCharged: 'Nič vám nebolo zaúčtované.',
  reloadPage: 'Obnoviť stránku',
  blockedBody: 'Z tohto účtu tu nie je možné platiť. Obráťte sa, prosím, na podporu.',
  contactSupport: 'Kontaktovať podporu',
  checkAgain: 'Skontrolovať znova',
  verificationBody:
    'Overte svoju totožnosť a potom zvoľte „Skontrolovať znova“, aby ste dokončili nákup.',
  verifyIdentity: 'Overiť totožnosť',
  noBankAccountsBody:
    'Pridajte k svojmu účtu bankový účet a potom zvoľte „Skontrolovať znova“, aby ste mohli zaplatiť.',
  addBankAccount: 'Pridať bankový účet',
  declinedBody: ({ account }) =>
    `Vaša banka zamietla platbu z účtu ${account}. Vyberte iný účet alebo to skúste s týmto účtom znova.`,
  tryAccountAgain: 'Skúsiť tento účet znova',
  unconfirmedBody: ({ amount, account }) =>
    `Platba vo výške ${amount} z účtu ${account} možno prebehla. Dokončite ju opakovaním: odošle sa tá istá platba a peniaze vám nebudú stiahnuté dvakrát.`,
  unconfirmedLocked: 'Účet ani sumu nie je možné zmeniť, kým nebudeme poznať výsledok.',
  failedBody: 'Nič vám nebolo zaúčtované. Skúste to, prosím, znova.',

  deviceChecking: 'Prebieha bezpečnostná kontrola…',
  deviceCheckingAnnouncement: 'Prebieha bezpečnostná kontrola.',
  deviceFailedTitle: 'Bezpečnostnú kontrolu sa nepodarilo načítať',
  deviceFailedBody:
    'Tento nákup vyžaduje rýchlu kontrolu zariadenia. Vypnite blokovanie obsahu a skúste to znova.',
  retryDeviceCheck: 'Zopakovať bezpečnostnú kontrolu',
  deviceMissingBody:
    'Tento nákup vyžaduje kontrolu zariadenia, ktorá na tejto stránke nie je dostupná.',

  orderSummary: 'Súhrn objednávky',
  quantity: ({ quantity }) => `${quantity} ks`,
  subtotal: 'Medzisúčet',
  receiptTo: 'Potvrdenie na adresu',
  settlesIn: 'Vyrovnanie v',
  payFrom: 'Platiť z účtu',
  endingIn: 's číslom končiacim na',
  declinedBadge: 'Zamietnuté',
  account: ({ alias, last4 }) => `${alias} s číslom končiacim na ${last4}`,
  pay: ({ amount }) => `Zaplatiť ${amount}`,
  retryPayment: ({ amount }) => `Zopakovať platbu ${amount}`,
  processing: 'Spracúva sa…',

  authorization: (values) =>
    `Zvolením tlačidla „${values.payLabel}“ udeľujete obchodníkovi ${values.merchantName} súhlas s jednorazovým inkasom sumy ${values.amount} z účtu ${values.alias} ••${values.last4}, a to dňa ${values.date} alebo neskôr. Súhlas môžete odvolať, ak sa obrátite na ${values.merchantContact} skôr, ako bude inkaso odoslané do vašej banky.`,
  merchantContactFallback: 'obchodníka',
  authorizationInEnglish: 'Znenie súhlasu v angličtine',

  submittedBody: ({ amount, account, date }) =>
    `Platba vo výške ${amount} z účtu ${account} bola odoslaná do vašej banky. Očakávaný dátum zúčtovania: ${date}.`,
  receiptGoesTo: ({ email }) => `Potvrdenie pošleme na ${email}.`,
  reference: 'Referenčné číslo',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Platba odoslaná do banky: ${amount} z účtu ${account}. Očakávaný dátum zúčtovania: ${date}.`,
  authorizationCopyTitle: 'Váš súhlas s inkasom',
  authorizationAccepted: ({ date }) => `Udelený ${date}.`,
  saveAuthorization: 'Uložiť súhlas',
  printAuthorization: 'Vytlačiť súhlas',
  authorizationFileName: ({ reference }) => `suhlas-s-inkasom-${reference}.txt`,
};

export default messages;
