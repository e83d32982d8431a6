// The checkout's words in Finnish (suomi).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 ongelma", "3 ongelmaa": the plural form Finnish's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('fi').select(count) === 'one' ? 'ongelma' : 'ongelmaa'}`;
}

// Names, amounts and addresses arrive uninflected, so each sits where Finnish takes the base
// form: after a noun that carries the case ("maksunsaajalle", "tililtä") or in parentheses.
const messages: CheckoutMessages = {
  checkoutTitle: 'Kassa',

  invalidTitle: 'Tätä maksulomaketta ei ole määritetty oikein',
  loadingTitle: 'Maksutietojasi ladataan',
  loadErrorTitle: 'Maksutietojasi ei voitu ladata',
  expiredTitle: 'Istuntosi on vanhentunut',
  blockedTitle: 'Maksut eivät ole käytettävissä tällä tilillä',
  verificationTitle: 'Vahvista henkilöllisyytesi maksaaksesi',
  noBankAccountsTitle: 'Pankkitiliä ei ole lisätty',
  deviceRequiredTitle: 'Turvatarkistus ei ole käytettävissä',
  readyTitle: 'Valmis maksettavaksi',
  submittingTitle: 'Maksuasi käsitellään',
  declinedTitle: 'Maksu hylättiin',
  unconfirmedTitle: 'Emme voineet vahvistaa maksuasi',
  failedTitle: 'Maksu ei onnistunut',
  submittedTitle: 'Maksu lähetetty',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Maksut eivät ole käytettävissä tällä sivulla. ${problems(count)} sivuston kehittäjille:`,
  loading: 'Maksutietojasi ladataan…',
  loadErrorBody: 'Tarkista yhteys ja yritä uudelleen.',
  tryAgain: 'Yritä uudelleen',
  expiredBody: 'Jatka lataamalla sivu uudelleen.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Maksusi (${amount}) on ehkä mennyt läpi: tarkista tilauksesi ennen kuin maksat uudelleen.`,
  notCharged: 'Sinua ei ole veloitettu.',
  reloadPage: 'Lataa sivu uudelleen',
  blockedBody: 'Tällä tilillä ei voi maksaa tässä palvelussa. Ota yhteyttä asiakastukeen.',
  contactSupport: 'Ota yhteyttä asiakastukeen',
  checkAgain: 'Tarkista uudelleen',
  verificationBody:
    'Suorita henkilöllisyyden vahvistus ja tarkista sitten uudelleen, niin voit viimeistellä ostoksesi.',
  verifyIdentity: 'Vahvista henkilöllisyytesi',
  noBankAccountsBody:
    'Lisää pankkitili profiiliisi ja tarkista sitten uudelleen, niin voit maksaa.',
  addBankAccount: 'Lisää pankkitili',
  declinedBody: ({ account }) =>
    `Pankkisi hylkäsi maksun tililtä ${account}. Valitse toinen tili tai yritä uudelleen tällä tilillä.`,
  tryAccountAgain: 'Yritä uudelleen tällä tilillä',
  unconfirmedBody: ({ amount, account }) =>
    `Maksusi (${amount}) tililtä ${account} on ehkä mennyt läpi. Viimeistele se yrittämällä uudelleen: sama maksu lähetetään uudelleen, eikä sinua veloiteta kahdesti.`,
  unconfirmedLocked: 'Tiliä ja summaa ei voi muuttaa, ennen kuin tiedämme lopputuloksen.',
  failedBody: 'Sinua ei ole veloitettu. Yritä uudelleen.',

  deviceChecking: 'Turvatarkistus käynnissä…',
  deviceCheckingAnnouncement: 'Turvatarkistus käynnissä.',
  deviceFailedTitle: 'Turvatarkistus ei latautunut',
  deviceFailedBody:
    'Tämä ostos edellyttää nopeaa laitetarkistusta. Poista sisällönestot käytöstä ja yritä uudelleen.',
  retryDeviceCheck: 'Yritä turvatarkistusta uudelleen',
  deviceMissingBody:
    'Tämä ostos edellyttää laitetarkistusta, joka ei ole käytettävissä tällä sivulla.',

  orderSummary: 'Tilauksen yhteenveto',
  quantity: ({ quantity }) => `${quantity} kpl`,
  subtotal: 'Välisumma',
  receiptTo: 'Kuitti osoitteeseen',
  settlesIn: 'Tilitetään muodossa',
  payFrom: 'Maksa tililtä',
  endingIn: 'päättyy',
  declinedBadge: 'Hylätty',
  account: ({ alias, last4 }) => `${alias} (päättyy ${last4})`,
  pay: ({ amount }) => `Maksa ${amount}`,
  retryPayment: ({ amount }) => `Yritä maksua uudelleen (${amount})`,
  processing: 'Käsitellään…',

  authorization: (values) =>
    `Valitsemalla ”${values.payLabel}” annat maksunsaajalle ${values.merchantName} valtuutuksen veloittaa tililtä ${values.alias} ••${values.last4} kertaluonteisesti ${values.amount} aikaisintaan ${values.date}. Voit peruuttaa valtuutuksen ottamalla yhteyttä ${values.merchantContact} ennen kuin veloitus lähetetään pankkiisi.`,
  merchantContactFallback: 'myyjään',
  authorizationInEnglish: 'Valtuutus englanniksi',

  submittedBody: ({ amount, account, date }) =>
    `Maksusi (${amount}) tililtä ${account} on lähetetty pankkiisi. Arvioitu veloituspäivä: ${date}.`,
  receiptGoesTo: ({ email }) => `Kuitti lähetetään osoitteeseen ${email}.`,
  reference: 'Viite',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Maksu lähetetty: ${amount} tililtä ${account}, arvioitu veloituspäivä ${date}.`,
  authorizationCopyTitle: 'Valtuutuksesi',
  authorizationAccepted: ({ date }) => `Hyväksytty ${date}.`,
  saveAuthorization: 'Tallenna valtuutus',
  printAuthorization: 'Tulosta valtuutus',
  authorizationFileName: ({ reference }) => `maksuvaltuutus-${reference}.txt`,
};

export default messages;
