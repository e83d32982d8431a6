// Staff's way into the sandbox console over HTTP, as server/start.ts starts the shop: beside the
// embedded sandbox, staff get an address that opens the console once (a one-time code, never
// the console's token); shoppers, other sites' pages and a shop started alone get none.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startShop,
  startStorefront,
  type Shop,
  type Storefront,
} from '../../examples/storefront/server/start.js';

// Starting PGlite (Postgres in WebAssembly) takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const ROUTE = '/api/merchant/sandbox-console';
const log: string[] = [];
let storefront: Storefront;
let alone: Shop;

beforeAll(async () => {
  storefront = await startStorefront({
    port: 0,
    sandboxPort: 0,
    clientDir: '/nonexistent',
    log: (line) => log.push(line),
  });
  alone = await startShop({
    port: 0,
    clientDir: '/nonexistent',
    service: {
      url: storefront.sandboxUrl,
      merchantId: storefront.sandbox.merchantId,
      apiKey: storefront.apiKey,
      webhookKey: storefront.sandbox.webhookKey,
    },
  });
});

afterAll(async () => {
  await alone?.close();
  await storefront?.close();
});

/** Signs in at `shopUrl`; answers a POST of the console route with that session. */
async function askAs(shopUrl: string, customerId: string, password: string) {
  const signedIn = await fetch(`${shopUrl}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ customerId, password }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
  return (origin = shopUrl) =>
    fetch(`${shopUrl}${ROUTE}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin },
      body: '{}',
    });
}

const consoleToken = () => new URL(storefront.consoleUrl).searchParams.get('token')!;

describe("staff's link to the sandbox console", () => {
  it('is an address that opens the console once, without its token, logged nowhere', async () => {
    const config = await (await fetch(`${storefront.url}/api/config`)).json();
    expect(config).toMatchObject({ sandboxConsole: true });
    const ask = await askAs(storefront.url, 'staff', 'demo-staff-2026');
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { url } = (await answer.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${storefront.sandboxUrl}/console\\?code=[0-9a-f]{64}$`));
    expect(url).not.toContain(consoleToken());

    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    const session = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    const keys = await fetch(`${storefront.sandboxUrl}/console/api/keys`, {
      headers: { cookie: session, 'x-sandbox-console': '1' },
    });
    expect(keys.status).toBe(200);
    expect((await fetch(url)).status).toBe(401);

    const second = ((await (await ask()).json()) as { url: string }).url;
    expect(second).not.toBe(url);
    const code = new URL(url).searchParams.get('code')!;
    expect(log.join('\n')).not.toContain(code);
    expect(log.join('\n')).not.toContain(consoleToken());
  });

  it('is refused to a shopper, to no session and to another site’s page', async () => {
    const shopper = await askAs(storefront.url, 'console_shopper', 'correct horse battery');
    expect((await shopper()).status).toBe(403);
    const anonymous = await fetch(`${storefront.url}${ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: storefront.url },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const staff = await askAs(storefront.url, 'staff', 'demo-staff-2026');
    const crossSite = await staff('https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain('/console?code=');
  });

  it('is not offered by a shop started alone against a service elsewhere', async () => {
    const config = await (await fetch(`${alone.url}/api/config`)).json();
    expect(config).toMatchObject({ sandboxConsole: false });
    const staff = await askAs(alone.url, 'staff', 'demo-staff-2026');
    expect((await staff()).status).toBe(404);
  });
});
