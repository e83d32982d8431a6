// Staff roll the webhook key on the staff page, in Debian's Chromium, while the service still has
// deliveries to make: the shop's webhook route was unreachable as the payment settled, so the
// sandbox is retrying, and its next attempt, signed with the old key alone, is on its way when
// the roll happens. Every delivery verifies and applies once, the order ends paid with its gems
// delivered once, and after a restart on the same data directory, past the 24-hour overlap, the
// shop and its sandbox still agree on the key. The sandbox's webhooks reach the shop through a
// door the test holds (open, down, or holding what arrives); nothing waits for real time but the
// held attempt, released as soon as the roll has answered.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/start.mjs';
import type { Storefront } from '../../examples/storefront/start.mjs';
import { STAFF } from '../../examples/storefront/src/personas.js';
import { launchChromium } from '../../scripts/chromium.mjs';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../src/sandbox/index.js';
import { advanceSandboxClock, inventoryGems, payForProduct, signIn } from './steps.js';

const HOUR = 3_600_000;
const WEBHOOK_PATH = '/api/webhooks/payments';

let browser: Browser;
let shop: Storefront;
let dataDir: string;

/** Where the sandbox delivers: forwards to the shop's webhook route, or not, as the test says. */
interface Door {
  url: string;
  mode: 'open' | 'down' | 'hold';
  /** Attempts that arrived while holding, with how many v1 signatures each carried. */
  held: { signatures: number; release(): Promise<number> }[];
  close(): Promise<void>;
}

async function openDoor(): Promise<Door> {
  const forward = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const answer = await fetch(`${shop.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'service-signature': String(req.headers['service-signature']),
      },
      body,
    });
    res.writeHead(answer.status).end(await answer.text());
    return answer.status;
  };
  const door: Door = {
    url: '',
    mode: 'open',
    held: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (door.mode === 'down') {
        res.writeHead(503).end();
      } else if (door.mode === 'hold') {
        const signature = String(req.headers['service-signature']);
        door.held.push({
          signatures: signature.split(',').filter((part) => part.startsWith('v1=')).length,
          release: () => forward(req, res, body),
        });
      } else {
        void forward(req, res, body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  door.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  return door;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storefront-key-roll-'));
  [shop, browser] = await Promise.all([
    // Steps an hour apart: a payment waits until the test moves time.
    startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR, dataDir }),
    launchChromium(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const timeTravel = (page: Page) => page.getByRole('region', { name: 'Time travel (sandbox)' });
const keyStatus = (page: Page) => page.getByTestId('webhook-key-status').textContent();
/** Moves the sandbox's clock, which the shop's follows; resolves once what fell due has run. */
const advance = (ms: number) => advanceSandboxClock(shop, ms);
const buy = (page: Page, productId: string) => payForProduct(page, shop.url, productId);

async function openStaffPage(page: Page): Promise<void> {
  await signIn(page, shop.url, STAFF);
  await page.goto(`${shop.url}/merchant`);
  await expect.poll(() => keyStatus(page), { timeout: 20_000 }).not.toBe('');
}

describe('rolling the webhook key with deliveries on their way', () => {
  it('verifies and applies every delivery once, and agrees with the sandbox after a restart', async () => {
    const door = await openDoor();
    let rolledKey: string | undefined;
    shop.sandbox.setWebhookUrl(door.url);
    try {
      const player = await browser.newPage();
      const customerId = `e2e_key_roll_${process.pid}`;
      await signIn(player, shop.url, { customerId });
      const orderId = await buy(player, 'gem-hoard');
      await expect
        .poll(() => player.getByTestId('order-status').textContent(), { timeout: 20_000 })
        .toBe('Payment submitted');
      const [payment] = shop.sandbox.payments.filter((each) => each.customerId === customerId);

      const staff = await browser.newPage();
      await openStaffPage(staff);
      expect(await keyStatus(staff)).toBe(
        'Never rolled: the shop verifies deliveries with the key it was started with.',
      );

      // The route is unreachable as the payment settles, two hours on: the service makes every
      // attempt that falls due inside the move, each at its moment. ACH Batched, an hour before
      // the end, has made them all; Settled, at the end, tries again (on the real clock since).
      door.mode = 'down';
      await timeTravel(staff).getByRole('button', { name: 'Settle now' }).click();
      await expect
        .poll(() => staff.getByTestId('time-travel-result').textContent(), { timeout: 20_000 })
        .toMatch(/^Moved the sandbox's clock 2 hours ahead/);
      const undelivered = shop.sandbox.deliveries.filter(
        (each) => each.paymentId === payment!.paymentId && each.state !== 'delivered',
      );
      expect(undelivered.map((each) => [each.eventType, each.state])).toEqual([
        ['ACH Batched', 'failed'],
        ['Settled', 'pending'],
      ]);
      expect(undelivered[0]!.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);

      // Its next attempt leaves, signed with the old key alone, and is held on the way...
      door.mode = 'hold';
      const retried = advance(60_000);
      await expect.poll(() => door.held.length, { timeout: 20_000 }).toBe(1);
      // ...while staff roll the key.
      await staff.getByRole('button', { name: 'Roll webhook key' }).click();
      await expect
        .poll(() => keyStatus(staff), { timeout: 20_000 })
        .toMatch(/^Rolled .+\. The old key is accepted until .+, then only the new one\.$/);
      expect(door.held.map((attempt) => attempt.signatures)).toEqual([1]);
      rolledKey = shop.sandbox.webhookKey;
      door.mode = 'open';
      expect(await Promise.all(door.held.map((attempt) => attempt.release()))).toEqual([200]);
      await retried;

      // Deliveries from now on carry both signatures; all verify, and each applied once.
      await advance(HOUR);
      await player.goto(`${shop.url}/orders`);
      await expect.poll(() => inventoryGems(player), { timeout: 20_000 }).toBe('3,100 gems');
      await player.getByRole('row').filter({ hasText: orderId }).getByText('Paid').waitFor();
      const deliveries = staff.getByRole('region', { name: 'Webhook deliveries received' });
      await staff.reload();
      await deliveries.getByText('Settled').first().waitFor({ timeout: 20_000 });
      expect(await deliveries.getByText('Settled').count()).toBe(1);
      await expect.poll(() => staff.getByTestId('refused-webhooks').count()).toBe(0);
      await Promise.all([player.close(), staff.close()]);
    } finally {
      await door.close();
    }

    // A restart on the same data directory, a day and more later: the old key has ended, and
    // the shop and its sandbox both hold the new one.
    await shop.close();
    shop = await startStorefront({ port: 0, sandboxPort: 0, settleStepMs: HOUR, dataDir });
    expect(shop.sandbox.webhookKey).toBe(rolledKey);
    await advance(25 * HOUR);
    const player = await browser.newPage();
    const customerId = `e2e_key_roll_after_${process.pid}`;
    await signIn(player, shop.url, { customerId });
    const orderId = await buy(player, 'gem-pouch');
    const staff = await browser.newPage();
    await openStaffPage(staff);
    expect(await keyStatus(staff)).toMatch(/^Last rolled .+; only the new key is accepted\.$/);
    await timeTravel(staff).getByRole('button', { name: 'Settle now' }).click();
    await player.goto(`${shop.url}/orders`);
    await expect.poll(() => inventoryGems(player), { timeout: 20_000 }).toBe('500 gems');
    await player.getByRole('row').filter({ hasText: orderId }).getByText('Paid').waitFor();
    expect(shop.sandbox.previousWebhookKey).toBeUndefined();
    await Promise.all([player.close(), staff.close()]);
  });
});
