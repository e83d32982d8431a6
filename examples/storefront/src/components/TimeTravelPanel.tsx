// The staff page's time travel, in test mode only (the shop runs against the payments sandbox):
// move the sandbox's clock, and the shop's with it, so pending payments settle now or days pass,
// or have the payer's bank return a paid order's settled payment now. The shop learns of each
// change as it would for real, from the service's signed webhooks; what they did shows in the
// orders below and on the customer's pages, and what the move did is said in a live region.
// After a move everything the page shows is read again, as of the new time; a move past the end
// of staff's own session opens the sign-in page, which says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Order } from '../api-types.js';
import { api, queryKeys } from '../api.js';
import { signInAgain } from '../sign-in-again.js';
import { formatDate, money, Notice } from './ui.js';

const MAX_DAYS = 400;

export function TimeTravelPanel({ paidOrders }: { paidOrders: Order[] }) {
  const queryClient = useQueryClient();
  const time = useQuery({ queryKey: queryKeys.sandboxTime, queryFn: api.sandboxTime });
  const [days, setDays] = useState('10');
  const move = useMutation({
    mutationFn: api.timeTravel,
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.sandboxTime, { now: result.now });
      // Sessions end on the shop's clock, which moved: asked first, so that a page whose session
      // is over goes to sign in instead of showing every read below fail. Unanswered: carry on.
      const me = await queryClient
        .fetchQuery({ queryKey: queryKeys.me, queryFn: api.me, staleTime: 0 })
        .catch(() => undefined);
      if (me && !me.customer?.staff) {
        signInAgain(queryClient, 'time-travel', '/merchant');
        return;
      }
      // Orders, reversals, payouts, the webhook key's overlap: any of them may differ now.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.config[0],
      });
    },
  });
  const busy = move.isPending;
  const run = (action: Parameters<typeof api.timeTravel>[0]) => {
    if (!busy) move.mutate(action);
  };
  const advance = (event: FormEvent) => {
    event.preventDefault();
    run({ action: 'advance', days: Number(days) });
  };

  return (
    // A staff tool, in English on every page: marked so for screen readers and layout.
    <section className="dashboard-section" aria-labelledby="time-travel-title" lang="en" dir="ltr">
      <h2 id="time-travel-title">Time travel (sandbox)</h2>
      <p className="muted">
        The shop runs against the payments sandbox, whose clock staff may move, and the shop&apos;s
        with it: watch a payment settle, then come back days later, in seconds. Each change reaches
        the shop as the service&apos;s signed webhooks. Sessions last 7 days on this clock: a longer
        move signs everyone out.
      </p>
      <p>
        Sandbox time:{' '}
        {time.data ? <time dateTime={time.data.now}>{formatDate(time.data.now)}</time> : '—'}
      </p>
      <form className="panel-actions panel-actions--fields" onSubmit={advance}>
        <button
          type="button"
          className="button button--small"
          aria-disabled={busy || undefined}
          onClick={() => run({ action: 'settle' })}
        >
          Settle now
        </button>
        <label className="field">
          <span className="field-label">Days to advance</span>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DAYS}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--small" aria-disabled={busy || undefined}>
          Advance
        </button>
      </form>
      {paidOrders.length > 0 ? (
        <ul className="feed panel">
          {paidOrders.map((order) => (
            <li key={order.orderId} className="feed-item">
              <div>
                <p className="feed-title">
                  {order.customerId} · {money(order.totalCents, order.currency)}
                </p>
                <p className="feed-meta">
                  <code>{order.orderId}</code>
                </p>
              </div>
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Return after settlement (R10): order ${order.orderId}`}
                aria-disabled={busy || undefined}
                onClick={() => run({ action: 'return', orderId: order.orderId })}
              >
                Return after settlement (R10)
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No paid order to return yet.</p>
      )}
      {/* Present from the start, so a screen reader hears what each move did. */}
      <p
        className={busy || move.data ? 'panel panel--quiet' : undefined}
        role="status"
        data-testid="time-travel-result"
      >
        {busy ? 'Moving the sandbox…' : (move.data?.message ?? '')}
      </p>
      {move.error ? (
        <Notice tone="danger" title="The sandbox did not do that">
          {move.error.message}
        </Notice>
      ) : null}
    </section>
  );
}
