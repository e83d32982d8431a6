// The debit authorization kept with a payment: the words the payer agreed to, their SHA-256,
// when they were accepted and recorded, in what language, and from where; or, plainly, that the
// purchase sent none.
import type { PaymentAuthorization } from '../contract.js';
import { Time } from './ui.js';

export function AuthorizationFacts({
  paymentId,
  authorization,
}: {
  paymentId: string;
  authorization: PaymentAuthorization | null;
}) {
  if (!authorization) {
    return <p className="quiet">No authorization was sent with this purchase.</p>;
  }
  return (
    <details>
      <summary>Debit authorization of {paymentId}</summary>
      <blockquote className="authorization" lang={authorization.locale}>
        {authorization.text}
      </blockquote>
      <dl className="facts">
        <dt>SHA-256</dt>
        <dd>
          <code className="digest">{authorization.textSha256}</code>
        </dd>
        <dt>Accepted</dt>
        <dd>
          <Time at={authorization.acceptedAt} />
        </dd>
        <dt>Recorded</dt>
        <dd>
          <Time at={authorization.recordedAt} />
        </dd>
        <dt>Locale</dt>
        <dd>
          <code>{authorization.locale}</code>
        </dd>
        <dt>Address</dt>
        <dd>{authorization.remoteAddress ?? 'not known (no connection to read it from)'}</dd>
        <dt>User agent</dt>
        <dd>{authorization.userAgent ?? 'none sent'}</dd>
      </dl>
    </details>
  );
}
