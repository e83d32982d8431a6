// A page's clock that the test moves ahead, the same script in every engine (Playwright's own
// clock exists in Chromium only). Time runs as usual until `fastForward`, which jumps `Date`
// ahead and runs, once, each timeout that fell due.
import type { Page } from './browser.js';

/**
 * Installs the movable clock in every document `page` loads, and answers the page's
 * `fastForward`: it moves the document shown and the ones loaded after it.
 */
export async function installMovableClock(
  page: Pick<Page, 'beforeEachLoad' | 'evaluate'>,
): Promise<(ms: number) => Promise<void>> {
  let aheadMs = 0;
  let installed = await page.beforeEachLoad(movableClockScript, aheadMs);
  return async (ms) => {
    aheadMs += ms;
    await installed.remove();
    installed = await page.beforeEachLoad(movableClockScript, aheadMs);
    await page.evaluate(fastForwardScript, ms);
  };
}

// The two scripts below run inside the page: each is self-contained.

/** Before the page's own scripts: `Date` and `setTimeout` read a clock `aheadMs` ahead. */
function movableClockScript(aheadMs: number): void {
  const RealDate = Date;
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
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

/** Moves the document's clock, when it has one (a page not yet navigated has none). */
function fastForwardScript(ms: number): void {
  (window as { __e2eFastForward?: (ms: number) => void }).__e2eFastForward?.(ms);
}
