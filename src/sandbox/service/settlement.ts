// When a payment takes its next step. By default each step comes `settleStepMs` after the
// previous one, fast enough to watch. On banking days ('banking') a payment is batched at the
// first 16:00 New York cutoff of a banking day after it was made, and its outcome (settled, or
// the ending its magic amount chooses) comes at 09:00 New York time on the day
// expectedSettlement names, as the Federal Reserve's calendar would have it.
import { expectedSettlement } from '../../core/banking-days.js';
import { newYorkInstant } from '../../core/new-york-time.js';
import type { PaymentStep, SandboxPayment } from './payment-lifecycle.js';

/** How the sandbox times a payment's steps: fast steps, or the banking days of ACH. */
export const SETTLEMENT_MODES = ['steps', 'banking'] as const;
/** One of {@link SETTLEMENT_MODES}. */
export type Settlement = (typeof SETTLEMENT_MODES)[number];
/** The modes, as a message that refuses another names them. */
export const SETTLEMENT_CHOICES = SETTLEMENT_MODES.map((mode) => JSON.stringify(mode)).join(' or ');

/** New York time a banking day's debits are batched at. */
export const BATCH_CUTOFF = '16:00';
/** New York time debits settle at on their settlement day. */
export const SETTLEMENT_TIME = '09:00';

/** When `step` falls due for `payment`, in milliseconds since the epoch. */
export type StepTiming = (
  payment: Pick<SandboxPayment, 'createdAt' | 'updatedAt'>,
  step: PaymentStep,
) => number;

export function stepTiming(settlement: Settlement, settleStepMs: number): StepTiming {
  return (payment, step) => {
    const previous = Date.parse(payment.updatedAt);
    // A step with its own delay (1010's late return, ten calendar days) keeps it in both modes.
    if (settlement === 'steps' || step.afterMs !== undefined) {
      return previous + (step.afterMs ?? settleStepMs);
    }
    // Processing day 0 is the day the debit goes out: the submission's New York date before its
    // cutoff on a banking day, else the next banking day.
    const dueAt =
      step.status === 'batched'
        ? newYorkInstant(
            expectedSettlement(payment.createdAt, { businessDays: 0 }).settlesOn,
            BATCH_CUTOFF,
          )
        : newYorkInstant(expectedSettlement(payment.createdAt).settlesOn, SETTLEMENT_TIME);
    // Never before the step it follows (a payment moved on from the dashboard, say).
    return Math.max(dueAt, previous);
  };
}
