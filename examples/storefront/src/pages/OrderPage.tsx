import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Env } from 'service-checkout';
import { api, ApiError, queryKeys, useConfig, useMe } from '../api.js';
import type { Order, OrderStatus } from '../api-types.js';
import { findProduct } from '../catalog.js';
import { OrderStatusBadge, OrderStatusIcon, reversalText } from '../components/order-status.js';
import { describeGoods, hasGoods } from '../goods.js';
import { AuthorizationCopy } from '../components/DebitAuthorization.js';
import { ProductArt } from '../components/ProductArt.js';
import { ReturnAdvicePanel } from '../components/ReturnAdvice.js';
import { Notice, Spinner, usePageTitle } from '../components/ui.js';
import { useLanguage, type Language } from '../language.js';
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
  { text, date, day }: Language,
): { heading: string; detail: string } {
  const until = date(order.payableUntil);
  switch (order.status) {
    case 'awaiting_payment':
      return placed
        ? {
            heading: text.paymentSubmitted,
            detail: `${text.awaitingConfirmation} ${text.achTiming(env)}`,
          }
        : { heading: text.waitingForPayment, detail: text.notPaidYet(until) };
    case 'processing':
      return {
        heading: text.paymentSubmitted,
        detail: `${
          order.expectedSettlesOn
            ? text.expectedToClear(day(order.expectedSettlesOn))
            : text.deliveredOnceClears
        } ${text.achTiming(env)}`,
      };
    case 'paid':
      return {
        heading: placed ? text.thankYou : text.orderPaid,
        detail:
          order.delivered && hasGoods(order.delivered)
            ? text.paymentReceivedDelivered(describeGoods(order.delivered, text.goods))
            : text.paymentReceived,
      };
    case 'expired':
      return { heading: text.orderExpired, detail: text.expiredBody(until) };
    case 'returned':
      return { heading: text.bankReturned, detail: text.noMoneyCame };
    case 'failed':
      return { heading: text.paymentFailed, detail: text.noMoneyCame };
    case 'refunded':
      return { heading: text.orderRefunded, detail: text.refundedBody };
    case 'reversed':
      return {
        heading: text.paymentReversed,
        detail: reversalText(order, { text, date }) ?? text.reversedBody,
      };
  }
}

/**
 * Statuses the page stops asking about: the final ones, and paid, which a late return may still
 * reverse days or weeks later (the page shows that when it is opened again).
 */
const SETTLED_DOWN: readonly OrderStatus[] = ['paid', 'returned', 'failed', 'refunded', 'reversed'];

export function OrderPage({ orderId }: { orderId: string }) {
  const language = useLanguage();
  const { text, money, date } = language;
  usePageTitle(text.yourOrder);
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

  if (me.isPending || (signedIn && order.isPending)) return <Spinner label={text.loadingOrder} />;
  if (!signedIn) {
    return (
      <Notice title={text.signInToSeeOrder}>
        <Link to={`/sign-in?next=${encodeURIComponent(`/orders/${orderId}`)}`}>{text.signIn}</Link>
      </Notice>
    );
  }
  if (order.error) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Notice tone="warning" title={missing ? text.noSuchOrder : text.couldNotLoadOrder}>
        {missing ? text.noOrderWithId : order.error.message}{' '}
        <Link to="/orders">{text.allYourOrders}</Link>
      </Notice>
    );
  }
  const current = order.data!.order;
  const status = statusText(current, placed, config.data?.env, language);

  return (
    <div className="order-page">
      <section className="confirmation" aria-labelledby="confirmation-title">
        <OrderStatusIcon status={current.status} />
        <p className="eyebrow">{placed ? text.orderPlaced : text.order}</p>
        <h1 id="confirmation-title">{status.heading}</h1>
        <p className="order-status" role="status">
          <span data-testid="order-status">
            <OrderStatusBadge status={current.status} label={text.statusLabels[current.status]} />
          </span>{' '}
          {status.detail}
          {current.status === 'returned' && current.returnCode
            ? text.returnCode(current.returnCode)
            : null}
        </p>
        {current.paymentId ? <PaymentId paymentId={current.paymentId} text={text} /> : null}
      </section>

      {current.returnAdvice ? (
        <ReturnAdvicePanel order={current} advice={current.returnAdvice} />
      ) : null}

      <section className="panel order-details" aria-labelledby="details-title">
        <h2 id="details-title">{text.orderDetails}</h2>
        <ul className="review-lines">
          {current.lines.map((line) => {
            const product = findProduct(line.productId);
            return (
              <li key={line.productId} className="review-line">
                {product ? <ProductArt art={product.art} className="review-art" /> : <span />}
                <div>
                  <p className="review-name">
                    {product ? text.products[product.id].name : line.name}
                  </p>
                  <p className="review-meta">
                    {text.qtyEach(line.quantity, money(line.unitCents))}
                  </p>
                </div>
                <p className="review-total">{money(line.totalCents)}</p>
              </li>
            );
          })}
        </ul>
        <dl className="summary-rows">
          <div className="summary-total">
            <dt>{text.total}</dt>
            <dd>{money(current.totalCents, current.currency)}</dd>
          </div>
        </dl>
        <dl className="facts facts--grid">
          <div>
            <dt>{text.order}</dt>
            <dd>
              <code>{current.orderId}</code>
            </dd>
          </div>
          <div>
            <dt>{text.placed}</dt>
            <dd>{date(current.createdAt)}</dd>
          </div>
          {current.goods ? (
            <div>
              <dt>{text.deliversOncePaid}</dt>
              <dd>{describeGoods(current.goods, text.goods)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{text.receiptSentTo}</dt>
            <dd>{current.email}</dd>
          </div>
          <div>
            <dt>{text.customer}</dt>
            <dd>{current.customerId}</dd>
          </div>
        </dl>
      </section>

      <AuthorizationCopy order={current} />

      <div className="order-actions">
        <Link to="/" className="button">
          {text.continueShopping}
        </Link>
        <Link to="/orders" className="button button--secondary">
          {text.allYourOrders}
        </Link>
      </div>
    </div>
  );
}

function PaymentId({ paymentId, text }: { paymentId: string; text: Language['text'] }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="payment-id">
      <span className="payment-id-label">{text.paymentId}</span>
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
        {copied ? text.copied : text.copy}
      </button>
    </div>
  );
}
