// A merchant's edge app, as it would deploy to Cloudflare Workers or Vercel Edge: the server
// entry's fetch handlers and client, answering the runtime test (runtimes.test.ts). Bundled
// with esbuild for a neutral platform and no NODE_ENV, then run inside each runtime; the
// services it calls are on 127.0.0.1, given at bundle time in RUNTIME_TEST.
import {
  CheckoutError,
  createMerchantClient,
  createSessionKeyFetchHandler,
  createWebhookFetchHandler,
  describeReturn,
  expectedSettlement,
  isBankingDay,
  type WebhookEvent,
} from 'service-checkout/server';

declare const RUNTIME_TEST: {
  /** The sandbox. */
  serviceUrl: string;
  apiKey: string;
  webhookKey: string;
  /** The key before the last roll: the rotating route holds both. */
  oldWebhookKey: string;
  /** A port nothing listens on: the service is down. */
  downUrl: string;
  /** A server that answers every request 429. */
  rateLimitedUrl: string;
};

const clientFor = (baseUrl: string) =>
  createMerchantClient({
    apiKey: RUNTIME_TEST.apiKey,
    env: 'local',
    baseUrl,
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  });
const merchant = clientFor(RUNTIME_TEST.serviceUrl);

const sessionKeyRoute = (baseUrl: string) =>
  createSessionKeyFetchHandler({
    client: clientFor(baseUrl),
    getCustomerId: (request) => request.headers.get('x-customer'),
    onError: () => undefined,
  });
const routes: Record<string, (request: Request) => Promise<Response>> = {
  '/session-key': sessionKeyRoute(RUNTIME_TEST.serviceUrl),
  '/session-key/service-down': sessionKeyRoute(RUNTIME_TEST.downUrl),
  '/session-key/rate-limited': sessionKeyRoute(RUNTIME_TEST.rateLimitedUrl),
};

const received: WebhookEvent[] = [];
const webhookRoute = createWebhookFetchHandler({
  key: RUNTIME_TEST.webhookKey,
  onEvent: (event) => void received.push(event),
  onError: () => undefined,
});
// The same route while the key is rolled: a delivery signed under either key is taken.
const rotatingWebhookRoute = createWebhookFetchHandler({
  key: [RUNTIME_TEST.oldWebhookKey, RUNTIME_TEST.webhookKey],
  onEvent: (event) => void received.push(event),
  onError: () => undefined,
});

/** A call's result, or its typed error as data the test can compare. */
async function outcome(call: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json({ result: await call() });
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    const { name, kind, message } = error;
    const { status, code } = error as CheckoutError & { status?: number; code?: string };
    return Response.json({ error: { name, kind, status, code, message } });
  }
}

export async function handle(request: Request): Promise<Response> {
  const { pathname, searchParams } = new URL(request.url);
  const route = routes[pathname];
  if (route) return route(request);
  if (pathname === '/webhook') return webhookRoute(request);
  if (pathname === '/webhook/rotating') return rotatingWebhookRoute(request);
  if (pathname === '/webhook/received') return Response.json(received);
  if (pathname === '/checkout-token') {
    return outcome(async () => merchant.createCheckoutToken(await request.json()));
  }
  if (pathname === '/payment') {
    return outcome(() => merchant.getPayment(searchParams.get('id') ?? ''));
  }
  if (pathname === '/payment/rate-limited') {
    return outcome(() => clientFor(RUNTIME_TEST.rateLimitedUrl).getPayment('pay_any'));
  }
  // Banking days come from the runtime's Intl (New York time) and no time-zone data of ours.
  if (pathname === '/expected-settlement') {
    return outcome(async () => ({
      ...expectedSettlement(searchParams.get('at') ?? ''),
      bankingDay: isBankingDay(searchParams.get('day') ?? ''),
      return: describeReturn(searchParams.get('code') ?? ''),
    }));
  }
  // What the runtime itself offers: the test asserts the Node globals are absent.
  if (pathname === '/globals') {
    return Response.json({ Buffer: typeof Buffer, process: typeof process });
  }
  return new Response('not found', { status: 404 });
}
