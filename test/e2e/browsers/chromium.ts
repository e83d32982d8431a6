// Debian's Chromium through playwright-core, as every other browser test here drives it
// (scripts/chromium.mjs): Playwright's locators find targets and wait for them.
import { existsSync } from 'node:fs';
import type { Locator, Page as PlaywrightPage, Request } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../../../scripts/chromium.mjs';
import { installMovableClock } from './clock.js';
import {
  AmbiguousTargetError,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_VIEWPORT,
  describeTarget,
  pollUntil,
  type Browser,
  type Engine,
  type Page,
  type Target,
  type WireRequest,
} from './browser.js';

export const chromium: Engine = {
  name: 'chromium',
  async launch(): Promise<Browser> {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `No Chromium at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium), ` +
          'or set CHROMIUM_PATH to its program.',
      );
    }
    const browser = await launchChromium();
    return {
      engine: 'chromium',
      async newPage(options = {}) {
        const context = await browser.newContext({
          viewport: options.viewport ?? DEFAULT_VIEWPORT,
          colorScheme: options.colorScheme ?? 'light',
        });
        const page = await context.newPage();
        page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
        return wrap(page, options.movableClock ?? false);
      },
      close: () => browser.close(),
    };
  },
};

function locate(page: PlaywrightPage, target: Target): Locator {
  const exact = (value: string | RegExp | undefined) => typeof value === 'string';
  const locator =
    'role' in target
      ? page.getByRole(target.role as Parameters<PlaywrightPage['getByRole']>[0], {
          name: target.name,
          exact: exact(target.name),
        })
      : 'label' in target
        ? page.getByLabel(target.label, { exact: exact(target.label) })
        : 'text' in target
          ? page.getByText(target.text, { exact: exact(target.text) })
          : 'testId' in target
            ? page.getByTestId(target.testId)
            : page.locator(target.css);
  return target.nth === undefined ? locator : locator.nth(target.nth);
}

/** Playwright's own error, with the engine named first. */
async function named<T>(action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (error) {
    if (error instanceof Error) error.message = `chromium: ${error.message}`;
    throw error;
  }
}

async function record(request: Request): Promise<WireRequest> {
  return {
    url: request.url(),
    method: request.method(),
    headers: await request.allHeaders(),
    body: request.postData(),
  };
}

async function wrap(page: PlaywrightPage, movableClock: boolean): Promise<Page> {
  const seen: Promise<WireRequest | null>[] = [];
  // A request still being read when the test closes the page is not one it checks.
  page.on('request', (request) => seen.push(record(request).catch(() => null)));
  const at = (target: Target) => locate(page, target);
  const visible = async (target: Target, timeout?: number) => {
    await named(at(target).waitFor({ state: 'visible', timeout }));
    return at(target);
  };

  let moveClock: ((ms: number) => Promise<void>) | undefined;
  const chromiumPage: Page = {
    engine: 'chromium',
    goto: async (url) => {
      await named(page.goto(url));
    },
    reload: async () => {
      await named(page.reload());
    },
    url: () => page.url(),
    waitForUrl: (matches, options) => named(page.waitForURL(matches, options)),
    async waitFor(target, options = {}) {
      const { timeout = DEFAULT_TIMEOUT_MS, enabled = false } = options;
      if (!enabled) return void (await visible(target, timeout));
      await pollUntil(
        `chromium: ${describeTarget(target)} was not visible and enabled`,
        async () => {
          const count = await at(target).count();
          if (count > 1) throw new AmbiguousTargetError('chromium', target, count);
          return ((await at(target).isVisible()) && (await at(target).isEnabled())) || undefined;
        },
        timeout,
      );
    },
    waitUntil: async (condition, options) => {
      await named(page.waitForFunction(condition, undefined, options));
    },
    isVisible: (target) => at(target).isVisible(),
    isEnabled: async (target) => (await at(target).isVisible()) && (await at(target).isEnabled()),
    text: async (target) => (await (await visible(target)).textContent()) ?? '',
    attribute: async (target, name) => (await visible(target)).getAttribute(name),
    isChecked: async (target) => (await visible(target)).isChecked(),
    click: (target) => named(at(target).click()),
    fill: (target, value) => named(at(target).fill(value)),
    check: (target) => named(at(target).check()),
    select: async (target, optionLabel) => {
      await named(at(target).selectOption({ label: optionLabel }));
    },
    press: (key) => page.keyboard.press(key),
    evaluate: (script, arg) => page.evaluate(script, arg as never),
    addScript: async (source) => {
      await page.evaluate(source);
    },
    beforeEachLoad: async (script, arg) => {
      const added = await page.addInitScript(script as (arg: unknown) => void, arg);
      return { remove: () => added.dispose() };
    },
    block: async (url) => {
      await page.route(url, (route) => route.abort('blockedbyclient'));
      return { unblock: () => page.unroute(url) };
    },
    requests: async () =>
      (await Promise.all(seen)).filter((request): request is WireRequest => request !== null),
    cookies: () => page.context().cookies(),
    fastForward: async (ms) => {
      if (!moveClock)
        throw new Error('chromium: fastForward needs a page opened with movableClock');
      await moveClock(ms);
    },
    async screenshot(path, target) {
      await named((target ? at(target) : page).screenshot({ path }));
    },
    close: () => page.context().close(),
  };
  if (movableClock) moveClock = await installMovableClock(chromiumPage);
  return chromiumPage;
}
