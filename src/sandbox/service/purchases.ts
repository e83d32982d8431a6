// A purchase: POST /api/checkout/ach/{merchantId} with the customer's session key. The checks a
// bank and the service make come first (blocked, verification, device id, the account, a
// decline); an Idempotency-Key replay answers the first payment; then the payment starts, with
// the debit authorization the payer accepted kept beside it.
import { canonicalJson } from '../../core/canonical-json.js';
import { HEADER } from '../../core/headers.js';
import {
  checkoutRequestSchema,
  NOT_BLOCKED,
  type CheckoutRequest,
  type PaymentAuthorization,
  type PurchaseAuthorization,
} from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import type { CheckoutTokens, VerifiedCheckoutToken } from './checkout-tokens.js';
import type { CustomerState } from './customer-records.js';
import { HttpError, invalidFields, json, readIdempotencyKey, readJson } from './http.js';
import { sha256 } from './constant-time.js';
import { hashHex, hexOf } from './ids.js';
import type { SandboxPayment } from './payment-lifecycle.js';
import type { Payments } from './payments.js';
import { sessionCustomer, type Route, type RouteContext } from './route.js';
import type { ServiceState } from './state.js';

export function purchaseRoutes(options: {
  state: ServiceState;
  now: () => number;
  payments: Payments;
  checkoutTokens: CheckoutTokens;
}): Route[] {
  const { state, now, payments, checkoutTokens } = options;
  const { merchantId } = state;

  async function checkout(context: RouteContext): Promise<Response> {
    const { request, params, remoteAddress } = context;
    const customer = sessionCustomer(context);
    if (params.merchantId !== merchantId) {
      throw new HttpError(
        403,
        `This session key belongs to merchant ${JSON.stringify(merchantId)}, not ${JSON.stringify(params.merchantId)}.`,
      );
    }
    const idempotencyKey = readIdempotencyKey(request);
    const raw = await readJson(request);
    const canonical = canonicalJson(raw);
    const fingerprint = hexOf(await sha256(canonical));
    const signed = await checkoutTokens.signedPurchase(raw, customer);

    // With a token, its purchase fills in what the body left out (the body may send only it).
    const parsed = validate(
      checkoutRequestSchema,
      signed ? { ...(raw as object), ...signed.purchase } : raw,
    );
    if (!parsed.ok) throw invalidFields('Invalid checkout', parsed.issues);
    const body = parsed.value;
    const accepted = body.authorization && {
      ...body.authorization,
      textSha256: hexOf(await sha256(body.authorization.text)),
    };

    // Nothing awaits from here until the payment is kept, so the checks and a replay's lookup see
    // the state it starts from.
    const deviceId = checkPayer(request, customer, body);

    const scope = idempotencyKey && `${customer.record.customerId}\u0000${idempotencyKey}`;
    const previous = scope ? state.idempotency.get(scope) : undefined;
    if (previous) {
      // A state of version 5 kept the canonical body itself.
      if (previous.fingerprint !== fingerprint && previous.fingerprint !== canonical) {
        throw new HttpError(
          409,
          'This Idempotency-Key was already used with a different body: use a new key for each purchase.',
        );
      }
      return json(200, purchaseAnswer(state, previous.paymentId), {
        'idempotent-replayed': 'true',
      });
    }
    if (signed) checkoutTokens.checkUnpaid(signed);

    const nowMs = now();
    const payment = newPayment(state, nowMs, {
      customer,
      body,
      authorization: accepted
        ? keptAuthorization(accepted, { atMs: nowMs, remoteAddress, request })
        : null,
      fingerprint,
      deviceId,
      idempotencyKey,
      signed,
    });
    if (scope) state.idempotency.put({ scope, fingerprint, paymentId: payment.paymentId });
    if (signed) checkoutTokens.markPaid(signed, payment.paymentId);
    payments.start(payment);
    return json(200, purchaseAnswer(state, payment.paymentId));
  }

  return [
    { method: 'POST', path: '/api/checkout/ach/:merchantId', auth: 'sessionKey', handle: checkout },
  ];
}

/**
 * The answer to a purchase: the payment's id, and when it was made, so the page can say when it
 * is expected to clear. (A replay's payment is always kept: retention lets an idempotency record
 * go before its payment.)
 */
function purchaseAnswer(state: ServiceState, paymentId: string) {
  const createdAt = state.payments.get(paymentId)?.createdAt;
  return { paymentId, ...(createdAt !== undefined && { createdAt }) };
}

/**
 * The debit authorization as kept with its payment: what the payer accepted, the digest of its
 * words, and when and how it reached the service (the client's address where the transport has
 * one, the browser's user agent where it sent one).
 */
function keptAuthorization(
  accepted: PurchaseAuthorization & { textSha256: string },
  received: { atMs: number; remoteAddress: string | null; request: Request },
): PaymentAuthorization {
  return {
    text: accepted.text,
    textSha256: accepted.textSha256,
    acceptedAt: accepted.acceptedAt,
    locale: accepted.locale,
    recordedAt: new Date(received.atMs).toISOString(),
    remoteAddress: received.remoteAddress,
    userAgent: received.request.headers.get('user-agent'),
  };
}

/**
 * Refuses a purchase this customer cannot make, as the service and the bank would; answers
 * the device id the request carried.
 */
function checkPayer(
  request: Request,
  customer: CustomerState,
  body: CheckoutRequest,
): string | undefined {
  const { record } = customer;
  if (record.isBlocked !== NOT_BLOCKED) {
    throw new HttpError(423, 'This customer is blocked and cannot pay this merchant.');
  }
  if (customer.needsVerification) {
    throw new HttpError(451, 'This customer must complete verification before paying.');
  }
  const deviceId = request.headers.get(HEADER.deviceId)?.trim() || undefined;
  if (!deviceId && (record.chargebackProtectionEnabled || body.chargebackProtectionData)) {
    const why = record.chargebackProtectionEnabled
      ? 'this customer has chargeback protection on'
      : 'chargebackProtectionData was sent';
    throw new HttpError(
      400,
      `${HEADER.deviceId} is required because ${why}: load the device-fingerprint script and send its device id.`,
    );
  }
  if (!record.bankAccounts.some((account) => account.token === body.token)) {
    throw invalidFields('Invalid checkout', [
      { path: 'token', problem: "must be the token of one of this customer's bank accounts" },
    ]);
  }
  if (customer.decliningTokens.has(body.token)) {
    throw new HttpError(402, 'The bank declined this payment.');
  }
  return deviceId;
}

function newPayment(
  state: ServiceState,
  nowMs: number,
  purchase: {
    customer: CustomerState;
    body: CheckoutRequest;
    authorization: PaymentAuthorization | null;
    fingerprint: string;
    deviceId: string | undefined;
    idempotencyKey: string | undefined;
    signed: VerifiedCheckoutToken | undefined;
  },
): SandboxPayment {
  const { merchantId } = state;
  const { body, deviceId, idempotencyKey, signed } = purchase;
  const createdAt = new Date(nowMs).toISOString();
  // Numbered by every payment ever made, so an id never comes back after one is let go.
  const number = state.counters.payments;
  state.counters.payments += 1;
  const seed = `payment\u0000${merchantId}\u0000${number}\u0000${createdAt}\u0000${purchase.fingerprint}`;
  return {
    paymentId: `pay_${hashHex(seed, 24)}`,
    merchantId,
    customerId: purchase.customer.record.customerId,
    token: body.token,
    subtotal: body.subtotal,
    settlementType: body.settlementType,
    webhookInfo: body.webhookInfo,
    email: body.email,
    ...(body.chargebackProtectionData && {
      chargebackProtectionData: body.chargebackProtectionData,
    }),
    ...(deviceId && { deviceId }),
    ...(idempotencyKey && { idempotencyKey }),
    ...(signed && { checkoutTokenId: signed.jti }),
    status: 'pending',
    history: [{ status: 'pending', at: createdAt }],
    authorization: purchase.authorization,
    createdAt,
    updatedAt: createdAt,
  };
}
