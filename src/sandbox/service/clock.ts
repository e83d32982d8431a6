// The sandbox's time: the caller's clock (Date.now, or a test's) plus how far
// POST /api/sandbox/clock has moved it. The move is part of the state, so time never moves back,
// not even across a restart. Everything runs on this time: steps, deliveries, key expiry.
import { clockAdvanceRequestSchema } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { invalidFields, json, readJson } from './http.js';
import type { Route } from './route.js';
import type { HeldClock, Scheduler } from './scheduler.js';
import type { ServiceState } from './state.js';

/** The sandbox's time keeps four-digit years, the ISO 8601 timestamps every schema reads. */
export const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The sandbox's time, in milliseconds since the epoch (`now`), which a move holds at each moment
 * it passes while what is due then runs (scheduler.ts).
 */
export type SandboxClock = HeldClock;

export function createClock(base: () => number, state: ServiceState): SandboxClock {
  let held: number | undefined;
  const now = () => held ?? base() + state.clock.offsetMs;
  return {
    now,
    holdAt(time) {
      held = Math.max(time, now());
      // The offset only grows, and is kept as the move goes: a move cut short (a crash) leaves
      // the time it had reached, with what was done by then, and what comes after still to come.
      // It reads no earlier than `held` afterwards, whatever real time passes meanwhile.
      state.clock.offsetMs = Math.max(state.clock.offsetMs, Math.ceil(held - base()));
    },
    release() {
      held = undefined;
    },
  };
}

/**
 * Moves the sandbox's time forward by the request's `advanceMs` (1 ms to 400 days, never past
 * the year 9999) and runs what became due, in time order, each at its own moment; resolves with
 * the new time and how many tasks (payment steps, delivery attempts) ran. A move it refuses is a
 * 400 naming advanceMs, and the time stays where it was.
 */
export async function moveClock(
  clock: SandboxClock,
  scheduler: Scheduler,
  request: unknown,
): Promise<{ now: string; ran: number }> {
  const parsed = validate(clockAdvanceRequestSchema, request);
  if (!parsed.ok) throw invalidFields('Invalid clock move', parsed.issues);
  const { advanceMs } = parsed.value;
  // From the time when the move's turn comes: after the moves asked before it.
  const { now, ran } = await scheduler.move(clock, (from) => {
    if (from + advanceMs > LATEST_TIME_MS) {
      throw invalidFields('Invalid clock move', [
        { path: 'advanceMs', problem: 'would take the sandbox past the end of the year 9999' },
      ]);
    }
    return from + advanceMs;
  });
  return { now: new Date(now).toISOString(), ran };
}

/** GET and POST /api/sandbox/clock: read the time, or move it and run what became due. */
export function clockRoutes(clock: SandboxClock, scheduler: Scheduler): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/sandbox/clock',
      auth: 'apiKey',
      handle: () => json(200, { now: new Date(clock.now()).toISOString() }),
    },
    {
      method: 'POST',
      path: '/api/sandbox/clock',
      auth: 'apiKey',
      // Answers once everything that became due has run.
      handle: async ({ request }) => {
        const { now } = await moveClock(clock, scheduler, await readJson(request));
        return json(200, { now });
      },
    },
  ];
}
