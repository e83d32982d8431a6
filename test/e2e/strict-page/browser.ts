// The browser part of the strict-page test, kept to what the test asks of a browser so that
// another engine is one more implementation of these two interfaces.
import type { Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/chromium.mjs';

/** A tab: what the strict-page test does in it. */
export interface PageDriver {
  /** Runs `script` in each document the tab opens, before any of the document's own. */
  addInitScript(script: () => void): Promise<void>;
  goto(url: string): Promise<void>;
  click(selector: string): Promise<void>;
  evaluate<T>(fn: () => T): Promise<T>;
  /** Resolves once `predicate(arg)` is true in the page; rejects after `timeoutMs`. */
  waitFor(predicate: (arg: string) => boolean, arg: string, timeoutMs: number): Promise<void>;
  /** What the page wrote to its console, and its uncaught errors, as "type: text". */
  console(): string[];
  close(): Promise<void>;
}

/** A browser to open tabs in. */
export interface BrowserDriver {
  /** Which engine, for test names: "chromium". */
  engine: string;
  newPage(): Promise<PageDriver>;
  close(): Promise<void>;
}

/** Debian's Chromium through playwright-core. */
export async function launchChromiumDriver(): Promise<BrowserDriver> {
  const browser = await launchChromium();
  return {
    engine: 'chromium',
    newPage: async () => pageDriver(await browser.newPage()),
    close: () => browser.close(),
  };
}

function pageDriver(page: Page): PageDriver {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return {
    addInitScript: async (script) => {
      await page.addInitScript(script);
    },
    goto: async (url) => {
      await page.goto(url);
    },
    click: (selector) => page.click(selector),
    evaluate: (fn) => page.evaluate(fn),
    waitFor: async (predicate, arg, timeoutMs) => {
      await page.waitForFunction(predicate, arg, { timeout: timeoutMs });
    },
    console: () => [...lines],
    close: () => page.close(),
  };
}
