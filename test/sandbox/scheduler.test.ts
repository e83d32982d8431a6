// @vitest-environment node
// The sandbox's scheduler: what is due runs in time order, and tasks due at the same time in the
// order they were scheduled, however many wait; a move of the clock holds it at each due moment
// while what is due then runs. The clock is the test's; nothing waits for real time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScheduler, type HeldClock } from '../../src/sandbox/service/scheduler.js';

function testClock(start = 0) {
  let time = start;
  return {
    now: () => time,
    set: (to: number) => {
      time = to;
    },
  };
}

/** A clock a move holds: each hold sets its time, never back. */
function heldClock(start = 0): HeldClock & { holds: number[] } {
  let time = start;
  const holds: number[] = [];
  return {
    holds,
    now: () => time,
    holdAt(to) {
      time = Math.max(time, to);
      holds.push(time);
    },
    release: () => undefined,
  };
}

describe('the scheduler', () => {
  it('runs due tasks by time, then in the order they were scheduled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }),
        async (times) => {
          const clock = testClock();
          const scheduler = createScheduler(clock.now, { realTimers: false });
          const ran: number[] = [];
          times.forEach((time, index) => scheduler.at(time, () => void ran.push(index)));

          clock.set(50);
          expect(await scheduler.runDue()).toBe(times.length);
          const expected = times
            .map((time, index) => ({ time, index }))
            .sort((a, b) => a.time - b.time || a.index - b.index)
            .map(({ index }) => index);
          expect(ran).toEqual(expected);
        },
      ),
    );
  });

  it('leaves what is not due yet, and runs it once the clock reaches it', async () => {
    const clock = testClock(100);
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: string[] = [];
    scheduler.at(300, () => void ran.push('at 300'));
    scheduler.at(100, () => void ran.push('at 100'));
    scheduler.at(200, () => void ran.push('at 200'));

    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['at 100']);
    clock.set(250);
    expect(await scheduler.runDue()).toBe(1);
    clock.set(1_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['at 100', 'at 200', 'at 300']);
  });

  it('runs a task that a task schedules for a time already passed in the same pass', async () => {
    const clock = testClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: string[] = [];
    scheduler.at(10, () => {
      ran.push('first');
      scheduler.at(20, () => void ran.push('its follow-up'));
    });
    scheduler.at(30, () => void ran.push('later'));

    clock.set(40);
    expect(await scheduler.runDue()).toBe(3);
    expect(ran).toEqual(['first', 'its follow-up', 'later']);
  });

  it("runs the sandbox's upkeep with the rest, but counts only what the merchant sees", async () => {
    const clock = testClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: string[] = [];
    scheduler.at(10, () => void ran.push('step'));
    scheduler.at(5, () => void ran.push('sweep'), { upkeep: true });
    scheduler.at(20, () => void ran.push('delivery'));

    clock.set(20);
    expect(await scheduler.runDue()).toBe(2);
    expect(ran).toEqual(['sweep', 'step', 'delivery']);
  });

  it('forgets every task when cleared', async () => {
    const clock = testClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: number[] = [];
    for (let time = 0; time < 10; time++) scheduler.at(time, () => void ran.push(time));
    scheduler.clear();
    scheduler.at(5, () => void ran.push(-1));

    clock.set(100);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual([-1]);
  });
});

describe('a move of the clock', () => {
  it('runs every task due by its end in time order, each with the clock at its own time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 200 }),
        async (times) => {
          const clock = heldClock(5);
          const scheduler = createScheduler(clock.now, { realTimers: false });
          const ran: { index: number; at: number }[] = [];
          times.forEach((time, index) =>
            scheduler.at(time, () => void ran.push({ index, at: clock.now() })),
          );

          const due = times.filter((time) => time <= 50).length;
          expect(await scheduler.move(clock, (now) => now + 45)).toEqual({ now: 50, ran: due });
          const expected = times
            .map((time, index) => ({ time, index }))
            .filter(({ time }) => time <= 50)
            .sort((a, b) => a.time - b.time || a.index - b.index)
            // A task already due when the move began runs at its start.
            .map(({ time, index }) => ({ index, at: Math.max(time, 5) }));
          expect(ran).toEqual(expected);
        },
      ),
    );
  });

  it('starts the tasks due at one moment together, and goes on once they have all finished', async () => {
    const clock = heldClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: string[] = [];
    let secondStarted: () => void = () => {};
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    scheduler.at(10, async () => {
      ran.push('first starts');
      // It finishes only once the second has started: one after the other, neither would.
      await second;
      ran.push('first ends');
    });
    scheduler.at(10, () => {
      ran.push('second starts');
      secondStarted();
    });
    scheduler.at(20, () => void ran.push(`later, at ${clock.now()}`));

    expect(await scheduler.move(clock, () => 30)).toEqual({ now: 30, ran: 3 });
    expect(ran).toEqual(['first starts', 'second starts', 'first ends', 'later, at 20']);
  });

  it('holds the clock at a moment while its task waits, and at a retry it schedules inside the move', async () => {
    const clock = heldClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const seen: number[] = [];
    const attempt = async (): Promise<void> => {
      const startedAt = clock.now();
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(clock.now());
      if (seen.length < 4) scheduler.at(startedAt + 7, attempt);
    };
    scheduler.at(3, attempt);

    expect(await scheduler.move(clock, () => 100)).toEqual({ now: 100, ran: 4 });
    expect(seen).toEqual([3, 10, 17, 24]);
  });

  it('runs upkeep once where the move ends, not at every moment it passes', async () => {
    const clock = heldClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const sweeps: { due: number; at: number }[] = [];
    // As retention does: every 10, or where the clock is if that is later.
    const sweep = (due: number) =>
      scheduler.at(
        due,
        () => {
          sweeps.push({ due, at: clock.now() });
          sweep(Math.max(due + 10, clock.now()));
        },
        { upkeep: true },
      );
    sweep(0);
    for (let time = 1; time <= 1_000; time += 7) scheduler.at(time, () => undefined);

    expect(await scheduler.move(clock, () => 1_000)).toEqual({ now: 1_000, ran: 143 });
    expect(sweeps).toEqual([
      { due: 0, at: 1_000 },
      { due: 1_000, at: 1_000 },
    ]);
    expect(clock.holds.at(-1)).toBe(1_000);
  });

  it('moves one at a time with runDue(), each from where the one before ended', async () => {
    const clock = heldClock();
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: number[] = [];
    for (const time of [5, 15, 25]) scheduler.at(time, () => void ran.push(clock.now()));

    const moves = await Promise.all([
      scheduler.move(clock, (now) => now + 10),
      scheduler.runDue(),
      scheduler.move(clock, (now) => now + 10),
    ]);
    expect(moves).toEqual([{ now: 10, ran: 1 }, 0, { now: 20, ran: 1 }]);
    expect(ran).toEqual([5, 15]);
  });

  it('moves nothing and runs nothing when its end is refused', async () => {
    const clock = heldClock(7);
    const scheduler = createScheduler(clock.now, { realTimers: false });
    const ran: number[] = [];
    scheduler.at(8, () => void ran.push(8));

    const refused = scheduler.move(clock, () => {
      throw new RangeError('too far');
    });
    await expect(refused).rejects.toThrow('too far');
    expect({ now: clock.now(), ran, holds: clock.holds }).toEqual({ now: 7, ran: [], holds: [] });
    // The next move goes ahead.
    expect(await scheduler.move(clock, (now) => now + 1)).toEqual({ now: 8, ran: 1 });
  });
});
