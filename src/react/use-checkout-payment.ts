// The checkout's payment as the payer lives it: Pay sends the purchase with a live session key
// and the device id, the app hears the outcome through its callbacks, a new session key from the
// app clears failures about the old one, and focus moves to what happened once the payer acted.
// An accepted payment is announced before onSuccess runs: the app may unmount the checkout there.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { announce } from '../checkout/live-region.js';
import { checkoutResult, type CheckoutResult } from '../checkout/purchase.js';
import { sendPurchase } from '../checkout/service-requests.js';
import { submittedValues, type CheckoutWords } from '../checkout/submitted.js';
import type { CheckoutError } from '../core/errors.js';
import type { CheckoutContextValue } from './checkout-context.js';
import { useLatest } from './use-latest.js';
import { useOnChange } from './use-on-change.js';
import { usePurchase, type PurchaseControls, type PurchaseHandlers } from './usePurchase.js';

/** The app's callbacks a payment's outcome goes to, read when it comes. */
export interface PaymentCallbacks {
  onSuccess: (result: CheckoutResult) => void;
  onError?: (error: CheckoutError) => void;
}

/** The purchase's controls, and the element that takes focus after the payer acted. */
export function useCheckoutPayment(
  context: Pick<
    CheckoutContextValue,
    'http' | 'merchantId' | 'wallet' | 'withSessionKey' | 'sessionVersion'
  >,
  deviceId: string | undefined,
  callbacks: RefObject<PaymentCallbacks>,
  words: CheckoutWords,
): PurchaseControls & { resultRef: RefObject<HTMLDivElement | null> } {
  const { http, merchantId, wallet, withSessionKey, sessionVersion } = context;
  const resultRef = useRef<HTMLDivElement>(null);
  // Set by a payment's outcome: focus then moves to what happened.
  const focusPendingRef = useRef(false);

  const handlers = useLatest<PurchaseHandlers>({
    send: (attempt) =>
      withSessionKey((sessionKey) =>
        // The snapshot carries a device id only once it is ready.
        sendPurchase(http, attempt, { merchantId, sessionKey, deviceId, wallet }),
      ),
    onPaid: (attempt, { paymentId, submittedAt }) => {
      focusPendingRef.current = true;
      const values = submittedValues(attempt, submittedAt, words);
      announce(words.messages.submittedAnnouncement(values), words);
      callbacks.current.onSuccess(checkoutResult(attempt, paymentId));
    },
    onFailed: (error) => {
      focusPendingRef.current = true;
      callbacks.current.onError?.(error);
    },
  });
  const controls = usePurchase(handlers);
  const { purchase, dismiss } = controls;
  useOnChange(sessionVersion, dismiss);

  useEffect(() => {
    if (!focusPendingRef.current || purchase.status === 'submitting') return;
    focusPendingRef.current = false;
    resultRef.current?.focus();
  }, [purchase]);

  return { ...controls, resultRef };
}
