import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Withdrawal } from 'service-checkout/server';
import { api, queryKeys, useConfig, useMe } from '../api.js';
import { EmptyState, formatDate, money, Notice, PageHeader, Spinner } from '../components/ui.js';
import type {
  Order,
  RefusedWebhooks,
  UnmatchedPayment,
  UnmatchedRefund,
  WebhookRecord,
} from '../api-types.js';
import { Link } from '../router.js';
import { AuthorizationRecord } from '../components/DebitAuthorization.js';
import { OrderStatusBadge, reversalText } from '../components/order-status.js';
import { en } from '../text/en.js';
import { SandboxConsoleLink } from '../components/SandboxConsoleLink.js';
import { TimeTravelPanel } from '../components/TimeTravelPanel.js';
import { WebhookKeyRoll } from '../components/WebhookKeyRoll.js';
import { isSessionEnded, signInAgain } from '../sign-in-again.js';

const STATUS_LABELS: Record<Withdrawal['status'], string> = {
  pending: 'Pending',
  in_review: 'In review',
  completed: 'Completed',
  failed: 'Failed',
};

/** What the staff page says of an order: English, as the rest of it. */
const STAFF_WORDS = { text: en, date: formatDate };

/**
 * Staff's page stays English whatever the shopper picked: marked so, a screen reader on an Arabic
 * page reads it as English and it is laid out left to right.
 */
export function MerchantPage() {
  return (
    <div lang="en" dir="ltr">
      <StaffPage />
    </div>
  );
}

function StaffPage() {
  const me = useMe();
  if (me.isPending) return <Spinner label="Loading…" />;
  if (!me.data?.customer?.staff) {
    return (
      <>
        <PageHeader eyebrow="Merchant dashboard" title="Staff only" />
        <EmptyState
          title="Sign in as staff to see payouts and activity"
          action={{ to: '/sign-in?next=%2Fmerchant', label: 'Sign in' }}
        >
          The staff account and its demo password are on the sign-in page.
        </EmptyState>
      </>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const config = useConfig();
  const withdrawals = useQuery({ queryKey: queryKeys.withdrawals, queryFn: api.withdrawals });
  const activity = useQuery({
    queryKey: queryKeys.activity,
    queryFn: api.activity,
    refetchInterval: 2000,
  });
  // The session ended while the page was open (the sandbox's clock moved from its console, say):
  // the page's reads now all fail, so it opens the sign-in page instead.
  const queryClient = useQueryClient();
  const sessionEnded = isSessionEnded(activity.error) || isSessionEnded(withdrawals.error);
  useEffect(() => {
    if (sessionEnded) signInAgain(queryClient, 'session-ended', '/merchant');
  }, [sessionEnded, queryClient]);

  const paidOut = (withdrawals.data?.withdrawals ?? [])
    .filter((withdrawal) => withdrawal.status === 'completed')
    .reduce((sum, withdrawal) => sum + withdrawal.amount.cents, 0);
  const inFlight = (withdrawals.data?.withdrawals ?? [])
    .filter((withdrawal) => withdrawal.status === 'pending' || withdrawal.status === 'in_review')
    .reduce((sum, withdrawal) => sum + withdrawal.amount.cents, 0);
  // Only what the service's webhooks said was paid counts.
  const sales = (activity.data?.orders ?? [])
    .filter((order) => order.status === 'paid')
    .reduce((sum, order) => sum + order.totalCents, 0);

  return (
    <>
      <PageHeader eyebrow="Merchant dashboard" title="Payouts and activity">
        <p>
          What the shop&apos;s server sees, for staff only. Its data comes from the service with the
          API key, which never reaches this page.
        </p>
        {config.data?.sandboxConsole ? (
          <SandboxConsoleLink />
        ) : config.data ? (
          <p>
            Keys, webhook deliveries, payments and customers are in the service&apos;s dashboard; a
            sandbox&apos;s is its console, at the address the sandbox printed when it started.
          </p>
        ) : null}
      </PageHeader>

      <div className="stats">
        <Stat label="Paid out" value={withdrawals.data ? money(paidOut) : '—'} />
        <Stat label="On the way" value={withdrawals.data ? money(inFlight) : '—'} />
        <Stat label="Sales this session" value={activity.data ? money(sales) : '—'} />
        <Stat
          label="Merchant id"
          value={config.data?.merchantId ?? '—'}
          detail={config.data ? `env ${config.data.env}` : undefined}
          code
        />
      </div>

      <section className="dashboard-section" aria-labelledby="withdrawals-title">
        <div className="section-header">
          <h2 id="withdrawals-title">Withdrawals</h2>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => void withdrawals.refetch()}
            disabled={withdrawals.isFetching}
          >
            {withdrawals.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        {withdrawals.isPending ? (
          <Spinner label="Loading withdrawals…" />
        ) : withdrawals.error ? (
          <Notice tone="danger" title="Could not load withdrawals">
            {withdrawals.error.message}
          </Notice>
        ) : withdrawals.data.withdrawals.length === 0 ? (
          <p className="muted">No withdrawals yet.</p>
        ) : (
          <div className="table-wrap panel panel--flush">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Withdrawal</th>
                  <th scope="col">Created</th>
                  <th scope="col">Speed</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="numeric">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {withdrawals.data.withdrawals.map((withdrawal) => (
                  <tr key={withdrawal.id}>
                    <td>
                      <code>{withdrawal.id}</code>
                    </td>
                    <td>{formatDate(withdrawal.createdAt)}</td>
                    <td className="capitalize">{withdrawal.speed}</td>
                    <td>
                      <span className={`status status--${withdrawal.status}`}>
                        {STATUS_LABELS[withdrawal.status] ?? withdrawal.status}
                      </span>
                    </td>
                    <td className="numeric">
                      {money(withdrawal.amount.cents, withdrawal.amount.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {config.data?.timeTravel ? (
        <TimeTravelPanel
          paidOrders={(activity.data?.orders ?? []).filter((order) => order.status === 'paid')}
        />
      ) : null}

      <UnmatchedPayments payments={activity.data?.unmatchedPayments} />

      <ReversedOrders orders={activity.data?.reversedOrders} />

      <div className="dashboard-columns">
        <section className="dashboard-section" aria-labelledby="orders-title">
          <h2 id="orders-title">Recent orders</h2>
          {activity.data && activity.data.orders.length > 0 ? (
            <ul className="feed panel">
              {activity.data.orders.map((order) => (
                <li key={order.orderId} className="feed-item">
                  <OrderStatusBadge status={order.status} />
                  <div>
                    <p className="feed-title">
                      {order.customerId} · {money(order.totalCents, order.currency)}
                    </p>
                    <p className="feed-meta">
                      <code>{order.orderId}</code> · {formatDate(order.createdAt)}
                    </p>
                    <AuthorizationRecord order={order} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted panel panel--quiet">
              No orders yet. <Link to="/">Buy something</Link> to see it here.
            </p>
          )}
        </section>
        <section className="dashboard-section" aria-labelledby="events-title">
          <h2 id="events-title">Payer events sent</h2>
          {activity.data && activity.data.events.length > 0 ? (
            <ul className="feed panel">
              {activity.data.events.map((event) => (
                <li
                  key={`${event.sentAt}-${event.customerId}-${event.eventType}`}
                  className="feed-item"
                >
                  <span className={`event-type event-type--${event.ok ? 'ok' : 'failed'}`}>
                    {event.eventType}
                  </span>
                  <div>
                    <p className="feed-title">{event.customerId}</p>
                    <p className="feed-meta">
                      {event.ok ? 'Sent' : 'Failed'} · {formatDate(event.sentAt)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted panel panel--quiet">
              None yet. <Link to="/sign-in">Sign in</Link> to send a <code>SignUp</code> event.
            </p>
          )}
        </section>
      </div>

      <WebhookKeyRoll />

      <section className="dashboard-section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook deliveries received</h2>
        {activity.data && activity.data.webhooks.length > 0 ? (
          <ul className="feed panel">
            {activity.data.webhooks.map((record) => (
              <li key={`${record.receivedAt}-${record.eventId}`} className="feed-item">
                <span className="event-type event-type--ok">{record.eventType}</span>
                <div>
                  <p className="feed-title">
                    {WEBHOOK_OUTCOMES[record.outcome]}
                    {record.orderId ? (
                      <>
                        {' '}
                        · <code>{record.orderId}</code>
                      </>
                    ) : null}
                  </p>
                  <p className="feed-meta">
                    {record.detail ? `${record.detail} · ` : ''}
                    {formatDate(record.receivedAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted panel panel--quiet">
            None yet. The service sends one for each payment step of an order.
          </p>
        )}
        {activity.data ? <RefusedAttempts refused={activity.data.refusedWebhooks} /> : null}
      </section>
    </>
  );
}

/** Unsigned or forged webhook attempts: anyone can send them, so they are a count, not a list. */
function RefusedAttempts({ refused }: { refused: RefusedWebhooks }) {
  if (refused.count === 0) {
    return <p className="muted refused">No attempt with a signature that did not verify.</p>;
  }
  return (
    <div className="muted refused panel panel--quiet" data-testid="refused-webhooks">
      <p>
        {refused.count === 1
          ? '1 attempt whose signature did not verify was refused'
          : `${refused.count} attempts whose signature did not verify were refused`}
        ; none changed anything. Latest:
      </p>
      <ul>
        {refused.latest.map((attempt, index) => (
          <li key={`${attempt.at}-${index}`}>
            {attempt.reason} · {formatDate(attempt.at)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const WEBHOOK_OUTCOMES: Record<WebhookRecord['outcome'], string> = {
  applied: 'Order updated',
  unchanged: 'No change',
  unmatched: 'Payment with no order: kept apart, to refund',
  ignored: 'Ignored',
  duplicate: 'Duplicate delivery, no change',
};

const REFUND_LABELS: Record<UnmatchedRefund, string> = {
  due: 'Refund due',
  requested: 'Refund sent',
  refunded: 'Refunded',
  not_needed: 'No refund needed',
};

function refundDetail(payment: UnmatchedPayment): string {
  switch (payment.refund) {
    case 'due':
      return payment.lastRefundError
        ? `Refund attempt ${payment.refundAttempts} failed (${payment.lastRefundError}); the shop tries again every minute.`
        : 'The shop is refunding it now.';
    case 'requested':
      return 'The service took the refund; waiting for its Refunded event.';
    case 'refunded':
      return 'Refunded in full.';
    case 'not_needed':
      return `The payment was ${payment.paymentStatus}${payment.returnCode ? ` (${payment.returnCode})` : ''}: no money came, so there is nothing to refund.`;
  }
}

/**
 * Money the service took for no payable order: the shop refunds each by itself; staff see each
 * one until it is refunded, and the latest closed ones.
 */
function UnmatchedPayments({ payments }: { payments: UnmatchedPayment[] | undefined }) {
  const open = (payments ?? []).filter(
    (payment) => payment.refund === 'due' || payment.refund === 'requested',
  ).length;
  return (
    <section className="dashboard-section" aria-labelledby="unmatched-title">
      <h2 id="unmatched-title">Payments with no order</h2>
      <p className="muted">
        Payments that reached no order that could take them: an unknown or removed order, one that
        expired, another amount or customer, or a second payment for an order. Nothing is delivered
        for them; the shop refunds each in full, and retries every minute until the service takes
        the refund.{' '}
        {payments ? (
          <strong>{open === 0 ? 'None needs a refund now.' : `${open} still to refund.`}</strong>
        ) : null}
      </p>
      {payments && payments.length > 0 ? (
        <ul className="feed panel">
          {payments.map((payment) => (
            <li key={payment.paymentId} className="feed-item">
              <span className={`status status--refund-${payment.refund}`}>
                {REFUND_LABELS[payment.refund]}
              </span>
              <div>
                <p className="feed-title">
                  {payment.customerId} · {money(payment.amount.cents, payment.amount.currency)} ·{' '}
                  <code>{payment.paymentId}</code>
                </p>
                <p className="feed-meta">
                  Why: {payment.reason}
                  {payment.orderId ? (
                    <>
                      {' '}
                      (order <code>{payment.orderId}</code>)
                    </>
                  ) : null}
                </p>
                <p className="feed-meta">
                  {refundDetail(payment)} · First seen {formatDate(payment.firstSeenAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Paid orders whose money went back (a late return by the payer's bank, or a refund), with why:
 * the shop took back what each delivered.
 */
function ReversedOrders({ orders }: { orders: Order[] | undefined }) {
  return (
    <section className="dashboard-section" aria-labelledby="reversed-title">
      <h2 id="reversed-title">Reversed orders</h2>
      <p className="muted">
        Paid orders whose payment the payer&apos;s bank returned after it settled (up to 60 days
        later for ACH), or that the shop refunded. What each delivered was taken back from the
        player&apos;s account. The 20 most recent.
      </p>
      {orders && orders.length > 0 ? (
        <ul className="feed panel">
          {orders.map((order) => (
            <li key={order.orderId} className="feed-item">
              <OrderStatusBadge status={order.status} />
              <div>
                <p className="feed-title">
                  {order.customerId} · {money(order.totalCents, order.currency)} ·{' '}
                  <code>{order.orderId}</code>
                </p>
                <p className="feed-meta">{reversalText(order, STAFF_WORDS)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : orders ? (
        <p className="muted panel panel--quiet">None: no paid order has been reversed.</p>
      ) : null}
    </section>
  );
}

function Stat({
  label,
  value,
  detail,
  code,
}: {
  label: string;
  value: string;
  detail?: string;
  code?: boolean;
}) {
  return (
    <div className="stat panel">
      <p className="stat-label">{label}</p>
      <p className={`stat-value${code ? ' stat-value--code' : ''}`}>{value}</p>
      {detail ? <p className="stat-detail">{detail}</p> : null}
    </div>
  );
}
