// The checkout's words in Dutch (Nederlands).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 probleem", "3 problemen": the plural form Dutch's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('nl').select(count) === 'one' ? 'probleem' : 'problemen'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Afrekenen',

  invalidTitle: 'Deze betaalmodule is niet goed ingesteld',
  loadingTitle: 'Uw betaalgegevens worden geladen',
  loadErrorTitle: 'We konden uw betaalgegevens niet laden',
  expiredTitle: 'Uw sessie is verlopen',
  blockedTitle: 'Met dit profiel kunt u hier niet betalen',
  verificationTitle: 'Bevestig uw identiteit om te betalen',
  noBankAccountsTitle: 'Geen bankrekening bekend',
  deviceRequiredTitle: 'Veiligheidscontrole niet beschikbaar',
  readyTitle: 'Klaar om te betalen',
  submittingTitle: 'Uw betaling wordt verwerkt',
  declinedTitle: 'Betaling geweigerd',
  unconfirmedTitle: 'We konden uw betaling niet bevestigen',
  failedTitle: 'De betaling is niet gelukt',
  submittedTitle: 'Betaling ingediend',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Betalen is niet mogelijk op deze pagina. ${problems(count)} voor de ontwikkelaars van de website:`,
  loading: 'Uw betaalgegevens worden geladen…',
  loadErrorBody: 'Controleer uw verbinding en probeer het opnieuw.',
  tryAgain: 'Opnieuw proberen',
  expiredBody: 'Laad de pagina opnieuw om verder te gaan.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Uw betaling van ${amount} is mogelijk toch uitgevoerd: controleer uw bestellingen voordat u opnieuw betaalt.`,
  notCharged: 'Er is niets van uw rekening afgeschreven.',
  reloadPage: 'Pagina opnieuw laden',
  blockedBody:
    'Met dit profiel kunt u hier geen betalingen doen. Neem contact op met de klantenservice.',
  contactSupport: 'Naar de klantenservice',
  checkAgain: 'Opnieuw controleren',
  verificationBody:
    'Voltooi de identiteitscontrole en controleer daarna opnieuw om uw aankoop af te ronden.',
  verifyIdentity: 'Identiteit bevestigen',
  noBankAccountsBody:
    'Voeg een bankrekening toe aan uw profiel en controleer daarna opnieuw om te betalen.',
  addBankAccount: 'Bankrekening toevoegen',
  declinedBody: ({ account }) =>
    `Uw bank heeft de betaling van rekening ${account} geweigerd. Kies een andere rekening of probeer deze opnieuw.`,
  tryAccountAgain: 'Deze rekening opnieuw proberen',
  unconfirmedBody: ({ amount, account }) =>
    `Uw betaling van ${amount} van rekening ${account} is mogelijk toch uitgevoerd. Probeer het opnieuw om de betaling af te ronden: dezelfde betaling wordt nogmaals verstuurd en u betaalt niet dubbel.`,
  unconfirmedLocked:
    'De rekening en het bedrag kunnen pas worden gewijzigd als we het zeker weten.',
  failedBody: 'Er is niets van uw rekening afgeschreven. Probeer het opnieuw.',

  deviceChecking: 'Veiligheidscontrole wordt uitgevoerd…',
  deviceCheckingAnnouncement: 'Veiligheidscontrole wordt uitgevoerd.',
  deviceFailedTitle: 'De veiligheidscontrole is niet geladen',
  deviceFailedBody:
    'Voor deze aankoop is een korte apparaatcontrole nodig. Schakel inhoudsblokkers uit en probeer het opnieuw.',
  retryDeviceCheck: 'Veiligheidscontrole opnieuw uitvoeren',
  deviceMissingBody:
    'Voor deze aankoop is een apparaatcontrole nodig die op deze pagina niet beschikbaar is.',

  orderSummary: 'Besteloverzicht',
  quantity: ({ quantity }) => `Aantal: ${quantity}`,
  subtotal: 'Subtotaal',
  receiptTo: 'Betaalbewijs naar',
  settlesIn: 'Verrekening in',
  payFrom: 'Betalen vanaf',
  endingIn: 'eindigend op',
  declinedBadge: 'Geweigerd',
  account: ({ alias, last4 }) => `${alias} eindigend op ${last4}`,
  pay: ({ amount }) => `Betaal ${amount}`,
  retryPayment: ({ amount }) => `Betaling van ${amount} opnieuw proberen`,
  processing: 'Bezig met verwerken…',

  authorization: (values) =>
    `Door ‘${values.payLabel}’ te kiezen, machtigt u ${values.merchantName} om eenmalig ${values.amount} af te schrijven van rekening ${values.alias} ••${values.last4} op of na ${values.date}. U kunt deze machtiging intrekken door contact op te nemen met ${values.merchantContact} voordat de afschrijving naar uw bank wordt verstuurd.`,
  merchantContactFallback: 'de verkoper',
  authorizationInEnglish: 'De machtiging in het Engels',

  submittedBody: ({ amount, account, date }) =>
    `Uw betaling van ${amount} van rekening ${account} is ingediend bij uw bank. Naar verwachting wordt het bedrag op ${date} afgeschreven.`,
  receiptGoesTo: ({ email }) => `Het betaalbewijs wordt naar ${email} gestuurd.`,
  reference: 'Kenmerk',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Betaling ingediend: ${amount} van rekening ${account}, naar verwachting afgeschreven op ${date}.`,
  authorizationCopyTitle: 'Uw machtiging',
  authorizationAccepted: ({ date }) => `Verleend op ${date}.`,
  saveAuthorization: 'Machtiging opslaan',
  printAuthorization: 'Machtiging afdrukken',
  authorizationFileName: ({ reference }) => `betaalmachtiging-${reference}.txt`,
};

export default messages;
