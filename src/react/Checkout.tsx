import { memo, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FormEvent, ReactElement, RefObject } from 'react';
import { canonicalJson } from '../core/canonical-json.js';
import { ConfigError, formatIssues, type CheckoutError, type FieldIssue } from '../core/errors.js';
import { devWarnings, messages } from '../core/messages.js';
import { formatMoney, type Money } from '../core/money.js';
import {
  checkoutResponseSchema,
  type BankAccount,
  type CheckoutInput,
  type OrderItem,
  type SettlementType,
  type WebhookInfo,
} from '../core/schemas.js';
import { checkCheckoutProps, type SignedInput } from '../checkout/checkout-props.js';
import { checkoutView, type CheckoutView } from '../checkout/checkout-state.js';
import { useCheckoutContext } from './checkout-context.js';
import {
  getActiveSnapshot,
  getActiveSrc,
  getServerSnapshot,
  retryDeviceId,
  subscribe,
} from '../checkout/device-id-store.js';
import { DeviceNotice, Notice, SecondaryButton, describeAccount } from './notices.js';
import type { Attempt, Draft, PaidFrom } from '../checkout/purchase.js';
import { useCustomer } from './useCustomer.js';
import { useLatest } from './use-latest.js';
import { usePurchase, type PurchaseHandlers } from './usePurchase.js';
import { useOnChange } from './use-on-change.js';
import { useReportOnce } from './use-report-once.js';
import './checkout.css';

/** What `onSuccess` receives: the payment and what was paid. */
export interface CheckoutResult {
  paymentId: string;
  /** The key the purchase was sent with; the service deduplicates on it. */
  idempotencyKey: string;
  subtotal: Money;
  settlementType: SettlementType;
  webhookInfo: WebhookInfo;
  bankAccount: Pick<BankAccount, 'alias' | 'last4' | 'rtpEligible'>;
}

/** The purchase: given as props, or signed by your server as a checkout token. */
export type CheckoutPurchaseProps =
  | ({ jwtToken?: undefined } & CheckoutInput)
  | ({
      /**
       * A checkout token your server got from POST /api/checkout/jwt-token: the payer sees and
       * pays the purchase it signs. Purchase props beside it must repeat the token's values.
       */
      jwtToken: string;
    } & Partial<CheckoutInput>);

export type CheckoutProps = CheckoutPurchaseProps & {
  /**
   * The order summary's lines (display only). Their amounts must add up to `subtotal`. By
   * default one line: `webhookInfo`'s item and quantity at the subtotal.
   */
  items?: OrderItem[];
  /** Called exactly once, after the service accepted the payment. */
  onSuccess: (result: CheckoutResult) => void;
  /** Called once with the typed error of each failure: a payment, a read, invalid props. */
  onError?: (error: CheckoutError) => void;
  /** Sends the payer to verify their identity; without it they are told to do so. */
  onVerifyIdentity?: () => void;
  /** Sends the payer to add a bank account; without it they are told to do so. */
  onAddBankAccount?: () => void;
  /** Sends a blocked payer to your support; without it they are told to contact support. */
  onContactSupport?: () => void;
  /** Forces the light or dark theme; by default it follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  className?: string;
  /** Locale for amounts; the browser's by default. */
  locale?: string;
};

type CheckoutCallbacks = Pick<
  CheckoutProps,
  'onSuccess' | 'onError' | 'onVerifyIdentity' | 'onAddBankAccount' | 'onContactSupport'
>;
const CALLBACKS = [
  'onSuccess',
  'onError',
  'onVerifyIdentity',
  'onAddBankAccount',
  'onContactSupport',
] as const;

type FormProps = Omit<CheckoutProps, keyof CheckoutCallbacks> & {
  callbacks: RefObject<CheckoutCallbacks>;
  /** Which optional callbacks were given: they decide which actions show. */
  given: Partial<Record<keyof CheckoutCallbacks, true>>;
  callbackIssues: FieldIssue[];
};

/** The payment form: order summary, the payer's bank accounts and a Pay button. */
export function Checkout(props: CheckoutProps) {
  const { onSuccess, onError, onVerifyIdentity, onAddBankAccount, onContactSupport, ...data } =
    props;
  const callbacks = useLatest<CheckoutCallbacks>({
    onSuccess,
    onError,
    onVerifyIdentity,
    onAddBankAccount,
    onContactSupport,
  });
  const given: FormProps['given'] = {};
  const callbackIssues: FieldIssue[] = [];
  for (const name of CALLBACKS) {
    const value = props[name];
    if (typeof value === 'function') given[name] = true;
    else if (value !== undefined || name === 'onSuccess') {
      callbackIssues.push({
        path: name,
        problem: value === undefined ? 'is required' : 'must be a function',
      });
    }
  }
  return (
    <CheckoutForm {...data} callbacks={callbacks} given={given} callbackIssues={callbackIssues} />
  );
}

// A page re-rendering with equal props (inline objects and functions included) costs a
// comparison: the data props are compared by value and the callbacks come through a ref.
const CheckoutForm = memo(function CheckoutForm(props: FormProps) {
  const { callbacks, given, callbackIssues, theme, className, locale, ...purchaseProps } = props;
  const { http, merchantId, wallet, withSessionKey, sessionVersion } =
    useCheckoutContext('<Checkout>');

  // Props: checked on every render (they are plain data), reported once per distinct problem.
  const checked = checkCheckoutProps(purchaseProps, merchantId);
  const issues = [...callbackIssues, ...(checked.ok ? [] : checked.issues)];
  const input: SignedInput | null = checked.ok && issues.length === 0 ? checked.input : null;
  const lines = checked.ok ? checked.lines : [];

  // Invalid props send nothing at all, not even the customer read.
  const customer = useCustomer({ enabled: input !== null });
  const device = useSyncExternalStore(subscribe, getActiveSnapshot, getServerSnapshot);
  const [chosenToken, setChosenToken] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // Set by a payment's outcome: focus then moves to what happened.
  const focusPendingRef = useRef(false);

  const handlers = useLatest<PurchaseHandlers>({
    send: (attempt) =>
      withSessionKey((sessionKey) =>
        http.request({
          method: 'POST',
          path: `/api/checkout/ach/${encodeURIComponent(merchantId)}`,
          // The snapshot carries a device id only once it is ready.
          credentials: { kind: 'sessionKey', sessionKey, deviceId: device.deviceId, wallet },
          schema: checkoutResponseSchema,
          body: attempt.request,
          idempotencyKey: attempt.idempotencyKey,
        }),
      ).then((response) => response.paymentId),
    onPaid: (attempt, paymentId) => {
      focusPendingRef.current = true;
      callbacks.current.onSuccess(checkoutResult(attempt, paymentId));
    },
    onFailed: (error) => {
      focusPendingRef.current = true;
      callbacks.current.onError?.(error);
    },
  });
  const { purchase, pay, retryAccount, dismiss } = usePurchase(handlers);
  // A new session key from the app clears failures about the old one.
  useOnChange(sessionVersion, dismiss);

  // While a payment is in flight or its outcome unknown, its account stays chosen.
  const bankAccounts = customer.customer?.bankAccounts ?? [];
  const lockedToken =
    purchase.status === 'submitting' || purchase.status === 'unknown'
      ? purchase.attempt.account.token
      : null;
  const selected =
    bankAccounts.find((account) => account.token === (lockedToken ?? chosenToken)) ??
    bankAccounts[0] ??
    null;
  const declined = 'declined' in purchase ? purchase.declined : [];
  const draft: Draft | null =
    input && selected
      ? {
          request: { ...input, token: selected.token },
          account: paidFrom(selected),
        }
      : null;

  // Chargeback protection is in use when the customer has it on or the merchant sends its data.
  const needsDeviceId =
    customer.customer?.chargebackProtectionEnabled === true ||
    input?.chargebackProtectionData !== undefined;
  const view = checkoutView({
    propsValid: input !== null,
    customer,
    device,
    needsDeviceId,
    purchase,
    chosenAccountDeclined: selected !== null && declined.includes(selected.token),
  });
  const canPay = view === 'ready' || view === 'failed' || view === 'unconfirmed';

  const problems = issues.length > 0 ? formatIssues(issues) : null;
  useReportOnce(problems, (fields) => {
    const error = new ConfigError('checkout', messages.invalidCheckoutProps(fields));
    console.error(error.message);
    callbacks.current.onError?.(error);
  });
  // A failed first load, or a failed refresh behind a form that stays usable.
  useReportOnce(customer.error ?? null, (error) => callbacks.current.onError?.(error));

  const deviceScriptMissing = view === 'device-required' && device.status === 'idle';
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' && deviceScriptMissing) {
      console.error(devWarnings.deviceScriptMissing());
    }
  }, [deviceScriptMissing]);

  // After the payer acts, move focus to what happened.
  useEffect(() => {
    if (!focusPendingRef.current || purchase.status === 'submitting') return;
    focusPendingRef.current = false;
    resultRef.current?.focus();
  }, [purchase]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canPay) pay(draft);
  }

  function choose(token: string) {
    setChosenToken(token);
    // A failure is about the account it was sent from: choosing another moves on.
    dismiss();
  }

  function checkAgain() {
    dismiss();
    customer.refetch();
  }

  const titleId = useId();
  const radioName = useId();
  // The theme prop is the data-theme attribute; the stylesheet also honours .sc-theme-* classes.
  const classes = className ? `sc-checkout ${className}` : 'sc-checkout';
  const money = (amount: Money) => formatMoney(amount, locale);
  const checkAgainButton = <SecondaryButton onClick={checkAgain}>Check again</SecondaryButton>;

  // Exhaustive: a view without a branch is a type error.
  function body(): ReactElement | null {
    switch (view) {
      case 'invalid':
        return (
          <Notice tone="error" title={TITLES.invalid}>
            <p>Payments are unavailable on this page. Details for the site&apos;s developer:</p>
            <ul className="sc-issues">
              {issues.map((issue) => (
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
            title={TITLES['load-error']}
            action={<SecondaryButton onClick={customer.refetch}>Try again</SecondaryButton>}
          >
            <p>Check your connection and try again.</p>
          </Notice>
        );
      case 'expired':
        return (
          <Notice
            tone="error"
            title={TITLES.expired}
            focusTarget={resultRef}
            action={
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
            title={TITLES.blocked}
            focusTarget={resultRef}
            action={
              <>
                {given.onContactSupport ? (
                  <SecondaryButton onClick={() => callbacks.current.onContactSupport?.()}>
                    Contact support
                  </SecondaryButton>
                ) : null}
                {checkAgainButton}
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
            title={TITLES.verification}
            focusTarget={resultRef}
            action={
              <>
                {given.onVerifyIdentity ? (
                  <SecondaryButton onClick={() => callbacks.current.onVerifyIdentity?.()}>
                    Verify your identity
                  </SecondaryButton>
                ) : null}
                {checkAgainButton}
              </>
            }
          >
            <p>Complete identity verification, then check again to finish your purchase.</p>
          </Notice>
        );
      case 'success': {
        const paid = purchase.status === 'succeeded' ? purchase : null;
        return (
          <Notice tone="success" title={TITLES.success} focusTarget={resultRef}>
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
      case 'no-bank-accounts':
      case 'device-required':
      case 'ready':
      case 'submitting':
      case 'declined':
      case 'unconfirmed':
      case 'failed':
        return input && form(input);
    }
  }

  function form(input: CheckoutInput): ReactElement {
    const unknown = purchase.status === 'unknown' ? purchase.attempt : null;
    return (
      <form className="sc-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
        <OrderSummary lines={lines} subtotal={money(input.subtotal)} money={money} />
        <p className="sc-email">
          Receipt to <span className="sc-email-address">{input.email}</span>
        </p>
        {view === 'no-bank-accounts' ? (
          <Notice
            tone="info"
            title={TITLES['no-bank-accounts']}
            action={
              <>
                {given.onAddBankAccount ? (
                  <SecondaryButton onClick={() => callbacks.current.onAddBankAccount?.()}>
                    Add a bank account
                  </SecondaryButton>
                ) : null}
                {checkAgainButton}
              </>
            }
          >
            <p>Add a bank account to your account, then check again to pay.</p>
          </Notice>
        ) : (
          <fieldset
            className="sc-accounts"
            disabled={view === 'submitting' || view === 'unconfirmed'}
          >
            <legend className="sc-section-title">Pay from</legend>
            {bankAccounts.map((account) => (
              <label key={account.token} className="sc-account">
                <input
                  className="sc-account-input"
                  type="radio"
                  name={radioName}
                  value={account.token}
                  checked={account === selected}
                  onChange={() => choose(account.token)}
                />
                {/* Explicit spaces: an accessible name joins adjacent spans without one. */}
                <span className="sc-account-alias">{account.alias}</span>{' '}
                <span className="sc-account-last4">
                  <span aria-hidden="true">••••</span>{' '}
                  <span className="sc-visually-hidden">ending in</span> {account.last4}
                </span>
                {account.rtpEligible ? (
                  <>
                    {' '}
                    <span className="sc-badge">Instant</span>
                  </>
                ) : null}
                {declined.includes(account.token) ? (
                  <>
                    {' '}
                    <span className="sc-badge sc-badge--declined">Declined</span>
                  </>
                ) : null}
              </label>
            ))}
          </fieldset>
        )}
        <p className="sc-settlement">
          Settles in <span className="sc-settlement-type">{input.settlementType}</span>
        </p>
        {view === 'device-required' ? (
          <DeviceNotice
            status={device.status}
            onRetry={() => {
              const src = getActiveSrc();
              if (src) retryDeviceId(src);
            }}
          />
        ) : null}
        {view === 'declined' && draft ? (
          <Notice
            tone="error"
            title={TITLES.declined}
            focusTarget={resultRef}
            action={
              <SecondaryButton onClick={() => retryAccount(draft)}>
                Try this account again
              </SecondaryButton>
            }
          >
            <p>
              Your bank declined the payment from {describeAccount(draft.account)}. Choose another
              account, or try this one again.
            </p>
          </Notice>
        ) : null}
        {unknown ? (
          <Notice tone="error" title={TITLES.unconfirmed} focusTarget={resultRef}>
            <p>
              Your payment of {money(unknown.request.subtotal)} from{' '}
              {describeAccount(unknown.account)} may have gone through. Retry to finish it: the same
              payment is sent again, and you will not be charged twice.
            </p>
            <p>The account and amount can&apos;t change until we know.</p>
          </Notice>
        ) : null}
        {view === 'failed' ? (
          <Notice tone="error" title={TITLES.failed} focusTarget={resultRef}>
            <p>You have not been charged. Please try again.</p>
          </Notice>
        ) : null}
        <button
          type="submit"
          className="sc-button sc-pay"
          disabled={!canPay}
          aria-busy={view === 'submitting'}
        >
          {view === 'submitting'
            ? 'Processing…'
            : unknown
              ? `Retry payment of ${money(unknown.request.subtotal)}`
              : `Pay ${money(input.subtotal)}`}
        </button>
      </form>
    );
  }

  return (
    <section
      className={classes}
      data-state={view}
      data-theme={theme}
      aria-labelledby={titleId}
      aria-busy={view === 'loading' || view === 'submitting'}
    >
      <h2 className="sc-title" id={titleId}>
        Checkout
      </h2>
      <div className="sc-visually-hidden" role="status" aria-live="polite">
        {view === 'device-required' && device.status === 'loading'
          ? 'Running a security check.'
          : `${TITLES[view]}.`}
      </div>
      {body()}
    </section>
  );
}, samePropValues);

/** Props are plain data: equal values make an equal checkout, whatever their identity. */
function samePropValues(a: FormProps, b: FormProps): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function paidFrom(account: BankAccount): PaidFrom {
  const { token, alias, last4, rtpEligible } = account;
  return { token, alias, last4, rtpEligible };
}

function checkoutResult(attempt: Attempt, paymentId: string): CheckoutResult {
  const { subtotal, settlementType, webhookInfo } = attempt.request;
  const { alias, last4, rtpEligible } = attempt.account;
  return {
    paymentId,
    idempotencyKey: attempt.idempotencyKey,
    subtotal,
    settlementType,
    webhookInfo,
    bankAccount: { alias, last4, rtpEligible },
  };
}

function OrderSummary(props: {
  lines: OrderItem[];
  subtotal: string;
  money: (amount: Money) => string;
}) {
  return (
    <div className="sc-summary">
      <h3 className="sc-section-title">Order summary</h3>
      <ul className="sc-items">
        {props.lines.map((line, index) => (
          <li key={index} className="sc-item">
            <span className="sc-item-name">{line.name}</span>
            <span className="sc-item-quantity">Qty {line.quantity}</span>
            <span className="sc-item-price">{props.money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="sc-total">
        <span>Subtotal</span>
        <span className="sc-total-amount">{props.subtotal}</span>
      </p>
    </div>
  );
}

// Each view's title: its notice's heading, and, with a full stop, what the status region reads
// out when the view changes (a loading security check reads its own).
const TITLES: Record<CheckoutView, string> = {
  invalid: 'This checkout is not set up correctly',
  loading: 'Loading your payment details',
  'load-error': "We couldn't load your payment details",
  expired: 'Your session has expired',
  blocked: 'Payments are unavailable for this account',
  verification: 'Verify your identity to pay',
  'no-bank-accounts': 'No bank account on file',
  'device-required': 'Security check unavailable',
  ready: 'Ready to pay',
  submitting: 'Processing your payment',
  declined: 'Payment declined',
  unconfirmed: "We couldn't confirm your payment",
  failed: "The payment didn't go through",
  success: 'Payment complete',
};
