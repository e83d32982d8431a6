// The order of a payment's statuses, written once: the ACH route pending → batched → settled,
// and the endings a payment can reach from each. The server judges webhook events by it
// (movesPaymentForward), and the sandbox moves and refunds its payments by it. ACH is not over at
// `settled`: a payer's bank may return a settled debit weeks later, and the merchant may refund
// it. Returned, failed and refunded are final.
import type { PaymentStatus } from './schemas.js';

/**
 * The statuses a payment can take next, in one step. A bank returns a debit it was sent, so a
 * return follows batching (or settling: a late return); a payment fails before it settles; a
 * refund cancels a payment that has not settled and credits back one that has.
 */
const NEXT_STATUSES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['batched', 'failed', 'refunded'],
  batched: ['settled', 'returned', 'failed', 'refunded'],
  settled: ['returned', 'refunded'],
  returned: [],
  failed: [],
  refunded: [],
};

/**
 * True when a payment at `from` can later be at `to`, in one step or several: a receiver of
 * webhooks may miss the steps between. False for `to` equal to `from`.
 */
export function mayFollow(from: PaymentStatus, to: PaymentStatus): boolean {
  return pathBetween(from, to).length > 0;
}

/**
 * The fewest steps from `from` to `to`, each a status the payment takes (`to` last); empty when
 * `to` cannot follow `from`. From pending, a return goes through batched, as a bank's does.
 */
export function pathBetween(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] {
  // Breadth first over a graph of six statuses: the first path found is a shortest one.
  const paths = new Map<PaymentStatus, PaymentStatus[]>([[from, []]]);
  const queue: PaymentStatus[] = [from];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of NEXT_STATUSES[current]) {
      if (paths.has(next)) continue;
      const path = [...(paths.get(current) ?? []), next];
      if (next === to) return path;
      paths.set(next, path);
      queue.push(next);
    }
  }
  return [];
}
