// What the sandbox does later (a payment's next step, a webhook retry), on the sandbox's own
// clock: with the real clock, timers run it on time; with a clock a test moves, the test calls
// runDue() after moving it, and nothing waits for real time.

export interface Scheduler {
  /** Runs `task` once the clock reaches `time` (milliseconds since the epoch). */
  at(time: number, task: () => void | Promise<void>): void;
  /**
   * Starts every task that is due, in time order, including tasks they schedule that are due,
   * and resolves when all have finished.
   */
  runDue(): Promise<number>;
  /** Forgets every task. */
  clear(): void;
}

interface Task {
  time: number;
  run: () => void | Promise<void>;
}

export function createScheduler(now: () => number, options: { realTimers: boolean }): Scheduler {
  let tasks: Task[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;

  function arm(): void {
    if (!options.realTimers) return;
    clearTimeout(timer);
    timer = undefined;
    const next = tasks[0];
    if (!next) return;
    timer = setTimeout(() => void runDue(), Math.max(0, next.time - now()));
    // A pending step must not keep a Node process alive on its own.
    (timer as { unref?: () => void }).unref?.();
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while (tasks[0] && tasks[0].time <= now()) {
      // Every due task starts in time order (its synchronous part runs at once, so a task it
      // schedules for now is due in this same pass), and none waits for another to finish: a
      // webhook receiver that takes its time must not hold back other payments.
      const started: Promise<void>[] = [];
      for (let task = tasks[0]; task && task.time <= now(); task = tasks[0]) {
        tasks.shift();
        ran += 1;
        const run = task.run;
        started.push((async () => run())());
      }
      await Promise.all(started);
    }
    arm();
    return ran;
  }

  function runDue(): Promise<number> {
    // One drain at a time: tasks run in order even when timers and a test both ask.
    running = (running ?? Promise.resolve(0)).then(drain, drain);
    return running;
  }

  return {
    at(time, run) {
      const index = tasks.findIndex((task) => task.time > time);
      tasks.splice(index === -1 ? tasks.length : index, 0, { time, run });
      arm();
    },
    runDue,
    clear() {
      tasks = [];
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
