// The checkout's words in Latin American Spanish (español de Latinoamérica).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemas": the plural form Spanish's rules choose for the count ("many", for
 * millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('es-419').select(count) === 'one' ? 'problema' : 'problemas'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pago',

  invalidTitle: 'Este formulario de pago no está bien configurado',
  loadingTitle: 'Cargando los datos de su pago',
  loadErrorTitle: 'No pudimos cargar los datos de su pago',
  expiredTitle: 'Su sesión expiró',
  blockedTitle: 'Los pagos no están disponibles para esta cuenta',
  verificationTitle: 'Verifique su identidad para pagar',
  noBankAccountsTitle: 'No hay ninguna cuenta bancaria registrada',
  deviceRequiredTitle: 'Verificación de seguridad no disponible',
  readyTitle: 'Listo para pagar',
  submittingTitle: 'Procesando su pago',
  declinedTitle: 'Pago rechazado',
  unconfirmedTitle: 'No pudimos confirmar su pago',
  failedTitle: 'No se pudo realizar el pago',
  submittedTitle: 'Pago enviado',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Los pagos no están disponibles en esta página. ${problems(count)} para el equipo de desarrollo del sitio:`,
  loading: 'Cargando los datos de su pago…',
  loadErrorBody: 'Revise su conexión e inténtelo de nuevo.',
  tryAgain: 'Intentar de nuevo',
  expiredBody: 'Vuelva a cargar la página para continuar.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Es posible que su pago de ${amount} se haya realizado: revise sus pedidos antes de volver a pagar.`,
  notCharged: 'No se le cobró nada.',
  reloadPage: 'Volver a cargar la página',
  blockedBody:
    'Esta cuenta no puede realizar pagos aquí. Comuníquese con el servicio de atención al cliente.',
  contactSupport: 'Contactar a atención al cliente',
  checkAgain: 'Volver a verificar',
  verificationBody:
    'Termine la verificación de identidad y luego vuelva a verificar para finalizar su compra.',
  verifyIdentity: 'Verificar mi identidad',
  noBankAccountsBody:
    'Agregue una cuenta bancaria a su perfil y luego vuelva a verificar para pagar.',
  addBankAccount: 'Agregar una cuenta bancaria',
  declinedBody: ({ account }) =>
    `Su banco rechazó el pago desde la cuenta ${account}. Elija otra cuenta o vuelva a intentarlo con esta.`,
  tryAccountAgain: 'Volver a intentar con esta cuenta',
  unconfirmedBody: ({ amount, account }) =>
    `Es posible que su pago de ${amount} desde la cuenta ${account} se haya realizado. Vuelva a intentarlo para completarlo: se enviará el mismo pago y no se le cobrará dos veces.`,
  unconfirmedLocked: 'La cuenta y el monto no se pueden cambiar hasta que sepamos el resultado.',
  failedBody: 'No se le cobró nada. Inténtelo de nuevo.',

  deviceChecking: 'Realizando una verificación de seguridad…',
  deviceCheckingAnnouncement: 'Realizando una verificación de seguridad.',
  deviceFailedTitle: 'No se cargó la verificación de seguridad',
  deviceFailedBody:
    'Esta compra requiere una verificación rápida del dispositivo. Desactive los bloqueadores de contenido y vuelva a intentarlo.',
  retryDeviceCheck: 'Repetir la verificación de seguridad',
  deviceMissingBody:
    'Esta compra requiere una verificación del dispositivo que no está disponible en esta página.',

  orderSummary: 'Resumen del pedido',
  quantity: ({ quantity }) => `Cant.: ${quantity}`,
  subtotal: 'Subtotal',
  receiptTo: 'Recibo a',
  settlesIn: 'Se liquida en',
  payFrom: 'Pagar desde',
  endingIn: 'terminada en',
  declinedBadge: 'Rechazada',
  account: ({ alias, last4 }) => `${alias} terminada en ${last4}`,
  pay: ({ amount }) => `Pagar ${amount}`,
  retryPayment: ({ amount }) => `Reintentar el pago de ${amount}`,
  processing: 'Procesando…',

  authorization: (values) =>
    `Al seleccionar “${values.payLabel}”, usted autoriza a ${values.merchantName} a realizar un único débito de ${values.amount} de la cuenta ${values.alias} ••${values.last4} a partir del ${values.date}. Puede revocar esta autorización comunicándose con ${values.merchantContact} antes de que el débito se envíe a su banco.`,
  merchantContactFallback: 'el comercio',
  authorizationInEnglish: 'La autorización en inglés',

  submittedBody: ({ amount, account, date }) =>
    `Su pago de ${amount} desde la cuenta ${account} se envió a su banco. Se espera que se haga efectivo el ${date}.`,
  receiptGoesTo: ({ email }) => `Enviaremos un recibo a ${email}.`,
  reference: 'Referencia',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pago enviado: ${amount} desde la cuenta ${account}; se espera que se haga efectivo el ${date}.`,
  authorizationCopyTitle: 'Su autorización',
  authorizationAccepted: ({ date }) => `Aceptada el ${date}.`,
  saveAuthorization: 'Guardar su autorización',
  printAuthorization: 'Imprimir su autorización',
  authorizationFileName: ({ reference }) => `autorizacion-de-pago-${reference}.txt`,
};

export default messages;
