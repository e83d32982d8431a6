// The demo storefront's pages in jsdom, in the languages the shop speaks besides English: every
// page a shopper sees, in the states that have their own words, is rendered in Spanish and in
// Arabic against answers a stub of the shop's server gives, and no English may be left in it,
// except what is marked lang="en" (the bank's words, the staff tools). The staff tools say they
// are English, so a screen reader on an Arabic page reads them as English and they do not mirror.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../examples/storefront/src/App.js';
import type {
  Goods,
  Order,
  PublicConfig,
  ReturnAdvice,
  SignedInCustomer,
  UnusableBankAccount,
} from '../../examples/storefront/src/api-types.js';
import { CartProvider } from '../../examples/storefront/src/cart.js';
import { GAME_NAME, SHOP_NAME, SUPPORT_EMAIL } from '../../examples/storefront/src/catalog.js';
import { SandboxConsoleLink } from '../../examples/storefront/src/components/SandboxConsoleLink.js';
import { TimeTravelPanel } from '../../examples/storefront/src/components/TimeTravelPanel.js';
import { WebhookKeyRoll } from '../../examples/storefront/src/components/WebhookKeyRoll.js';
import { LanguageProvider } from '../../examples/storefront/src/language.js';

const CONFIG: PublicConfig = {
  merchantId: 'm_demo',
  env: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  testBankAccounts: true,
  timeTravel: true,
  sandboxConsole: true,
};
const SHOPPER: SignedInCustomer = {
  customerId: 'alex.rivera',
  email: 'alex@example.com',
  signedUpAt: '2026-11-01T10:00:00.000Z',
  staff: false,
};
const STAFF: SignedInCustomer = { ...SHOPPER, customerId: 'staff', staff: true };

const AUTHORIZATION = {
  status: 'kept',
  text: 'I authorize Skyreach Store to debit my account.',
  textSha256: 'ab'.repeat(32),
  digestMatches: true,
  acceptedAt: '2026-12-01T10:00:00.000Z',
  locale: 'en-US',
  recordedAt: '2026-12-01T10:00:01.000Z',
  remoteAddress: null,
  userAgent: null,
  readAt: '2026-12-01T10:00:02.000Z',
} as const;

const DELIVERED: Goods = {
  gems: 8000,
  items: [
    { name: 'Vault-keeper profile frame', count: 1 },
    { name: 'Frost trail effect', count: 2 },
  ],
};

function order(orderId: string, fields: Partial<Order>): Order {
  return {
    orderId,
    customerId: SHOPPER.customerId,
    email: SHOPPER.email,
    lines: [
      {
        productId: 'dragon-vault',
        name: "Dragon's Vault",
        quantity: 1,
        unitCents: 4999,
        totalCents: 4999,
      },
    ],
    totalCents: 4999,
    currency: 'USD',
    status: 'awaiting_payment',
    payableUntil: '2026-12-01T11:00:00.000Z',
    goods: DELIVERED,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...fields,
  } as Order;
}

const advice = (offer: ReturnAdvice['offer'], fields: Partial<ReturnAdvice> = {}) => ({
  returnCode: 'R01',
  title: 'Insufficient Funds',
  payerMessage: 'Your account did not have enough money for this payment.',
  offer,
  ...fields,
});

const paid = { paymentId: 'pay_1', authorization: AUTHORIZATION, delivered: DELIVERED };
const ORDERS: Record<string, Order> = {
  awaiting: order('ord_awaiting', {}),
  processing: order('ord_processing', {
    status: 'processing',
    paymentId: 'pay_1',
    expectedSettlesOn: '2026-12-03',
    authorization: AUTHORIZATION,
  }),
  paid: order('ord_paid', { status: 'paid', ...paid }),
  expired: order('ord_expired', { status: 'expired' }),
  failed: order('ord_failed', { status: 'failed', paymentId: 'pay_1' }),
  refunded: order('ord_refunded', { status: 'refunded', paymentId: 'pay_1' }),
  returnedAgain: order('ord_r01', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R01',
    returnAdvice: advice('pay-again'),
  }),
  returnedCorrected: order('ord_r11', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R11',
    returnAdvice: advice('pay-again-corrected', { returnCode: 'R11' }),
  }),
  returnedAuthorize: order('ord_r10', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R10',
    returnAdvice: advice('authorize-again', { returnCode: 'R10' }),
  }),
  returnedClosed: order('ord_r02', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R02',
    returnAdvice: advice('another-account', { returnCode: 'R02', unusableAccountLast4: '6789' }),
  }),
  returnedUnknownAccount: order('ord_r03', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R03',
    returnAdvice: advice('another-account', { returnCode: 'R03', unusableAccountLast4: null }),
  }),
  returnedNone: order('ord_r99', {
    status: 'returned',
    paymentId: 'pay_1',
    returnCode: 'R99',
    returnAdvice: advice('none', { returnCode: 'R99' }),
  }),
  reversedByBank: order('ord_reversed', {
    status: 'reversed',
    ...paid,
    returnCode: 'R10',
    reversal: { cause: 'returned', at: '2026-12-11T10:00:00.000Z' },
  }),
  refundedAfterPaying: order('ord_refund_reversed', {
    status: 'reversed',
    paymentId: 'pay_1',
    reversal: { cause: 'refunded', at: '2026-12-11T10:00:00.000Z' },
  }),
};

const UNUSABLE: UnusableBankAccount[] = [
  {
    last4: '6789',
    orderId: 'ord_r02',
    paymentId: 'pay_2',
    returnCode: 'R02',
    title: 'Account Closed',
    since: '2026-12-02T10:00:00.000Z',
  },
  {
    last4: null,
    orderId: 'ord_r03',
    paymentId: 'pay_3',
    returnCode: 'R03',
    title: 'No Account/Unable to Locate Account',
    since: '2026-12-02T10:00:00.000Z',
  },
];

interface Shop {
  customer: SignedInCustomer | null;
  config?: PublicConfig;
  cart?: { productId: string; quantity: number }[];
}

/** The shop's server as the pages read it; what it does not serve answers 404. */
function stubServer({ customer, config = CONFIG }: Shop) {
  const answers: Record<string, unknown> = {
    '/api/config': config,
    '/api/me': { customer },
    '/api/orders': { orders: Object.values(ORDERS) },
    '/api/inventory': { inventory: DELIVERED },
    '/api/bank-accounts/unusable': { unusableBankAccounts: UNUSABLE },
    ...Object.fromEntries(
      Object.values(ORDERS).map((entry) => [`/api/orders/${entry.orderId}`, { order: entry }]),
    ),
  };
  let inFlight = 0;
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    inFlight += 1;
    await Promise.resolve();
    inFlight -= 1;
    // The checkout's session key: refused as for an ended sign-in, so the page says so.
    if (path === '/api/session-key')
      return Response.json({ message: 'Signed out' }, { status: 401 });
    const answer = init?.method === 'POST' ? undefined : answers[path];
    return answer === undefined
      ? Response.json({ message: 'Not here' }, { status: 404 })
      : Response.json(answer);
  });
  return { idle: () => inFlight === 0 };
}

function Providers({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <CartProvider>{children}</CartProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

/** The page at `path` in `locale`, once everything it reads has arrived. */
async function renderPage(locale: string, path: string, shop: Shop): Promise<HTMLElement> {
  window.localStorage.setItem('skyreach.locale', locale);
  window.localStorage.setItem('skyreach.cart', JSON.stringify(shop.cart ?? []));
  window.history.replaceState(null, '', path);
  const server = stubServer(shop);
  const { container } = render(
    <Providers>
      <App />
    </Providers>,
  );
  await waitFor(() => {
    expect(server.idle()).toBe(true);
    expect(container.querySelector('.loading, .account--pending')).toBeNull();
  });
  return container;
}

// Words English and the shop's other languages write alike, and names that stay as they are.
const SAME_IN_EVERY_LANGUAGE = new Set(['Total', 'Sandbox', 'Store', 'ACH', SHOP_NAME, GAME_NAME]);
// Short words every English sentence has and neither Spanish nor Arabic uses.
const ENGLISH_WORDS =
  /\b(the|your|you|to|and|of|is|was|with|from|for|in|on|not|this|we|be|by|at|it|or|one|here|back|sign|link|loading|order|payment|account|bank|page|nothing|gems?)\b/i;

/**
 * Every piece of text a person reads or hears on the page as `language` (not marked as another,
 * such as the bank's English words or the picker's names of languages), except code (ids, codes,
 * addresses): text, labels, placeholders and the document's title.
 */
function wordsShown(container: HTMLElement, language: string): string[] {
  const shown: string[] = [document.title];
  const marked = (element: Element | null) =>
    !element ||
    element.closest('code') !== null ||
    !(element.closest('[lang]')?.getAttribute('lang') ?? '').startsWith(language);
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!marked(node.parentElement)) shown.push(node.textContent ?? '');
  }
  for (const element of container.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (marked(element)) continue;
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = element.getAttribute(name);
      if (value) shown.push(value);
    }
  }
  return shown;
}

/** What of `shown` is English: an English word, or a piece English shows word for word. */
function englishIn(shown: string[], english: Set<string>): string[] {
  const data = [SHOPPER.customerId, SHOPPER.email, SUPPORT_EMAIL];
  return shown
    .map((text) => data.reduce((rest, value) => rest.replaceAll(value, ''), text).trim())
    .filter((text) => /[A-Za-z]{2}/.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text))
    .filter((text) => ENGLISH_WORDS.test(text) || english.has(text));
}

const shopper = { customer: SHOPPER };
const withCart = {
  customer: SHOPPER,
  cart: [
    { productId: 'gem-pouch', quantity: 2 },
    { productId: 'arena-cup', quantity: 1 },
  ],
};
const PAGES: { name: string; path: string; shop: Shop }[] = [
  { name: 'the shop', path: '/', shop: { customer: null } },
  { name: 'a product', path: '/products/gem-pouch', shop: shopper },
  { name: 'a product with a redeem-by day', path: '/products/arena-cup', shop: shopper },
  { name: 'a product that does not exist', path: '/products/nope', shop: shopper },
  { name: 'the empty cart', path: '/cart', shop: shopper },
  { name: 'the cart', path: '/cart', shop: withCart },
  { name: 'the cart, signed out', path: '/cart', shop: { ...withCart, customer: null } },
  { name: 'sign-in', path: '/sign-in', shop: { customer: null } },
  {
    name: 'sign-in after time travel',
    path: '/sign-in?ended=time-travel',
    shop: { customer: null },
  },
  {
    name: 'sign-in after a session ended',
    path: '/sign-in?ended=session-ended',
    shop: { customer: null },
  },
  { name: 'sign-in, signed in', path: '/sign-in', shop: shopper },
  { name: 'the checkout', path: '/checkout', shop: withCart },
  { name: 'the checkout, signed out', path: '/checkout', shop: { ...withCart, customer: null } },
  { name: 'the orders', path: '/orders', shop: shopper },
  { name: 'the orders, signed out', path: '/orders', shop: { customer: null } },
  ...Object.entries(ORDERS).map(([name, entry]) => ({
    name: `an order, ${name}`,
    path: `/orders/${entry.orderId}`,
    shop: shopper,
  })),
  { name: 'an order just placed', path: '/orders/ord_awaiting?placed=1', shop: shopper },
  { name: 'an order just paid', path: '/orders/ord_paid?placed=1', shop: shopper },
  { name: 'an order that does not exist', path: '/orders/ord_nope', shop: shopper },
  { name: 'an order, signed out', path: '/orders/ord_paid', shop: { customer: null } },
  { name: 'linking a bank account', path: '/link-bank-account?next=%2Fcheckout', shop: shopper },
  {
    name: 'linking a bank account, live',
    path: '/link-bank-account?next=%2Fcheckout',
    shop: { customer: SHOPPER, config: { ...CONFIG, testBankAccounts: false } },
  },
  {
    name: 'linking a bank account, signed out',
    path: '/link-bank-account?next=%2Fcheckout',
    shop: { customer: null },
  },
  { name: 'support', path: '/support', shop: shopper },
  { name: 'support, signed out', path: '/support', shop: { customer: null } },
  { name: 'a page that does not exist', path: '/nowhere', shop: shopper },
];

beforeEach(() => {
  window.localStorage.clear();
});

// The dom project's files share one page: leave it as it was found, with no stored language or
// cart, the page's own language and direction unset, and the address at its root.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.title = '';
  window.history.replaceState(null, '', '/');
});

describe('every page a shopper sees speaks their language', () => {
  describe.each(['es', 'ar'])('%s', (locale) => {
    it.each(PAGES)('$name: no English left', async ({ path, shop }) => {
      const english = new Set(
        wordsShown(await renderPage('en-US', path, shop), 'en').map((text) => text.trim()),
      );
      cleanup();
      const shown = wordsShown(await renderPage(locale, path, shop), locale);
      expect(englishIn(shown, english)).toEqual([]);
    });
  });
});

describe('the staff tools stay English and say so', () => {
  it('the merchant page, on an Arabic page, is marked English and left to right', async () => {
    const container = await renderPage('ar', '/merchant', { customer: STAFF });
    const main = container.querySelector('main');
    expect(main?.firstElementChild).toHaveAttribute('lang', 'en');
    expect(main?.firstElementChild).toHaveAttribute('dir', 'ltr');
  });

  it.each([
    ['the webhook key roll', <WebhookKeyRoll key="roll" />],
    ['time travel', <TimeTravelPanel key="time" paidOrders={[ORDERS.paid!]} />],
    ['the sandbox console link', <SandboxConsoleLink key="console" />],
  ])('%s carries lang="en" and dir="ltr" on its root', (_name, tool) => {
    window.localStorage.setItem('skyreach.locale', 'ar');
    stubServer({ customer: STAFF });
    const { container } = render(<Providers>{tool}</Providers>);
    expect(container.firstElementChild).toHaveAttribute('lang', 'en');
    expect(container.firstElementChild).toHaveAttribute('dir', 'ltr');
  });
});
