// The checkout's words in Italian (italiano).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemi": the plural form Italian's rules choose for the count ("many", for
 * millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('it').select(count) === 'one' ? 'problema' : 'problemi'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pagamento',

  invalidTitle: 'Questo modulo di pagamento non è configurato correttamente',
  loadingTitle: 'Caricamento dei dati di pagamento',
  loadErrorTitle: 'Impossibile caricare i dati di pagamento',
  expiredTitle: 'La sessione è scaduta',
  blockedTitle: 'I pagamenti non sono disponibili per questo profilo',
  verificationTitle: 'Verifichi la sua identità per pagare',
  noBankAccountsTitle: 'Nessun conto bancario registrato',
  deviceRequiredTitle: 'Controllo di sicurezza non disponibile',
  readyTitle: 'Pronto per il pagamento',
  submittingTitle: 'Elaborazione del pagamento in corso',
  declinedTitle: 'Pagamento rifiutato',
  unconfirmedTitle: 'Non è stato possibile confermare il pagamento',
  failedTitle: 'Il pagamento non è andato a buon fine',
  submittedTitle: 'Pagamento inviato',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `I pagamenti non sono disponibili in questa pagina. ${problems(count)} per gli sviluppatori del sito:`,
  loading: 'Caricamento dei dati di pagamento…',
  loadErrorBody: 'Controlli la connessione e riprovi.',
  tryAgain: 'Riprova',
  expiredBody: 'Ricarichi la pagina per continuare.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Il pagamento di ${amount} potrebbe essere andato a buon fine: controlli i suoi ordini prima di pagare di nuovo.`,
  notCharged: 'Non le è stato addebitato nulla.',
  reloadPage: 'Ricarica la pagina',
  blockedBody:
    "Questo profilo non può effettuare pagamenti qui. La preghiamo di contattare l'assistenza clienti.",
  contactSupport: "Contatta l'assistenza",
  checkAgain: 'Verifica di nuovo',
  verificationBody:
    "Completi la verifica dell'identità, quindi verifichi di nuovo per concludere l'acquisto.",
  verifyIdentity: "Verifica l'identità",
  noBankAccountsBody:
    'Aggiunga un conto bancario al suo profilo, quindi verifichi di nuovo per pagare.',
  addBankAccount: 'Aggiungi un conto bancario',
  declinedBody: ({ account }) =>
    `La sua banca ha rifiutato il pagamento dal conto ${account}. Scelga un altro conto o riprovi con questo.`,
  tryAccountAgain: 'Riprova con questo conto',
  unconfirmedBody: ({ amount, account }) =>
    `Il pagamento di ${amount} dal conto ${account} potrebbe essere andato a buon fine. Riprovi per completarlo: verrà inviato di nuovo lo stesso pagamento e l'importo non le sarà addebitato due volte.`,
  unconfirmedLocked:
    "Il conto e l'importo non possono essere modificati finché non avremo una conferma.",
  failedBody: 'Non le è stato addebitato nulla. La preghiamo di riprovare.',

  deviceChecking: 'Controllo di sicurezza in corso…',
  deviceCheckingAnnouncement: 'Controllo di sicurezza in corso.',
  deviceFailedTitle: 'Il controllo di sicurezza non è stato caricato',
  deviceFailedBody:
    'Questo acquisto richiede un rapido controllo del dispositivo. Disattivi le estensioni che bloccano i contenuti e riprovi.',
  retryDeviceCheck: 'Ripeti il controllo di sicurezza',
  deviceMissingBody:
    'Questo acquisto richiede un controllo del dispositivo che non è disponibile in questa pagina.',

  orderSummary: "Riepilogo dell'ordine",
  quantity: ({ quantity }) => `Q.tà ${quantity}`,
  subtotal: 'Subtotale',
  receiptTo: 'Ricevuta a',
  settlesIn: 'Regolamento in',
  payFrom: 'Conto di addebito',
  endingIn: 'che termina con',
  declinedBadge: 'Rifiutato',
  account: ({ alias, last4 }) => `${alias} che termina con ${last4}`,
  pay: ({ amount }) => `Paga ${amount}`,
  retryPayment: ({ amount }) => `Riprova il pagamento di ${amount}`,
  processing: 'Elaborazione in corso…',

  authorization: (values) =>
    `Selezionando «${values.payLabel}», autorizza ${values.merchantName} a effettuare un addebito una tantum di ${values.amount} sul conto ${values.alias} ••${values.last4} a partire dal ${values.date}. Può revocare questa autorizzazione contattando ${values.merchantContact} prima che l'addebito venga inviato alla sua banca.`,
  merchantContactFallback: "l'esercente",
  authorizationInEnglish: "L'autorizzazione in inglese",

  submittedBody: ({ amount, account, date }) =>
    `Il pagamento di ${amount} dal conto ${account} è stato inviato alla sua banca. L'addebito è previsto per ${date}.`,
  receiptGoesTo: ({ email }) => `La ricevuta verrà inviata a ${email}.`,
  reference: 'Riferimento',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pagamento inviato: ${amount} dal conto ${account}, addebito previsto per ${date}.`,
  authorizationCopyTitle: 'La sua autorizzazione',
  authorizationAccepted: ({ date }) => `Accettata il ${date}.`,
  saveAuthorization: "Salva l'autorizzazione",
  printAuthorization: "Stampa l'autorizzazione",
  authorizationFileName: ({ reference }) => `autorizzazione-di-addebito-${reference}.txt`,
};

export default messages;
