// Refunds of whole payments: POST /api/merchant/payments/{paymentId}/refund, and the dashboard's
// Refund. A pending or batched payment is cancelled (its scheduled steps lapse), a settled one
// credited back; an Idempotency-Key (one per merchant) makes a retry answer the same refund.
import { refundRequestSchema } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { HttpError, invalidFields, json, readIdempotencyKey, readOptionalJson } from './http.js';
import { paymentView, refundRefusal, type SandboxPayment } from './payment-lifecycle.js';
import type { Payments } from './payments.js';
import { pathParam, type Route } from './route.js';
import type { ServiceState } from './state.js';

export interface Refunds {
  /** Refunds the whole payment now; 404 for an unknown one, 409 for one that cannot be. */
  refund(paymentId: string): SandboxPayment;
  readonly routes: Route[];
}

export function createRefunds(options: {
  state: ServiceState;
  now: () => number;
  payments: Payments;
}): Refunds {
  const { state, now, payments } = options;

  function refund(paymentId: string): SandboxPayment {
    const payment = payments.get(paymentId);
    const refusal = refundRefusal(payment);
    if (refusal) throw new HttpError(409, refusal);
    // Its scheduled steps see the status has moved on, and do nothing.
    payments.takeStep(payment, { status: 'refunded' }, now());
    return payment;
  }

  return {
    refund,
    routes: [
      {
        method: 'POST',
        path: '/api/merchant/payments/:paymentId/refund',
        auth: 'apiKey',
        handle: async (context) => {
          const { request } = context;
          const paymentId = pathParam(context, 'paymentId');
          const idempotencyKey = readIdempotencyKey(request);
          const body = await readOptionalJson(request);
          if (body !== undefined) {
            const parsed = validate(refundRequestSchema, body);
            if (!parsed.ok) throw invalidFields('Invalid refund', parsed.issues);
          }
          const replayed =
            idempotencyKey === undefined ? undefined : state.refundKeys.get(idempotencyKey);
          if (replayed !== undefined) {
            if (replayed.paymentId !== paymentId) {
              throw new HttpError(
                409,
                `This Idempotency-Key was already used to refund payment ${replayed.paymentId}: use a new key for each refund.`,
              );
            }
            const payment = payments.get(paymentId);
            return json(200, { payment: paymentView(payment) }, { 'idempotent-replayed': 'true' });
          }
          const payment = refund(paymentId);
          if (idempotencyKey !== undefined) state.refundKeys.put({ idempotencyKey, paymentId });
          return json(200, { payment: paymentView(payment) });
        },
      },
    ],
  };
}
