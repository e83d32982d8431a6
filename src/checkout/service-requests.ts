// The requests the page sends the service, each with the customer's session key. Answers are
// parsed, so a body that does not match rejects with ResponseValidationError.
import type { Wallet } from '../core/headers.js';
import type { HttpClient } from '../core/http.js';
import {
  checkoutResponseSchema,
  customerResponseSchema,
  type CheckoutResponse,
  type Customer,
} from '../core/browser-schemas.js';
import type { Attempt } from './purchase.js';

/** GET /api/customer/v2: the session's customer and their bank accounts. */
export async function readCustomer(
  http: HttpClient,
  sessionKey: string,
  wallet?: Wallet,
): Promise<Customer> {
  const response = await http.request({
    method: 'GET',
    path: '/api/customer/v2',
    credentials: { kind: 'sessionKey', sessionKey, wallet },
    schema: customerResponseSchema,
  });
  return response.customer;
}

/** Who sends a purchase, and from which device. */
export interface PurchaseSender {
  merchantId: string;
  sessionKey: string;
  /** Sent as x-device-id when known: chargeback protection requires it. */
  deviceId?: string;
  wallet?: Wallet;
}

/**
 * POST /api/checkout/ach/{merchantId}: the attempt's body under its Idempotency-Key, so the
 * service answers a resent attempt with its first result. Resolves with the service's answer:
 * the payment id, and when the payment was made where the service says.
 */
export async function sendPurchase(
  http: HttpClient,
  attempt: Attempt,
  sender: PurchaseSender,
): Promise<CheckoutResponse> {
  const { merchantId, sessionKey, deviceId, wallet } = sender;
  return http.request({
    method: 'POST',
    path: `/api/checkout/ach/${encodeURIComponent(merchantId)}`,
    credentials: { kind: 'sessionKey', sessionKey, deviceId, wallet },
    schema: checkoutResponseSchema,
    body: attempt.request,
    idempotencyKey: attempt.idempotencyKey,
  });
}
