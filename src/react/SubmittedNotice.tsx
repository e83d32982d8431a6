import type { RefObject } from 'react';
import type { Purchase } from '../checkout/purchase.js';
import { submittedValues, type CheckoutWords } from '../checkout/submitted.js';
import { AuthorizationCopy } from './AuthorizationCopy.js';
import { Notice } from './Notice.js';

/**
 * The success view: the debit is submitted to the payer's bank (not complete), with the amount,
 * the account, the day it is expected to clear, and the payer's copy of the authorization.
 */
export function SubmittedNotice(props: {
  purchase: Extract<Purchase, { status: 'succeeded' }>;
  words: CheckoutWords;
  resultRef: RefObject<HTMLDivElement | null>;
}) {
  const { purchase, words, resultRef } = props;
  const { attempt, paymentId, submittedAt } = purchase;
  const { messages } = words;
  return (
    <Notice tone="success" title={messages.submittedTitle} focusTarget={resultRef}>
      <p>{messages.submittedBody(submittedValues(attempt, submittedAt, words))}</p>
      <p>{messages.receiptGoesTo({ email: attempt.request.email })}</p>
      <AuthorizationCopy
        authorization={attempt.request.authorization}
        reference={paymentId}
        words={words}
      />
    </Notice>
  );
}
