// Checkout tokens: the purchase the merchant's server decided, signed by the sandbox (HS256,
// with a secret of their own, so a checkout token never passes for a session key or the
// reverse). A purchase that carries one is taken from it.
import { jwtVerify, SignJWT } from 'jose';
import {
  checkoutInputSchema,
  checkoutTokenClaimsSchema,
  type CheckoutInput,
  type CheckoutTokenRequest,
} from '../core/schemas.js';
import { validate } from '../core/validate.js';
import { HttpError, invalidFields } from './http.js';

export const DEFAULT_CHECKOUT_TOKEN_TTL_SECONDS = 3600;

export interface VerifiedCheckoutToken {
  purchase: CheckoutInput;
  customerId?: string;
  /** Unique per token: one token pays once. */
  jti: string;
}

export function signCheckoutToken(
  secret: Uint8Array,
  request: CheckoutTokenRequest,
  context: { merchantId: string; nowMs: number },
): Promise<string> {
  const { expiresInSeconds = DEFAULT_CHECKOUT_TOKEN_TTL_SECONDS, ...claims } = request;
  const iat = Math.floor(context.nowMs / 1000);
  return new SignJWT({ ...claims, merchantId: context.merchantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresInSeconds)
    .setJti(`ct_${crypto.randomUUID()}`)
    .sign(secret);
}

/** The token's purchase when its signature, expiry and merchant are right; 400 otherwise. */
export async function verifyCheckoutToken(
  secret: Uint8Array,
  token: string,
  context: { merchantId: string; nowMs: number },
): Promise<VerifiedCheckoutToken> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: new Date(context.nowMs),
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (error) {
    const expired = (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED';
    throw invalidFields('Invalid checkout', [
      {
        path: 'jwtToken',
        problem: expired
          ? 'has expired: sign a new checkout token (POST /api/checkout/jwt-token)'
          : 'is not a checkout token signed by this sandbox',
      },
    ]);
  }
  const claims = validate(checkoutTokenClaimsSchema, payload);
  const purchase = validate(checkoutInputSchema, payload);
  if (!claims.ok || !purchase.ok || typeof claims.value.jti !== 'string') {
    throw new HttpError(400, 'The checkout token lacks the purchase it should carry.');
  }
  if (claims.value.merchantId !== context.merchantId) {
    throw invalidFields('Invalid checkout', [
      { path: 'jwtToken', problem: 'was signed for another merchant' },
    ]);
  }
  return {
    purchase: purchase.value,
    ...(claims.value.customerId !== undefined && { customerId: claims.value.customerId }),
    jti: claims.value.jti,
  };
}
