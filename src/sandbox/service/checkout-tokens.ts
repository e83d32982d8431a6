// Checkout tokens: the purchase the merchant's server decided, signed by the sandbox (HS256,
// with a secret of their own, so a checkout token never passes for a session key or the
// reverse). A purchase that carries one is taken from it, and one token pays once.
import { jwtVerify, SignJWT } from 'jose';
import { canonicalJson } from '../../core/canonical-json.js';
import {
  checkoutInputSchema,
  checkoutTokenClaimsSchema,
  checkoutTokenRequestSchema,
  type CheckoutInput,
  type CheckoutTokenRequest,
} from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import type { CustomerState } from './customer-records.js';
import { HttpError, invalidFields, json, readJson } from './http.js';
import type { Route } from './route.js';
import type { ServiceState } from './state.js';

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

export interface CheckoutTokens {
  /** A token for this purchase, as POST /api/checkout/jwt-token signs it. */
  mint(request: CheckoutTokenRequest): Promise<string>;
  /**
   * The purchase a request's `jwtToken` carries, checked against the request: a field sent
   * beside the token must equal the token's. Without a token: undefined, or 400 when signed
   * checkouts are required.
   */
  signedPurchase(raw: unknown, customer: CustomerState): Promise<VerifiedCheckoutToken | undefined>;
  /** 409 when the token already paid. */
  checkUnpaid(token: VerifiedCheckoutToken): void;
  /** Records that the token paid this payment. */
  markPaid(token: VerifiedCheckoutToken, paymentId: string): void;
  readonly routes: Route[];
}

export function createCheckoutTokens(options: {
  state: ServiceState;
  now: () => number;
  requireSignedCheckout: boolean;
}): CheckoutTokens {
  const { state, now } = options;
  const { merchantId } = state;
  const secret = state.secrets.checkoutTokens;

  function mint(request: CheckoutTokenRequest): Promise<string> {
    return signCheckoutToken(secret, request, { merchantId, nowMs: now() });
  }

  async function signedPurchase(raw: unknown, customer: CustomerState) {
    const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (body.jwtToken === undefined) {
      if (!options.requireSignedCheckout) return undefined;
      throw invalidFields('Invalid checkout', [
        {
          path: 'jwtToken',
          problem:
            'is required: this sandbox takes signed checkouts only (POST /api/checkout/jwt-token)',
        },
      ]);
    }
    if (typeof body.jwtToken !== 'string') {
      throw invalidFields('Invalid checkout', [{ path: 'jwtToken', problem: 'must be a string' }]);
    }
    const signed = await verifyCheckoutToken(secret, body.jwtToken, { merchantId, nowMs: now() });
    if (signed.customerId !== undefined && signed.customerId !== customer.record.customerId) {
      throw new HttpError(403, 'This checkout token is bound to another customer.');
    }
    const differing = Object.entries(signed.purchase)
      .filter(
        ([field, value]) => field in body && canonicalJson(body[field]) !== canonicalJson(value),
      )
      .map(([field]) => ({ path: field, problem: "differs from the checkout token's" }));
    if (differing.length > 0) throw invalidFields('Invalid checkout', differing);
    return signed;
  }

  return {
    mint,
    signedPurchase,
    checkUnpaid(token) {
      if (!state.paidTokens.has(token.jti)) return;
      throw new HttpError(
        409,
        'This checkout token has already paid: sign a new token for each purchase (POST /api/checkout/jwt-token).',
      );
    },
    markPaid(token, paymentId) {
      state.paidTokens.put({ tokenId: token.jti, paymentId });
    },
    routes: [
      {
        method: 'POST',
        path: '/api/checkout/jwt-token',
        auth: 'apiKey',
        handle: async ({ request }) => {
          const parsed = validate(checkoutTokenRequestSchema, await readJson(request));
          if (!parsed.ok) throw invalidFields('Invalid checkout token request', parsed.issues);
          return json(200, { checkoutJwtToken: await mint(parsed.value) });
        },
      },
    ],
  };
}
