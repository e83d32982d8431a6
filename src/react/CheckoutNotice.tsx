// What the payer sees in place of the form: the view's notice, with the way out it offers.
import type { RefObject } from 'react';
import type { NoticeView } from '../checkout/checkout-state.js';
import type { Purchase } from '../checkout/purchase.js';
import type { FieldIssue } from '../core/errors.js';
import type { Money } from '../core/money.js';
import { Notice, OptionalButton, SecondaryButton, VIEW_TITLES, describeAccount } from './Notice.js';

export interface CheckoutNoticeProps {
  view: NoticeView;
  /** The props' problems, listed for the site's developer in the `invalid` view. */
  issues: FieldIssue[];
  purchase: Purchase;
  money: (amount: Money) => string;
  /** Where focus moves after the payer acts. */
  resultRef: RefObject<HTMLDivElement | null>;
  onTryAgain: () => void;
  onCheckAgain: () => void;
  onContactSupport?: () => void;
  onVerifyIdentity?: () => void;
}

export function CheckoutNotice(props: CheckoutNoticeProps) {
  const { view, purchase, money, resultRef } = props;
  const checkAgain = <SecondaryButton onClick={props.onCheckAgain}>Check again</SecondaryButton>;
  // Exhaustive: a view without a branch is a type error.
  switch (view) {
    case 'invalid':
      return (
        <Notice tone="error" title={VIEW_TITLES.invalid}>
          <p>Payments are unavailable on this page. Details for the site&apos;s developer:</p>
          <ul className="sc-issues">
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
          <span>Loading your payment details…</span>
        </div>
      );
    case 'load-error':
      return (
        <Notice
          tone="error"
          title={VIEW_TITLES['load-error']}
          buttons={<SecondaryButton onClick={props.onTryAgain}>Try again</SecondaryButton>}
        >
          <p>Check your connection and try again.</p>
        </Notice>
      );
    case 'expired':
      return (
        <Notice
          tone="error"
          title={VIEW_TITLES.expired}
          focusTarget={resultRef}
          buttons={
            <SecondaryButton onClick={() => window.location.reload()}>
              Reload the page
            </SecondaryButton>
          }
        >
          <p>
            Reload the page to continue.{' '}
            {purchase.status === 'unknown'
              ? `Your payment of ${money(purchase.attempt.request.subtotal)} may have gone through: check your orders before paying again.`
              : 'You have not been charged.'}
          </p>
        </Notice>
      );
    case 'blocked':
      return (
        <Notice
          tone="error"
          title={VIEW_TITLES.blocked}
          focusTarget={resultRef}
          buttons={
            <>
              <OptionalButton onClick={props.onContactSupport}>Contact support</OptionalButton>
              {checkAgain}
            </>
          }
        >
          <p>This account can&apos;t make payments here. Please contact support.</p>
        </Notice>
      );
    case 'verification':
      return (
        <Notice
          tone="info"
          title={VIEW_TITLES.verification}
          focusTarget={resultRef}
          buttons={
            <>
              <OptionalButton onClick={props.onVerifyIdentity}>Verify your identity</OptionalButton>
              {checkAgain}
            </>
          }
        >
          <p>Complete identity verification, then check again to finish your purchase.</p>
        </Notice>
      );
    case 'success': {
      const paid = purchase.status === 'succeeded' ? purchase : null;
      return (
        <Notice tone="success" title={VIEW_TITLES.success} focusTarget={resultRef}>
          <p>
            {paid && money(paid.attempt.request.subtotal)} paid from{' '}
            {describeAccount(paid?.attempt.account ?? null)}. A receipt goes to{' '}
            {paid?.attempt.request.email}.
          </p>
          <p className="sc-reference">
            Reference <code>{paid?.paymentId}</code>
          </p>
        </Notice>
      );
    }
  }
}
