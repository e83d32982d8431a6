import { useId } from 'react';
import { formatMoment } from '../checkout/formats.js';
import { printAuthorization } from '../checkout/print-authorization.js';
import type { DebitAuthorization } from '../checkout/purchase.js';
import type { CheckoutWords } from '../checkout/submitted.js';
import { SecondaryButton } from './Notice.js';

/**
 * The payer's copy of the authorization they accepted, with the payment's reference: to save as
 * a text file or to print alone.
 */
export function AuthorizationCopy(props: {
  authorization: DebitAuthorization;
  reference: string;
  words: CheckoutWords;
}) {
  const { authorization, reference, words } = props;
  const { messages } = words;
  const titleId = useId();
  const accepted = messages.authorizationAccepted({
    date: formatMoment(authorization.acceptedAt, words.locale),
  });
  const referenceLine = `${messages.reference} ${reference}`;
  const copy = [messages.authorizationCopyTitle, authorization.text, accepted, referenceLine];
  // A data: URL, made while rendering: nothing to create in an effect or to revoke after.
  const savedFile = `data:text/plain;charset=utf-8,${encodeURIComponent(copy.join('\n\n'))}`;
  return (
    <section className="sc-authorization-copy" aria-labelledby={titleId}>
      <h3 className="sc-section-title" id={titleId}>
        {messages.authorizationCopyTitle}
      </h3>
      <p className="sc-authorization">{authorization.text}</p>
      <p>{accepted}</p>
      <p className="sc-reference">
        {messages.reference} <code dir="ltr">{reference}</code>
      </p>
      <div className="sc-actions sc-authorization-actions">
        <a
          className="sc-button sc-button--secondary"
          href={savedFile}
          download={messages.authorizationFileName({ reference })}
        >
          {messages.saveAuthorization}
        </a>
        <SecondaryButton onClick={printAuthorization}>
          {messages.printAuthorization}
        </SecondaryButton>
      </div>
    </section>
  );
}
