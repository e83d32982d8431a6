// The shop's own words in English, the source: es.ts and ar.ts are typed by it, so a word left
// out of either is a type error. The checkout's words are the checkout's own (its `locale`).
import type { Env } from 'service-checkout';
import type { OrderStatus } from '../api-types.js';
import type { SignInAgainReason } from '../sign-in-again.js';
import { findProduct, type Category, type ProductId } from '../catalog.js';

/** What the shop says of one product: its name, its card's line, its page's paragraph. */
export interface ProductWords {
  name: string;
  tagline: string;
  description: string;
  /** What the buyer receives, one line each, as the product page lists it. */
  includes: string[];
  badge?: string;
}

/** The English words come from the catalogue the server prices orders with. */
function english(id: ProductId): ProductWords {
  const product = findProduct(id);
  if (!product) throw new Error(`The product ${id} is missing from src/catalog.ts.`);
  const { name, tagline, description, includes, badge } = product;
  return { name, tagline, description, includes, ...(badge && { badge }) };
}

const plural = new Intl.PluralRules('en-US');
const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

const sandboxTiming =
  'In this sandbox that takes a few seconds; a live ACH bank payment usually takes 1 to 3 business days.';

export const en = {
  // Header, footer and the language picker
  skipToContent: 'Skip to content',
  testModeLabel: 'Test mode',
  sandbox: 'Sandbox',
  testMode: 'Test mode',
  paymentsGoToSandbox: ': payments go to the local sandbox',
  at: 'at',
  noRealMoney: '. No real money moves.',
  storeSuffix: 'Store',
  mainNav: 'Main',
  navShop: 'Shop',
  navOrders: 'Orders',
  navMerchant: 'Merchant',
  navCart: 'Cart',
  cartItems: (count: number): string => (count === 1 ? ' item' : ' items'),
  language: 'Language',
  signIn: 'Sign in',
  account: (customerId: string) => `Account: ${customerId}`,
  yourOrders: 'Your orders',
  switchCustomer: 'Switch customer',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  pleaseTryAgain: 'Please try again.',
  signOutEverywhereFailed: (reason: string) => `Could not sign out everywhere: ${reason}`,
  isADemoFor: 'is a demo storefront for',
  fictional: 'Items, gems and customers are fictional.',
  testPersonas: 'Test personas',
  merchantDashboard: 'Merchant dashboard',
  support: 'Support',

  // The shop and product pages
  seasonLive: 'Season 7 is live',
  heroTitle: (game: string) => `Emberfall has come to ${game}`,
  heroBody:
    'Seventy tiers of rewards, a new title and a thousand gems along the way. Get the premium pass and start climbing today.',
  getThePass: (price: string) => `Get the pass · ${price}`,
  browseTheStore: 'Browse the store',
  store: 'Store',
  category: 'Category',
  all: 'All',
  categories: {
    Gems: 'Gems',
    'Season pass': 'Season pass',
    Cosmetics: 'Cosmetics',
    Expansions: 'Expansions',
    Tournaments: 'Tournaments',
    'Sandbox tests': 'Sandbox tests',
  } satisfies Record<Category, string>,
  whyBuyHere: 'Why buy here',
  instantDelivery: 'Instant delivery',
  instantDeliveryBody: (game: string) =>
    `Everything lands in your ${game} account the moment you pay.`,
  payByBank: 'Pay by bank',
  payByBankBody: 'Pay straight from a saved bank account. No card number to type.',
  protectedPurchases: 'Protected purchases',
  protectedPurchasesBody: 'Chargeback protection keeps prices low for everyone.',
  addToCart: 'Add to cart',
  added: 'Added',
  buyNow: 'Buy now',
  addedToCart: 'Added to your cart.',
  viewCart: 'View cart',
  quantity: 'Quantity',
  youMightAlsoLike: 'You might also like',
  breadcrumb: 'Breadcrumb',
  instantToYourAccount: 'Instant, to your account',
  redeemBy: 'Redeem by',
  checkoutCategory: 'Checkout category',
  oneFewer: 'One fewer',
  oneMore: 'One more',
  products: {
    'gem-pouch': english('gem-pouch'),
    'gem-hoard': english('gem-hoard'),
    'dragon-vault': english('dragon-vault'),
    'season-pass': english('season-pass'),
    'frostwing-mount': english('frostwing-mount'),
    'sunken-isles': english('sunken-isles'),
    'arena-cup': english('arena-cup'),
    'returned-payment-test': english('returned-payment-test'),
    'late-return-test': english('late-return-test'),
  } satisfies Record<ProductId, ProductWords>,

  // Gems and items, as orders deliver them and the inventory holds them
  goods: {
    /** "1 gem", "8,000 gems". */
    gems: (count: number): string =>
      `${count.toLocaleString('en-US')} ${plural.select(Math.abs(count)) === 'one' ? 'gem' : 'gems'}`,
    /** "500 gems, Frost trail effect, and Frostwing mount". */
    list: (parts: string[]): string => list.format(parts),
    nothing: 'nothing',
    // Each item a product delivers (src/catalog.ts), by its name there.
    items: {
      'Vault-keeper profile frame': 'Vault-keeper profile frame',
      'Season 7 Pass: Emberfall': 'Season 7 Pass: Emberfall',
      'Frostwing mount': 'Frostwing mount',
      'Frost trail effect': 'Frost trail effect',
      'The Sunken Isles expansion': 'The Sunken Isles expansion',
      'Weekend Arena Cup entry': 'Weekend Arena Cup entry',
      'Cup participant badge': 'Cup participant badge',
      'Late-return test badge': 'Late-return test badge',
    } satisfies Record<string, string>,
  },

  // The cart
  yourCart: 'Your cart',
  cartEmpty: 'Your cart is empty',
  cartEmptyBody: 'Gems, passes and expansions are waiting.',
  itemsInCart: 'Items in your cart',
  each: (price: string) => `${price} each`,
  remove: 'Remove',
  quantityOf: (name: string) => `Quantity of ${name}`,
  summary: 'Summary',
  itemsCount: (count: number) => `Items (${count})`,
  delivery: 'Delivery',
  instantFree: 'Instant · free',
  total: 'Total',
  checkOut: 'Check out',
  signInToCheckOut: 'Sign in to check out',
  payByBankFinePrint: 'Pay by bank from an account you saved with the payments service.',

  // The checkout page
  checkout: 'Checkout',
  loadingCheckout: 'Loading your checkout…',
  checkoutSignInBody: 'Payments are made from the bank accounts saved to your customer account.',
  nothingToPay: 'Nothing to pay for yet',
  addSomethingFirst: 'Add something to your cart first.',
  settingsFailed: 'The shop could not load its settings',
  reloadToTryAgain: 'Reload the page to try again.',
  completeYourPurchase: 'Complete your purchase',
  reviewYourOrder: 'Review your order',
  qty: (quantity: number) => `Qty ${quantity}`,
  payingAs: 'Paying as',
  receiptTo: (email: string) => `Receipt to ${email}`,
  notYou: 'Not you?',
  editCart: '← Edit cart',
  // The region around the checkout: named apart from the checkout's own title.
  payment: 'Payment',
  preparingPayment: 'Preparing a secure payment…',
  preparingOrder: 'Preparing your order…',
  signInEnded: 'Your sign-in has ended',
  paymentUnavailable: 'Payment is unavailable',
  signInAgainToPay: 'Sign in again to pay.',
  couldNotStartPayment: 'The shop could not start the payment.',
  tryAgain: 'Try again',

  // The order pages
  yourOrder: 'Your order',
  loadingOrder: 'Loading the order…',
  signInToSeeOrder: 'Sign in to see this order',
  noSuchOrder: 'No such order',
  noOrderWithId: 'You have no order with this id.',
  couldNotLoadOrder: 'Could not load the order',
  allYourOrders: 'All your orders',
  orderPlaced: 'Order placed',
  order: 'Order',
  orderDetails: 'Order details',
  qtyEach: (quantity: number, price: string) => `Qty ${quantity} · ${price} each`,
  placed: 'Placed',
  deliversOncePaid: 'Delivers once paid',
  receiptSentTo: 'Receipt sent to',
  customer: 'Customer',
  continueShopping: 'Continue shopping',
  paymentId: 'Payment id',
  copy: 'Copy',
  copied: 'Copied',
  returnCode: (code: string) => ` (return code ${code})`,
  statusLabels: {
    awaiting_payment: 'Awaiting payment',
    processing: 'Payment submitted',
    paid: 'Paid',
    expired: 'Expired',
    returned: 'Payment returned',
    failed: 'Payment failed',
    refunded: 'Refunded',
    reversed: 'Payment reversed',
  } satisfies Record<OrderStatus, string>,
  achTiming: (env: Env | undefined): string =>
    env === 'prod'
      ? 'ACH bank payments usually take 1 to 3 business days to settle.'
      : sandboxTiming,
  paymentSubmitted: 'Your payment was submitted',
  awaitingConfirmation: 'We are waiting for the payments service to confirm it.',
  waitingForPayment: 'Waiting for your payment',
  notPaidYet: (until: string) =>
    `This order is not paid yet. It can be paid until ${until}; after that it expires and nothing is charged.`,
  expectedToClear: (day: string) =>
    `It is expected to clear on ${day}; your items are delivered once it does.`,
  deliveredOnceClears: 'Your items are delivered once it clears.',
  thankYou: 'Thank you for your order!',
  orderPaid: 'Your order is paid',
  paymentReceivedDelivered: (goods: string) =>
    `Payment received: ${goods} delivered to your account.`,
  paymentReceived: 'Payment received.',
  orderExpired: 'This order expired',
  expiredBody: (until: string) =>
    `It was not paid by ${until}, so it can no longer be paid and nothing was charged. To buy these items, add them to your cart again.`,
  bankReturned: 'Your bank returned the payment',
  noMoneyCame: 'No money came, so nothing was delivered.',
  paymentFailed: 'The payment did not go through',
  orderRefunded: 'This order was refunded',
  refundedBody: 'The shop refunded your payment in full, so this order is not delivered.',
  paymentReversed: 'Your payment was reversed',
  reversedBody: 'The payment for this order went back.',
  loading: 'Loading…',
  signInToSeeOrders: 'Sign in to see your orders',
  yourInventory: 'Your inventory',
  couldNotLoadInventory: 'Could not load your inventory',
  loadingInventory: 'Loading your inventory…',
  loadingOrders: 'Loading your orders…',
  couldNotLoadOrders: 'Could not load your orders',
  noOrdersYet: 'No orders yet',
  noOrdersBody: 'Everything you buy shows up here, with its payment status.',
  items: 'Items',
  status: 'Status',
  noItemsYet: 'No items yet.',
  // Why a reversed order's money went back, and what the shop took back.
  reversedByBank: (returnCode: string | undefined, when: string) =>
    `Payment reversed by the bank${returnCode ? ` (${returnCode})` : ''} on ${when}`,
  refundedByShop: (when: string) => `Payment refunded by the shop on ${when}`,
  tookBack: (why: string, goods: string) => `${why}: we took back ${goods}.`,
  nothingTakenBack: (why: string) =>
    `${why}: nothing had been delivered, so nothing was taken back.`,

  // A returned payment on its order page, and the accounts not to pay from again
  whyReturned: 'Why your bank sent it back',
  payAgainOffer:
    'You can pay again: a new payment of the same items, which you approve at the checkout.',
  payAgainCorrectedOffer:
    'We correct a payment by making a new one: the same items, which you approve at the checkout.',
  authorizeAgainOffer:
    'We will not take this payment again unless you approve it again at the checkout.',
  anotherAccountOffer: (account: string) =>
    `Please do not pay from ${account} again: the checkout will remind you.`,
  accountEndingIn: (last4: string) => `the account ending in ${last4}`,
  accountOfThisOrder: 'the account you paid this order from',
  accountOfOrder: (orderId: string) => `the account you paid order ${orderId} from`,
  payAgain: 'Pay again',
  approveNewPayment: 'Approve a new payment',
  payFromAnotherAccount: 'Pay from another account',
  questions: 'Questions?',
  unusableAccountsTitle: 'An account your bank sent a payment back from',
  doNotPayFrom: (account: string) => `Do not pay from ${account}: `,
  ofOrder: (orderId: string) => `, order ${orderId}.`,
  unusableAccountsBody:
    'Your bank said it cannot take payments. Choose another account in the checkout.',

  // The payer's copy of their debit authorization
  yourDebitAuthorization: 'Your debit authorization',
  agreedWhenYouPaid: (when: string) =>
    `You agreed to this when you pressed Pay, on ${when}. Keep a copy: it says what you allowed us to take from your account.`,
  downloadCopy: 'Download a copy',
  // The lines of the downloaded copy, around the words themselves.
  authorizationCopy: {
    givenTo: (shop: string) => `Debit authorization given to ${shop}`,
    order: 'Order',
    payment: 'Payment',
    noPaymentYet: 'none yet',
    amount: 'Amount',
    accepted: 'Accepted',
    language: 'Language',
    recorded: 'Recorded by the payments service',
    digest: 'SHA-256 of the text (UTF-8)',
  },

  inventoryRule:
    'Delivered when a payment settles. If your bank later reverses a payment, or the shop refunds it, exactly what that order delivered is taken back.',

  // Signing in
  accountEyebrow: 'Account',
  signedInAs: 'You are signed in as',
  pickAnotherCustomer: '. Pick another customer to switch.',
  signInLede:
    "Sign in, or pick a new customer id and password to sign up. The sandbox's test personas are one click away.",
  signedOutTitle: 'You were signed out',
  signedOutReasons: {
    'time-travel':
      "Time travel moved the shop's clock past the end of your session: sessions last 7 days on the shop's clock. Sign in again to carry on.",
    'session-ended': 'Your session has ended. Sign in again to carry on.',
  } satisfies Record<SignInAgainReason, string>,
  yourAccount: 'Your account',
  customerId: 'Customer id',
  customerIdExample: (example: string) => `for example ${example}`,
  customerIdHint: "Your shop's own id for the customer: a username, a UUID, anything.",
  password: 'Password',
  passwordHint: 'New here? This password signs you up: 8 characters or more.',
  email: 'E-mail',
  optional: 'optional',
  emailPlaceholder: 'receipts go here',
  couldNotSignIn: 'Could not sign in',
  signingIn: 'Signing in…',
  // Around the payer events' names, which stay as the service spells them.
  signInFinePrint: {
    beforeSignUp:
      "The shop's server keeps only a scrypt hash of your password and gives your browser an opaque session id in an httpOnly cookie. It tells the payments service about you with a",
    beforeSignIn: 'payer event the first time and',
    end: 'after that.',
  },

  // Linking a bank account
  linkBankAccount: 'Link a bank account',
  signInToLink: 'Sign in to link a bank account',
  linkLede:
    'Payments here are made from a bank account saved with our payments provider. Once one is linked, the checkout lets you pay from it.',
  linkTestTitle: 'Test mode: link a sandbox account',
  linkTestBody:
    "The shop runs against the payments sandbox, so no real bank is involved: linking adds a sandbox checking account to your customer record, as the provider's own linking would, and takes you back to pay.",
  notLinked: 'The account was not linked',
  linking: 'Linking…',
  linkTestAccount: 'Link a test bank account',
  backWithoutLinking: 'Back without linking',
  linkWithProvider: 'Link with the payments provider',
  linkWithProviderBody:
    'Linking a bank account happens with the payments provider. This shop runs in test mode only.',
  back: 'Back',

  // Support, and an address with nothing at it
  contactSupport: 'Contact support',
  supportLede: 'We answer every message within one business day.',
  paymentsBlockedTitle: 'Payments unavailable for your account?',
  paymentsBlockedBody:
    "Our payments provider can stop payments from an account, for example to protect it after unusual activity. We can't lift that from the checkout, but we can look into it with the provider.",
  // "Write to <address> with your customer id, <id>."
  writeTo: 'Write to',
  withYourCustomerId: 'with your customer id,',
  sentenceEnd: '.',
  seeYourOrders: 'See your orders',
  notFound: 'Not found',
  pageWanderedOff: 'This page wandered off',
  nothingAtAddress: 'There is nothing at this address. The store has everything else.',
  backToTheStore: 'Back to the store',
};

/** Every word of the shop's own, as English has them. */
export type ShopText = typeof en;
