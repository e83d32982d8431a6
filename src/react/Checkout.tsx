import { memo, Suspense, useId, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import {
  checkCallbacks,
  type CallbackProp,
  type CheckedCallbacks,
  type CheckedProps,
} from '../checkout/checkout-props.js';
import { checkoutView, needsDeviceId, payable, showsForm } from '../checkout/checkout-state.js';
import {
  catalogueState,
  retryCatalogue,
  subscribeCatalogues,
} from '../checkout/messages/catalogue-store.js';
import type { CheckoutMessages } from '../checkout/messages/index.js';
import { payNow } from '../checkout/pay-now.js';
import { declinedTokens, selectedAccount, type CheckoutResult } from '../checkout/purchase.js';
import { canonicalJson } from '../core/canonical-json.js';
import type { CheckoutError } from '../core/errors.js';
import { formatMoney, type Money } from '../core/money.js';
import type { CheckoutInput, OrderItem } from '../core/browser-schemas.js';
import { CheckoutFrame, WaitingCheckout } from './CheckoutFrame.js';
import { CheckoutNotice } from './CheckoutNotice.js';
import { useCheckoutContext } from './checkout-context.js';
import { LocaleLoadFailed } from './LocaleLoadFailed.js';
import { PaymentForm } from './PaymentForm.js';
import { useWarnOnMissingDeviceScript } from './use-device-script-warning.js';
import { useCustomer } from './useCustomer.js';
import { useCheckoutDeviceId } from './useDeviceId.js';
import { useCheckoutLocale, type CheckoutLocale } from './use-checkout-locale.js';
import { useLatest } from './use-latest.js';
import { useCheckoutPayment } from './use-checkout-payment.js';
import {
  setupIssues,
  useCheckedProps,
  useCheckoutSetup,
  useReportProblems,
} from './use-checkout-setup.js';
import { useViewAnnouncement } from './use-view-announcement.js';
import './styles.css';

export type { CheckoutResult } from '../checkout/purchase.js';

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

/**
 * Props of {@link Checkout}: the purchase (as props or a signed `jwtToken`), what to do after
 * it, and where to send a payer who cannot pay yet.
 */
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
  /** An extra class on the checkout's root (`.sc-checkout`). */
  className?: string;
  /**
   * This checkout's locale, in place of the provider's: a BCP 47 tag or `"auto"`. Its language,
   * how it writes amounts and dates, and the authorization's `locale`.
   */
  locale?: string;
};

type CheckoutCallbacks = Pick<CheckoutProps, CallbackProp>;

type FormProps = Pick<CheckoutProps, 'theme' | 'className'> & {
  /** The purchase props, checked. */
  checkedProps: CheckedProps;
  callbacks: RefObject<CheckoutCallbacks>;
  /** Which callbacks were passed (they decide which buttons show), and problems with the rest. */
  checkedCallbacks: CheckedCallbacks;
  locale: CheckoutLocale;
  /** The locale's catalogue, loaded. */
  catalogue: CheckoutMessages;
};

/**
 * The payment form: order summary, the payer's bank accounts and a Pay button, in the payer's
 * language.
 */
export function Checkout(props: CheckoutProps) {
  const { onSuccess, onError, onVerifyIdentity, onAddBankAccount, onContactSupport, ...formProps } =
    props;
  const callbacks = useLatest<CheckoutCallbacks>({
    onSuccess,
    onError,
    onVerifyIdentity,
    onAddBankAccount,
    onContactSupport,
  });
  const context = useCheckoutContext('<Checkout>');
  const locale = useCheckoutLocale(formProps.locale ?? context.locale);
  const checkedCallbacks = checkCallbacks(props);
  const { theme, className, locale: _locale, ...purchaseProps } = formProps;
  const checkedProps = useCheckedProps(purchaseProps, context.merchantId);
  // The customer read starts while the words load, beside their chunk rather than after it; only
  // for a valid setup (invalid props send nothing).
  const valid =
    locale !== null && setupIssues(context, locale, checkedCallbacks, checkedProps).length === 0;
  useCustomer({ enabled: valid });
  return (
    <CheckoutInSuspense
      theme={theme}
      className={className}
      checkedProps={checkedProps}
      locale={locale}
      callbacks={callbacks}
      checkedCallbacks={checkedCallbacks}
    />
  );
}

type SuspenseProps = Omit<FormProps, 'locale' | 'catalogue'> & { locale: CheckoutLocale | null };

// Until its catalogue is in, the checkout suspends: while hydrating, React keeps the server's
// markup meanwhile, otherwise it shows the wordless waiting view. Memoized by value: a boundary
// still waiting to hydrate that receives new props is rendered afresh, its server markup lost.
const CheckoutInSuspense = memo(function CheckoutInSuspense(props: SuspenseProps) {
  const { locale } = props;
  const waiting = (
    <WaitingCheckout
      theme={props.theme}
      className={props.className}
      lang={locale?.resolved.catalogue}
      dir={locale?.resolved.dir}
    />
  );
  return (
    <Suspense fallback={waiting}>
      {locale === null ? waiting : <CheckoutInLocale {...props} locale={locale} />}
    </Suspense>
  );
}, samePropValues);

/** The checkout once its locale is known: suspended while its catalogue loads. */
function CheckoutInLocale(props: Omit<FormProps, 'catalogue'>) {
  const { catalogue: tag } = props.locale.resolved;
  const read = () => catalogueState(tag);
  const catalogue = useSyncExternalStore(subscribeCatalogues, read, read);
  switch (catalogue.status) {
    case 'loading':
      throw catalogue.loaded;
    case 'failed':
      return (
        <LocaleLoadFailed
          error={catalogue.error}
          onTryAgain={() => retryCatalogue(tag)}
          callbacks={props.callbacks}
          theme={props.theme}
          className={props.className}
        />
      );
    case 'ready':
      return <CheckoutForm {...props} catalogue={catalogue.messages} />;
  }
}

// A page re-rendering with equal props (inline objects and functions included) costs a
// comparison: the data props are compared by value and the callbacks come through a ref.
const CheckoutForm = memo(function CheckoutForm(props: FormProps) {
  const { callbacks, checkedCallbacks, checkedProps, theme, className, locale, catalogue } = props;
  const context = useCheckoutContext('<Checkout>');
  const { deviceScripts, merchant } = context;
  const setup = useCheckoutSetup(checkedProps, { locale, catalogue }, checkedCallbacks, context);
  const { words, input, lines } = setup;
  const { messages } = words;
  const money = (amount: Money) => formatMoney(amount, words.locale);

  // Invalid props send nothing at all, not even the customer read.
  const customer = useCustomer({ enabled: input !== null });
  const device = useCheckoutDeviceId(deviceScripts);
  const [chosenToken, setChosenToken] = useState<string | null>(null);
  // When the checkout came: the authorization's "on or after" is that day in New York.
  const [today] = useState(() => new Date());
  const { purchase, pay, retryAccount, dismiss, resultRef } = useCheckoutPayment(
    context,
    device.deviceId,
    callbacks,
    words,
  );

  const bankAccounts = customer.customer?.bankAccounts ?? [];
  const selected = selectedAccount(purchase, bankAccounts, chosenToken);
  const declined = declinedTokens(purchase);
  const unconfirmed = purchase.status === 'unknown' ? purchase.attempt : null;
  const paying = payNow({ input, selected, purchase, words, merchant, today });
  const { draft } = paying;
  const issues = paying.issue ? [...setup.issues, paying.issue] : setup.issues;

  const view = checkoutView({
    propsValid: issues.length === 0,
    customer,
    device,
    needsDeviceId: needsDeviceId(customer, input),
    purchase,
    chosenAccountDeclined: paying.chosenAccountDeclined,
  });

  useReportProblems(issues, customer.error ?? null, callbacks);
  useWarnOnMissingDeviceScript(view === 'device-required' && device.status === 'idle');
  useViewAnnouncement(view, device.status, words);

  function choose(token: string) {
    setChosenToken(token);
    // A failure is about the account it was sent from: choosing another moves on.
    dismiss();
  }

  function checkAgain() {
    dismiss();
    customer.refetch();
  }

  // An optional callback's button shows only when the app passed the callback.
  const appCallback = (name: 'onContactSupport' | 'onVerifyIdentity' | 'onAddBankAccount') =>
    checkedCallbacks.passed[name] ? () => callbacks.current[name]?.() : undefined;

  const titleId = useId();

  return (
    <CheckoutFrame
      view={view}
      title={{ id: titleId, text: messages.checkoutTitle }}
      lang={words.lang}
      dir={words.dir}
      theme={theme}
      className={className}
    >
      {showsForm(view) ? (
        input && (
          <PaymentForm
            view={view}
            input={input}
            lines={lines}
            titleId={titleId}
            bankAccounts={bankAccounts}
            selected={selected}
            declined={declined}
            draft={draft}
            unconfirmed={unconfirmed}
            deviceStatus={device.status}
            canPay={payable(view)}
            messages={messages}
            money={money}
            payLabel={paying.payLabel}
            authorization={paying.shownAuthorization}
            englishAuthorization={paying.englishAuthorization}
            resultRef={resultRef}
            onPay={() => pay(draft)}
            onChoose={choose}
            onCheckAgain={checkAgain}
            onAddBankAccount={appCallback('onAddBankAccount')}
            onRetryDevice={device.retry}
            onRetryAccount={retryAccount}
          />
        )
      ) : (
        <CheckoutNotice
          view={view}
          issues={issues}
          purchase={purchase}
          words={words}
          money={money}
          resultRef={resultRef}
          onTryAgain={customer.refetch}
          onCheckAgain={checkAgain}
          onContactSupport={appCallback('onContactSupport')}
          onVerifyIdentity={appCallback('onVerifyIdentity')}
        />
      )}
    </CheckoutFrame>
  );
}, samePropValues);

/** Props are plain data: equal values make an equal checkout, whatever their identity. */
function samePropValues<Props>(a: Props, b: Props): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
