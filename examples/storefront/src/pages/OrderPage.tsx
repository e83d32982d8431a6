import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError, queryKeys, useMe } from '../api.js';
import type { OrderStatus } from '../api-types.js';
import { findProduct } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { CheckIcon, formatDate, money, Notice, Spinner, usePageTitle } from '../components/ui.js';
import { Link, useLocation } from '../router.js';

/** What each status means to the shopper. Only `paid` delivers the items. */
const STATUS_TEXT: Record<OrderStatus, { label: string; detail: string }> = {
  awaiting_payment: {
    label: 'Awaiting payment',
    detail: 'We are waiting for the payments service to confirm your payment.',
  },
  processing: {
    label: 'Payment processing',
    detail: 'Your bank payment is on its way. Your items are delivered once it settles.',
  },
  paid: { label: 'Paid', detail: 'Payment received: your items are in your account.' },
  returned: {
    label: 'Payment returned',
    detail: 'Your bank returned the payment, so nothing was delivered. Try another account.',
  },
  failed: {
    label: 'Payment failed',
    detail: 'The payment did not go through, so nothing was delivered.',
  },
  refunded: {
    label: 'Refunded',
    detail: 'The shop refunded your payment in full, so this order is not delivered.',
  },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status--${status}`}>{STATUS_TEXT[status].label}</span>;
}

const SETTLED: readonly OrderStatus[] = ['paid', 'returned', 'failed', 'refunded'];

export function OrderPage({ orderId }: { orderId: string }) {
  usePageTitle('Your order');
  const placed = new URLSearchParams(useLocation().split('?')[1] ?? '').has('placed');
  const me = useMe();
  const signedIn = Boolean(me.data?.customer);
  const order = useQuery({
    queryKey: queryKeys.order(orderId),
    queryFn: () => api.order(orderId),
    enabled: signedIn,
    retry: false,
    // The server's status changes with the service's webhooks: ask again until it is final.
    refetchInterval: (query) =>
      query.state.data && SETTLED.includes(query.state.data.order.status) ? false : 1000,
  });

  if (me.isPending || (signedIn && order.isPending)) return <Spinner label="Loading the order…" />;
  if (!signedIn) {
    return (
      <Notice title="Sign in to see this order">
        <Link to={`/sign-in?next=${encodeURIComponent(`/orders/${orderId}`)}`}>Sign in</Link>
      </Notice>
    );
  }
  if (order.error) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Notice tone="warning" title={missing ? 'No such order' : 'Could not load the order'}>
        {missing ? 'You have no order with this id.' : order.error.message}{' '}
        <Link to="/orders">All your orders</Link>
      </Notice>
    );
  }
  const current = order.data!.order;
  const status = STATUS_TEXT[current.status];

  return (
    <div className="order-page">
      <section className="confirmation" aria-labelledby="confirmation-title">
        <span className="confirmation-icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <p className="eyebrow">{placed ? 'Order placed' : 'Order'}</p>
        <h1 id="confirmation-title">{placed ? 'Thank you for your order!' : 'Your order'}</h1>
        <p className="order-status" role="status">
          <span data-testid="order-status">
            <OrderStatusBadge status={current.status} />
          </span>{' '}
          {status.detail}
          {current.returnCode ? ` (return code ${current.returnCode})` : null}
        </p>
        {current.paymentId ? <PaymentId paymentId={current.paymentId} /> : null}
      </section>

      <section className="panel order-details" aria-labelledby="details-title">
        <h2 id="details-title">Order details</h2>
        <ul className="review-lines">
          {current.lines.map((line) => {
            const product = findProduct(line.productId);
            return (
              <li key={line.productId} className="review-line">
                {product ? <ProductArt art={product.art} className="review-art" /> : <span />}
                <div>
                  <p className="review-name">{line.name}</p>
                  <p className="review-meta">
                    Qty {line.quantity} · {money(line.unitCents)} each
                  </p>
                </div>
                <p className="review-total">{money(line.totalCents)}</p>
              </li>
            );
          })}
        </ul>
        <dl className="summary-rows">
          <div className="summary-total">
            <dt>Total</dt>
            <dd>{money(current.totalCents, current.currency)}</dd>
          </div>
        </dl>
        <dl className="facts facts--grid">
          <div>
            <dt>Order</dt>
            <dd>
              <code>{current.orderId}</code>
            </dd>
          </div>
          <div>
            <dt>Placed</dt>
            <dd>{formatDate(current.createdAt)}</dd>
          </div>
          <div>
            <dt>Receipt sent to</dt>
            <dd>{current.email}</dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>{current.customerId}</dd>
          </div>
        </dl>
      </section>

      <div className="order-actions">
        <Link to="/" className="button">
          Continue shopping
        </Link>
        <Link to="/orders" className="button button--secondary">
          All your orders
        </Link>
      </div>
    </div>
  );
}

function PaymentId({ paymentId }: { paymentId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="payment-id">
      <span className="payment-id-label">Payment id</span>
      <code className="payment-id-value" data-testid="payment-id">
        {paymentId}
      </code>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(paymentId).then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
