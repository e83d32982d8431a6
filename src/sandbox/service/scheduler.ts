// What the sandbox does later (a payment's next step, a webhook retry), on the sandbox's own
// clock: with the real clock, timers run it on time; with a clock a test moves, the test calls
// runDue() after moving it, and nothing waits for real time. Tasks wait in a binary heap ordered
// by time, then by when they were scheduled, so scheduling and taking the next task cost
// O(log n) however many payments are under way.

export interface Scheduler {
  /**
   * Runs `task` once the clock reaches `time` (milliseconds since the epoch). `upkeep`: the
   * sandbox's own housekeeping (retention), which runDue() does not count.
   */
  at(time: number, task: () => void | Promise<void>, options?: { upkeep?: boolean }): void;
  /**
   * Starts every task that is due, in time order, including tasks they schedule that are due,
   * and resolves when all have finished, with how many ran that were not upkeep: the payment
   * steps and delivery attempts a merchant sees.
   */
  runDue(): Promise<number>;
  /** Forgets every task. */
  clear(): void;
}

interface Task {
  time: number;
  /** Scheduling order: tasks due at the same time run in the order they were scheduled. */
  order: number;
  run: () => void | Promise<void>;
  upkeep: boolean;
}

export function createScheduler(now: () => number, options: { realTimers: boolean }): Scheduler {
  const tasks = new TaskHeap();
  let scheduled = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;

  function arm(): void {
    if (!options.realTimers) return;
    clearTimeout(timer);
    timer = undefined;
    const next = tasks.peek();
    if (!next) return;
    timer = setTimeout(() => void runDue(), Math.max(0, next.time - now()));
    // A pending step must not keep a Node process alive on its own.
    (timer as { unref?: () => void }).unref?.();
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while ((tasks.peek()?.time ?? Infinity) <= now()) {
      // Every due task starts in time order (its synchronous part runs at once, so a task it
      // schedules for now is due in this same pass), and none waits for another to finish: a
      // webhook receiver that takes its time must not hold back other payments.
      const started: Promise<void>[] = [];
      for (let task = tasks.peek(); task && task.time <= now(); task = tasks.peek()) {
        tasks.pop();
        if (!task.upkeep) ran += 1;
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
    at(time, run, { upkeep = false } = {}) {
      tasks.push({ time, order: scheduled++, run, upkeep });
      if (tasks.peek()?.order === scheduled - 1) arm();
    },
    runDue,
    clear() {
      tasks.clear();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** A min-heap of tasks by (time, order). */
class TaskHeap {
  #items: Task[] = [];

  peek(): Task | undefined {
    return this.#items[0];
  }

  push(task: Task): void {
    const items = this.#items;
    items.push(task);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): Task | undefined {
    const items = this.#items;
    const first = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return first;
    items[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < items.length && before(items[left]!, items[smallest]!)) smallest = left;
      if (right < items.length && before(items[right]!, items[smallest]!)) smallest = right;
      if (smallest === index) return first;
      [items[index], items[smallest]] = [items[smallest]!, items[index]!];
      index = smallest;
    }
  }

  clear(): void {
    this.#items = [];
  }
}

function before(a: Task, b: Task): boolean {
  return a.time < b.time || (a.time === b.time && a.order < b.order);
}
