import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, expect } from 'vitest';
import type { FetchLike } from '../../src/core/http.js';
import {
  createMerchantClient,
  createWebhookFetchHandler,
  createWebhookNodeHandler,
  type MerchantClientOptions,
  type WebhookHandlerOptions,
} from '../../src/server/index.js';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The global fetch, with every outgoing request written down. */
export function recordingFetch(inner: FetchLike = (url, init) => fetch(url, init)) {
  const sent: SentRequest[] = [];
  const wrapped: FetchLike = (url, init) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return inner(url, init);
  };
  return { fetch: wrapped, sent };
}

/**
 * A merchant client on env local whose every request is written down, retrying after a few
 * milliseconds instead of the default backoff.
 */
export function recordingClient(
  options: Pick<MerchantClientOptions, 'apiKey'> & Partial<MerchantClientOptions>,
) {
  const recorder = recordingFetch();
  const merchant = createMerchantClient({
    env: 'local',
    fetch: recorder.fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
  return { merchant, sent: recorder.sent };
}

/** Every way a developer or a logger could look at a value: none may show the secret. */
export function expectSecretAbsent(value: unknown, secret: string): void {
  const views: string[] = [
    inspect(value, { depth: Infinity, showHidden: true }),
    inspect(value, { depth: Infinity }),
    JSON.stringify(value) ?? '',
    String(value),
  ];
  for (let current = value; current instanceof Error; current = current.cause) {
    views.push(current.message, current.stack ?? '', JSON.stringify(current) ?? '');
    const { toJSON } = current as { toJSON?: unknown };
    if (typeof toJSON === 'function') views.push(JSON.stringify(toJSON.call(current)) ?? '');
    for (const key of Object.getOwnPropertyNames(current)) {
      views.push(
        inspect((current as unknown as Record<string, unknown>)[key], { depth: Infinity }),
      );
    }
  }
  for (const view of views) expect(view).not.toContain(secret);
}

/** Awaits a promise that must reject, and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

type WebhookRouteCall = (
  options: WebhookHandlerOptions<unknown>,
  init: RequestInit,
) => Promise<Response>;

/**
 * The webhook route in both shapes, each made with `options` and sent one request: the Node
 * handler on a real HTTP server on 127.0.0.1 (closed after each test), and the fetch handler.
 */
export function webhookRouteShapes(): Record<'node' | 'fetch', WebhookRouteCall> {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function nodeUrl(options: WebhookHandlerOptions<unknown>) {
    const handler = createWebhookNodeHandler(options);
    const server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  }

  return {
    node: async (options, init) => fetch(await nodeUrl(options), init),
    fetch: async (options, init) =>
      createWebhookFetchHandler(options)(new Request('https://shop.example/webhooks', init)),
  };
}
