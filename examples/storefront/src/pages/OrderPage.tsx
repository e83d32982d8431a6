import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, queryKeys, useMe } from '../api.js';
import { findProduct } from '../catalog.js';
import { ProductArt } from '../components/ProductArt.js';
import { CheckIcon, formatDate, money, Notice, Spinner, usePageTitle } from '../components/ui.js';
import { Link, useLocation } from '../router.js';

export function OrderPage({ paymentId }: { paymentId: string }) {
  usePageTitle('Order confirmed');
  const placed = new URLSearchParams(useLocation().split('?')[1] ?? '').has('placed');
  const me = useMe();
  const signedIn = Boolean(me.data?.customer);
  const order = useQuery({
    queryKey: queryKeys.order(paymentId),
    queryFn: () => api.order(paymentId),
    enabled: signedIn,
    retry: false,
  });

  return (
    <div className="order-page">
      <section className="confirmation" aria-labelledby="confirmation-title">
        <span className="confirmation-icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <p className="eyebrow">{placed ? 'Payment received' : 'Order'}</p>
        <h1 id="confirmation-title">{placed ? 'Thank you for your order!' : 'Your order'}</h1>
        <p className="page-lede">
          {placed
            ? 'Your items are on their way to your account. Keep the payment id for your records.'
            : 'Paid through the payments service.'}
        </p>
        <PaymentId paymentId={paymentId} />
      </section>

      {me.isPending || order.isPending ? (
        signedIn || me.isPending ? (
          <Spinner label="Loading the order…" />
        ) : (
          <Notice title="Sign in to see the order details">
            <Link to={`/sign-in?next=${encodeURIComponent(`/orders/${paymentId}`)}`}>Sign in</Link>
          </Notice>
        )
      ) : order.data ? (
        <section className="panel order-details" aria-labelledby="details-title">
          <h2 id="details-title">Order details</h2>
          <ul className="review-lines">
            {order.data.order.lines.map((line) => {
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
              <dt>Total paid</dt>
              <dd>{money(order.data.order.totalCents, order.data.order.currency)}</dd>
            </div>
          </dl>
          <dl className="facts facts--grid">
            <div>
              <dt>Placed</dt>
              <dd>{formatDate(order.data.order.createdAt)}</dd>
            </div>
            {order.data.order.paidFrom ? (
              <div>
                <dt>Paid from</dt>
                <dd>
                  {order.data.order.paidFrom.alias} ···· {order.data.order.paidFrom.last4}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Receipt sent to</dt>
              <dd>{order.data.order.email}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>{order.data.order.customerId}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <Notice tone="warning" title="We could not find the details of this order">
          The payment went through; its id is above. The shop has no record of the items for this
          customer.
        </Notice>
      )}

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
