// The debit authorization of an order's payment, as the shop's server read it from the service:
// the payer's copy on their order page, to keep, in their language, and the whole record for
// staff, in English as the staff page. Plain text, shown as text: never markup.
import type { DebitAuthorization, Order } from '../api-types.js';
import { SHOP_NAME } from '../catalog.js';
import { useLanguage, type Language } from '../language.js';
import { formatDate } from './ui.js';

type Kept = Extract<DebitAuthorization, { status: 'kept' }>;

/** The copy the payer saves, in their language: the words, and what they were for. */
function copyText(order: Order, authorization: Kept, { text, money }: Language): string {
  const labels = text.authorizationCopy;
  return [
    labels.givenTo(SHOP_NAME),
    '',
    authorization.text,
    '',
    `${labels.order}: ${order.orderId}`,
    `${labels.payment}: ${order.paymentId ?? labels.noPaymentYet}`,
    `${labels.amount}: ${money(order.totalCents, order.currency)}`,
    `${labels.accepted}: ${authorization.acceptedAt}`,
    `${labels.language}: ${authorization.locale}`,
    `${labels.recorded}: ${authorization.recordedAt}`,
    `${labels.digest}: ${authorization.textSha256}`,
    '',
  ].join('\n');
}

function downloadCopy(order: Order, authorization: Kept, language: Language): void {
  const url = URL.createObjectURL(
    new Blob([copyText(order, authorization, language)], { type: 'text/plain;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `debit-authorization-${order.orderId}.txt`;
  link.click();
  // After the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The payer's copy: shown once the shop has the words. */
export function AuthorizationCopy({ order }: { order: Order }) {
  const language = useLanguage();
  const { text, date } = language;
  const { authorization } = order;
  if (authorization?.status !== 'kept') return null;
  return (
    <section className="panel authorization-copy" aria-labelledby="authorization-title">
      <h2 id="authorization-title">{text.yourDebitAuthorization}</h2>
      <p className="muted">{text.agreedWhenYouPaid(date(authorization.acceptedAt))}</p>
      <blockquote className="authorization-text" lang={authorization.locale}>
        {authorization.text}
      </blockquote>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => downloadCopy(order, authorization, language)}
      >
        {text.downloadCopy}
      </button>
    </section>
  );
}

/** Everything the shop keeps of it, for staff; a line when there is nothing to show. */
export function AuthorizationRecord({ order }: { order: Order }) {
  const { authorization } = order;
  if (!authorization) {
    return order.paymentId ? (
      <p className="feed-meta">Debit authorization: not kept (paid before the shop kept them).</p>
    ) : null;
  }
  if (authorization.status === 'none') {
    return <p className="feed-meta">No debit authorization was sent with this payment.</p>;
  }
  return (
    <details className="authorization-record">
      <summary>Debit authorization</summary>
      <blockquote className="authorization-text" lang={authorization.locale}>
        {authorization.text}
      </blockquote>
      <dl className="facts">
        <div>
          <dt>Accepted</dt>
          <dd>{formatDate(authorization.acceptedAt)}</dd>
        </div>
        <div>
          <dt>Recorded by the service</dt>
          <dd>{formatDate(authorization.recordedAt)}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{authorization.locale}</dd>
        </div>
        <div>
          <dt>Payer&apos;s address</dt>
          <dd>{authorization.remoteAddress ?? 'not known'}</dd>
        </div>
        <div>
          <dt>Browser</dt>
          <dd>{authorization.userAgent ?? 'not sent'}</dd>
        </div>
        <div>
          <dt>SHA-256</dt>
          <dd>
            <code className="digest">{authorization.textSha256}</code>{' '}
            {authorization.digestMatches
              ? '(matches the payment’s event)'
              : '(does not match the payment’s event: do not rely on this text)'}
          </dd>
        </div>
      </dl>
    </details>
  );
}
