// What the payer sees in place of the form: the view's notice, with the way out it offers.
import type { RefObject } from 'react';
import type { NoticeView } from '../checkout/checkout-state.js';
import type { Purchase } from '../checkout/purchase.js';
import type { CheckoutWords } from '../checkout/submitted.js';
import type { FieldIssue } from '../core/errors.js';
import type { Money } from '../core/money.js';
import { Notice, OptionalButton, SecondaryButton, viewTitle } from './Notice.js';
import { SubmittedNotice } from './SubmittedNotice.js';

export interface CheckoutNoticeProps {
  view: NoticeView;
  /** The props' problems, listed for the site's developer in the `invalid` view. */
  issues: FieldIssue[];
  purchase: Purchase;
  words: CheckoutWords;
  money: (amount: Money) => string;
  /** Where focus moves after the payer acts. */
  resultRef: RefObject<HTMLDivElement | null>;
  onTryAgain: () => void;
  onCheckAgain: () => void;
  onContactSupport?: () => void;
  onVerifyIdentity?: () => void;
}

export function CheckoutNotice(props: CheckoutNoticeProps) {
  const { view, purchase, words, money, resultRef } = props;
  const { messages } = words;
  const title = viewTitle(view, messages);
  const checkAgain = (
    <SecondaryButton onClick={props.onCheckAgain}>{messages.checkAgain}</SecondaryButton>
  );
  // Exhaustive: a view without a branch is a type error.
  switch (view) {
    case 'invalid':
      return (
        <Notice tone="error" title={title}>
          <p>{messages.invalidBody({ count: props.issues.length })}</p>
          {/* For the site's developer, who reads the library's own language. */}
          <ul className="sc-issues" lang="en" dir="ltr">
            {props.issues.map((issue) => (
              <li key={issue.path + issue.problem}>
                <code>{issue.path || '(props)'}</code> {issue.problem}
              </li>
            ))}
          </ul>
        </Notice>
      );
    case 'loading':
      return (
        <div className="sc-loading">
          <span className="sc-spinner" aria-hidden="true" />
          <span>{messages.loading}</span>
        </div>
      );
    case 'load-error':
      return (
        <Notice
          tone="error"
          title={title}
          buttons={
            <SecondaryButton onClick={props.onTryAgain}>{messages.tryAgain}</SecondaryButton>
          }
        >
          <p>{messages.loadErrorBody}</p>
        </Notice>
      );
    case 'expired':
      return (
        <Notice
          tone="error"
          title={title}
          focusTarget={resultRef}
          buttons={
            <SecondaryButton onClick={() => window.location.reload()}>
              {messages.reloadPage}
            </SecondaryButton>
          }
        >
          <p>
            {messages.expiredBody}{' '}
            {purchase.status === 'unknown'
              ? messages.expiredMayHaveGoneThrough({
                  amount: money(purchase.attempt.request.subtotal),
                })
              : messages.notCharged}
          </p>
        </Notice>
      );
    case 'blocked':
      return (
        <Notice
          tone="error"
          title={title}
          focusTarget={resultRef}
          buttons={
            <>
              <OptionalButton onClick={props.onContactSupport}>
                {messages.contactSupport}
              </OptionalButton>
              {checkAgain}
            </>
          }
        >
          <p>{messages.blockedBody}</p>
        </Notice>
      );
    case 'verification':
      return (
        <Notice
          tone="info"
          title={title}
          focusTarget={resultRef}
          buttons={
            <>
              <OptionalButton onClick={props.onVerifyIdentity}>
                {messages.verifyIdentity}
              </OptionalButton>
              {checkAgain}
            </>
          }
        >
          <p>{messages.verificationBody}</p>
        </Notice>
      );
    case 'success':
      return purchase.status === 'succeeded' ? (
        <SubmittedNotice purchase={purchase} words={words} resultRef={resultRef} />
      ) : null;
  }
}
