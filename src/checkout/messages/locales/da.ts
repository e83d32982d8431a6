// The checkout's words in Danish (dansk).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problem", "3 problemer": the plural form Danish's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('da').select(count) === 'one' ? 'problem' : 'problemer'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Betaling',

  invalidTitle: 'Denne betalingsløsning er ikke sat korrekt op',
  loadingTitle: 'Dine betalingsoplysninger indlæses',
  loadErrorTitle: 'Vi kunne ikke indlæse dine betalingsoplysninger',
  expiredTitle: 'Din session er udløbet',
  blockedTitle: 'Betalinger er ikke mulige for denne konto',
  verificationTitle: 'Bekræft din identitet for at betale',
  noBankAccountsTitle: 'Ingen bankkonto registreret',
  deviceRequiredTitle: 'Sikkerhedstjek ikke tilgængeligt',
  readyTitle: 'Klar til betaling',
  submittingTitle: 'Din betaling behandles',
  declinedTitle: 'Betaling afvist',
  unconfirmedTitle: 'Vi kunne ikke bekræfte din betaling',
  failedTitle: 'Betalingen gik ikke igennem',
  submittedTitle: 'Betaling indsendt',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Betalinger er ikke mulige på denne side. ${problems(count)} til sidens udviklere:`,
  loading: 'Dine betalingsoplysninger indlæses…',
  loadErrorBody: 'Tjek din forbindelse, og prøv igen.',
  tryAgain: 'Prøv igen',
  expiredBody: 'Genindlæs siden for at fortsætte.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Din betaling på ${amount} er muligvis gået igennem: tjek dine ordrer, før du betaler igen.`,
  notCharged: 'Du er ikke blevet opkrævet noget.',
  reloadPage: 'Genindlæs siden',
  blockedBody: 'Denne konto kan ikke foretage betalinger her. Kontakt kundeservice.',
  contactSupport: 'Kontakt kundeservice',
  checkAgain: 'Tjek igen',
  verificationBody:
    'Gennemfør identitetsbekræftelsen, og tjek derefter igen for at fuldføre dit køb.',
  verifyIdentity: 'Bekræft din identitet',
  noBankAccountsBody: 'Tilføj en bankkonto til din profil, og tjek derefter igen for at betale.',
  addBankAccount: 'Tilføj en bankkonto',
  declinedBody: ({ account }) =>
    `Din bank afviste betalingen fra kontoen ${account}. Vælg en anden konto, eller prøv denne igen.`,
  tryAccountAgain: 'Prøv denne konto igen',
  unconfirmedBody: ({ amount, account }) =>
    `Din betaling på ${amount} fra kontoen ${account} er muligvis gået igennem. Prøv igen for at gennemføre den: den samme betaling sendes igen, og du bliver ikke opkrævet to gange.`,
  unconfirmedLocked: 'Konto og beløb kan ikke ændres, før vi kender udfaldet.',
  failedBody: 'Du er ikke blevet opkrævet noget. Prøv igen.',

  deviceChecking: 'Sikkerhedstjek i gang…',
  deviceCheckingAnnouncement: 'Sikkerhedstjek i gang.',
  deviceFailedTitle: 'Sikkerhedstjekket kunne ikke indlæses',
  deviceFailedBody:
    'Dette køb kræver et hurtigt tjek af din enhed. Slå indholdsblokkere fra, og prøv igen.',
  retryDeviceCheck: 'Prøv sikkerhedstjekket igen',
  deviceMissingBody:
    'Dette køb kræver et tjek af din enhed, som ikke er tilgængeligt på denne side.',

  orderSummary: 'Ordreoversigt',
  quantity: ({ quantity }) => `Antal: ${quantity}`,
  subtotal: 'Delsum',
  receiptTo: 'Kvittering til',
  settlesIn: 'Afregnes i',
  payFrom: 'Betal fra',
  endingIn: 'der slutter på',
  declinedBadge: 'Afvist',
  account: ({ alias, last4 }) => `${alias} der slutter på ${last4}`,
  pay: ({ amount }) => `Betal ${amount}`,
  retryPayment: ({ amount }) => `Prøv betalingen på ${amount} igen`,
  processing: 'Behandler…',

  authorization: (values) =>
    `Ved at vælge »${values.payLabel}« giver du ${values.merchantName} tilladelse til at trække ${values.amount} én gang fra kontoen ${values.alias} ••${values.last4} den ${values.date} eller senere. Du kan tilbagekalde tilladelsen ved at kontakte ${values.merchantContact}, før trækket sendes til din bank.`,
  merchantContactFallback: 'sælgeren',
  authorizationInEnglish: 'Tilladelsen på engelsk',

  submittedBody: ({ amount, account, date }) =>
    `Din betaling på ${amount} fra kontoen ${account} er sendt til din bank. Beløbet forventes at blive trukket ${date}.`,
  receiptGoesTo: ({ email }) => `Kvitteringen sendes til ${email}.`,
  reference: 'Referencenummer',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Betaling indsendt: ${amount} fra kontoen ${account}, forventes trukket ${date}.`,
  authorizationCopyTitle: 'Din tilladelse',
  authorizationAccepted: ({ date }) => `Givet den ${date}.`,
  saveAuthorization: 'Gem din tilladelse',
  printAuthorization: 'Udskriv din tilladelse',
  authorizationFileName: ({ reference }) => `betalingstilladelse-${reference}.txt`,
};

export default messages;
