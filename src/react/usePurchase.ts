import { useRef, useState } from 'react';
import { asCheckoutError, type CheckoutError } from '../core/errors.js';
import type { CheckoutResponse } from '../core/browser-schemas.js';
import { newIdempotencyKey } from '../checkout/idempotency-key.js';
import {
  attemptToSend,
  initialPurchase,
  purchaseReducer,
  type Attempt,
  type Draft,
  type PressOfPay,
  type Purchase,
  type PurchaseEvent,
} from '../checkout/purchase.js';

/** An accepted payment: its id, and when the service took it. */
export interface Paid {
  paymentId: string;
  /** The answer's `createdAt`, or the browser's clock when the answer came without one. */
  submittedAt: string;
}

export interface PurchaseHandlers {
  /** Sends the attempt; resolves with the service's answer. */
  send(attempt: Attempt): Promise<CheckoutResponse>;
  /** Once per accepted payment. */
  onPaid(attempt: Attempt, paid: Paid): void;
  /** Once per failed attempt. */
  onFailed(error: CheckoutError): void;
}

export interface PurchaseControls {
  purchase: Purchase;
  /** Presses Pay: sends what `attemptToSend` allows, or nothing. */
  pay(draft: Draft | null): void;
  /** Pays again from an account the bank declined, because the payer asked to. */
  retryAccount(draft: Draft): void;
  /** The payer or the app moves on from a failure (see the `dismissed` event). */
  dismiss(): void;
}

const PRESS: PressOfPay = { newKey: newIdempotencyKey, now: () => new Date() };

/**
 * Runs the purchase reducer. Pay decides on the newest state at once, not on the last render:
 * two clicks in one frame both happen before React re-renders.
 */
export function usePurchase(handlers: { current: PurchaseHandlers }): PurchaseControls {
  const [purchase, setPurchase] = useState(initialPurchase);
  const currentRef = useRef(initialPurchase);

  // Plain functions: each reads the newest state through the ref, and nothing keys on their
  // identity.
  function dispatch(event: PurchaseEvent) {
    currentRef.current = purchaseReducer(currentRef.current, event);
    setPurchase(currentRef.current);
  }

  function pay(draft: Draft | null) {
    const attempt = attemptToSend(currentRef.current, draft, PRESS);
    if (!attempt) return;
    dispatch({ type: 'sent', attempt });
    let sending: Promise<CheckoutResponse>;
    try {
      sending = handlers.current.send(attempt);
    } catch (error) {
      sending = Promise.reject(error);
    }
    sending.then(
      (answer) => {
        const paid = {
          paymentId: answer.paymentId,
          submittedAt: answer.createdAt ?? new Date().toISOString(),
        };
        dispatch({ type: 'paid', ...paid });
        handlers.current.onPaid(attempt, paid);
      },
      (thrown: unknown) => {
        // The HTTP client and the provider reject with CheckoutErrors only; anything else is a
        // bug between here and the network, after which nobody knows whether the payment was
        // sent: it counts as no answer, so a retry reuses the attempt's key.
        const error = asCheckoutError(thrown, 'the payment');
        dispatch({ type: 'rejected', error });
        handlers.current.onFailed(error);
      },
    );
  }

  function retryAccount(draft: Draft) {
    dispatch({ type: 'account-retried', token: draft.account.token });
    pay(draft);
  }

  function dismiss() {
    dispatch({ type: 'dismissed' });
  }

  return { purchase, pay, retryAccount, dismiss };
}
