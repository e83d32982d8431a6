// Screenshots of the built Storybook's stories, light and dark, for people to look at:
// `npm run build-storybook && node scripts/storybook-screenshots.mjs [story-id ...]`.
// Serves storybook-static on a free port and writes artifacts/storybook/<story>-<theme>.png.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './chromium.mjs';
import { serveStorybook, STORYBOOK_STATIC } from './storybook-static.mjs';

const outDir = 'artifacts/storybook';
const defaultStories = [
  'checkout--ready',
  'checkout--paid',
  'checkout--declined',
  'checkout--custom-brand',
  'checkout--chargeback-protection-without-device-id',
  'checkout--invalid-props',
  'usecustomer--success',
];
const stories = process.argv.length > 2 ? process.argv.slice(2) : defaultStories;
if (!existsSync(join(STORYBOOK_STATIC, 'iframe.html'))) {
  console.error('No built Storybook: run `npm run build-storybook` first.');
  process.exit(1);
}

const server = await serveStorybook();
const base = server.url;

const browser = await launchChromium();
mkdirSync(outDir, { recursive: true });
let failures = 0;
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 720, height: 760 } });
    for (const id of stories) {
      const url = `${base}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`;
      await page.goto(url);
      // The play function has finished when Storybook marks the story rendered.
      try {
        await page.waitForFunction(
          () => document.querySelector('#storybook-root')?.childElementCount > 0,
          null,
          { timeout: 10_000 },
        );
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
      } catch (error) {
        failures += 1;
        console.error(`${id} (${theme}): ${error.message}`);
      }
      const file = `${outDir}/${id}-${theme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failures === 0 ? 0 : 1);
