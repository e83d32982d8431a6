// The sandbox's clock, beside the payments: its time now, and a move forward that runs every
// payment step and webhook delivery that fell due, each at its own time (a 1010 payment's
// return ten days after it settled, say), as POST /api/sandbox/clock does.
import { useState, type FormEvent } from 'react';
import { ActionButton, Loading, Problem, Time, useConsoleAction, useConsoleRead } from './ui.js';

const MOVES = [
  { label: '1 hour', advanceMs: 3_600_000 },
  { label: '1 day', advanceMs: 86_400_000 },
  { label: '10 days', advanceMs: 10 * 86_400_000 },
  { label: '30 days', advanceMs: 30 * 86_400_000 },
];

/** How many of what fell due ran, in words. */
function ranInWords(ran: number): string {
  if (ran === 0) return 'Nothing was due.';
  return ran === 1 ? '1 step or delivery ran.' : `${ran} steps and deliveries ran.`;
}

export function SandboxClock() {
  const clock = useConsoleRead('GET /clock', { follow: true });
  const [move, setMove] = useState(MOVES[0]!);
  const advance = useConsoleAction(
    'POST /clock',
    ({ now, ran }, { body }: { body: { advanceMs: number } }) => {
      const label = MOVES.find((known) => known.advanceMs === body.advanceMs)?.label;
      return `Moved ${label} ahead, to ${new Date(now).toLocaleString()}. ${ranInWords(ran)}`;
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    advance.mutate({ body: { advanceMs: move.advanceMs } });
  }

  return (
    <section className="card clock" aria-labelledby="clock-heading">
      <h2 id="clock-heading">Sandbox clock</h2>
      <p>
        Now:{' '}
        {clock.data ? <Time at={clock.data.now} /> : !clock.error && <Loading what="the time" />}
      </p>
      <form className="row" onSubmit={submit}>
        <label htmlFor="clock-advance">Advance by</label>
        <select
          id="clock-advance"
          value={move.label}
          onChange={(event) =>
            setMove(MOVES.find(({ label }) => label === event.target.value) ?? MOVES[0]!)
          }
          aria-describedby="clock-help"
        >
          {MOVES.map(({ label }) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
        <ActionButton type="submit" busy={advance.isPending}>
          Advance
        </ActionButton>
      </form>
      <p className="quiet" id="clock-help">
        Time only moves forward. Payment steps and webhook deliveries that fall due run at once,
        each at its own time.
      </p>
      <Problem error={advance.error ?? clock.error} />
    </section>
  );
}
