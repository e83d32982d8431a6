// The checkout's words in German (Deutsch).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 Problem", "3 Probleme": the plural form German's rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('de').select(count) === 'one' ? 'Problem' : 'Probleme'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Kasse',

  invalidTitle: 'Diese Kasse ist nicht richtig eingerichtet',
  loadingTitle: 'Ihre Zahlungsdaten werden geladen',
  loadErrorTitle: 'Ihre Zahlungsdaten konnten nicht geladen werden',
  expiredTitle: 'Ihre Sitzung ist abgelaufen',
  blockedTitle: 'Für dieses Konto sind keine Zahlungen möglich',
  verificationTitle: 'Bestätigen Sie Ihre Identität, um zu bezahlen',
  noBankAccountsTitle: 'Kein Bankkonto hinterlegt',
  deviceRequiredTitle: 'Sicherheitsprüfung nicht verfügbar',
  readyTitle: 'Bereit zum Bezahlen',
  submittingTitle: 'Ihre Zahlung wird verarbeitet',
  declinedTitle: 'Zahlung abgelehnt',
  unconfirmedTitle: 'Wir konnten Ihre Zahlung nicht bestätigen',
  failedTitle: 'Die Zahlung konnte nicht ausgeführt werden',
  submittedTitle: 'Zahlung übermittelt',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Auf dieser Seite sind keine Zahlungen möglich. ${problems(count)} für das Entwicklungsteam der Website:`,
  loading: 'Ihre Zahlungsdaten werden geladen…',
  loadErrorBody: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  tryAgain: 'Erneut versuchen',
  expiredBody: 'Laden Sie die Seite neu, um fortzufahren.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Ihre Zahlung über ${amount} wurde möglicherweise ausgeführt: Prüfen Sie Ihre Bestellungen, bevor Sie erneut bezahlen.`,
  notCharged: 'Ihnen wurde nichts berechnet.',
  reloadPage: 'Seite neu laden',
  blockedBody:
    'Mit diesem Konto sind hier keine Zahlungen möglich. Bitte wenden Sie sich an den Kundenservice.',
  contactSupport: 'Kundenservice kontaktieren',
  checkAgain: 'Erneut prüfen',
  verificationBody:
    'Bestätigen Sie Ihre Identität und prüfen Sie dann erneut, um Ihren Kauf abzuschließen.',
  verifyIdentity: 'Identität bestätigen',
  noBankAccountsBody:
    'Hinterlegen Sie in Ihrem Kundenkonto ein Bankkonto und prüfen Sie dann erneut, um zu bezahlen.',
  addBankAccount: 'Bankkonto hinzufügen',
  declinedBody: ({ account }) =>
    `Ihre Bank hat die Zahlung vom Konto ${account} abgelehnt. Wählen Sie ein anderes Konto oder versuchen Sie es mit diesem erneut.`,
  tryAccountAgain: 'Mit diesem Konto erneut versuchen',
  unconfirmedBody: ({ amount, account }) =>
    `Ihre Zahlung über ${amount} vom Konto ${account} wurde möglicherweise ausgeführt. Wiederholen Sie sie, um sie abzuschließen: Es wird dieselbe Zahlung erneut gesendet, und Sie werden nicht doppelt belastet.`,
  unconfirmedLocked: 'Konto und Betrag können erst geändert werden, wenn das Ergebnis feststeht.',
  failedBody: 'Ihnen wurde nichts berechnet. Bitte versuchen Sie es erneut.',

  deviceChecking: 'Sicherheitsprüfung läuft…',
  deviceCheckingAnnouncement: 'Sicherheitsprüfung läuft.',
  deviceFailedTitle: 'Die Sicherheitsprüfung wurde nicht geladen',
  deviceFailedBody:
    'Für diesen Kauf ist eine kurze Geräteprüfung nötig. Deaktivieren Sie Inhaltsblocker und versuchen Sie es erneut.',
  retryDeviceCheck: 'Sicherheitsprüfung wiederholen',
  deviceMissingBody:
    'Für diesen Kauf ist eine Geräteprüfung nötig, die auf dieser Seite nicht verfügbar ist.',

  orderSummary: 'Bestellübersicht',
  quantity: ({ quantity }) => `Menge: ${quantity}`,
  subtotal: 'Zwischensumme',
  receiptTo: 'Beleg an',
  settlesIn: 'Abrechnung in',
  payFrom: 'Abbuchung von',
  endingIn: 'endend auf',
  declinedBadge: 'Abgelehnt',
  account: ({ alias, last4 }) => `${alias} endend auf ${last4}`,
  pay: ({ amount }) => `${amount} bezahlen`,
  retryPayment: ({ amount }) => `Zahlung über ${amount} wiederholen`,
  processing: 'Wird verarbeitet…',

  authorization: (values) =>
    `Mit der Auswahl von „${values.payLabel}“ ermächtigen Sie ${values.merchantName}, einmalig ${values.amount} am oder nach dem ${values.date} vom Konto ${values.alias} ••${values.last4} abzubuchen. Sie können diese Ermächtigung widerrufen, indem Sie sich an ${values.merchantContact} wenden, bevor die Abbuchung an Ihre Bank übermittelt wird.`,
  merchantContactFallback: 'den Händler',
  authorizationInEnglish: 'Die Ermächtigung auf Englisch',

  submittedBody: ({ amount, account, date }) =>
    `Ihre Zahlung über ${amount} vom Konto ${account} wurde an Ihre Bank übermittelt. Sie wird voraussichtlich am ${date} verbucht.`,
  receiptGoesTo: ({ email }) => `Der Beleg wird an ${email} gesendet.`,
  reference: 'Referenz',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Zahlung übermittelt: ${amount} vom Konto ${account}, voraussichtlich verbucht am ${date}.`,
  authorizationCopyTitle: 'Ihre Ermächtigung',
  authorizationAccepted: ({ date }) => `Erteilt am ${date}.`,
  saveAuthorization: 'Ermächtigung speichern',
  printAuthorization: 'Ermächtigung drucken',
  authorizationFileName: ({ reference }) => `zahlungsermaechtigung-${reference}.txt`,
};

export default messages;
