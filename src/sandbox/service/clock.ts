// The sandbox's time: the caller's clock (Date.now, or a test's) plus how far
// POST /api/sandbox/clock has moved it. The move is part of the state, so time never moves back,
// not even across a restart. Everything runs on this time: steps, deliveries, key expiry.
import { clockAdvanceRequestSchema } from '../../core/schemas.js';
import { validate } from '../../core/validate.js';
import { invalidFields, json, readJson } from './http.js';
import type { Route } from './route.js';
import type { Scheduler } from './scheduler.js';
import type { ServiceState } from './state.js';

/** The sandbox's time keeps four-digit years, the ISO 8601 timestamps every schema reads. */
export const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export interface SandboxClock {
  /** The sandbox's time, in milliseconds since the epoch. */
  now(): number;
  /** Moves the sandbox's time forward; the caller runs what became due. */
  advance(ms: number): void;
}

export function createClock(base: () => number, state: ServiceState): SandboxClock {
  return {
    now: () => base() + state.clock.offsetMs,
    advance(ms) {
      state.clock.offsetMs += ms;
    },
  };
}

/**
 * Moves the sandbox's time forward by the request's `advanceMs` (1 ms to 400 days, never past
 * the year 9999) and runs what became due, in time order, each stamped at its own time; resolves
 * with the new time and how many tasks (payment steps, delivery attempts) ran. A move it refuses
 * is a 400 naming advanceMs, and the time stays where it was.
 */
export async function moveClock(
  clock: SandboxClock,
  scheduler: Scheduler,
  request: unknown,
): Promise<{ now: string; ran: number }> {
  const parsed = validate(clockAdvanceRequestSchema, request);
  if (!parsed.ok) throw invalidFields('Invalid clock move', parsed.issues);
  if (clock.now() + parsed.value.advanceMs > LATEST_TIME_MS) {
    throw invalidFields('Invalid clock move', [
      { path: 'advanceMs', problem: 'would take the sandbox past the end of the year 9999' },
    ]);
  }
  clock.advance(parsed.value.advanceMs);
  const ran = await scheduler.runDue();
  return { now: new Date(clock.now()).toISOString(), ran };
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
