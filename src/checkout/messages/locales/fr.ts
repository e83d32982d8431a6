// The checkout's words in French as written in France (français).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problème", "3 problèmes": the plural form French's rules choose for the count (0 and 1 are
 * singular; "many", for millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('fr').select(count) === 'one' ? 'problème' : 'problèmes'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Paiement',

  invalidTitle: 'Ce module de paiement est mal configuré',
  loadingTitle: 'Chargement de vos informations de paiement',
  loadErrorTitle: 'Impossible de charger vos informations de paiement',
  expiredTitle: 'Votre session a expiré',
  blockedTitle: 'Les paiements sont indisponibles pour ce compte',
  verificationTitle: 'Vérifiez votre identité pour payer',
  noBankAccountsTitle: 'Aucun compte bancaire enregistré',
  deviceRequiredTitle: 'Contrôle de sécurité indisponible',
  readyTitle: 'Prêt pour le paiement',
  submittingTitle: 'Traitement de votre paiement',
  declinedTitle: 'Paiement refusé',
  unconfirmedTitle: "Nous n'avons pas pu confirmer votre paiement",
  failedTitle: "Le paiement n'a pas abouti",
  submittedTitle: 'Paiement transmis',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Les paiements sont indisponibles sur cette page. ${problems(count)} à corriger par l'équipe de développement du site\u00a0:`,
  loading: 'Chargement de vos informations de paiement…',
  loadErrorBody: 'Vérifiez votre connexion et réessayez.',
  tryAgain: 'Réessayer',
  expiredBody: 'Rechargez la page pour continuer.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Votre paiement de ${amount} a peut-être abouti\u00a0: vérifiez vos commandes avant de payer à nouveau.`,
  notCharged: 'Aucun montant ne vous a été prélevé.',
  reloadPage: 'Recharger la page',
  blockedBody:
    'Ce compte ne peut pas effectuer de paiements ici. Veuillez contacter le service client.',
  contactSupport: 'Contacter le service client',
  checkAgain: 'Vérifier à nouveau',
  verificationBody:
    "Terminez la vérification d'identité, puis vérifiez à nouveau pour finaliser votre achat.",
  verifyIdentity: 'Vérifier mon identité',
  noBankAccountsBody:
    'Ajoutez un compte bancaire à votre espace client, puis vérifiez à nouveau pour payer.',
  addBankAccount: 'Ajouter un compte bancaire',
  declinedBody: ({ account }) =>
    `Votre banque a refusé le paiement depuis le compte ${account}. Choisissez un autre compte ou réessayez avec celui-ci.`,
  tryAccountAgain: 'Réessayer avec ce compte',
  unconfirmedBody: ({ amount, account }) =>
    `Votre paiement de ${amount} depuis le compte ${account} a peut-être abouti. Réessayez pour le finaliser\u00a0: le même paiement est renvoyé, et le montant ne sera pas prélevé deux fois.`,
  unconfirmedLocked:
    "Le compte et le montant ne peuvent pas être modifiés tant que nous n'en savons pas plus.",
  failedBody: 'Aucun montant ne vous a été prélevé. Veuillez réessayer.',

  deviceChecking: 'Contrôle de sécurité en cours…',
  deviceCheckingAnnouncement: 'Contrôle de sécurité en cours.',
  deviceFailedTitle: "Le contrôle de sécurité ne s'est pas chargé",
  deviceFailedBody:
    "Cet achat nécessite une brève vérification de l'appareil. Désactivez les bloqueurs de contenu et réessayez.",
  retryDeviceCheck: 'Relancer le contrôle de sécurité',
  deviceMissingBody:
    "Cet achat nécessite une vérification de l'appareil qui n'est pas disponible sur cette page.",

  orderSummary: 'Récapitulatif de la commande',
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
    `En sélectionnant «\u00a0${values.payLabel}\u00a0», vous autorisez ${values.merchantName} à effectuer un prélèvement unique de ${values.amount} sur le compte ${values.alias} ••${values.last4} à compter du ${values.date}. Vous pouvez révoquer cette autorisation en contactant ${values.merchantContact} avant que le prélèvement ne soit transmis à votre banque.`,
  merchantContactFallback: 'le commerçant',
  authorizationInEnglish: "L'autorisation en anglais",

  submittedBody: ({ amount, account, date }) =>
    `Votre paiement de ${amount} depuis le compte ${account} a été transmis à votre banque. Son règlement est prévu le ${date}.`,
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
