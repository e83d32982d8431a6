// @vitest-environment node
// The sandbox's scheduler: what is due runs in time order, and tasks due at the same time in the
// order they were scheduled, however many wait. The clock is the test's; nothing waits for real
// time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../src/sandbox/service/scheduler.js';

function testClock(start = 0) {
  let time = start;
  return {
    now: () => time,
    set: (to: number) => {
      time = to;
    },
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
