import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Checkout, CheckoutProvider } from 'service-checkout';
import { api, ApiError, queryKeys, useConfig, useMe } from '../api.js';
import { useCart } from '../cart.js';
import { SHOP_NAME, SUPPORT_EMAIL, type PricedLine } from '../catalog.js';
import type { PublicConfig } from '../api-types.js';
import { ProductArt } from '../components/ProductArt.js';
import { UnusableAccountsNotice } from '../components/UnusableAccounts.js';
import { EmptyState, Notice, PageHeader, Spinner } from '../components/ui.js';
import { useLanguage } from '../language.js';
import { Link, navigate } from '../router.js';

export function CheckoutPage() {
  const cart = useCart();
  const me = useMe();
  const config = useConfig();
  const { text, money } = useLanguage();
  // Once paid, the cart empties: keep showing what was bought until the order page opens.
  const [paidLines, setPaidLines] = useState<PricedLine[] | null>(null);
  const lines = paidLines ?? cart.priced;
  const customer = me.data?.customer;

  if (me.isPending || config.isPending) {
    return (
      <>
        <PageHeader title={text.checkout} />
        <Spinner label={text.loadingCheckout} />
      </>
    );
  }
  if (!customer) {
    return (
      <>
        <PageHeader title={text.checkout} />
        <EmptyState
          title={text.signInToCheckOut}
          action={{ to: '/sign-in?next=%2Fcheckout', label: text.signIn }}
        >
          {text.checkoutSignInBody}
        </EmptyState>
      </>
    );
  }
  if (lines.length === 0) {
    return (
      <>
        <PageHeader title={text.checkout} />
        <EmptyState title={text.nothingToPay} action={{ to: '/', label: text.browseTheStore }}>
          {text.addSomethingFirst}
        </EmptyState>
      </>
    );
  }
  if (!config.data) {
    return (
      <>
        <PageHeader title={text.checkout} />
        <Notice tone="danger" title={text.settingsFailed}>
          {text.reloadToTryAgain}
        </Notice>
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={text.checkout} title={text.completeYourPurchase} />
      <div className="checkout-layout">
        <section className="panel review" aria-labelledby="review-title">
          <h2 id="review-title">{text.reviewYourOrder}</h2>
          <ul className="review-lines">
            {lines.map(({ product, quantity, totalCents }) => (
              <li key={product.id} className="review-line">
                <ProductArt art={product.art} className="review-art" />
                <div>
                  <p className="review-name">{text.products[product.id].name}</p>
                  <p className="review-meta">{text.qty(quantity)}</p>
                </div>
                <p className="review-total">{money(totalCents)}</p>
              </li>
            ))}
          </ul>
          <dl className="summary-rows">
            <div className="summary-total">
              <dt>{text.total}</dt>
              <dd>{money(lines.reduce((sum, line) => sum + line.totalCents, 0))}</dd>
            </div>
          </dl>
          <div className="paying-as">
            <p>
              {text.payingAs} <strong>{customer.customerId}</strong>
            </p>
            <p className="fine-print">
              {text.receiptTo(customer.email)} ·{' '}
              <Link to="/sign-in?next=%2Fcheckout">{text.notYou}</Link>
            </p>
          </div>
          {!paidLines ? (
            <Link to="/cart" className="link-button">
              {text.editCart}
            </Link>
          ) : null}
        </section>

        <section className="checkout-pane" aria-label={text.payment}>
          {!paidLines ? <UnusableAccountsNotice /> : null}
          <PaymentPanel
            key={customer.customerId}
            config={config.data}
            lines={lines}
            onPaid={() => {
              setPaidLines(lines);
              cart.clear();
            }}
          />
        </section>
      </div>
    </>
  );
}

type SessionKeyState =
  | { status: 'loading' }
  | { status: 'ready'; sessionKey: string }
  | { status: 'error'; error: unknown };

function PaymentPanel({
  config,
  lines,
  onPaid,
}: {
  config: PublicConfig;
  lines: PricedLine[];
  onPaid: () => void;
}) {
  // The session key lives in this component's state only: never in a URL, storage or a log.
  const [state, setState] = useState<SessionKeyState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { text } = useLanguage();

  useEffect(() => {
    let current = true;
    api.sessionKey().then(
      (sessionKey) => current && setState({ status: 'ready', sessionKey }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (state.status === 'loading') return <Spinner label={text.preparingPayment} />;
  if (state.status === 'error') {
    const signedOut = state.error instanceof ApiError && state.error.status === 401;
    return (
      <Notice tone="danger" title={signedOut ? text.signInEnded : text.paymentUnavailable}>
        <p>
          {signedOut
            ? text.signInAgainToPay
            : state.error instanceof ApiError
              ? state.error.message
              : text.couldNotStartPayment}
        </p>
        {signedOut ? (
          <Link to="/sign-in?next=%2Fcheckout" className="button button--small">
            {text.signIn}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setState({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {text.tryAgain}
          </button>
        )}
      </Notice>
    );
  }

  return (
    <OrderCheckoutPanel
      config={config}
      sessionKey={state.sessionKey}
      lines={lines}
      onPaid={onPaid}
    />
  );
}

/**
 * Asks the shop's server for the order: the page sends product ids and quantities, and the
 * server answers with the price and everything <Checkout> sends. One order per cart and visit.
 */
function OrderCheckoutPanel({
  config,
  sessionKey,
  lines,
  onPaid,
}: {
  config: PublicConfig;
  sessionKey: string;
  lines: PricedLine[];
  onPaid: () => void;
}) {
  // The shop's QueryClient, shared with the checkout through <CheckoutProvider queryClient>.
  const queryClient = useQueryClient();
  const { locale, text } = useLanguage();
  const cartLines = lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
  const order = useQuery({
    queryKey: queryKeys.checkoutOrder(cartLines),
    queryFn: () => api.createOrder(cartLines),
    // Creating an order is not a read: never again behind the payer's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (order.isPending) return <Spinner label={text.preparingOrder} />;
  if (order.error) {
    return (
      <Notice tone="danger" title={text.paymentUnavailable}>
        <p>{order.error.message}</p>
        <button type="button" className="button button--small" onClick={() => void order.refetch()}>
          {text.tryAgain}
        </button>
      </Notice>
    );
  }
  const { orderId } = order.data.order;

  async function handleSuccess() {
    onPaid();
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    navigate(`/orders/${encodeURIComponent(orderId)}?placed=1`);
  }

  return (
    <CheckoutProvider
      sessionKey={sessionKey}
      merchantId={config.merchantId}
      // The debit authorization beside Pay names the shop as its pages do, and where to revoke it.
      merchantName={SHOP_NAME}
      merchantContact={SUPPORT_EMAIL}
      env={config.env}
      baseUrl={config.baseUrl}
      getSessionKey={api.sessionKey}
      queryClient={queryClient}
      // The language the shopper picked in the header (src/language.tsx).
      locale={locale}
    >
      <Checkout
        {...order.data.checkout}
        onSuccess={() => void handleSuccess()}
        // The ways out of the checkout's dead ends lead to the shop's own pages.
        onAddBankAccount={() => navigate('/link-bank-account?next=%2Fcheckout')}
        onContactSupport={() => navigate('/support')}
      />
    </CheckoutProvider>
  );
}
