// When the shop learns of a payment for one of its orders (a webhook, or a catch-up on the events
// endpoint: both through order-routes.ts's applyEvent), it reads the payment from the service for
// the debit authorization the payer accepted: events carry only its digest. Read once per order,
// before the event is applied, so the order and its authorization are written in one transaction
// (order-store.ts). A read that fails for now fails the event: the webhook route answers 500 and
// the service delivers it again, and a catch-up stops there and reads it again the next minute.
import {
  ResponseValidationError,
  ServiceError,
  type MerchantClient,
  type PaymentDetails,
  type PaymentWebhookEvent,
} from 'service-checkout/server';
import type { DebitAuthorization } from '../src/api-types.js';
import { keptAuthorization } from './debit-authorization.js';
import type { OrderStore } from './order-store.js';
import { applyPaymentEvent } from './order-status.js';
import { describeServiceFailure } from './refunds.js';

export interface AuthorizationReaderOptions {
  store: Pick<OrderStore, 'order'>;
  merchant: Pick<MerchantClient, 'getPayment'>;
  log: (line: string) => void;
}

/**
 * A failure that waiting does not mend: the service does not know the payment, or answered a
 * payment this version cannot read. The event is applied without the authorization then (the
 * order's next event tries again), rather than held back for good.
 */
function isLasting(error: unknown): boolean {
  return (
    error instanceof ResponseValidationError ||
    (error instanceof ServiceError && error.status === 404)
  );
}

/**
 * The authorization to keep with the event's order, read at `at`; undefined when there is nothing
 * to read: the order has one already, the payment is not the order's, or the event names no
 * order the shop has. Throws when the service cannot be read for now.
 */
export function createAuthorizationReader({ store, merchant, log }: AuthorizationReaderOptions) {
  return async function authorizationToKeep(
    event: PaymentWebhookEvent,
    at: string,
  ): Promise<DebitAuthorization | undefined> {
    const { paymentId, webhookInfo } = event.data;
    const orderId = webhookInfo.orderId;
    if (typeof orderId !== 'string') return undefined;
    const order = await store.order(orderId);
    if (!order || order.authorization) return undefined;
    if (applyPaymentEvent(order, event, at).outcome === 'unmatched') return undefined;
    let payment: PaymentDetails;
    try {
      payment = await merchant.getPayment(paymentId);
    } catch (error) {
      const why = describeServiceFailure(error);
      if (!isLasting(error)) {
        throw new Error(
          `reading payment ${paymentId} for its debit authorization failed (${why})`,
          {
            cause: error,
          },
        );
      }
      log(
        `order ${orderId}: payment ${paymentId} could not be read (${why}); applied without its debit authorization`,
      );
      return undefined;
    }
    const kept = keptAuthorization(payment, event.data.authorization, at);
    if (kept.status === 'kept' && !kept.digestMatches) {
      log(
        `order ${orderId}: the debit authorization's text does not have the SHA-256 event ${event.id} carried; kept, marked as not matching`,
      );
    }
    return kept;
  };
}
