// A page's clock that the test moves ahead, the same script in every engine (Playwright's own
// clock exists in Chromium only). Time runs as usual until `fastForward`, which jumps `Date`
// ahead and runs, once, each timeout that fell due. Both functions run inside the page, so they
// use nothing from this module.

/** Installed before the page's own scripts: `Date` and `setTimeout` read the moved clock. */
export function movableClockScript(): void {
  const RealDate = Date;
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  let aheadMs = 0;
  const now = () => RealDate.now() + aheadMs;
  const pending = new Map<number, { dueAt: number; run: () => void }>();

  class MovedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return now();
    }
  }
  window.Date = MovedDate as DateConstructor;

  window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
    const run = () => {
      pending.delete(id);
      if (typeof handler === 'function') handler(...args);
    };
    const id = realSetTimeout(run, delay);
    pending.set(id, { dueAt: now() + Number(delay), run });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    realClearTimeout(id);
  }) as typeof window.clearTimeout;

  Object.defineProperty(window, '__e2eFastForward', {
    value: (ms: number) => {
      aheadMs += ms;
      for (const [id, timeout] of [...pending]) {
        if (timeout.dueAt > now()) continue;
        realClearTimeout(id);
        timeout.run();
      }
    },
  });
}

/** Moves the clock `movableClockScript` installed; fails on a page without one. */
export function fastForwardScript(ms: number): void {
  const fastForward = (window as { __e2eFastForward?: (ms: number) => void }).__e2eFastForward;
  if (!fastForward) throw new Error('This page has no movable clock: open it with movableClock.');
  fastForward(ms);
}
