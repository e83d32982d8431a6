// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: no driver program and no
// browser download. Playwright drives only its own patched Firefox, which cannot be downloaded
// here, so this file does what Playwright's locators do in chromium.ts.
import { existsSync } from 'node:fs';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type ElementHandle,
  type HTTPRequest,
  type KeyInput,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
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

/** The elements of `target` (all matches, or its `nth`), in document order. */
async function findAll(page: PuppeteerPage, target: Target): Promise<ElementHandle[]> {
  let found: ElementHandle[];
  if ('role' in target) {
    // Firefox's own accessibility tree finds the role and a whole name. BiDi does not report
    // names, so a RegExp is tested against the name as the page's markup spells it out.
    const name = typeof target.name === 'string' ? `[name=${JSON.stringify(target.name)}]` : '';
    found = await page.$$(`::-p-aria([role=${JSON.stringify(target.role)}]${name})`);
    if (target.name instanceof RegExp) {
      const pattern = { source: target.name.source, flags: target.name.flags };
      const keep = await page.evaluate(matchMarkupNames, pattern, ...found);
      found = disposeOthers(found, (_, index) => keep[index] === true);
    }
  } else if ('testId' in target || 'css' in target) {
    found = await page.$$('testId' in target ? `[data-testid="${target.testId}"]` : target.css);
  } else {
    const [kind, wanted] =
      'label' in target ? (['label', target.label] as const) : (['text', target.text] as const);
    const pattern =
      typeof wanted === 'string'
        ? { whole: wanted }
        : { source: wanted.source, flags: wanted.flags };
    const list = await page.evaluateHandle(findByLabelOrText, kind, pattern);
    found = [...(await list.getProperties()).values()].flatMap(
      (item) => (item.asElement() as ElementHandle<Element> | null) ?? [],
    );
    await list.dispose();
  }
  if (target.nth === undefined) return found;
  return disposeOthers(found, (_, index) => index === target.nth);
}

function disposeOthers(
  elements: ElementHandle[],
  kept: (element: ElementHandle, index: number) => boolean,
): ElementHandle[] {
  return elements.filter((element, index) => {
    if (kept(element, index)) return true;
    void element.dispose();
    return false;
  });
}

// Both run in the page, so each is self-contained.

/** Which of `elements` have a name, spelled out by the markup, that matches the pattern. */
function matchMarkupNames(pattern: { source: string; flags: string }, ...elements: Element[]) {
  const textOf = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const wanted = new RegExp(pattern.source, pattern.flags);
  return elements.map((element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement>) : null;
    const name = labelledBy
      ? textOf(labelledBy)
      : (element.getAttribute('aria-label') ??
        (labels?.length ? [...labels].map((label) => label.textContent).join(' ') : null) ??
        element.textContent ??
        '');
    return wanted.test(name.replace(/\s+/g, ' ').trim());
  });
}

/**
 * The fields whose label (aria-labelledby, aria-label or a <label>) matches, or the innermost
 * elements whose text matches: whole when `whole` is given, else by the pattern.
 */
function findByLabelOrText(
  kind: 'label' | 'text',
  pattern: { whole: string } | { source: string; flags: string },
): Element[] {
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches =
    'whole' in pattern
      ? (text: string) => text === pattern.whole
      : (text: string) => new RegExp(pattern.source, pattern.flags).test(text);
  const labelOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return normal(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    }
    const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement>) : null;
    if (element.hasAttribute('aria-label')) return normal(element.getAttribute('aria-label'));
    return labels?.length ? normal([...labels].map((label) => label.textContent).join(' ')) : null;
  };
  if (kind === 'label') {
    return [...document.querySelectorAll('input, select, textarea, button, [role]')].filter(
      (element) => {
        const label = labelOf(element);
        return label !== null && matches(label);
      },
    );
  }
  return [...document.body.querySelectorAll('*')].filter((element) => {
    if (element.closest('script, style, template')) return false;
    const text = normal(element.textContent);
    // The innermost element holding the text counts, not each of its ancestors.
    return (
      text !== '' &&
      matches(text) &&
      ![...element.children].some((child) => matches(normal(child.textContent)))
    );
  });
}

const isVisible = (element: ElementHandle) =>
  element.evaluate(
    (node) =>
      node.checkVisibility({ visibilityProperty: true }) && node.getClientRects().length > 0,
  );
const isEnabled = (element: ElementHandle) =>
  element.evaluate(
    (node) => !node.matches(':disabled') && node.getAttribute('aria-disabled') !== 'true',
  );

async function record(request: HTTPRequest): Promise<WireRequest> {
  const headers = request.headers();
  const body = request.hasPostData() ? ((await request.fetchPostData()) ?? null) : null;
  return { url: request.url(), method: request.method(), headers, body };
}

async function wrap(page: PuppeteerPage, movableClock: boolean): Promise<Page> {
  const seen: Promise<WireRequest | null>[] = [];
  // A request still being read when the test closes the page is not one it checks.
  page.on('request', (request) => seen.push(record(request).catch(() => null)));

  /** The one visible (and, when asked, enabled) element of `target`, once there is one. */
  const element = (target: Target, enabled = false, timeout = DEFAULT_TIMEOUT_MS) =>
    pollUntil(
      `firefox: ${describeTarget(target)} was not ${enabled ? 'visible and enabled' : 'visible'}`,
      async () => {
        const found = await findAll(page, target);
        if (found.length > 1) {
          disposeOthers(found, () => false);
          throw new AmbiguousTargetError('firefox', target, found.length);
        }
        const [only] = found;
        if (only && (await isVisible(only)) && (!enabled || (await isEnabled(only)))) return only;
        void only?.dispose();
        return undefined;
      },
      timeout,
    );

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
      await element(target, options.enabled, options.timeout);
    },
    waitUntil: async (condition, options = {}) => {
      await pollUntil(
        `firefox: ${condition} did not become true`,
        async () => (await page.evaluate(condition)) || undefined,
        options.timeout,
      );
    },
    isVisible: async (target) => {
      const found = await findAll(page, target);
      return found.length === 1 && (await isVisible(found[0]!));
    },
    isEnabled: async (target) => {
      const found = await findAll(page, target);
      return found.length === 1 && (await isVisible(found[0]!)) && (await isEnabled(found[0]!));
    },
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
      await (await element(target, true)).click();
    },
    fill: async (target, value) => {
      const field = await element(target, true);
      // Select what is there, so that typing replaces it, as a person would.
      await field.evaluate((node) => {
        (node as HTMLElement).focus();
        if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) node.select();
      });
      if (value === '') await page.keyboard.press('Backspace');
      else await field.type(value);
    },
    check: async (target) => {
      const box = await element(target, true);
      if (!(await box.evaluate((node) => (node as HTMLInputElement).checked))) await box.click();
      await pollUntil(
        `firefox: ${describeTarget(target)} was not checked after a click`,
        async () => (await box.evaluate((node) => (node as HTMLInputElement).checked)) || undefined,
      );
    },
    select: async (target, optionLabel) => {
      const list = await element(target, true);
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
      if (!moveClock) throw new Error('firefox: fastForward needs a page opened with movableClock');
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
