// Payments: every payment with its debit authorization and status history, filtered by status,
// moved along now (settle, return, fail; a settled one returned after settlement with any code a
// WEB debit can come back with) or refunded, and the sandbox's clock beside them, so that the
// merchant's webhook handler can be seen reacting.
import { useState } from 'react';
import {
  PAYMENT_STATUSES,
  type ConsolePayment,
  type PaymentEnding,
  type PaymentStatus,
  type WebDebitReturnCode,
} from '../contract.js';
import { AuthorizationFacts } from './AuthorizationFacts.js';
import { ReturnCodeSelect } from './ReturnCodeSelect.js';
import { SandboxClock } from './SandboxClock.js';
import {
  ActionButton,
  formatMoney,
  Loading,
  Problem,
  Time,
  useConsoleAction,
  useConsoleRead,
} from './ui.js';

const MOVES: { to: PaymentEnding; label: string }[] = [
  { to: 'settled', label: 'Settle now' },
  { to: 'returned', label: 'Return' },
  { to: 'failed', label: 'Fail' },
];
const ENDED: PaymentStatus[] = ['settled', 'returned', 'failed', 'refunded'];
/** A pending or batched payment is cancelled, a settled one credited back. */
const REFUNDABLE: PaymentStatus[] = ['pending', 'batched', 'settled'];
const NO_WEBHOOKS = 'no webhooks are sent (set a URL in Webhooks).';
/** What a return after settlement carries unless another code is chosen: unauthorized. */
const LATE_RETURN_CODE: WebDebitReturnCode = 'R10';

export function PaymentsPage() {
  const [status, setStatus] = useState('');
  const payments = useConsoleRead('GET /payments', {
    follow: true,
    query: status ? { status } : undefined,
  });
  const webhook = useConsoleRead('GET /webhook');
  const webhooksOff = webhook.data?.url === null;
  const advance = useConsoleAction(
    'POST /payments/:id/advance',
    ({ payment }) =>
      `Payment ${payment.paymentId} is ${payment.status}${
        payment.returnCode ? ` (${payment.returnCode})` : ''
      }; ${webhooksOff ? NO_WEBHOOKS : 'its webhooks are on their way.'}`,
  );
  const refund = useConsoleAction(
    'POST /payments/:id/refund',
    ({ payment }) =>
      `Payment ${payment.paymentId} is refunded; ${
        webhooksOff ? NO_WEBHOOKS : 'its Refunded webhook is on its way.'
      }`,
  );
  const busy = advance.isPending || refund.isPending;

  return (
    <>
      <SandboxClock />
      <div className="row">
        <label htmlFor="payment-status">Status</label>
        <select
          id="payment-status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">All</option>
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <Problem error={advance.error ?? refund.error ?? payments.error} />
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
              busy={busy}
              onMove={(to, returnCode) => {
                refund.reset();
                advance.mutate({ id: payment.paymentId, body: { to, returnCode } });
              }}
              onRefund={() => {
                advance.reset();
                refund.mutate({ id: payment.paymentId });
              }}
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
  onRefund,
}: {
  payment: ConsolePayment;
  busy: boolean;
  onMove: (to: PaymentEnding, returnCode?: WebDebitReturnCode) => void;
  onRefund: () => void;
}) {
  const [returnCode, setReturnCode] = useState<WebDebitReturnCode>(LATE_RETURN_CODE);
  const codeField = `return-code-${payment.paymentId}`;
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
        {payment.settledAt && (
          <>
            <dt>Settled</dt>
            <dd>
              <Time at={payment.settledAt} />
            </dd>
          </>
        )}
        {payment.returnedAt && (
          <>
            <dt>Returned</dt>
            <dd>
              <Time at={payment.returnedAt} />
            </dd>
          </>
        )}
        {payment.refundedAt && (
          <>
            <dt>Refunded</dt>
            <dd>
              <Time at={payment.refundedAt} />
            </dd>
          </>
        )}
      </dl>
      <AuthorizationFacts paymentId={payment.paymentId} authorization={payment.authorization} />
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
      {REFUNDABLE.includes(payment.status) && (
        <p className="row">
          {!ENDED.includes(payment.status) &&
            MOVES.map(({ to, label }) => (
              <ActionButton key={to} busy={busy} onClick={() => onMove(to)}>
                {label} <span className="visually-hidden">{payment.paymentId}</span>
              </ActionButton>
            ))}
          {payment.status === 'settled' && (
            <>
              <label htmlFor={codeField}>
                Return code <span className="visually-hidden">for {payment.paymentId}</span>
              </label>
              <ReturnCodeSelect id={codeField} value={returnCode} onChange={setReturnCode} />
              <ActionButton busy={busy} onClick={() => onMove('returned', returnCode)}>
                Return after settlement <span className="visually-hidden">{payment.paymentId}</span>
              </ActionButton>
            </>
          )}
          <ActionButton busy={busy} onClick={onRefund}>
            Refund <span className="visually-hidden">{payment.paymentId}</span>
          </ActionButton>
        </p>
      )}
    </li>
  );
}
