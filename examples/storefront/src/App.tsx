import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ChargebackScript } from 'service-checkout';
import { api, ApiError, queryKeys, useConfig, useMe } from './api.js';
import { useCart } from './cart.js';
import { GAME_NAME, SHOP_NAME } from './catalog.js';
import { LanguagePicker } from './components/LanguagePicker.js';
import { Logo } from './components/ProductArt.js';
import { useLanguage } from './language.js';
import { CartPage } from './pages/CartPage.js';
import { CheckoutPage } from './pages/CheckoutPage.js';
import { LinkBankAccountPage } from './pages/LinkBankAccountPage.js';
import { MerchantPage } from './pages/MerchantPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { OrderPage } from './pages/OrderPage.js';
import { OrdersPage } from './pages/OrdersPage.js';
import { ProductPage } from './pages/ProductPage.js';
import { ShopPage } from './pages/ShopPage.js';
import { SignInPage } from './pages/SignInPage.js';
import { SupportPage } from './pages/SupportPage.js';
import { Link, matchRoute, navigate, useLocation, type Route } from './router.js';
import { pageNonce } from './page-nonce.js';
import { isSignInAgainReason } from './sign-in-again.js';

export function App() {
  const location = useLocation();
  const route = matchRoute(location);
  const config = useConfig();
  const { text, textLang } = useLanguage();

  // After a client-side navigation, move focus to the new page, as a page load would.
  const pageKey = `${route.name}/${route.param ?? ''}`;
  const shownPageRef = useRef(pageKey);
  useEffect(() => {
    if (shownPageRef.current === pageKey) return;
    shownPageRef.current = pageKey;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pageKey]);

  return (
    // The shop's own words are in textLang; the page's lang (the picked locale) may differ.
    <div className="app" lang={textLang}>
      <a className="skip-link" href="#main">
        {text.skipToContent}
      </a>
      <SandboxBanner baseUrl={config.data?.baseUrl} />
      <Header route={route} />
      <main id="main" className="container main" tabIndex={-1}>
        <Page route={route} />
      </main>
      <Footer />
      {/* Chargeback protection: the device script belongs on every page, not only checkout. */}
      {config.data ? (
        <ChargebackScript env={config.data.env} baseUrl={config.data.baseUrl} nonce={pageNonce} />
      ) : null}
    </div>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'shop':
      return <ShopPage />;
    case 'product':
      return <ProductPage key={route.param} productId={route.param ?? ''} />;
    case 'sign-in': {
      const ended = route.query.get('ended');
      return (
        <SignInPage
          next={safeNext(route.query.get('next'))}
          ended={isSignInAgainReason(ended) ? ended : undefined}
        />
      );
    }
    case 'cart':
      return <CartPage />;
    case 'checkout':
      return <CheckoutPage />;
    case 'orders':
      return <OrdersPage />;
    case 'order':
      return <OrderPage key={route.param} orderId={route.param ?? ''} />;
    case 'merchant':
      return <MerchantPage />;
    case 'link-bank-account':
      return <LinkBankAccountPage next={safeNext(route.query.get('next'))} />;
    case 'support':
      return <SupportPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** Only same-site paths: `?next=` must not send the customer to another site. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function SandboxBanner({ baseUrl }: { baseUrl?: string }) {
  const { text } = useLanguage();
  return (
    <aside className="sandbox-banner" aria-label={text.testModeLabel}>
      <span className="sandbox-pill">{text.sandbox}</span>
      <span>
        {text.testMode}
        <span className="sandbox-detail">
          {text.paymentsGoToSandbox}
          {baseUrl ? (
            <>
              {' '}
              {text.at} <code>{baseUrl}</code>
            </>
          ) : null}
        </span>
        {text.noRealMoney}
      </span>
    </aside>
  );
}

const NAV: {
  to: string;
  label: 'navShop' | 'navOrders' | 'navMerchant';
  routes: Route['name'][];
}[] = [
  { to: '/', label: 'navShop', routes: ['shop', 'product'] },
  { to: '/orders', label: 'navOrders', routes: ['orders', 'order'] },
  { to: '/merchant', label: 'navMerchant', routes: ['merchant'] },
];

function Header({ route }: { route: Route }) {
  const cart = useCart();
  const { text } = useLanguage();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand-name">
            {GAME_NAME} <span className="brand-suffix">{text.storeSuffix}</span>
          </span>
        </Link>
        <nav className="site-nav" aria-label={text.mainNav}>
          {NAV.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className="nav-link"
              aria-current={item.routes.includes(route.name) ? 'page' : undefined}
            >
              {text[item.label]}
            </Link>
          ))}
          <Link
            to="/cart"
            className="nav-link nav-cart"
            aria-current={route.name === 'cart' || route.name === 'checkout' ? 'page' : undefined}
          >
            <CartIcon />
            <span className="nav-cart-label">{text.navCart}</span>
            {cart.count > 0 ? (
              <span className="cart-count">
                {cart.count}
                <span className="visually-hidden">{text.cartItems(cart.count)}</span>
              </span>
            ) : null}
          </Link>
        </nav>
        <LanguagePicker />
        <AccountMenu />
      </div>
    </header>
  );
}

function AccountMenu() {
  const me = useMe();
  const queryClient = useQueryClient();
  const { text } = useLanguage();
  const [open, setOpen] = useState(false);
  /** Why "Sign out everywhere" failed: other devices may still be signed in, so it is said. */
  const [signOutFailure, setSignOutFailure] = useState<string>();
  const customer = me.data?.customer;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && (event.target as Element).closest('.account')) return;
      setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (me.isPending) return <div className="account account--pending" aria-hidden="true" />;
  if (!customer) {
    return (
      <div className="account">
        <Link to="/sign-in" className="button button--small">
          {text.signIn}
        </Link>
      </div>
    );
  }

  /** Signs this browser out, or, `everywhere`, every session of the customer. */
  async function signOut(everywhere: boolean) {
    setSignOutFailure(undefined);
    try {
      await (everywhere ? api.signOutEverywhere() : api.signOut());
    } catch (error) {
      if (everywhere) {
        setSignOutFailure(error instanceof ApiError ? error.message : text.pleaseTryAgain);
        return;
      }
    }
    setOpen(false);
    queryClient.removeQueries({ queryKey: queryKeys.orders });
    queryClient.removeQueries({ queryKey: queryKeys.inventory });
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    navigate('/');
  }

  return (
    <div className="account">
      <button
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-haspopup="menu"
        aria-label={text.account(customer.customerId)}
        onClick={() => {
          setSignOutFailure(undefined);
          setOpen((value) => !value);
        }}
      >
        {/* Initials drawn by CSS: decoration, not part of the button's visible label. */}
        <span className="avatar" aria-hidden="true" data-initials={initials(customer.customerId)} />
        <span className="account-id">{customer.customerId}</span>
      </button>
      {open ? (
        <div className="account-menu">
          <div role="menu">
            <p className="account-menu-email">{customer.email}</p>
            <Link
              to="/orders"
              role="menuitem"
              className="account-menu-item"
              onClick={() => setOpen(false)}
            >
              {text.yourOrders}
            </Link>
            <Link
              to="/sign-in"
              role="menuitem"
              className="account-menu-item"
              onClick={() => setOpen(false)}
            >
              {text.switchCustomer}
            </Link>
            <button
              type="button"
              role="menuitem"
              className="account-menu-item"
              onClick={() => void signOut(false)}
            >
              {text.signOut}
            </button>
            <button
              type="button"
              role="menuitem"
              className="account-menu-item"
              onClick={() => void signOut(true)}
            >
              {text.signOutEverywhere}
            </button>
          </div>
          {signOutFailure ? (
            <p role="alert" className="account-menu-error">
              {text.signOutEverywhereFailed(signOutFailure)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function initials(customerId: string): string {
  const words = customerId
    .replace(/^test_(blocked|no_bank|verify|cbp|decline|expired)_?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}

function Footer() {
  const { text } = useLanguage();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p>
          <strong>{SHOP_NAME}</strong> {text.isADemoFor} <code>service-checkout</code>.{' '}
          {text.fictional}
        </p>
        <p className="footer-links">
          <Link to="/sign-in">{text.testPersonas}</Link>
          <Link to="/merchant">{text.merchantDashboard}</Link>
          <Link to="/support">{text.support}</Link>
        </p>
      </div>
    </footer>
  );
}

function CartIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.5L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="20" r="1.4" fill="currentColor" />
      <circle cx="17" cy="20" r="1.4" fill="currentColor" />
    </svg>
  );
}
