// The checkout's words in Czech (čeština).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problém", "3 problémy", "5 problémů": the form Czech's plural rules choose for the count. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'problém',
    few: 'problémy',
    many: 'problému',
  };
  return `${count} ${forms[new Intl.PluralRules('cs').select(count)] ?? 'problémů'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Platba',

  invalidTitle: 'Platba není správně nastavena',
  loadingTitle: 'Načítáme údaje o platbě',
  loadErrorTitle: 'Údaje o platbě se nepodařilo načíst',
  expiredTitle: 'Vaše relace vypršela',
  blockedTitle: 'Pro tento účet nejsou platby dostupné',
  verificationTitle: 'Pro platbu ověřte svou totožnost',
  noBankAccountsTitle: 'Nemáte uložený žádný bankovní účet',
  deviceRequiredTitle: 'Bezpečnostní kontrola není dostupná',
  readyTitle: 'Připraveno k platbě',
  submittingTitle: 'Zpracováváme platbu',
  declinedTitle: 'Platba byla zamítnuta',
  unconfirmedTitle: 'Platbu se nepodařilo potvrdit',
  failedTitle: 'Platba neproběhla',
  submittedTitle: 'Platba odeslána do banky',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Platby na této stránce nejsou dostupné. Vývojář webu musí opravit ${problems(count)}:`,
  loading: 'Načítáme údaje o platbě…',
  loadErrorBody: 'Zkontrolujte připojení k internetu a zkuste to znovu.',
  tryAgain: 'Zkusit znovu',
  expiredBody: 'Chcete-li pokračovat, obnovte stránku.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Platba ve výši ${amount} možná proběhla: než zaplatíte znovu, zkontrolujte své objednávky.`,
  notCharged: 'Nic vám nebylo účtováno.',
  reloadPage: 'Obnovit stránku',
  blockedBody: 'Z tohoto účtu zde nelze platit. Obraťte se prosím na podporu.',
  contactSupport: 'Kontaktovat podporu',
  checkAgain: 'Zkontrolovat znovu',
  verificationBody:
    'Ověřte svou totožnost a potom zvolte „Zkontrolovat znovu“, abyste nákup dokončili.',
  verifyIdentity: 'Ověřit totožnost',
  noBankAccountsBody:
    'Přidejte ke svému účtu bankovní účet a potom zvolte „Zkontrolovat znovu“, abyste mohli zaplatit.',
  addBankAccount: 'Přidat bankovní účet',
  declinedBody: ({ account }) =>
    `Vaše banka platbu z účtu ${account} zamítla. Zvolte jiný účet, nebo to zkuste s tímto účtem znovu.`,
  tryAccountAgain: 'Zkusit tento účet znovu',
  unconfirmedBody: ({ amount, account }) =>
    `Platba ve výši ${amount} z účtu ${account} možná proběhla. Dokončete ji opakováním: odešle se stejná platba a peníze vám nebudou strženy dvakrát.`,
  unconfirmedLocked: 'Účet ani částku nelze změnit, dokud nebudeme znát výsledek.',
  failedBody: 'Nic vám nebylo účtováno. Zkuste to prosím znovu.',

  deviceChecking: 'Probíhá bezpečnostní kontrola…',
  deviceCheckingAnnouncement: 'Probíhá bezpečnostní kontrola.',
  deviceFailedTitle: 'Bezpečnostní kontrolu se nepodařilo načíst',
  deviceFailedBody:
    'Tento nákup vyžaduje rychlou kontrolu zařízení. Vypněte blokování obsahu a zkuste to znovu.',
  retryDeviceCheck: 'Zopakovat bezpečnostní kontrolu',
  deviceMissingBody: 'Tento nákup vyžaduje kontrolu zařízení, která na této stránce není dostupná.',

  orderSummary: 'Souhrn objednávky',
  quantity: ({ quantity }) => `${quantity} ks`,
  subtotal: 'Mezisoučet',
  receiptTo: 'Potvrzení na adresu',
  settlesIn: 'Vypořádání v',
  payFrom: 'Platit z účtu',
  endingIn: 's koncovkou',
  declinedBadge: 'Zamítnuto',
  account: ({ alias, last4 }) => `${alias} s koncovkou ${last4}`,
  pay: ({ amount }) => `Zaplatit ${amount}`,
  retryPayment: ({ amount }) => `Zopakovat platbu ${amount}`,
  processing: 'Zpracování…',

  authorization: (values) =>
    `Volbou tlačítka „${values.payLabel}“ udělujete obchodníkovi ${values.merchantName} souhlas s jednorázovým inkasem částky ${values.amount} z účtu ${values.alias} ••${values.last4}, a to dne ${values.date} nebo později. Souhlas můžete odvolat, pokud se obrátíte na ${values.merchantContact} dříve, než bude inkaso odesláno do vaší banky.`,
  merchantContactFallback: 'obchodníka',
  authorizationInEnglish: 'Znění souhlasu v angličtině',

  submittedBody: ({ amount, account, date }) =>
    `Platba ve výši ${amount} z účtu ${account} byla odeslána do vaší banky. Očekávané datum zúčtování: ${date}.`,
  receiptGoesTo: ({ email }) => `Potvrzení pošleme na ${email}.`,
  reference: 'Referenční číslo',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Platba odeslána do banky: ${amount} z účtu ${account}. Očekávané datum zúčtování: ${date}.`,
  authorizationCopyTitle: 'Váš souhlas s inkasem',
  authorizationAccepted: ({ date }) => `Udělen ${date}.`,
  saveAuthorization: 'Uložit souhlas',
  printAuthorization: 'Vytisknout souhlas',
  authorizationFileName: ({ reference }) => `souhlas-s-inkasem-${reference}.txt`,
};

export default messages;
