// Payment events as the service sends them, made from the bodies the sandbox delivered: for tests
// of a merchant's webhook route with events the sandbox does not send by itself (yet), such as a
// late return of a settled payment, or an event that reaches the route late or twice.

/** A payment event's body, as delivered. */
interface EventBody {
  id: string;
  eventType: string;
  created: string;
  data: Record<string, unknown>;
}

/**
 * The late `ACH Returned` of the payment whose `Settled` event body is `settledBody`: the same
 * payment, `settledAt` kept, returned by the payer's bank with `returnCode` (default R10, not
 * authorized) at `returnedAt`, under an event id of its own.
 */
export function lateReturnOf(
  settledBody: string,
  options: { id: string; returnedAt: string; returnCode?: string },
): string {
  const settled = JSON.parse(settledBody) as EventBody;
  if (settled.eventType !== 'Settled') {
    throw new Error(`lateReturnOf needs a Settled event's body, not ${settled.eventType}'s.`);
  }
  const { id, returnedAt, returnCode = 'R10' } = options;
  return JSON.stringify({
    id,
    eventType: 'ACH Returned',
    created: returnedAt,
    data: { ...settled.data, status: 'returned', returnCode, returnedAt, updatedAt: returnedAt },
  });
}

/** The same event under another id: one the receiver has never applied (a stale copy, say). */
export function withEventId(body: string, id: string): string {
  return JSON.stringify({ ...(JSON.parse(body) as EventBody), id });
}
