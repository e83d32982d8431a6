// What an end-to-end test asks of a browser, the same in every engine: chromium.ts drives
// Debian's Chromium with playwright-core, firefox.ts Debian's Firefox ESR with puppeteer-core
// over WebDriver BiDi. What one engine does differently is handled there, never in a test.

/** The engines the end-to-end tests run in. */
export type EngineName = 'chromium' | 'firefox';

export interface Engine {
  readonly name: EngineName;
  /** Starts the browser; fails, saying what to install, when its program is missing. */
  launch(): Promise<Browser>;
}

export interface Browser {
  readonly engine: EngineName;
  /** A page in a profile of its own (cookies, storage), which goes when the page is closed. */
  newPage(options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface PageOptions {
  /** 1280 × 720 unless given. */
  viewport?: { width: number; height: number };
  /** What `prefers-color-scheme` answers: light unless given. */
  colorScheme?: 'light' | 'dark';
  /**
   * Date and setTimeout on a clock that only `fastForward` moves ahead of real time, in every
   * document the page loads.
   */
  movableClock?: boolean;
}

/**
 * Something on the page, found as a person finds it: by its role and accessible name, the text
 * of its label, its text, or else its test id or a CSS selector. A name, label or text given as
 * a string is matched whole; a RegExp is tested against it. When several match, `nth` (from 0)
 * picks one; without it, a target matching more than one element is an error.
 */
export type Target = (
  | { role: string; name?: string | RegExp }
  | { label: string | RegExp }
  | { text: string | RegExp }
  | { testId: string }
  | { css: string }
) & { nth?: number };

/** A request the page sent, as it went on the wire. */
export interface WireRequest {
  url: string;
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

export interface WaitOptions {
  /** 20 s unless given: a loaded 2-core machine. */
  timeout?: number;
}

/**
 * One page. Each call that names a target first waits, up to the timeout, until exactly one
 * element (or the `nth`) matches and is visible; a click or a fill also waits until it is
 * enabled. A wait that times out throws an error naming the engine and the target.
 */
export interface Page {
  readonly engine: EngineName;
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): string;
  waitForUrl(matches: (url: URL) => boolean, options?: WaitOptions): Promise<void>;
  /** Waits until the target is visible, and with `enabled`, enabled too. */
  waitFor(target: Target, options?: WaitOptions & { enabled?: boolean }): Promise<void>;
  /** Waits until `condition`, run in the page, answers true (across navigations). */
  waitUntil(condition: () => boolean, options?: WaitOptions): Promise<void>;
  /** Whether the target is visible now, without waiting. */
  isVisible(target: Target): Promise<boolean>;
  /** Whether the target is visible and enabled now, without waiting. */
  isEnabled(target: Target): Promise<boolean>;
  /** Its text content, whitespace as in the page. */
  text(target: Target): Promise<string>;
  attribute(target: Target, name: string): Promise<string | null>;
  isChecked(target: Target): Promise<boolean>;
  click(target: Target): Promise<void>;
  /** Replaces the field's value by typing `value`. */
  fill(target: Target, value: string): Promise<void>;
  /** Checks a radio button or checkbox by clicking it, unless it is checked already. */
  check(target: Target): Promise<void>;
  /** Chooses the option whose label is `optionLabel` in a `<select>`. */
  select(target: Target, optionLabel: string): Promise<void>;
  /** Presses a key on the focused element: `Enter`, `Tab`, `Shift+Tab`, `a`… */
  press(key: string): Promise<void>;
  /** Runs `script` in the page and answers its result (which must be JSON-like). */
  evaluate<Result, Arg = undefined>(
    script: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
  ): Promise<Result>;
  /**
   * Runs a script's source in the document, as the driver's own code: the page's
   * Content-Security-Policy does not refuse it. For a library such as axe-core.
   */
  addScript(source: string): Promise<void>;
  /**
   * Runs `script(arg)` in every document this page loads from now on, before the document's own
   * scripts, until removed.
   */
  beforeEachLoad<Arg>(script: (arg: Arg) => void, arg: Arg): Promise<{ remove(): Promise<void> }>;
  /** Refuses the page's requests to `url`, as a blocking extension does, until `unblock()`. */
  block(url: string): Promise<{ unblock(): Promise<void> }>;
  /** Every request the page has sent since it opened, headers and body included. */
  requests(): Promise<WireRequest[]>;
  /** The cookies of the page's profile. */
  cookies(): Promise<{ name: string; value: string }[]>;
  /**
   * Moves a `movableClock` page's time ahead by `ms`, running the timeouts that fell due; the
   * documents it loads next start that far ahead too.
   */
  fastForward(ms: number): Promise<void>;
  /** A PNG of the target, or of the viewport. */
  screenshot(path: string, target?: Target): Promise<void>;
  close(): Promise<void>;
}

/** How an error message names a target: `button "Pay $4.99"`, `label /^Card/`… */
export function describeTarget(target: Target): string {
  const [kind, value] =
    'role' in target
      ? [target.role, target.name ?? '']
      : 'label' in target
        ? ['label', target.label]
        : 'text' in target
          ? ['text', target.text]
          : 'testId' in target
            ? ['test id', target.testId]
            : ['selector', target.css];
  const shown =
    typeof value === 'string' ? (value ? ` ${JSON.stringify(value)}` : '') : ` ${value}`;
  return `${kind}${shown}${target.nth === undefined ? '' : ` (match ${target.nth})`}`;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * Checks `ready` every 100 ms until it answers something other than undefined, and answers
 * that; after `timeoutMs`, throws "<what> within <timeout> ms", with the last error seen.
 */
export async function pollUntil<T>(
  what: string,
  ready: () => Promise<T | undefined>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await ready();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof AmbiguousTargetError) throw error;
      // A page between two documents cannot answer yet; the next try can.
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what} within ${timeoutMs} ms${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A target without `nth` that matches several elements: a mistake in the test, not a wait. */
export class AmbiguousTargetError extends Error {
  constructor(engine: EngineName, target: Target, count: number) {
    super(
      `${engine}: ${describeTarget(target)} matches ${count} elements; ` +
        'name it more closely, or pick one with nth',
    );
    this.name = 'AmbiguousTargetError';
  }
}
