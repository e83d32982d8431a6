// The checkout's words in Spanish as written in Spain (español de España).
import type { CheckoutMessages } from '../catalogue.js';

const plural = new Intl.PluralRules('es');

const messages: CheckoutMessages = {
  checkoutTitle: 'Pago',

  invalidTitle: 'Este pago no está configurado correctamente',
  loadingTitle: 'Cargando los datos de su pago',
  loadErrorTitle: 'No hemos podido cargar los datos de su pago',
  expiredTitle: 'Su sesión ha caducado',
  blockedTitle: 'Los pagos no están disponibles para esta cuenta',
  verificationTitle: 'Verifique su identidad para pagar',
  noBankAccountsTitle: 'No tiene ninguna cuenta bancaria registrada',
  deviceRequiredTitle: 'Comprobación de seguridad no disponible',
  readyTitle: 'Listo para pagar',
  submittingTitle: 'Procesando su pago',
  declinedTitle: 'Pago rechazado',
  unconfirmedTitle: 'No hemos podido confirmar su pago',
  failedTitle: 'El pago no se ha realizado',
  submittedTitle: 'Pago enviado',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Los pagos no están disponibles en esta página. ${count} ${
      plural.select(count) === 'one' ? 'problema' : 'problemas'
    } para el desarrollador del sitio:`,
  loading: 'Cargando los datos de su pago…',
  loadErrorBody: 'Compruebe su conexión y vuelva a intentarlo.',
  tryAgain: 'Volver a intentarlo',
  expiredBody: 'Vuelva a cargar la página para continuar.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Es posible que su pago de ${amount} se haya realizado: revise sus pedidos antes de volver a pagar.`,
  notCharged: 'No se le ha cobrado nada.',
  reloadPage: 'Volver a cargar la página',
  blockedBody:
    'Esta cuenta no puede realizar pagos aquí. Póngase en contacto con el servicio de atención al cliente.',
  contactSupport: 'Contactar con atención al cliente',
  checkAgain: 'Volver a comprobar',
  verificationBody:
    'Complete la verificación de identidad y vuelva a comprobarlo para finalizar su compra.',
  verifyIdentity: 'Verificar mi identidad',
  noBankAccountsBody: 'Añada una cuenta bancaria a su perfil y vuelva a comprobarlo para pagar.',
  addBankAccount: 'Añadir una cuenta bancaria',
  declinedBody: ({ account }) =>
    `Su banco ha rechazado el pago desde ${account}. Elija otra cuenta o vuelva a intentarlo con esta.`,
  tryAccountAgain: 'Reintentar con esta cuenta',
  unconfirmedBody: ({ amount, account }) =>
    `Es posible que su pago de ${amount} desde ${account} se haya realizado. Reinténtelo para finalizarlo: se enviará el mismo pago y no se le cobrará dos veces.`,
  unconfirmedLocked: 'La cuenta y el importe no pueden cambiarse hasta que lo sepamos.',
  failedBody: 'No se le ha cobrado nada. Vuelva a intentarlo.',

  deviceChecking: 'Realizando una comprobación de seguridad…',
  deviceCheckingAnnouncement: 'Realizando una comprobación de seguridad.',
  deviceFailedTitle: 'No se ha podido cargar la comprobación de seguridad',
  deviceFailedBody:
    'Esta compra requiere una breve comprobación del dispositivo. Desactive los bloqueadores de contenido y vuelva a intentarlo.',
  retryDeviceCheck: 'Repetir la comprobación de seguridad',
  deviceMissingBody:
    'Esta compra requiere una comprobación del dispositivo que no está disponible en esta página.',

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
    `Al seleccionar ${values.payLabel}, autoriza a ${values.merchantName} a realizar un único cargo de ${values.amount} en ${values.alias} ••${values.last4} a partir del ${values.date}. Puede revocar esta autorización poniéndose en contacto con ${values.merchantContact} antes de que el cargo se envíe a su banco.`,
  merchantContactFallback: 'el comercio',
  authorizationInEnglish: 'La autorización en inglés',

  submittedBody: ({ amount, account, date }) =>
    `Su pago de ${amount} desde ${account} se ha enviado a su banco. Está previsto que se haga efectivo el ${date}.`,
  receiptGoesTo: ({ email }) => `Le enviaremos el recibo a ${email}.`,
  reference: 'Referencia',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pago enviado: ${amount} desde ${account}, previsto para hacerse efectivo el ${date}.`,
  authorizationCopyTitle: 'Su autorización',
  authorizationAccepted: ({ date }) => `Aceptada el ${date}.`,
  saveAuthorization: 'Guardar su autorización',
  printAuthorization: 'Imprimir su autorización',
  authorizationFileName: ({ reference }) => `autorizacion-de-pago-${reference}.txt`,
};

export default messages;
