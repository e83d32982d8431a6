// The storefront's server and a real sandbox on 127.0.0.1, sharing one clock the test moves: the
// sandbox takes a step or delivers a webhook only when `advance` runs what became due. The shop
// reaches the service through a door the test can close, to see what it does when the service
// cannot be reached; the sandbox's webhooks and the payer's purchases do not pass through it.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { signWebhookPayload } from 'service-checkout/server';
import {
  createStorefrontApp,
  WEBHOOK_PATH,
  type StorefrontApp,
} from '../../examples/storefront/server/app.js';
import { openShopStore, type ShopStore } from '../../examples/storefront/server/store.js';
import type { PurchaseAuthorization } from '../../src/core/schemas.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.js';
import { payWithCheckoutToken } from '../support/pay-with-token.js';

const WEBHOOK_KEY = 'whk_storefront_orders_test_key_0123456789';

export interface Answer<Body = Record<string, unknown>> {
  status: number;
  body: Body;
}

export interface Shopper {
  customerId: string;
  get<Body = Record<string, unknown>>(path: string): Promise<Answer<Body>>;
  post<Body = Record<string, unknown>>(path: string, body: unknown): Promise<Answer<Body>>;
}

export interface ShopAndSandbox {
  sandbox: Sandbox;
  /** The shop's address. */
  shopUrl: string;
  /** The shop's clock and the sandbox's: one time, in milliseconds since the epoch. */
  now(): number;
  /** Moves the clock forward and runs what became due at the sandbox (steps, deliveries). */
  advance(ms: number): Promise<void>;
  /** The running shop (replaced by `restartShop`). */
  app(): StorefrontApp;
  /**
   * Starts another shop on the same database, as a restart does: sessions are lost, so sign
   * shoppers in again.
   */
  restartShop(): Promise<void>;
  /** The shop answers 503 to everything (webhooks included) until `shopReachable()`. */
  shopUnreachable(): void;
  shopReachable(): void;
  /** The shop's requests to the service fail to connect until `serviceReachable()`. */
  serviceUnreachable(): Promise<void>;
  serviceReachable(): Promise<void>;
  /**
   * The shop's requests to the service whose path matches `path` fail (the connection drops),
   * the others go through, until it is called with undefined.
   */
  failServiceCalls(path: RegExp | undefined): void;
  /** Every request the shop made to the service so far, as `METHOD /path`, oldest first. */
  serviceRequests(): string[];
  /** Signs a customer in (a new id signs up) and returns their session. */
  signIn(customerId: string): Promise<Shopper>;
  /**
   * Pays as the customer's page would, from their first bank account, with a checkout token, and
   * the debit authorization the payer accepted when one is given.
   */
  pay(
    customerId: string,
    jwtToken: string,
    authorization?: PurchaseAuthorization,
  ): Promise<Answer<{ paymentId?: string; createdAt?: string }>>;
  /**
   * Delivers a payment event's body to the shop's webhook route as the service does, signed with
   * the webhook key the shop started with (or `key`) at the shared clock; answers the status.
   */
  deliver(body: string, key?: string): Promise<number>;
  /** The body the sandbox delivered for the payment's event of this type. */
  deliveredBody(paymentId: string, eventType: string): string;
  /** Everything the shop knows of a payment that reached no payable order, as staff see it. */
  unmatched(paymentId: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

export async function startShopAndSandbox(
  options: { settleStepMs?: number; log?: (line: string) => void } = {},
): Promise<ShopAndSandbox> {
  let clock = Date.now();
  const now = () => clock;
  const log = options.log ?? (() => undefined);
  const store: ShopStore = await openShopStore();

  let app: StorefrontApp | undefined;
  let shopDown = false;
  const shop = createServer((req, res) => {
    if (app && !shopDown) void app(req, res);
    else res.writeHead(503).end();
  });
  const shopUrl = await listen(shop, 0);

  const sandboxServer: SandboxServer = await startSandboxServer({
    port: 0,
    now,
    settleStepMs: options.settleStepMs ?? 2_000,
    webhookUrl: `${shopUrl}${WEBHOOK_PATH}`,
    webhookKey: WEBHOOK_KEY,
    requireSignedCheckout: true,
  });
  const { sandbox } = sandboxServer;

  // The door: forwards to the sandbox while open; closed, nothing listens on its port.
  let failing: RegExp | undefined;
  const serviceRequests: string[] = [];
  const door = createServer((req, res) => {
    serviceRequests.push(`${req.method} ${req.url}`);
    if (failing?.test(req.url ?? '/')) {
      res.destroy();
      return;
    }
    const forwarded = request(
      `${sandboxServer.url}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  const serviceUrl = await listen(door, 0);
  const doorPort = Number(new URL(serviceUrl).port);

  const startApp = () =>
    createStorefrontApp({
      store,
      clientDir: '/nonexistent',
      serviceUrl,
      merchantId: sandbox.merchantId,
      apiKey: sandbox.apiKey,
      webhookKey: WEBHOOK_KEY,
      origins: [shopUrl],
      now,
      log,
    });
  app = startApp();

  const call = async <Body>(
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    body?: unknown,
  ): Promise<Answer<Body>> => {
    const response = await fetch(`${shopUrl}${path}`, {
      method,
      // As the shop's own page sends them.
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: shopUrl }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  };

  async function signIn(customerId: string): Promise<Shopper> {
    const response = await fetch(`${shopUrl}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shopUrl },
      body: JSON.stringify({
        customerId,
        password: customerId === 'staff' ? 'demo-staff-2026' : 'correct horse battery',
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
    return {
      customerId,
      get: (path) => call('GET', path, cookie),
      post: (path, body) => call('POST', path, cookie, body),
    };
  }

  let staff: Shopper | undefined;

  return {
    sandbox,
    shopUrl,
    now,
    async advance(ms) {
      clock += ms;
      await sandbox.runDue();
    },
    app: () => app!,
    async restartShop() {
      await app!.close();
      app = startApp();
      // Sessions live in the shop's memory: staff sign in again.
      staff = undefined;
    },
    shopUnreachable: () => void (shopDown = true),
    shopReachable: () => void (shopDown = false),
    async serviceUnreachable() {
      await new Promise<void>((resolve) => {
        door.close(() => resolve());
        door.closeAllConnections();
      });
    },
    async serviceReachable() {
      await listen(door, doorPort);
    },
    failServiceCalls: (path) => void (failing = path),
    serviceRequests: () => [...serviceRequests],
    signIn,
    pay: (customerId, jwtToken, authorization) =>
      payWithCheckoutToken(sandbox, sandboxServer.url, customerId, jwtToken, authorization),
    async deliver(body, key = WEBHOOK_KEY) {
      const response = await fetch(`${shopUrl}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'service-signature': await signWebhookPayload(body, key, {
            timestamp: Math.floor(clock / 1000),
          }),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    deliveredBody(paymentId, eventType) {
      const delivery = sandbox.deliveries.find(
        (each) => each.paymentId === paymentId && each.eventType === eventType,
      );
      if (!delivery) throw new Error(`The sandbox delivered no ${eventType} for ${paymentId}.`);
      return delivery.body;
    },
    async unmatched(paymentId) {
      staff ??= await signIn('staff');
      const { body } = await staff.get<{ unmatchedPayments?: Record<string, unknown>[] }>(
        '/api/merchant/activity',
      );
      return body.unmatchedPayments?.find((payment) => payment.paymentId === paymentId);
    },
    async close() {
      await app?.close();
      await Promise.all([
        closeServer(shop),
        door.listening ? closeServer(door) : undefined,
        sandboxServer.close(),
      ]);
      await store.close();
    },
  };
}

async function listen(server: Server, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
