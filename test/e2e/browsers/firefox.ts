// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: no driver program and no
// browser download. Playwright drives only its own patched Firefox, which cannot be downloaded
// here, so this file and find-in-page.ts do what Playwright's locators do in chromium.ts.
import { existsSync } from 'node:fs';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type ElementHandle,
  type HTTPRequest,
  type KeyInput,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { installMovableClock } from './clock.js';
import { findInPage, toPattern, type Need, type Query } from './find-in-page.js';
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

/** Debian's Firefox ESR unless FIREFOX_PATH names another; read at each launch. */
const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

type ColorScheme = 'light' | 'dark';

export const firefox: Engine = {
  name: 'firefox',
  async launch(): Promise<Browser> {
    const executablePath = firefoxPath();
    if (!existsSync(executablePath)) {
      throw new Error(
        `No Firefox at ${executablePath}: install Debian's firefox-esr ` +
          '(apt-get install -y firefox-esr), or set FIREFOX_PATH to its program.',
      );
    }
    // WebDriver BiDi cannot emulate prefers-color-scheme, which is a preference of the whole
    // browser here: a page in the other scheme gets a second Firefox, started when first asked.
    const browsers = new Map<ColorScheme, Promise<PuppeteerBrowser>>();
    const browserFor = (colorScheme: ColorScheme) => {
      let browser = browsers.get(colorScheme);
      if (!browser) {
        browser = launchFirefox(executablePath, colorScheme);
        browsers.set(colorScheme, browser);
      }
      return browser;
    };
    await browserFor('light');
    return {
      engine: 'firefox',
      async newPage(options = {}) {
        const browser = await browserFor(options.colorScheme ?? 'light');
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport(options.viewport ?? DEFAULT_VIEWPORT);
        return wrap(page, options.movableClock ?? false);
      },
      async close() {
        await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
      },
    };
  },
};

function launchFirefox(
  executablePath: string,
  colorScheme: ColorScheme,
): Promise<PuppeteerBrowser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    protocol: 'webDriverBiDi',
    headless: true,
    // 0 is dark, 1 light, for every page whatever the system's theme.
    extraPrefsFirefox: {
      'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
    },
  });
}

/**
 * The one element of `target` (or its `nth`) when it is what `need` asks, else why not: "none",
 * "many <count>", "hidden" or "disabled".
 */
async function find(
  page: PuppeteerPage,
  target: Target,
  need: Need,
): Promise<ElementHandle<Element> | string> {
  const { nth } = target;
  const query: Query =
    'role' in target
      ? {
          kind: 'role',
          role: target.role,
          name: target.name === undefined ? undefined : toPattern(target.name),
          nth,
          need,
        }
      : 'label' in target
        ? { kind: 'label', label: toPattern(target.label), nth, need }
        : 'text' in target
          ? { kind: 'text', text: toPattern(target.text), nth, need }
          : {
              kind: 'css',
              css: 'testId' in target ? `[data-testid="${target.testId}"]` : target.css,
              nth,
              need,
            };
  const answer = await page.evaluateHandle(findInPage, query);
  const element = answer.asElement();
  if (element) return element as ElementHandle<Element>;
  const why = (await answer.jsonValue()) as string;
  await answer.dispose();
  return why;
}

async function record(request: HTTPRequest): Promise<WireRequest | null> {
  const headers = request.headers();
  // Firefox reports the CORS preflights it sends by itself; Playwright's Chromium does not, and
  // neither is a request of the page.
  if (request.method() === 'OPTIONS' && 'access-control-request-method' in headers) return null;
  const body = request.hasPostData() ? ((await request.fetchPostData()) ?? null) : null;
  return { url: request.url(), method: request.method(), headers, body };
}

async function wrap(page: PuppeteerPage, movableClock: boolean): Promise<Page> {
  const seen: Promise<WireRequest | null>[] = [];
  // A request still being read when the test closes the page is not one it checks.
  page.on('request', (request) => seen.push(record(request).catch(() => null)));

  /** Whether `target` is there and what `need` asks, now; several matches are an error. */
  const isNow = async (target: Target, need: Need) => {
    const found = await find(page, target, need);
    if (typeof found !== 'string') {
      void found.dispose();
      return true;
    }
    if (found.startsWith('many ')) {
      throw new AmbiguousTargetError('firefox', target, Number(found.slice(5)));
    }
    return false;
  };

  /** The element of `target` once it is what `need` asks. */
  const element = async (target: Target, need: Need = 'visible', timeout = DEFAULT_TIMEOUT_MS) => {
    let why = 'none';
    try {
      return await pollUntil(
        `firefox: ${describeTarget(target)} was not ${need === 'enabled' ? 'visible and enabled' : need}`,
        async () => {
          const found = await find(page, target, need);
          if (typeof found !== 'string') return found;
          why = found;
          if (found.startsWith('many ')) {
            throw new AmbiguousTargetError('firefox', target, Number(found.slice(5)));
          }
          return undefined;
        },
        timeout,
      );
    } catch (error) {
      // Say what was found instead: nothing, or an element still hidden or disabled.
      if (error instanceof Error && !(error instanceof AmbiguousTargetError)) {
        error.message += ` (${why === 'none' ? 'no such element' : `it was ${why}`})`;
      }
      throw error;
    }
  };

  let moveClock: ((ms: number) => Promise<void>) | undefined;
  const firefoxPage: Page = {
    engine: 'firefox',
    goto: async (url) => {
      await page.goto(url, { timeout: DEFAULT_TIMEOUT_MS });
    },
    reload: async () => {
      await page.reload({ timeout: DEFAULT_TIMEOUT_MS });
    },
    url: () => page.url(),
    waitForUrl: async (matches, options = {}) => {
      await pollUntil(
        `firefox: the address did not change as expected from ${page.url()}`,
        async () => matches(new URL(page.url())) || undefined,
        options.timeout,
      );
    },
    waitFor: async (target, options = {}) => {
      await element(target, options.enabled ? 'enabled' : 'visible', options.timeout);
    },
    waitUntil: async (condition, options = {}) => {
      await pollUntil(
        `firefox: ${condition} did not become true`,
        async () => (await page.evaluate(condition)) || undefined,
        options.timeout,
      );
    },
    isVisible: (target) => isNow(target, 'visible'),
    isEnabled: (target) => isNow(target, 'enabled'),
    text: async (target) => (await element(target)).evaluate((node) => node.textContent ?? ''),
    attribute: async (target, name) =>
      (await element(target)).evaluate((node, name) => node.getAttribute(name), name),
    isChecked: async (target) =>
      (await element(target)).evaluate((node) =>
        node instanceof HTMLInputElement
          ? node.checked
          : node.getAttribute('aria-checked') === 'true',
      ),
    click: async (target) => {
      await (await element(target, 'enabled')).click();
    },
    fill: async (target, value) => {
      const field = await element(target, 'enabled');
      // Select what is there, so that typing replaces it, as a person would.
      await field.evaluate((node) => {
        (node as HTMLElement).focus();
        if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) node.select();
      });
      if (value === '') await page.keyboard.press('Backspace');
      else await field.type(value);
    },
    check: async (target) => {
      const box = await element(target, 'enabled');
      if (!(await box.evaluate((node) => (node as HTMLInputElement).checked))) await box.click();
      await pollUntil(
        `firefox: ${describeTarget(target)} was not checked after a click`,
        async () => (await box.evaluate((node) => (node as HTMLInputElement).checked)) || undefined,
      );
    },
    select: async (target, optionLabel) => {
      const list = await element(target, 'enabled');
      const value = await list.evaluate(
        (node, label) =>
          [...(node as HTMLSelectElement).options].find((option) => option.label === label)
            ?.value ?? null,
        optionLabel,
      );
      if (value === null) {
        throw new Error(`firefox: ${describeTarget(target)} has no option "${optionLabel}"`);
      }
      await list.select(value);
    },
    press: async (keys) => {
      // Playwright's "Shift+Tab": modifiers held down around the last key.
      const [key, ...modifiers] = keys.split('+').reverse() as KeyInput[];
      for (const modifier of modifiers) await page.keyboard.down(modifier);
      await page.keyboard.press(key!);
      for (const modifier of modifiers) await page.keyboard.up(modifier);
    },
    evaluate: (script, arg) => page.evaluate(script, arg as never) as never,
    addScript: async (source) => {
      await page.evaluate(source);
    },
    beforeEachLoad: async (script, arg) => {
      const { identifier } = await page.evaluateOnNewDocument(script, arg);
      return { remove: () => page.removeScriptToEvaluateOnNewDocument(identifier) };
    },
    block: async (url) => {
      // Puppeteer intercepts every request or none: the others go on unchanged.
      const refuse = (request: HTTPRequest) => {
        if (request.isInterceptResolutionHandled()) return;
        if (request.url() === url) void request.abort('blockedbyclient');
        else void request.continue();
      };
      page.on('request', refuse);
      await page.setRequestInterception(true);
      return {
        unblock: async () => {
          await page.setRequestInterception(false);
          page.off('request', refuse);
        },
      };
    },
    requests: async () =>
      (await Promise.all(seen)).filter((request): request is WireRequest => request !== null),
    cookies: () => page.browserContext().cookies(),
    fastForward: async (ms) => {
      if (!moveClock) {
        throw new Error('firefox: fastForward needs a page opened with movableClock');
      }
      await moveClock(ms);
    },
    screenshot: async (path, target) => {
      await (target ? await element(target) : page).screenshot({ path: path as `${string}.png` });
    },
    close: () => page.browserContext().close(),
  };
  if (movableClock) moveClock = await installMovableClock(firefoxPage);
  return firefoxPage;
}
