// The checkout's words in Canadian French (français du Canada), in Québec's banking terms.
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problème", "3 problèmes": the plural form French's rules choose for the count (0 and 1 are
 * singular; "many", for millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('fr-CA').select(count) === 'one' ? 'problème' : 'problèmes'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Paiement',

  invalidTitle: 'Ce module de paiement est mal configuré',
  loadingTitle: 'Chargement de vos renseignements de paiement',
  loadErrorTitle: 'Impossible de charger vos renseignements de paiement',
  expiredTitle: 'Votre session a expiré',
  blockedTitle: 'Les paiements ne sont pas offerts pour ce compte',
  verificationTitle: 'Vérifiez votre identité pour payer',
  noBankAccountsTitle: 'Aucun compte bancaire au dossier',
  deviceRequiredTitle: 'Vérification de sécurité non disponible',
  readyTitle: 'Prêt pour le paiement',
  submittingTitle: 'Traitement de votre paiement',
  declinedTitle: 'Paiement refusé',
  unconfirmedTitle: "Nous n'avons pas pu confirmer votre paiement",
  failedTitle: "Le paiement n'a pas abouti",
  submittedTitle: 'Paiement transmis',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Les paiements ne sont pas offerts sur cette page. ${problems(count)} à corriger par l'équipe de développement du site\u00a0:`,
  loading: 'Chargement de vos renseignements de paiement…',
  loadErrorBody: 'Vérifiez votre connexion et réessayez.',
  tryAgain: 'Réessayer',
  expiredBody: 'Actualisez la page pour continuer.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Votre paiement de ${amount} a peut-être été effectué\u00a0: vérifiez vos commandes avant de payer de nouveau.`,
  notCharged: "Aucun montant n'a été débité de votre compte.",
  reloadPage: 'Actualiser la page',
  blockedBody:
    'Ce compte ne peut pas effectuer de paiements ici. Veuillez communiquer avec le service à la clientèle.',
  contactSupport: 'Joindre le service à la clientèle',
  checkAgain: 'Vérifier de nouveau',
  verificationBody:
    "Terminez la vérification d'identité, puis vérifiez de nouveau pour finaliser votre achat.",
  verifyIdentity: 'Vérifier mon identité',
  noBankAccountsBody:
    'Ajoutez un compte bancaire à votre profil, puis vérifiez de nouveau pour payer.',
  addBankAccount: 'Ajouter un compte bancaire',
  declinedBody: ({ account }) =>
    `Votre institution financière a refusé le paiement depuis le compte ${account}. Choisissez un autre compte ou réessayez avec celui-ci.`,
  tryAccountAgain: 'Réessayer avec ce compte',
  unconfirmedBody: ({ amount, account }) =>
    `Votre paiement de ${amount} depuis le compte ${account} a peut-être été effectué. Réessayez pour le finaliser\u00a0: le même paiement est transmis de nouveau, et le montant ne sera pas débité deux fois.`,
  unconfirmedLocked:
    "Le compte et le montant ne peuvent pas être modifiés tant que nous n'en savons pas plus.",
  failedBody: "Aucun montant n'a été débité de votre compte. Veuillez réessayer.",

  deviceChecking: 'Vérification de sécurité en cours…',
  deviceCheckingAnnouncement: 'Vérification de sécurité en cours.',
  deviceFailedTitle: "La vérification de sécurité ne s'est pas chargée",
  deviceFailedBody:
    "Cet achat nécessite une brève vérification de l'appareil. Désactivez les bloqueurs de contenu et réessayez.",
  retryDeviceCheck: 'Relancer la vérification de sécurité',
  deviceMissingBody:
    "Cet achat nécessite une vérification de l'appareil qui n'est pas offerte sur cette page.",

  orderSummary: 'Résumé de la commande',
  quantity: ({ quantity }) => `Qté\u00a0: ${quantity}`,
  subtotal: 'Sous-total',
  receiptTo: 'Reçu envoyé à',
  settlesIn: 'Règlement en',
  payFrom: 'Compte à débiter',
  endingIn: 'se terminant par',
  declinedBadge: 'Refusé',
  account: ({ alias, last4 }) => `${alias} se terminant par ${last4}`,
  pay: ({ amount }) => `Payer ${amount}`,
  retryPayment: ({ amount }) => `Relancer le paiement de ${amount}`,
  processing: 'Traitement en cours…',

  authorization: (values) =>
    `En sélectionnant «\u00a0${values.payLabel}\u00a0», vous autorisez ${values.merchantName} à effectuer un débit préautorisé unique de ${values.amount} sur le compte ${values.alias} ••${values.last4} à compter du ${values.date}. Vous pouvez révoquer cette autorisation en communiquant avec ${values.merchantContact} avant que le débit soit transmis à votre institution financière.`,
  merchantContactFallback: 'le marchand',
  authorizationInEnglish: "L'autorisation en anglais",

  submittedBody: ({ amount, account, date }) =>
    `Votre paiement de ${amount} depuis le compte ${account} a été transmis à votre institution financière. Son règlement est prévu le ${date}.`,
  receiptGoesTo: ({ email }) => `Un reçu sera envoyé à ${email}.`,
  reference: 'Référence',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Paiement transmis\u00a0: ${amount} depuis le compte ${account}, règlement prévu le ${date}.`,
  authorizationCopyTitle: 'Votre autorisation',
  authorizationAccepted: ({ date }) => `Acceptée le ${date}.`,
  saveAuthorization: 'Enregistrer votre autorisation',
  printAuthorization: 'Imprimer votre autorisation',
  authorizationFileName: ({ reference }) => `autorisation-de-prelevement-${reference}.txt`,
};

export default messages;
