// The shop's own words in Spanish. Brand and product-line names (Skyreach, Emberfall, ACH) stay
// as they are.
import type { ShopText } from './en.js';

const plural = new Intl.PluralRules('es');
const list = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

export const es: ShopText = {
  // Header, footer and the language picker
  skipToContent: 'Ir al contenido',
  testModeLabel: 'Modo de prueba',
  sandbox: 'Sandbox',
  testMode: 'Modo de prueba',
  paymentsGoToSandbox: ': los pagos van al sandbox local',
  at: 'en',
  noRealMoney: '. No se mueve dinero real.',
  storeSuffix: 'Store',
  mainNav: 'Principal',
  navShop: 'Tienda',
  navOrders: 'Pedidos',
  navMerchant: 'Comercio',
  navCart: 'Carrito',
  cartItems: (count) => (count === 1 ? ' artículo' : ' artículos'),
  language: 'Idioma',
  signIn: 'Iniciar sesión',
  account: (customerId) => `Cuenta: ${customerId}`,
  yourOrders: 'Tus pedidos',
  switchCustomer: 'Cambiar de cliente',
  signOut: 'Cerrar sesión',
  signOutEverywhere: 'Cerrar sesión en todas partes',
  pleaseTryAgain: 'Inténtalo de nuevo.',
  signOutEverywhereFailed: (reason) => `No se pudo cerrar la sesión en todas partes: ${reason}`,
  isADemoFor: 'es una tienda de demostración de',
  fictional: 'Los artículos, las gemas y los clientes son ficticios.',
  testPersonas: 'Clientes de prueba',
  merchantDashboard: 'Panel del comercio',
  support: 'Ayuda',

  // The shop and product pages
  seasonLive: 'Ya llegó la temporada 7',
  heroTitle: (game) => `Emberfall llega a ${game}`,
  heroBody:
    'Setenta niveles de recompensas, un título nuevo y mil gemas por el camino. Consigue el pase prémium y empieza a subir hoy mismo.',
  getThePass: (price) => `Consigue el pase · ${price}`,
  browseTheStore: 'Ver la tienda',
  store: 'Tienda',
  category: 'Categoría',
  all: 'Todo',
  categories: {
    Gems: 'Gemas',
    'Season pass': 'Pase de temporada',
    Cosmetics: 'Cosméticos',
    Expansions: 'Expansiones',
    Tournaments: 'Torneos',
    'Sandbox tests': 'Pruebas del sandbox',
  },
  whyBuyHere: 'Por qué comprar aquí',
  instantDelivery: 'Entrega inmediata',
  instantDeliveryBody: (game) => `Todo llega a tu cuenta de ${game} en cuanto pagas.`,
  payByBank: 'Paga con tu banco',
  payByBankBody: 'Paga directamente desde una cuenta bancaria guardada. Sin escribir tarjetas.',
  protectedPurchases: 'Compras protegidas',
  protectedPurchasesBody:
    'La protección contra contracargos mantiene los precios bajos para todos.',
  addToCart: 'Añadir al carrito',
  added: 'Añadido',
  buyNow: 'Comprar ahora',
  addedToCart: 'Se añadió a tu carrito.',
  viewCart: 'Ver el carrito',
  quantity: 'Cantidad',
  breadcrumb: 'Ruta de navegación',
  instantToYourAccount: 'Inmediata, en tu cuenta',
  redeemBy: 'Canjear antes del',
  checkoutCategory: 'Categoría en el pago',
  oneFewer: 'Uno menos',
  oneMore: 'Uno más',
  youMightAlsoLike: 'También te puede gustar',
  products: {
    'gem-pouch': {
      name: 'Bolsa de gemas',
      tagline: '500 gemas para empezar',
      description:
        'Un puñado de gemas para tus primeras mejoras: desbloquea un espacio de héroe, acelera una forja o aprovecha la oferta del día.',
      includes: ['500 gemas', 'Entrega inmediata en tu cuenta'],
    },
    'gem-hoard': {
      name: 'Tesoro de gemas',
      tagline: '2800 gemas + 300 de regalo',
      description:
        'El paquete que más eligen los jugadores. Gemas suficientes para una ruta completa de mejora legendaria, con 300 gemas extra.',
      badge: 'El más popular',
      includes: ['2800 gemas', '300 gemas de regalo', 'Entrega inmediata en tu cuenta'],
    },
    'dragon-vault': {
      name: 'Cámara del dragón',
      tagline: '6500 gemas + 1500 de regalo',
      description:
        'Para líderes de gremio y coleccionistas: el mayor cofre de gemas de la tienda, con el mejor precio por gema.',
      badge: 'Mejor precio',
      includes: ['6500 gemas', '1500 gemas de regalo', 'Marco de perfil de guardián de la cámara'],
    },
    'season-pass': {
      name: 'Pase de la temporada 7: Emberfall',
      tagline: '70 niveles de recompensas toda la temporada',
      description:
        'Desbloquea la ruta prémium de la temporada 7. Cada nivel que subes tiene premio: aspectos, gemas, gestos y el título de Emberfall.',
      badge: 'Nueva temporada',
      includes: [
        'Ruta de recompensas prémium (70 niveles)',
        '1000 gemas a lo largo de la temporada',
        'Título de Emberfall',
      ],
    },
    'frostwing-mount': {
      name: 'Montura Alaescarcha',
      tagline: 'Un draco de hielo que puedes montar, tuyo para siempre',
      description:
        'Sobrevuela las Islas Hundidas a lomos de un draco de escarcha viva. Solo estético: parece rápido, pero vuela como cualquier otra montura.',
      includes: ['Montura Alaescarcha', 'Efecto de estela de escarcha'],
    },
    'sunken-isles': {
      name: 'Las Islas Hundidas',
      tagline: 'Expansión: una región nueva y 12 misiones',
      description:
        'Sumérgete en un archipiélago ahogado: una región nueva por explorar, 12 misiones de historia, dos mazmorras y la clase Invocamareas.',
      includes: [
        'Una región nueva y 12 misiones de historia',
        'Clase Invocamareas',
        'Dos mazmorras',
      ],
    },
    'arena-cup': {
      name: 'Inscripción a la Copa de la Arena',
      tagline: 'Compite por parte de 50 000 gemas',
      description:
        'Una inscripción a la copa clasificatoria 1 contra 1 de este fin de semana. Los 64 mejores se reparten el premio; gana la habilidad, no el azar.',
      includes: ['Una inscripción al torneo', 'Insignia de participante de la copa'],
    },
    'returned-payment-test': {
      name: 'Prueba del sandbox: un pago devuelto',
      tagline: '2,22 US$, el importe que el sandbox liquida como devuelto',
      description:
        'No es un artículo real: al pagar 2,22 US$, el sandbox devuelve el pago (R01, fondos insuficientes) después de procesarlo, para que veas un pedido que termina devuelto en lugar de pagado.',
      includes: ['Un pedido que termina devuelto', 'No se entrega nada'],
    },
    'late-return-test': {
      name: 'Prueba del sandbox: una devolución tardía',
      tagline: '10,10 US$, el importe que el sandbox devuelve diez días después de liquidarlo',
      description:
        'No es un artículo real: al pagar 10,10 US$, el pago se liquida y entrega sus gemas; diez días del sandbox después, se devuelve (R10, no autorizado) y la tienda retira las gemas.',
      includes: [
        '1010 gemas y la insignia de la prueba de devolución tardía',
        'Se retiran cuando se devuelve el pago',
      ],
    },
  },
  // Gems and items, as orders deliver them and the inventory holds them
  goods: {
    gems: (count) =>
      `${count.toLocaleString('es')} ${plural.select(Math.abs(count)) === 'one' ? 'gema' : 'gemas'}`,
    list: (parts) => list.format(parts),
    nothing: 'nada',
    items: {
      'Vault-keeper profile frame': 'Marco de perfil de guardián de la cámara',
      'Season 7 Pass: Emberfall': 'Pase de la temporada 7: Emberfall',
      'Frostwing mount': 'Montura Alaescarcha',
      'Frost trail effect': 'Efecto de estela de escarcha',
      'The Sunken Isles expansion': 'Expansión Las Islas Hundidas',
      'Weekend Arena Cup entry': 'Inscripción a la Copa de la Arena',
      'Cup participant badge': 'Insignia de participante de la copa',
      'Late-return test badge': 'Insignia de la prueba de devolución tardía',
    },
  },

  // The cart
  yourCart: 'Tu carrito',
  cartEmpty: 'Tu carrito está vacío',
  cartEmptyBody: 'Las gemas, los pases y las expansiones te esperan.',
  itemsInCart: 'Artículos en tu carrito',
  each: (price) => `${price} c/u`,
  remove: 'Quitar',
  quantityOf: (name) => `Cantidad de ${name}`,
  summary: 'Resumen',
  itemsCount: (count) => `Artículos (${count})`,
  delivery: 'Entrega',
  instantFree: 'Inmediata · gratis',
  total: 'Total',
  checkOut: 'Pagar',
  signInToCheckOut: 'Inicia sesión para pagar',
  payByBankFinePrint: 'Paga desde una cuenta bancaria que guardaste en el servicio de pagos.',

  // The checkout page
  checkout: 'Pago',
  loadingCheckout: 'Cargando el pago…',
  checkoutSignInBody: 'Los pagos se hacen desde las cuentas bancarias guardadas en tu cuenta.',
  nothingToPay: 'Todavía no hay nada que pagar',
  addSomethingFirst: 'Primero añade algo a tu carrito.',
  settingsFailed: 'La tienda no pudo cargar su configuración',
  reloadToTryAgain: 'Vuelve a cargar la página para intentarlo de nuevo.',
  completeYourPurchase: 'Completa tu compra',
  reviewYourOrder: 'Revisa tu pedido',
  qty: (quantity) => `Cant. ${quantity}`,
  payingAs: 'Pagas como',
  receiptTo: (email) => `Recibo a ${email}`,
  notYou: '¿No eres tú?',
  editCart: '← Editar el carrito',
  payment: 'Datos del pago',
  preparingPayment: 'Preparando un pago seguro…',
  preparingOrder: 'Preparando tu pedido…',
  signInEnded: 'Tu sesión terminó',
  paymentUnavailable: 'El pago no está disponible',
  signInAgainToPay: 'Vuelve a iniciar sesión para pagar.',
  couldNotStartPayment: 'La tienda no pudo iniciar el pago.',
  tryAgain: 'Intentar de nuevo',

  // The order pages
  yourOrder: 'Tu pedido',
  loadingOrder: 'Cargando el pedido…',
  signInToSeeOrder: 'Inicia sesión para ver este pedido',
  noSuchOrder: 'Ese pedido no existe',
  noOrderWithId: 'No tienes ningún pedido con este identificador.',
  couldNotLoadOrder: 'No se pudo cargar el pedido',
  allYourOrders: 'Todos tus pedidos',
  orderPlaced: 'Pedido realizado',
  order: 'Pedido',
  orderDetails: 'Detalles del pedido',
  qtyEach: (quantity, price) => `Cant. ${quantity} · ${price} c/u`,
  placed: 'Fecha',
  deliversOncePaid: 'Se entrega una vez pagado',
  receiptSentTo: 'Recibo enviado a',
  customer: 'Cliente',
  continueShopping: 'Seguir comprando',
  paymentId: 'Id. del pago',
  copy: 'Copiar',
  copied: 'Copiado',
  returnCode: (code) => ` (código de devolución ${code})`,
  statusLabels: {
    awaiting_payment: 'Pendiente de pago',
    processing: 'Pago enviado',
    paid: 'Pagado',
    expired: 'Vencido',
    returned: 'Pago devuelto',
    failed: 'Pago fallido',
    refunded: 'Reembolsado',
    reversed: 'Pago revertido',
  },
  achTiming: (env) =>
    env === 'prod'
      ? 'Los pagos bancarios ACH suelen tardar de 1 a 3 días hábiles en acreditarse.'
      : 'En este sandbox tarda unos segundos; un pago bancario ACH real suele tardar de 1 a 3 días hábiles.',
  paymentSubmitted: 'Tu pago se envió',
  awaitingConfirmation: 'Estamos esperando que el servicio de pagos lo confirme.',
  waitingForPayment: 'Esperando tu pago',
  notPaidYet: (until) =>
    `Este pedido aún no está pagado. Puedes pagarlo hasta el ${until}; después vence y no se cobra nada.`,
  expectedToClear: (day) =>
    `Se espera que se acredite el ${day}; tus artículos se entregan en cuanto se acredite.`,
  deliveredOnceClears: 'Tus artículos se entregan en cuanto se acredite.',
  thankYou: '¡Gracias por tu pedido!',
  orderPaid: 'Tu pedido está pagado',
  paymentReceivedDelivered: (goods) => `Pago recibido: ${goods} entregado a tu cuenta.`,
  paymentReceived: 'Pago recibido.',
  orderExpired: 'Este pedido venció',
  expiredBody: (until) =>
    `No se pagó antes del ${until}, así que ya no se puede pagar y no se cobró nada. Para comprar estos artículos, vuelve a añadirlos al carrito.`,
  bankReturned: 'Tu banco devolvió el pago',
  noMoneyCame: 'No llegó dinero, así que no se entregó nada.',
  paymentFailed: 'El pago no se realizó',
  orderRefunded: 'Este pedido se reembolsó',
  refundedBody: 'La tienda te reembolsó el pago completo, así que este pedido no se entrega.',
  paymentReversed: 'Tu pago se revirtió',
  reversedBody: 'El pago de este pedido se devolvió.',
  loading: 'Cargando…',
  signInToSeeOrders: 'Inicia sesión para ver tus pedidos',
  yourInventory: 'Tu inventario',
  couldNotLoadInventory: 'No se pudo cargar tu inventario',
  loadingInventory: 'Cargando tu inventario…',
  loadingOrders: 'Cargando tus pedidos…',
  couldNotLoadOrders: 'No se pudieron cargar tus pedidos',
  noOrdersYet: 'Todavía no tienes pedidos',
  noOrdersBody: 'Todo lo que compres aparecerá aquí, con el estado de su pago.',
  items: 'Artículos',
  status: 'Estado',
  noItemsYet: 'Todavía no tienes artículos.',
  reversedByBank: (returnCode, when) =>
    `El banco revirtió el pago${returnCode ? ` (${returnCode})` : ''} el ${when}`,
  refundedByShop: (when) => `La tienda reembolsó el pago el ${when}`,
  tookBack: (why, goods) => `${why}: retiramos ${goods}.`,
  nothingTakenBack: (why) => `${why}: no se había entregado nada, así que no se retiró nada.`,

  whyReturned: 'Por qué tu banco lo devolvió',
  payAgainOffer:
    'Puedes volver a pagar: un pago nuevo por los mismos artículos, que apruebas en la página de pago.',
  payAgainCorrectedOffer:
    'Para corregir un pago hacemos uno nuevo: los mismos artículos, que apruebas en la página de pago.',
  authorizeAgainOffer:
    'No volveremos a cobrar este pago a menos que lo apruebes de nuevo en la página de pago.',
  anotherAccountOffer: (account) =>
    `No vuelvas a pagar desde ${account}: la página de pago te lo recordará.`,
  accountEndingIn: (last4) => `la cuenta terminada en ${last4}`,
  accountOfThisOrder: 'la cuenta con la que pagaste este pedido',
  accountOfOrder: (orderId) => `la cuenta con la que pagaste el pedido ${orderId}`,
  payAgain: 'Volver a pagar',
  approveNewPayment: 'Aprobar un pago nuevo',
  payFromAnotherAccount: 'Pagar desde otra cuenta',
  questions: '¿Tienes preguntas?',
  unusableAccountsTitle: 'Una cuenta desde la que tu banco devolvió un pago',
  doNotPayFrom: (account) => `No pagues desde ${account}: `,
  ofOrder: (orderId) => `, pedido ${orderId}.`,
  unusableAccountsBody:
    'Tu banco indicó que no puede aceptar pagos. Elige otra cuenta en la página de pago.',

  yourDebitAuthorization: 'Tu autorización de débito',
  agreedWhenYouPaid: (when) =>
    `La aceptaste al pulsar Pagar, el ${when}. Guarda una copia: indica lo que nos autorizaste a cobrar de tu cuenta.`,
  downloadCopy: 'Descargar una copia',
  authorizationCopy: {
    givenTo: (shop) => `Autorización de débito otorgada a ${shop}`,
    order: 'Pedido',
    payment: 'Pago',
    noPaymentYet: 'todavía ninguno',
    amount: 'Importe',
    accepted: 'Aceptada',
    language: 'Idioma',
    recorded: 'Registrada por el servicio de pagos',
    digest: 'SHA-256 del texto (UTF-8)',
  },

  inventoryRule:
    'Se entrega cuando se acredita el pago. Si más adelante tu banco revierte un pago, o la tienda lo reembolsa, se retira exactamente lo que entregó ese pedido.',

  // Signing in
  accountEyebrow: 'Cuenta',
  signedInAs: 'Iniciaste sesión como',
  pickAnotherCustomer: '. Elige otro cliente para cambiar.',
  signInLede:
    'Inicia sesión, o elige un identificador de cliente y una contraseña nuevos para registrarte. Los clientes de prueba del sandbox están a un clic.',
  signedOutTitle: 'Se cerró tu sesión',
  signedOutReasons: {
    'time-travel':
      'El viaje en el tiempo adelantó el reloj de la tienda más allá del fin de tu sesión: las sesiones duran 7 días según el reloj de la tienda. Vuelve a iniciar sesión para continuar.',
    'session-ended': 'Tu sesión terminó. Vuelve a iniciar sesión para continuar.',
  },
  yourAccount: 'Tu cuenta',
  customerId: 'Identificador de cliente',
  customerIdExample: (example) => `por ejemplo, ${example}`,
  customerIdHint:
    'El identificador propio de la tienda para el cliente: un nombre de usuario, un UUID, lo que sea.',
  password: 'Contraseña',
  passwordHint: '¿Eres nuevo? Esta contraseña te registra: 8 caracteres o más.',
  email: 'Correo electrónico',
  optional: 'opcional',
  emailPlaceholder: 'aquí llegan los recibos',
  couldNotSignIn: 'No se pudo iniciar sesión',
  signingIn: 'Iniciando sesión…',
  signInFinePrint: {
    beforeSignUp:
      'El servidor de la tienda solo guarda un hash scrypt de tu contraseña y le da a tu navegador un identificador de sesión opaco en una cookie httpOnly. Informa al servicio de pagos sobre ti con un evento de pagador',
    beforeSignIn: 'la primera vez y',
    end: 'las siguientes.',
  },

  // Linking a bank account
  linkBankAccount: 'Vincular una cuenta bancaria',
  signInToLink: 'Inicia sesión para vincular una cuenta bancaria',
  linkLede:
    'Aquí los pagos se hacen desde una cuenta bancaria guardada en nuestro proveedor de pagos. Cuando vincules una, podrás pagar con ella en la página de pago.',
  linkTestTitle: 'Modo de prueba: vincula una cuenta del sandbox',
  linkTestBody:
    'La tienda funciona con el sandbox de pagos, así que no interviene ningún banco real: al vincular se añade una cuenta corriente del sandbox a tu ficha de cliente, como lo haría la vinculación del propio proveedor, y vuelves a la página de pago.',
  notLinked: 'No se vinculó la cuenta',
  linking: 'Vinculando…',
  linkTestAccount: 'Vincular una cuenta bancaria de prueba',
  backWithoutLinking: 'Volver sin vincular',
  linkWithProvider: 'Vincula la cuenta con el proveedor de pagos',
  linkWithProviderBody:
    'Las cuentas bancarias se vinculan con el proveedor de pagos. Esta tienda solo funciona en modo de prueba.',
  back: 'Volver',

  // Support, and an address with nothing at it
  contactSupport: 'Contactar con el servicio de ayuda',
  supportLede: 'Respondemos todos los mensajes en un día hábil.',
  paymentsBlockedTitle: '¿No puedes pagar con tu cuenta?',
  paymentsBlockedBody:
    'Nuestro proveedor de pagos puede bloquear los pagos de una cuenta, por ejemplo para protegerla tras una actividad inusual. No podemos levantar ese bloqueo desde la página de pago, pero podemos revisarlo con el proveedor.',
  writeTo: 'Escribe a',
  withYourCustomerId: 'indicando tu identificador de cliente,',
  sentenceEnd: '.',
  seeYourOrders: 'Ver tus pedidos',
  notFound: 'No encontrada',
  pageWanderedOff: 'Esta página se perdió',
  nothingAtAddress: 'No hay nada en esta dirección. En la tienda está todo lo demás.',
  backToTheStore: 'Volver a la tienda',
};
