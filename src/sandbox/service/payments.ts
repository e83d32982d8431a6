// The merchant's payments as they move: each step when settlement.ts says (`settleStepMs` after
// the previous one, or on banking days) on the sandbox's clock, each announced by webhook; the
// dashboard can move one along at once, and the merchant's server reads one by id
// (GET /api/merchant/payments/{paymentId}). A payment's path is decided by its amount
// (payment-lifecycle.ts).
import { WEB_DEBIT_RETURN_CODES, type WebDebitReturnCode } from '../../core/return-codes.js';
import { HttpError, invalidFields, json } from './http.js';
import {
  moveRefusal,
  paymentView,
  remainingSteps,
  stepsFor,
  stepsTo,
  type PaymentEnding,
  type PaymentStep,
  type SandboxPayment,
} from './payment-lifecycle.js';
import { pathParam, type Route } from './route.js';
import type { Scheduler } from './scheduler.js';
import type { StepTiming } from './settlement.js';
import type { ServiceState } from './state.js';
import type { Webhooks } from './webhooks.js';

export interface Payments {
  /** The merchant's payment with this id; 404 when there is none. */
  get(paymentId: string): SandboxPayment;
  /** Every payment, oldest first. */
  list(): SandboxPayment[];
  /** Keeps a new payment, announces it and schedules its steps. */
  start(payment: SandboxPayment): void;
  /** Moves a payment one step now, stamped `atMs`, and announces it. */
  takeStep(payment: SandboxPayment, step: PaymentStep, atMs: number): void;
  /**
   * The dashboard's move to an ending, through the steps between; its scheduled steps lapse,
   * and those its amount takes from the ending on (1010's late return) are scheduled. A return
   * carries `returnCode`, one a WEB debit can come back with (default R01), also after settling.
   */
  advance(paymentId: string, to: PaymentEnding, options?: { returnCode?: string }): SandboxPayment;
  /** Schedules the remaining steps of every payment that had not ended (after a restart). */
  resume(): void;
  readonly routes: Route[];
}

export function createPayments(options: {
  state: ServiceState;
  scheduler: Scheduler;
  now: () => number;
  /** When each step falls due: fast steps, or banking days. */
  timing: StepTiming;
  webhooks: Webhooks;
}): Payments {
  const { state, scheduler, now, timing, webhooks } = options;
  const { payments } = state;

  function get(paymentId: string): SandboxPayment {
    const payment = payments.get(paymentId);
    if (!payment) {
      throw new HttpError(404, `No payment ${JSON.stringify(paymentId)} of this merchant.`);
    }
    return payment;
  }

  function takeStep(payment: SandboxPayment, step: PaymentStep, atMs: number): void {
    const at = new Date(atMs).toISOString();
    payment.status = step.status;
    if (step.returnCode) payment.returnCode = step.returnCode;
    if (step.status === 'settled') payment.settledAt = at;
    if (step.status === 'returned') payment.returnedAt = at;
    if (step.status === 'refunded') payment.refundedAt = at;
    payment.history.push({ status: step.status, at });
    payment.updatedAt = at;
    payments.changed(payment);
    webhooks.announce(payment);
  }

  /** Each step when `timing` says, on the sandbox's clock, one after another. */
  function scheduleSteps(payment: SandboxPayment, steps: PaymentStep[]): void {
    const [next, ...rest] = steps;
    if (!next) return;
    const dueAt = timing(payment, next);
    const from = payment.status;
    scheduler.at(dueAt, () => {
      // Moved along from the dashboard meanwhile, refunded, or let go: that path replaced this one.
      if (payments.get(payment.paymentId) !== payment || payment.status !== from) return;
      // Stamped when it was due: a clock that jumps runs every step it passed, each at its time.
      takeStep(payment, next, dueAt);
      scheduleSteps(payment, rest);
    });
  }

  return {
    get,
    list: () => [...payments.values()],
    start(payment) {
      payments.put(payment);
      webhooks.announce(payment);
      scheduleSteps(payment, stepsFor(payment.subtotal.cents));
    },
    takeStep,
    advance(paymentId, to, options = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new HttpError(404, `No payment ${JSON.stringify(paymentId)}.`);
      const returnCode = returnCodeFor(to, options.returnCode);
      const refusal = moveRefusal(payment, to);
      if (refusal) throw new HttpError(409, refusal);
      for (const step of stepsTo(payment.status, to, returnCode)) takeStep(payment, step, now());
      // Its old path lapsed; what its amount does after this ending still comes.
      scheduleSteps(payment, remainingSteps(payment));
      return payment;
    },
    resume() {
      for (const payment of payments.values()) scheduleSteps(payment, remainingSteps(payment));
    },
    routes: [
      {
        method: 'GET',
        path: '/api/merchant/payments/:paymentId',
        auth: 'apiKey',
        handle: (context) =>
          json(200, { payment: paymentView(get(pathParam(context, 'paymentId'))) }),
      },
    ],
  };
}

/** The return code a move carries: one a WEB debit can come back with, and only on a return. */
function returnCodeFor(
  to: PaymentEnding,
  returnCode: string | undefined,
): WebDebitReturnCode | undefined {
  if (returnCode === undefined) return undefined;
  if (to !== 'returned') {
    throw invalidFields('Invalid move', [
      { path: 'returnCode', problem: `applies to a return only, not to a move to ${to}` },
    ]);
  }
  return webDebitReturnCode(returnCode);
}

/**
 * `returnCode` when a WEB debit (a checkout's) can come back with it, as WEB_DEBIT_RETURN_CODES
 * lists; a 400 naming returnCode, with every code it takes, otherwise.
 */
export function webDebitReturnCode(returnCode: string): WebDebitReturnCode {
  const known = WEB_DEBIT_RETURN_CODES.find((code) => code === returnCode);
  if (!known) {
    throw invalidFields('Invalid move', [
      {
        path: 'returnCode',
        problem: `must be a code a WEB debit can come back with (WEB_DEBIT_RETURN_CODES): one of ${WEB_DEBIT_RETURN_CODES.join(', ')}`,
      },
    ]);
  }
  return known;
}
