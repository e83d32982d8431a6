// Gives back the payments that reached no payable order: each one due is refunded through the
// service with a key derived from the payment (unmatched-payments.ts), so asking again, from a
// retry or after a restart, never refunds twice. What the service answered is recorded; a
// refund it could not take stays due, for the next run.
import { NetworkError, ServiceError, type MerchantClient } from 'service-checkout/server';
import type { OrderStore } from './order-store.js';
import { refundKey, type RefundAttempt } from './unmatched-payments.js';

export interface RefunderOptions {
  store: OrderStore;
  merchant: MerchantClient;
  now: () => number;
  log: (line: string) => void;
}

/** Refunds every unmatched payment whose refund is due, one after the other. */
export function createRefunder({ store, merchant, now, log }: RefunderOptions) {
  async function attempt(paymentId: string): Promise<RefundAttempt> {
    try {
      const payment = await merchant.refundPayment(paymentId, {
        idempotencyKey: refundKey(paymentId),
      });
      return { outcome: 'refunded', payment };
    } catch (error) {
      // Returned, failed or refunded already: the payment as it is now says which.
      if (error instanceof ServiceError && error.code === 'conflict') {
        try {
          return { outcome: 'refused', payment: await merchant.getPayment(paymentId) };
        } catch (readError) {
          return { outcome: 'failed', error: describeServiceFailure(readError) };
        }
      }
      return { outcome: 'failed', error: describeServiceFailure(error) };
    }
  }

  return async function refundDue(): Promise<void> {
    for (const due of await store.refundsDue()) {
      const result = await attempt(due.paymentId);
      const updated = await store.recordRefund(
        due.paymentId,
        result,
        new Date(now()).toISOString(),
      );
      log(
        `payment ${due.paymentId} with no order: ${
          result.outcome === 'failed'
            ? `refund failed (${result.error}); trying again in a minute`
            : `refund ${updated.refund === 'requested' ? 'requested' : updated.refund.replace('_', ' ')}`
        }`,
      );
    }
  };
}

/** Why a call to the service failed, in words fit for the shop's log (never a key). */
export function describeServiceFailure(error: unknown): string {
  if (error instanceof NetworkError) return 'could not reach the payments service';
  if (error instanceof ServiceError) {
    return `the payments service answered ${error.status} ${error.code}: ${error.serviceMessage}`;
  }
  return error instanceof Error ? error.message : String(error);
}
