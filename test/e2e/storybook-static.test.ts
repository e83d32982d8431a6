// The built Storybook (storybook-static, what `npm run build-storybook` publishes), served as a
// static host serves it, in Debian's Chromium. The stories' tests (the storybook projects) run
// on Storybook's development server, which renders each story inside React's act(), so effects
// have run before a play function starts; the build runs React's production build without it.
// A story can pass there and fail here. And a docs page shows each story in a frame of its own,
// which must show the whole story, however tall it grows.
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import { serveStorybook } from '../../scripts/storybook-static.mjs';
import { ensureStorybookBuilt } from '../support/storybook.js';
import { closeContexts } from './steps.js';

interface StoryRun {
  /** Storybook has finished the story: rendered it, ran its play function and its checks. */
  finished: boolean;
  /** What the play function threw, if it did. */
  threw?: string;
}

let browser: Browser;
let storybook: { url: string; close(): Promise<void> };

beforeAll(async () => {
  ensureStorybookBuilt();
  [storybook, browser] = await Promise.all([serveStorybook(), launchChromium()]);
}, 240_000);

afterEach(() => closeContexts(browser));

afterAll(async () => {
  await browser?.close();
  await storybook?.close();
});

/** A page whose every frame records how its story's run ends, from Storybook's own channel. */
async function storybookPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.addInitScript(() => {
    const run: { finished: boolean; threw?: string } = { finished: false };
    Object.assign(window, { storyRun: run });
    // The preview sets its channel on the window once, early; listen from that moment.
    let channel: unknown;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value: { on(event: string, listener: (payload: { message?: string }) => void): void }) {
        channel = value;
        value.on('playFunctionThrewException', (error) => (run.threw = error.message));
        value.on('storyFinished', () => (run.finished = true));
      },
    });
  });
  return page;
}

async function finishedRun(frame: Page | Frame): Promise<StoryRun> {
  const run = () => frame.evaluate(() => (window as unknown as { storyRun: StoryRun }).storyRun);
  await expect.poll(async () => (await run()).finished, { timeout: 30_000 }).toBe(true);
  return run();
}

describe('a story of the built Storybook', () => {
  it('Invalid Props: its play function passes, as on the development server', async () => {
    const page = await storybookPage();
    await page.goto(`${storybook.url}/iframe.html?id=checkout--invalid-props&viewMode=story`);
    expect(await finishedRun(page)).toEqual({ finished: true });
    await page.getByText('This checkout is not set up correctly').first().waitFor();
  });
});

describe('a docs page of the built Storybook', () => {
  it.each([
    // The tallest story: the checkout with a network error's notice and its Try again.
    ['checkout--docs', 'checkout--network-error-on-pay'],
    ['checkoutprovider--docs', 'checkoutprovider--basic'],
  ])('%s shows %s whole, with no scroll bar of its own', async (docs, story) => {
    const page = await storybookPage();
    await page.goto(`${storybook.url}/iframe.html?id=${docs}&viewMode=docs`);
    // Docs frames load as they come into view, as a reader scrolls to them. The first is the
    // one at the top of the page when the story is the component's first.
    const frameElement = page.locator(`iframe[id="iframe--${story}"]`).first();
    await frameElement.scrollIntoViewIfNeeded();
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await expect.poll(() => frame.url()).toContain(`id=${story}`);
    // Measured once the play function has done what it does (its outcome is the story tests'
    // to check: several frames load at once here, which can hold a slow step past its wait).
    await finishedRun(frame);
    // What the frame's own page holds beyond its height: a reader would have to scroll inside.
    const hidden = () =>
      frame.evaluate(() => {
        const { scrollHeight, clientHeight } = document.documentElement;
        return scrollHeight - clientHeight;
      });
    await expect.poll(hidden, { timeout: 10_000 }).toBe(0);
    const frameHeight = (await frameElement.boundingBox())!.height;
    const storyHeight = await frame.evaluate(() => document.body.getBoundingClientRect().height);
    expect(frameHeight).toBeGreaterThanOrEqual(storyHeight);
  });
});
