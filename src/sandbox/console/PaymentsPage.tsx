// Payments: every payment with its status history, filtered by status, and moved along now
// (settle, return, fail) so that the merchant's webhook handler can be seen reacting.
import { useState } from 'react';
import type { ConsolePayment, PaymentEnding, PaymentStatus } from '../console-contract.js';
import {
  ActionButton,
  formatMoney,
  Loading,
  Problem,
  Time,
  useConsoleAction,
  useConsoleRead,
} from './ui.js';

const STATUSES: PaymentStatus[] = ['pending', 'batched', 'settled', 'returned', 'failed'];
const MOVES: { to: PaymentEnding; label: string }[] = [
  { to: 'settled', label: 'Settle now' },
  { to: 'returned', label: 'Return' },
  { to: 'failed', label: 'Fail' },
];
const ENDED: PaymentStatus[] = ['settled', 'returned', 'failed'];

export function PaymentsPage() {
  const [status, setStatus] = useState('');
  const payments = useConsoleRead('GET /payments', {
    follow: true,
    query: status ? { status } : undefined,
  });
  const webhook = useConsoleRead('GET /webhook');
  const advance = useConsoleAction(
    'POST /payments/:id/advance',
    ({ payment }) =>
      `Payment ${payment.paymentId} is ${payment.status}; ${
        webhook.data?.url === null
          ? 'no webhooks are sent (set a URL in Webhooks).'
          : 'its webhooks are on their way.'
      }`,
  );

  return (
    <>
      <div className="row">
        <label htmlFor="payment-status">Status</label>
        <select
          id="payment-status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">All</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <Problem error={advance.error ?? payments.error} />
      {!payments.data ? (
        !payments.error && <Loading what="payments" />
      ) : payments.data.payments.length === 0 ? (
        <p className="quiet">No payments{status && ` ${status}`} yet.</p>
      ) : (
        <ol className="cards">
          {payments.data.payments.map((payment) => (
            <PaymentCard
              key={payment.paymentId}
              payment={payment}
              busy={advance.isPending}
              onMove={(to) => advance.mutate({ id: payment.paymentId, body: { to } })}
            />
          ))}
        </ol>
      )}
    </>
  );
}

function PaymentCard({
  payment,
  busy,
  onMove,
}: {
  payment: ConsolePayment;
  busy: boolean;
  onMove: (to: PaymentEnding) => void;
}) {
  return (
    <li className="card">
      <h2 className="h3">
        {formatMoney(payment.subtotal)}{' '}
        <span className={`state state-${payment.status}`}>{payment.status}</span>
      </h2>
      <dl className="facts">
        <dt>Payment</dt>
        <dd>
          <code>{payment.paymentId}</code>
        </dd>
        <dt>Customer</dt>
        <dd>
          <code>{payment.customerId}</code>
        </dd>
        <dt>For</dt>
        <dd>
          {payment.webhookInfo.quantity} × {payment.webhookInfo.itemName}
        </dd>
        {payment.returnCode && (
          <>
            <dt>Return code</dt>
            <dd>{payment.returnCode}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          <Time at={payment.createdAt} />
        </dd>
      </dl>
      <details>
        <summary>Status history of {payment.paymentId}</summary>
        <ol className="history">
          {payment.history.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              {step.status} <Time at={step.at} />
            </li>
          ))}
        </ol>
      </details>
      {!ENDED.includes(payment.status) && (
        <p className="row">
          {MOVES.map(({ to, label }) => (
            <ActionButton key={to} busy={busy} onClick={() => onMove(to)}>
              {label} <span className="visually-hidden">{payment.paymentId}</span>
            </ActionButton>
          ))}
        </p>
      )}
    </li>
  );
}
