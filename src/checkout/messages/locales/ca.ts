// The checkout's words in Catalan (català).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemes": the plural form Catalan's rules choose for the count ("many", for
 * millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('ca').select(count) === 'one' ? 'problema' : 'problemes'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pagament',

  invalidTitle: 'Aquest formulari de pagament no està ben configurat',
  loadingTitle: "S'estan carregant les dades del pagament",
  loadErrorTitle: 'No hem pogut carregar les dades del pagament',
  expiredTitle: 'La sessió ha caducat',
  blockedTitle: 'Els pagaments no estan disponibles per a aquest compte',
  verificationTitle: 'Verifiqui la seva identitat per pagar',
  noBankAccountsTitle: 'No hi ha cap compte bancari registrat',
  deviceRequiredTitle: 'Comprovació de seguretat no disponible',
  readyTitle: 'A punt per pagar',
  submittingTitle: "S'està processant el pagament",
  declinedTitle: 'Pagament rebutjat',
  unconfirmedTitle: 'No hem pogut confirmar el pagament',
  failedTitle: "No s'ha pogut fer el pagament",
  submittedTitle: 'Pagament enviat',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Els pagaments no estan disponibles en aquesta pàgina. ${problems(count)} per a l'equip de desenvolupament del lloc web:`,
  loading: "S'estan carregant les dades del pagament…",
  loadErrorBody: 'Comprovi la connexió i torni-ho a provar.',
  tryAgain: 'Torna-ho a provar',
  expiredBody: 'Torni a carregar la pàgina per continuar.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `És possible que el pagament de ${amount} s'hagi fet: comprovi les seves comandes abans de tornar a pagar.`,
  notCharged: 'No se li ha cobrat res.',
  reloadPage: 'Torna a carregar la pàgina',
  blockedBody:
    "Aquest compte no pot fer pagaments aquí. Posi's en contacte amb el servei d'atenció al client.",
  contactSupport: "Contacta amb l'atenció al client",
  checkAgain: 'Torna a comprovar-ho',
  verificationBody:
    "Completi la verificació d'identitat i, després, torni a comprovar-ho per finalitzar la compra.",
  verifyIdentity: 'Verifica la identitat',
  noBankAccountsBody:
    'Afegeixi un compte bancari al seu perfil i, després, torni a comprovar-ho per pagar.',
  addBankAccount: 'Afegeix un compte bancari',
  declinedBody: ({ account }) =>
    `El seu banc ha rebutjat el pagament des del compte ${account}. Triï un altre compte o torni-ho a provar amb aquest.`,
  tryAccountAgain: 'Torna-ho a provar amb aquest compte',
  unconfirmedBody: ({ amount, account }) =>
    `És possible que el pagament de ${amount} des del compte ${account} s'hagi fet. Torni-ho a provar per completar-lo: s'enviarà el mateix pagament i no se li cobrarà dues vegades.`,
  unconfirmedLocked:
    "El compte i l'import no es poden canviar fins que no en tinguem la confirmació.",
  failedBody: 'No se li ha cobrat res. Torni-ho a provar.',

  deviceChecking: "S'està fent una comprovació de seguretat…",
  deviceCheckingAnnouncement: "S'està fent una comprovació de seguretat.",
  deviceFailedTitle: "La comprovació de seguretat no s'ha carregat",
  deviceFailedBody:
    'Aquesta compra requereix una comprovació ràpida del dispositiu. Desactivi els bloquejadors de contingut i torni-ho a provar.',
  retryDeviceCheck: 'Repeteix la comprovació de seguretat',
  deviceMissingBody:
    'Aquesta compra requereix una comprovació del dispositiu que no està disponible en aquesta pàgina.',

  orderSummary: 'Resum de la comanda',
  quantity: ({ quantity }) => `Quant.: ${quantity}`,
  subtotal: 'Subtotal',
  receiptTo: 'Rebut a',
  settlesIn: 'Es liquida en',
  payFrom: 'Compte de càrrec',
  endingIn: 'acabat en',
  declinedBadge: 'Rebutjat',
  account: ({ alias, last4 }) => `${alias} acabat en ${last4}`,
  pay: ({ amount }) => `Paga ${amount}`,
  retryPayment: ({ amount }) => `Torna a provar el pagament de ${amount}`,
  processing: "S'està processant…",

  authorization: (values) =>
    `En seleccionar «${values.payLabel}», vostè autoritza ${values.merchantName} a fer un càrrec únic de ${values.amount} al compte ${values.alias} ••${values.last4} a partir del ${values.date}. Pot revocar aquesta autorització posant-se en contacte amb ${values.merchantContact} abans que el càrrec s'enviï al seu banc.`,
  merchantContactFallback: 'el comerç',
  authorizationInEnglish: "L'autorització en anglès",

  submittedBody: ({ amount, account, date }) =>
    `El pagament de ${amount} des del compte ${account} s'ha enviat al seu banc. Està previst que es liquidi el ${date}.`,
  receiptGoesTo: ({ email }) => `S'enviarà un rebut a ${email}.`,
  reference: 'Referència',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pagament enviat: ${amount} des del compte ${account}, amb liquidació prevista el ${date}.`,
  authorizationCopyTitle: 'La seva autorització',
  authorizationAccepted: ({ date }) => `Acceptada el ${date}.`,
  saveAuthorization: "Desa l'autorització",
  printAuthorization: "Imprimeix l'autorització",
  authorizationFileName: ({ reference }) => `autoritzacio-de-pagament-${reference}.txt`,
};

export default messages;
