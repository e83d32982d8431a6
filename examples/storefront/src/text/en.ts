// The shop's own words in English, the source: es.ts and ar.ts are typed by it, so a word left
// out of either is a type error. The checkout's words are the checkout's own (its `locale`).
import type { Env } from 'service-checkout';
import type { OrderStatus } from '../api-types.js';
import { findProduct, type Category, type ProductId } from '../catalog.js';

/** What the shop says of one product: its name, its card's line, its page's paragraph. */
export interface ProductWords {
  name: string;
  tagline: string;
  description: string;
  badge?: string;
}

/** The English words come from the catalogue the server prices orders with. */
function english(id: ProductId): ProductWords {
  const product = findProduct(id);
  if (!product) throw new Error(`The product ${id} is missing from src/catalog.ts.`);
  const { name, tagline, description, badge } = product;
  return { name, tagline, description, ...(badge && { badge }) };
}

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
  inventoryRule:
    'Delivered when a payment settles. If your bank later reverses a payment, or the shop refunds it, exactly what that order delivered is taken back.',
};

/** Every word of the shop's own, as English has them. */
export type ShopText = typeof en;
