// Refunds: POST /api/merchant/payments/{paymentId}/refund, the whole payment, always with an
// Idempotency-Key (a new one per call unless given), which is what makes a refund safe to retry.
import type { ApiKeyRequest } from '../../core/api-key.js';
import { paymentResponseSchema, type PaymentDetails } from '../../core/schemas.js';
import { checkHeaderValue } from './header-value.js';

/** How `refundPayment` sends a refund. */
export interface RefundOptions {
  /**
   * Makes the refund safe to send again: the service answers a repeat with the same key with
   * the first refund. Default: a new key (crypto.randomUUID) for each call.
   */
  idempotencyKey?: string;
}

export function refundCalls(request: ApiKeyRequest) {
  return {
    async refundPayment(paymentId: string, options: RefundOptions = {}): Promise<PaymentDetails> {
      checkHeaderValue('paymentId', paymentId);
      const idempotencyKey = options?.idempotencyKey ?? globalThis.crypto.randomUUID();
      checkHeaderValue('idempotencyKey', idempotencyKey);
      const { payment } = await request({
        method: 'POST',
        path: `/api/merchant/payments/${encodeURIComponent(paymentId)}/refund`,
        schema: paymentResponseSchema,
        idempotencyKey,
        // With the key, a repeat answers the first refund: a fault is retried, as a read is.
        repeatable: true,
      });
      return payment;
    },
  };
}
