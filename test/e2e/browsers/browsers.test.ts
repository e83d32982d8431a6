// The driver interface itself, in each engine, on a small page of its own: what the
// storefront's tests rely on, shown on something simpler than a storefront.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './browser.js';
import { ENGINES } from './engines.js';
import { firefox } from './firefox.js';

// A form whose button turns on once a name is typed; the order's answer comes late, as a
// server's does, and a note appears a minute after the page opened.
const PAGE = `<!doctype html>
<html lang="en">
  <title>Driver check</title>
  <main>
    <h1>Driver check</h1>
    <label>Name <input id="name" /></label>
    <label for="size">Size</label>
    <select id="size"><option value="s">Small</option><option value="l">Large</option></select>
    <fieldset>
      <legend>Plan</legend>
      <label><input type="radio" name="plan" value="basic" checked /> Basic plan</label>
      <label><input type="radio" name="plan" value="pro" /> Pro plan</label>
    </fieldset>
    <button id="send" disabled>Send order</button>
    <p role="status" data-testid="status"></p>
    <p hidden>Hidden text</p>
  </main>
  <script>
    const name = document.getElementById('name');
    const send = document.getElementById('send');
    const status = document.querySelector('[role=status]');
    name.addEventListener('input', () => (send.disabled = name.value === ''));
    name.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') status.textContent = 'Entered ' + name.value;
    });
    send.addEventListener('click', async () => {
      const order = {
        name: name.value,
        size: document.getElementById('size').value,
        plan: document.querySelector('[name=plan]:checked').value,
      };
      const answer = await fetch('/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-order': 'yes' },
        body: JSON.stringify(order),
      });
      status.textContent = 'Ordered: ' + (await answer.text());
    });
    setTimeout(() => {
      const note = document.createElement('p');
      note.textContent = 'A minute has passed';
      document.querySelector('main').append(note);
    }, 60000);
  </script>
</html>`;

let server: Server;
let pageUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      // Late, so that only a test that waits for the answer sees it.
      request.on('end', () => setTimeout(() => response.end(JSON.parse(body).name as string), 300));
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.setHeader('set-cookie', 'visit=first; Path=/; HttpOnly');
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe.each(ENGINES)('the $name driver', (engine) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await engine.launch();
  }, 60_000);
  afterAll(() => browser?.close());

  it('fills a form as a person does and waits for what the page shows', async () => {
    const page = await browser.newPage();
    await page.goto(pageUrl);
    const send = { role: 'button', name: 'Send order' };
    expect(await page.isVisible({ role: 'heading', name: 'Driver check' })).toBe(true);
    expect(await page.isVisible({ text: 'Hidden text' })).toBe(false);
    await expect(page.waitFor(send, { enabled: true, timeout: 300 })).rejects.toThrow(
      new RegExp(`^${engine.name}: `),
    );

    await page.fill({ label: 'Name' }, 'Ada');
    await page.press('Enter');
    await page.waitFor({ text: 'Entered Ada' });
    await page.select({ label: 'Size' }, 'Large');
    await page.check({ role: 'radio', name: /^Pro/ });
    expect(await page.isChecked({ role: 'radio', name: 'Basic plan' })).toBe(false);
    expect(await page.attribute({ role: 'radio', nth: 1 }, 'value')).toBe('pro');
    await page.click(send);
    await page.waitFor({ text: /^Ordered: / });
    expect(await page.text({ testId: 'status' })).toBe('Ordered: Ada');

    const order = (await page.requests()).find((request) => request.method === 'POST');
    expect(order?.headers['x-order']).toBe('yes');
    expect(JSON.parse(order?.body ?? '{}')).toEqual({ name: 'Ada', size: 'l', plan: 'pro' });
    expect(await page.cookies()).toContainEqual(
      expect.objectContaining({ name: 'visit', value: 'first' }),
    );
    expect(await page.evaluate((tag) => document.querySelectorAll(tag).length, 'label')).toBe(4);
    await page.close();
  });

  it('moves a movable clock ahead, running the timeouts that fell due', async () => {
    const page = await browser.newPage({ movableClock: true });
    await page.goto(pageUrl);
    const before = await page.evaluate(() => Date.now());
    expect(await page.isVisible({ text: 'A minute has passed' })).toBe(false);
    await page.fastForward(61_000);
    await page.waitFor({ text: 'A minute has passed' });
    expect(await page.evaluate(() => new Date().getTime())).toBeGreaterThanOrEqual(before + 61_000);
    // A document loaded next starts as far ahead.
    await page.reload();
    expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(before + 61_000);
    await page.close();
  });

  // The dark scheme is checked where it is used, on the storefront's pages
  // (test/e2e/storefront-a11y.test.ts): in Firefox it starts a second browser.
  it('opens pages in the viewport asked for', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(pageUrl);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844]);
    await page.close();
  });

  it('names the engine and the target when a wait fails', async () => {
    const page = await browser.newPage();
    await page.goto(pageUrl);
    await expect(page.waitFor({ text: 'Never shown' }, { timeout: 300 })).rejects.toThrow(
      new RegExp(`^${engine.name}: [^]*Never shown`),
    );
    await expect(page.click({ role: 'radio' })).rejects.toThrow(
      new RegExp(`^${engine.name}: [^]*2 elements`),
    );
    await page.close();
  });
});

it('fails saying what to install when Firefox is missing', async () => {
  const before = process.env.FIREFOX_PATH;
  process.env.FIREFOX_PATH = '/nonexistent/firefox-esr';
  try {
    await expect(firefox.launch()).rejects.toThrow(
      "No Firefox at /nonexistent/firefox-esr: install Debian's firefox-esr",
    );
  } finally {
    if (before === undefined) delete process.env.FIREFOX_PATH;
    else process.env.FIREFOX_PATH = before;
  }
});
