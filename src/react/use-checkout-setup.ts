// <Checkout>'s setup: its words, and its props checked with the provider's merchant and messages.
// A problem with any of them is the invalid view; each distinct one is reported once.
import { useMemo, type RefObject } from 'react';
import {
  checkCheckoutProps,
  type CheckedCallbacks,
  type CheckedProps,
  type SignedInput,
} from '../checkout/checkout-props.js';
import { checkoutWords, type CheckoutMessages } from '../checkout/messages/index.js';
import type { CheckoutWords } from '../checkout/submitted.js';
import type { OrderItem } from '../core/browser-schemas.js';
import { ConfigError, formatIssues, type CheckoutError, type FieldIssue } from '../core/errors.js';
import { messages as developerMessages } from '../core/messages.js';
import type { CheckoutContextValue } from './checkout-context.js';
import type { CheckoutLocale } from './use-checkout-locale.js';
import { canonicalJson } from '../core/canonical-json.js';
import { useReportOnce } from './use-report-once.js';

export interface CheckoutSetup {
  words: CheckoutWords;
  /** The purchase, when nothing is wrong with the setup. */
  input: SignedInput | null;
  lines: OrderItem[];
  issues: FieldIssue[];
}

/**
 * <Checkout>'s purchase props checked against the provider's merchant, once for each value they
 * take: a page re-rendering with equal props costs a comparison.
 */
export function useCheckedProps(
  purchaseProps: Record<string, unknown>,
  merchantId: string,
): CheckedProps {
  // The props are compared by value, as their JSON.
  const propsJson = canonicalJson(purchaseProps);
  return useMemo(
    () => checkCheckoutProps(purchaseProps, merchantId),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [propsJson, merchantId],
  );
}

/** Everything wrong with a checkout's setup: the provider's, its locale's, its callbacks', its props'. */
export function setupIssues(
  context: Pick<CheckoutContextValue, 'setupIssues'>,
  locale: CheckoutLocale,
  checkedCallbacks: CheckedCallbacks,
  checkedProps: CheckedProps,
): FieldIssue[] {
  return [
    ...context.setupIssues,
    ...(locale.issue ? [locale.issue] : []),
    ...checkedCallbacks.issues,
    ...(checkedProps.ok ? [] : checkedProps.issues),
  ];
}

export function useCheckoutSetup(
  checkedProps: CheckedProps,
  language: { locale: CheckoutLocale; catalogue: CheckoutMessages },
  checkedCallbacks: CheckedCallbacks,
  context: Pick<CheckoutContextValue, 'messageOverrides' | 'setupIssues'>,
): CheckoutSetup {
  const { messageOverrides } = context;
  const { locale, catalogue } = language;
  const words = useMemo(
    () => checkoutWords(locale.resolved, catalogue, messageOverrides),
    [locale.resolved, catalogue, messageOverrides],
  );
  const issues = setupIssues(context, locale, checkedCallbacks, checkedProps);
  return {
    words,
    input: checkedProps.ok && issues.length === 0 ? checkedProps.input : null,
    lines: checkedProps.ok ? checkedProps.lines : [],
    issues,
  };
}

/** Reports each distinct setup problem, and each failed read of the customer, once. */
export function useReportProblems(
  issues: FieldIssue[],
  customerError: CheckoutError | null,
  callbacks: RefObject<{ onError?: (error: CheckoutError) => void }>,
): void {
  const problems = issues.length > 0 ? formatIssues(issues) : null;
  useReportOnce(problems, (fields) => {
    const error = new ConfigError('checkout', developerMessages.invalidCheckoutProps(fields));
    console.error(error.message);
    callbacks.current.onError?.(error);
  });
  // A failed first load, or a failed refresh behind a form that stays usable.
  useReportOnce(customerError, (error) => callbacks.current.onError?.(error));
}
