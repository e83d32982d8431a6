// What the sandbox does later (a payment's next step, a webhook attempt or retry, its own upkeep),
// on the sandbox's own clock. Tasks wait in a binary heap ordered by time, then by when they were
// scheduled, so scheduling and taking the next task cost O(log n) however many payments are under
// way. Three callers run them, one at a time, in the order they asked:
// - timers, on the real clock: what is due, when it is due;
// - runDue(), after a test moved a clock of its own: what is due at that clock's time. The clock
//   is the caller's and already past those moments, so the sandbox cannot stand at them: a payment
//   step is stamped when it was due (payments.ts), a webhook attempt when it runs;
// - a move of the sandbox's clock (clock.ts): the clock holds at each due moment in turn while
//   what is due then runs, so a step, an attempt and every retry that falls due inside the move
//   each happen at their own moment, with the time, and the webhook keys, of that moment.
//
// Tasks due at the same moment start together and none waits for another to finish, so a webhook
// receiver that takes its time holds back no other payment due then. A move goes on to the next
// moment only once they have all finished: the sandbox has one time, and a receiver that asks it
// during a delivery must read that delivery's moment. A slow receiver therefore makes a move take
// longer in real time (each attempt gives up after WEBHOOK_ATTEMPT_TIMEOUT_MS), never later in the
// sandbox's time: what comes after it is still stamped at its own moment.

/** The clock a move holds at each moment it passes (clock.ts). */
export interface HeldClock {
  now(): number;
  /** Holds the time at `time`, or where it is if that is later, until the next hold or release. */
  holdAt(time: number): void;
  /** Lets time go on from where it is held. */
  release(): void;
}

export interface Scheduler {
  /**
   * Runs `task` once the clock reaches `time` (milliseconds since the epoch). `upkeep`: the
   * sandbox's own housekeeping (retention), which is not counted, and which a move runs once,
   * where it ends, rather than at every moment it passes.
   */
  at(time: number, task: () => void | Promise<void>, options?: { upkeep?: boolean }): void;
  /**
   * Starts every task that is due, in time order, including tasks they schedule that are due,
   * and resolves when all have finished, with how many ran that were not upkeep: the payment
   * steps and delivery attempts a merchant sees.
   */
  runDue(): Promise<number>;
  /**
   * Moves `clock` forward to `to(now)`, running every task due by then a moment at a time (see
   * above), then lets time go on from there. `to` is asked once the drains and moves asked
   * before have finished; when it throws, nothing moves. Resolves with the time the move ended
   * at and how many tasks ran that were not upkeep.
   */
  move(clock: HeldClock, to: (now: number) => number): Promise<{ now: number; ran: number }>;
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
  /** Upkeep a move under way passed over: it runs where the move ends. */
  let passedUpkeep: Task[] = [];
  let scheduled = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let turns: Promise<unknown> = Promise.resolve();

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

  /** Runs `work` once every drain and move asked before it has finished: tasks run in order. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = turns.then(work);
    turns = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Starts every task due by `limit`, in order (its synchronous part runs at once, so a task it
   * schedules by then starts with the rest), and resolves once all have finished, with how many
   * were not upkeep. `holdUpkeep`: upkeep is set aside for the end of the move instead.
   */
  async function runTogether(limit: number, holdUpkeep: boolean): Promise<number> {
    let ran = 0;
    const started: Promise<void>[] = [];
    for (let task = tasks.peek(); task && task.time <= limit; task = tasks.peek()) {
      tasks.pop();
      if (task.upkeep && holdUpkeep) {
        passedUpkeep.push(task);
        continue;
      }
      if (!task.upkeep) ran += 1;
      const run = task.run;
      started.push((async () => run())());
    }
    await Promise.all(started);
    return ran;
  }

  async function drain(): Promise<number> {
    let ran = 0;
    while ((tasks.peek()?.time ?? Infinity) <= now()) ran += await runTogether(now(), false);
    arm();
    return ran;
  }

  function runDue(): Promise<number> {
    return inTurn(drain);
  }

  /** Puts back the upkeep a move passed over, to run where it ends. */
  function restoreUpkeep(): void {
    for (const task of passedUpkeep.splice(0)) tasks.push(task);
  }

  async function stepThrough(clock: HeldClock, to: (now: number) => number) {
    const end = to(clock.now());
    let ran = 0;
    try {
      for (let next = tasks.peek(); next && next.time <= end; next = tasks.peek()) {
        if (next.upkeep) {
          passedUpkeep.push(tasks.pop()!);
          continue;
        }
        clock.holdAt(next.time);
        ran += await runTogether(clock.now(), true);
      }
      clock.holdAt(end);
      restoreUpkeep();
      // Where the move ends: the upkeep it passed over, and whatever that schedules for then.
      ran += await drain();
    } finally {
      // Also when a task failed part-way: the upkeep still comes, and time goes on.
      restoreUpkeep();
      clock.release();
      arm();
    }
    return { now: clock.now(), ran };
  }

  return {
    at(time, run, { upkeep = false } = {}) {
      tasks.push({ time, order: scheduled++, run, upkeep });
      if (tasks.peek()?.order === scheduled - 1) arm();
    },
    runDue,
    move: (clock, to) => inTurn(() => stepThrough(clock, to)),
    clear() {
      tasks.clear();
      passedUpkeep = [];
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
