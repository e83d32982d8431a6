import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Env } from 'service-checkout';
import { api, ApiError, queryKeys, useConfig, useMe } from '../api.js';
import type { Order, OrderStatus } from '../api-types.js';
import { findProduct } from '../catalog.js';
import {
  achTiming,
  OrderStatusBadge,
  OrderStatusIcon,
  reversalText,
} from '../components/order-status.js';
import { describeGoods, hasGoods } from '../goods.js';
import { AuthorizationCopy } from '../components/DebitAuthorization.js';
import { ProductArt } from '../components/ProductArt.js';
import { ReturnAdvicePanel } from '../components/ReturnAdvice.js';
import { formatDate, formatDay, money, Notice, Spinner, usePageTitle } from '../components/ui.js';
import { Link, useLocation } from '../router.js';

/**
 * The order page's heading and what the status means to the shopper. Only `paid` delivers: until
 * its payment settles an order is submitted, with the day it is expected to clear. A reversed
 * order says why its money went back and what was taken back.
 */
function statusText(
  order: Order,
  placed: boolean,
  env: Env | undefined,
): { heading: string; detail: string } {
  const until = formatDate(order.payableUntil);
  switch (order.status) {
    case 'awaiting_payment':
      return placed
        ? {
            heading: 'Your payment was submitted',
            detail: `We are waiting for the payments service to confirm it. ${achTiming(env)}`,
          }
        : {
            heading: 'Waiting for your payment',
            detail: `This order is not paid yet. It can be paid until ${until}; after that it expires and nothing is charged.`,
          };
    case 'processing':
      return {
        heading: 'Your payment was submitted',
        detail: `${
          order.expectedSettlesOn
            ? `It is expected to clear on ${formatDay(order.expectedSettlesOn)}; your items are delivered once it does.`
            : 'Your items are delivered once it clears.'
        } ${achTiming(env)}`,
      };
    case 'paid':
      return {
        heading: placed ? 'Thank you for your order!' : 'Your order is paid',
        detail:
          order.delivered && hasGoods(order.delivered)
            ? `Payment received: ${describeGoods(order.delivered)} delivered to your account.`
            : 'Payment received.',
      };
    case 'expired':
      return {
        heading: 'This order expired',
        detail: `It was not paid by ${until}, so it can no longer be paid and nothing was charged. To buy these items, add them to your cart again.`,
      };
    case 'returned':
      return {
        heading: 'Your bank returned the payment',
        detail: 'No money came, so nothing was delivered.',
      };
    case 'failed':
      return {
        heading: 'The payment did not go through',
        detail: 'No money came, so nothing was delivered.',
      };
    case 'refunded':
      return {
        heading: 'This order was refunded',
        detail: 'The shop refunded your payment in full, so this order is not delivered.',
      };
    case 'reversed':
      return {
        heading: 'Your payment was reversed',
        detail: reversalText(order) ?? 'The payment for this order went back.',
      };
  }
}

/**
 * Statuses the page stops asking about: the final ones, and paid, which a late return may still
 * reverse days or weeks later (the page shows that when it is opened again).
 */
const SETTLED_DOWN: readonly OrderStatus[] = ['paid', 'returned', 'failed', 'refunded', 'reversed'];

export function OrderPage({ orderId }: { orderId: string }) {
  usePageTitle('Your order');
  const placed = new URLSearchParams(useLocation().split('?')[1] ?? '').has('placed');
  const me = useMe();
  const config = useConfig();
  const signedIn = Boolean(me.data?.customer);
  const order = useQuery({
    queryKey: queryKeys.order(orderId),
    queryFn: () => api.order(orderId),
    enabled: signedIn,
    retry: false,
    // The server's status changes with the service's webhooks (an expired order too, should a
    // payment made in time arrive late): ask again until it is final.
    refetchInterval: (query) =>
      query.state.data && SETTLED_DOWN.includes(query.state.data.order.status) ? false : 1000,
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
  const status = statusText(current, placed, config.data?.env);

  return (
    <div className="order-page">
      <section className="confirmation" aria-labelledby="confirmation-title">
        <OrderStatusIcon status={current.status} />
        <p className="eyebrow">{placed ? 'Order placed' : 'Order'}</p>
        <h1 id="confirmation-title">{status.heading}</h1>
        <p className="order-status" role="status">
          <span data-testid="order-status">
            <OrderStatusBadge status={current.status} />
          </span>{' '}
          {status.detail}
          {current.status === 'returned' && current.returnCode
            ? ` (return code ${current.returnCode})`
            : null}
        </p>
        {current.paymentId ? <PaymentId paymentId={current.paymentId} /> : null}
      </section>

      {current.returnAdvice ? (
        <ReturnAdvicePanel order={current} advice={current.returnAdvice} />
      ) : null}

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
          {current.goods ? (
            <div>
              <dt>Delivers once paid</dt>
              <dd>{describeGoods(current.goods)}</dd>
            </div>
          ) : null}
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

      <AuthorizationCopy order={current} />

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
