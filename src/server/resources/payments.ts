// Checkout tokens and payments: the purchase the merchant's server decided, signed by the service
// for `<Checkout jwtToken>` (POST /api/checkout/jwt-token), and what the service knows of a
// payment now (GET /api/merchant/payments/{paymentId}).
import type { ApiKeyRequest } from '../../core/api-key.js';
import { ConfigError, ResponseValidationError } from '../../core/errors.js';
import { readJwtClaims } from '../../core/jwt.js';
import { messages } from '../../core/messages.js';
import {
  checkoutTokenClaimsSchema,
  checkoutTokenRequestSchema,
  checkoutTokenResponseSchema,
  paymentResponseSchema,
  type CheckoutTokenRequest,
  type PaymentDetails,
} from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { checkHeaderValue } from './header-value.js';

/** A checkout token, with when it stops paying. */
export interface CheckoutToken {
  /** The signed token to render into the page as `<Checkout jwtToken>`. */
  token: string;
  /** Milliseconds since the epoch after which the service refuses it. */
  expiresAt: number;
}

export function paymentCalls(request: ApiKeyRequest) {
  return {
    async createCheckoutToken(purchase: CheckoutTokenRequest): Promise<CheckoutToken> {
      const checked = validate(checkoutTokenRequestSchema, purchase);
      if (!checked.ok) {
        const issue = checked.issues[0]!;
        const field = issue.path || 'request';
        throw new ConfigError(field, messages.invalidOption(field, issue.problem));
      }
      const { checkoutJwtToken } = await request({
        method: 'POST',
        path: '/api/checkout/jwt-token',
        schema: checkoutTokenResponseSchema,
        body: checked.value,
      });
      const read = readJwtClaims(checkoutJwtToken, checkoutTokenClaimsSchema);
      if (!read.ok) {
        throw new ResponseValidationError('POST /api/checkout/jwt-token', [
          { path: 'checkoutJwtToken', problem: read.reason },
        ]);
      }
      return { token: checkoutJwtToken, expiresAt: read.claims.exp * 1000 };
    },

    async getPayment(paymentId: string): Promise<PaymentDetails> {
      checkHeaderValue('paymentId', paymentId);
      const { payment } = await request({
        method: 'GET',
        path: `/api/merchant/payments/${encodeURIComponent(paymentId)}`,
        schema: paymentResponseSchema,
      });
      return payment;
    },
  };
}
