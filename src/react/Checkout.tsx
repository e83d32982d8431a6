import { memo, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FormEvent, ReactNode, Ref, RefObject } from 'react';
import { ConfigError, formatIssues, type CheckoutError } from '../core/errors.js';
import { devWarnings, messages } from '../core/messages.js';
import { formatMoney, type Money } from '../core/money.js';
import {
  checkoutInputSchema,
  checkoutResponseSchema,
  type BankAccount,
  type ChargebackProtectionItem,
  type CheckoutInput,
  type SettlementType,
  type WebhookInfo,
} from '../core/schemas.js';
import { validate } from '../core/validate.js';
import {
  checkoutView,
  failureView,
  newIdempotencyKey,
  outcomeUnknown,
  type CheckoutView,
  type PaymentState,
} from './checkout-state.js';
import { useCheckoutContext } from './CheckoutProvider.js';
import {
  getActiveSnapshot,
  getActiveSrc,
  getServerSnapshot,
  retryDeviceId,
  subscribe,
} from './device-id-store.js';
import { useCustomer } from './useCustomer.js';
import { useLatest } from './use-latest.js';
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

export interface CheckoutProps {
  /** Amount in minor units and its ISO 4217 currency. */
  subtotal: Money;
  settlementType: SettlementType;
  /** Your data about the purchase; shown in the order summary and returned by webhook. */
  webhookInfo: WebhookInfo;
  /** The payer's e-mail address. */
  email: string;
  /** One entry per product, for chargeback protection. */
  chargebackProtectionData?: ChargebackProtectionItem[];
  /** Called exactly once, after the service accepted the payment. */
  onSuccess: (result: CheckoutResult) => void;
  /** Called with the typed error whenever a payment or the checkout's loading fails. */
  onError?: (error: CheckoutError) => void;
  /** Forces the light or dark theme; by default it follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  className?: string;
  /** Locale for amounts; the browser's by default. */
  locale?: string;
}

interface Attempt {
  idempotencyKey: string;
  body: string;
}

type CheckoutCallbacks = Pick<CheckoutProps, 'onSuccess' | 'onError'>;

/** The payment form: order summary, the payer's bank accounts and a Pay button. */
export function Checkout(props: CheckoutProps) {
  const { onSuccess, onError, ...data } = props;
  const callbacks = useLatest<CheckoutCallbacks>({ onSuccess, onError });
  return <CheckoutForm {...data} callbacks={callbacks} />;
}

// A page re-rendering with equal props (inline objects and functions included) costs a
// comparison: the data props are compared by value and the callbacks come through a ref.
const CheckoutForm = memo(function CheckoutForm(
  props: Omit<CheckoutProps, keyof CheckoutCallbacks> & {
    callbacks: RefObject<CheckoutCallbacks>;
  },
) {
  const { callbacks, theme, className, locale, ...purchaseProps } = props;
  const context = useCheckoutContext('<Checkout>');
  const { http, merchantId, wallet, withSessionKey } = context;

  // Props: validated on every render (they are plain data), reported once per distinct problem.
  // The schema keeps the purchase's fields and drops anything else.
  const validation = validate(checkoutInputSchema, purchaseProps);
  const input: CheckoutInput | null = validation.ok ? validation.value : null;
  const problems = validation.ok ? '' : formatIssues(validation.issues);

  // Invalid props send nothing at all, not even the customer read.
  const customer = useCustomer({ enabled: input !== null });
  const device = useSyncExternalStore(subscribe, getActiveSnapshot, getServerSnapshot);
  const [payment, setPayment] = useState<PaymentState>({ phase: 'idle' });
  const [chosenToken, setChosenToken] = useState<string | null>(null);

  // Held while a purchase is in flight, and for good once one succeeds.
  const payLockRef = useRef(false);
  // The last attempt while its outcome is unknown.
  const unknownAttemptRef = useRef<Attempt | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const focusResultRef = useRef(false);

  // Chargeback protection is in use when the customer has it on or the merchant sends its data.
  const needsDeviceId =
    customer.customer?.chargebackProtectionEnabled === true ||
    input?.chargebackProtectionData !== undefined;
  const view = checkoutView({
    propsValid: input !== null,
    customer,
    device,
    needsDeviceId,
    payment,
  });
  // Pay is possible when ready, and again after a failure (a retry or another account).
  const canPay =
    view === 'ready' || view === 'declined' || view === 'network-error' || view === 'failed';
  const bankAccounts = customer.customer?.bankAccounts ?? [];
  const selected =
    bankAccounts.find((account) => account.token === chosenToken) ?? bankAccounts[0] ?? null;

  useEffect(() => {
    if (!problems) return;
    const error = new ConfigError('checkout', messages.invalidCheckoutProps(problems));
    console.error(error.message);
    callbacks.current.onError?.(error);
  }, [problems, callbacks]);

  const loadError = customer.status === 'error' ? customer.error : null;
  useEffect(() => {
    if (loadError) callbacks.current.onError?.(loadError);
  }, [loadError, callbacks]);

  const deviceScriptMissing = view === 'device-required' && device.status === 'idle';
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' && deviceScriptMissing) {
      console.error(devWarnings.deviceScriptMissing());
    }
  }, [deviceScriptMissing]);

  // After the payer acts, move focus to what happened.
  useEffect(() => {
    if (!focusResultRef.current || payment.phase === 'submitting') return;
    focusResultRef.current = false;
    resultRef.current?.focus();
  }, [payment]);

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not state: two clicks in one frame both see the state before either re-render.
    if (payLockRef.current || !input || !selected || !canPay) return;
    payLockRef.current = true;
    const requestBody = { ...input, token: selected.token };
    const body = JSON.stringify(requestBody);
    // Retrying the same purchase after an unknown outcome reuses its key; anything else is new.
    const unknownAttempt = unknownAttemptRef.current;
    const idempotencyKey =
      unknownAttempt?.body === body ? unknownAttempt.idempotencyKey : newIdempotencyKey();
    unknownAttemptRef.current = null;
    const account = {
      alias: selected.alias,
      last4: selected.last4,
      rtpEligible: selected.rtpEligible,
    };
    setPayment({ phase: 'submitting' });

    withSessionKey((sessionKey) =>
      http.request({
        method: 'POST',
        path: `/api/checkout/ach/${encodeURIComponent(merchantId)}`,
        // The snapshot carries a device id only once it is ready.
        credentials: { kind: 'sessionKey', sessionKey, deviceId: device.deviceId, wallet },
        schema: checkoutResponseSchema,
        body: requestBody,
        idempotencyKey,
      }),
    ).then(
      (response) => {
        focusResultRef.current = true;
        setPayment({ phase: 'succeeded', paymentId: response.paymentId });
        callbacks.current.onSuccess({
          paymentId: response.paymentId,
          idempotencyKey,
          subtotal: input.subtotal,
          settlementType: input.settlementType,
          webhookInfo: input.webhookInfo,
          bankAccount: account,
        });
      },
      // The HTTP client and withSessionKey reject only with CheckoutErrors: a request that
      // got no answer is already a NetworkError.
      (error: CheckoutError) => {
        payLockRef.current = false;
        if (outcomeUnknown(error)) unknownAttemptRef.current = { idempotencyKey, body };
        focusResultRef.current = true;
        setPayment({ phase: 'failed', error });
        callbacks.current.onError?.(error);
      },
    );
  }

  function choose(token: string) {
    setChosenToken(token);
    // A decline is about one account: choosing another clears it.
    if (payment.phase === 'failed' && failureView(payment.error) === 'declined') {
      setPayment({ phase: 'idle' });
    }
  }

  const titleId = useId();
  const radioName = useId();
  let classes = 'sc-checkout';
  if (theme) classes += ` sc-theme-${theme}`;
  if (className) classes += ` ${className}`;
  const subtotalText = input ? formatMoney(input.subtotal, locale) : '';

  let body: ReactNode;
  switch (view) {
    case 'invalid':
      body = (
        <Notice tone="error" title="This checkout is not set up correctly">
          <p>Payments are unavailable on this page. Details for the site&apos;s developer:</p>
          <ul className="sc-issues">
            {validation.ok
              ? null
              : validation.issues.map((issue) => (
                  <li key={issue.path + issue.problem}>
                    <code>{issue.path || '(props)'}</code> {issue.problem}
                  </li>
                ))}
          </ul>
        </Notice>
      );
      break;
    case 'loading':
      body = (
        <div className="sc-loading">
          <span className="sc-spinner" aria-hidden="true" />
          <span>Loading your payment details…</span>
        </div>
      );
      break;
    case 'load-error':
      body = (
        <Notice
          tone="error"
          title="We couldn't load your payment details"
          action={
            <button
              type="button"
              className="sc-button sc-button--secondary"
              onClick={customer.refetch}
            >
              Try again
            </button>
          }
        >
          <p>Check your connection and try again.</p>
        </Notice>
      );
      break;
    case 'expired':
      body = (
        <Notice tone="error" title="Your session has expired" focusTarget={resultRef}>
          <p>Refresh the page to continue. You have not been charged.</p>
        </Notice>
      );
      break;
    case 'blocked':
      body = (
        <Notice
          tone="error"
          title="Payments are unavailable for this account"
          focusTarget={resultRef}
        >
          <p>This account can&apos;t make payments here. Please contact support.</p>
        </Notice>
      );
      break;
    case 'verification':
      body = (
        <Notice tone="info" title="Verify your identity to pay" focusTarget={resultRef}>
          <p>Complete identity verification, then come back to finish your purchase.</p>
        </Notice>
      );
      break;
    case 'success':
      body = (
        <Notice tone="success" title="Payment complete" focusTarget={resultRef}>
          <p>
            {subtotalText} paid from {describeAccount(selected)}. A receipt goes to {input?.email}.
          </p>
          <p className="sc-reference">
            Reference <code>{payment.phase === 'succeeded' ? payment.paymentId : ''}</code>
          </p>
        </Notice>
      );
      break;
    default:
      body = input && (
        <form className="sc-form" onSubmit={pay} noValidate aria-labelledby={titleId}>
          <OrderSummary input={input} subtotalText={subtotalText} />
          <p className="sc-email">
            Receipt to <span className="sc-email-address">{input.email}</span>
          </p>
          {view === 'no-bank-accounts' ? (
            <Notice tone="info" title="No bank account on file">
              <p>Add a bank account to your account to pay.</p>
            </Notice>
          ) : (
            <fieldset className="sc-accounts" disabled={view === 'submitting'}>
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
          {payment.phase === 'failed' ? (
            <PaymentFailure view={view} account={selected} focusTarget={resultRef} />
          ) : null}
          <button
            type="submit"
            className="sc-button sc-pay"
            disabled={!canPay}
            aria-busy={view === 'submitting'}
          >
            {view === 'submitting' ? 'Processing…' : `Pay ${subtotalText}`}
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
          : ANNOUNCEMENTS[view]}
      </div>
      {body}
    </section>
  );
}, samePropValues);

/** Props are plain data: equal values make an equal checkout, whatever their identity. */
function samePropValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aEntries = Object.entries(a);
  return (
    aEntries.length === Object.keys(b).length &&
    aEntries.every(
      ([key, value]) =>
        Object.hasOwn(b, key) && samePropValues(value, (b as Record<string, unknown>)[key]),
    )
  );
}

function OrderSummary({ input, subtotalText }: { input: CheckoutInput; subtotalText: string }) {
  const { itemName, quantity, price, currency } = input.webhookInfo;
  return (
    <div className="sc-summary">
      <h3 className="sc-section-title">Order summary</h3>
      <ul className="sc-items">
        <li className="sc-item">
          <span className="sc-item-name">{itemName}</span>
          <span className="sc-item-quantity">Qty {quantity}</span>
          <span className="sc-item-price">{currency ? `${price} ${currency}` : price}</span>
        </li>
      </ul>
      <p className="sc-total">
        <span>Subtotal</span>
        <span className="sc-total-amount">{subtotalText}</span>
      </p>
    </div>
  );
}

// tabIndex -1: not a tab stop, but focusable, so focus can move to an outcome.
function Notice({
  tone,
  title,
  children,
  action,
  focusTarget,
}: {
  tone: 'error' | 'info' | 'success';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  focusTarget?: Ref<HTMLDivElement>;
}) {
  return (
    <div className={`sc-notice sc-notice--${tone}`} ref={focusTarget} tabIndex={-1}>
      <p className="sc-notice-title">{title}</p>
      {children}
      {action}
    </div>
  );
}

function PaymentFailure(props: {
  view: CheckoutView;
  account: BankAccount | null;
  focusTarget: Ref<HTMLDivElement>;
}) {
  const { view, account, focusTarget } = props;
  if (view === 'declined') {
    return (
      <Notice tone="error" title="Payment declined" focusTarget={focusTarget}>
        <p>
          Your bank declined the payment from {describeAccount(account)}. Choose another account and
          try again.
        </p>
      </Notice>
    );
  }
  if (view === 'network-error') {
    return (
      <Notice tone="error" title="We couldn't confirm your payment" focusTarget={focusTarget}>
        <p>
          The connection to the payment service failed. Press Pay to try again; you will not be
          charged twice.
        </p>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="The payment didn't go through" focusTarget={focusTarget}>
      <p>Something went wrong on our side. Please try again.</p>
    </Notice>
  );
}

function DeviceNotice({ status, onRetry }: { status: string; onRetry: () => void }) {
  if (status === 'loading') {
    return (
      <div className="sc-loading">
        <span className="sc-spinner" aria-hidden="true" />
        <span>Running a security check…</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Notice
        tone="error"
        title="The security check didn't load"
        action={
          <button type="button" className="sc-button sc-button--secondary" onClick={onRetry}>
            Retry security check
          </button>
        }
      >
        <p>This purchase needs a quick device check. Disable content blockers and retry.</p>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Security check unavailable">
      <p>This purchase needs a device check that isn&apos;t available on this page.</p>
    </Notice>
  );
}

function describeAccount(account: BankAccount | null): string {
  return account ? `${account.alias} ending in ${account.last4}` : 'your bank account';
}

// What the status region reads out in each view (a loading security check reads its own).
const ANNOUNCEMENTS: Record<CheckoutView, string> = {
  invalid: 'Checkout unavailable.',
  loading: 'Loading your payment details.',
  'load-error': "We couldn't load your payment details.",
  expired: 'Your session has expired.',
  blocked: 'Payments are unavailable for this account.',
  verification: 'Verify your identity to pay.',
  'no-bank-accounts': 'No bank account on file.',
  'device-required': 'Security check unavailable.',
  ready: 'Ready to pay.',
  submitting: 'Processing your payment.',
  declined: 'Payment declined. Choose another account.',
  'network-error': "We couldn't confirm your payment. Try again.",
  failed: "The payment didn't go through.",
  success: 'Payment complete.',
};
