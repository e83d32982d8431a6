// Screenshots of the built Storybook's stories, light and dark, for people to look at:
// `npm run build-storybook && node scripts/storybook-screenshots.mjs [story-id ...]`.
// Serves storybook-static on a free port and writes artifacts/storybook/<story>-<theme>.png.
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { launchChromium } from './chromium.mjs';

const root = 'storybook-static';
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
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

if (!existsSync(join(root, 'iframe.html'))) {
  console.error('No built Storybook: run `npm run build-storybook` first.');
  process.exit(1);
}

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  let file = join(root, path);
  if (!file.startsWith(root) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  if (statSync(file).isDirectory()) file = join(file, 'index.html');
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

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
  server.close();
}
process.exit(failures === 0 ? 0 : 1);
