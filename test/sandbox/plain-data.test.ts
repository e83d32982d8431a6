// Request bodies are plain data on every route of the sandbox and its console API: a key named
// `__proto__`, `constructor` or `prototype`, at any depth of any body, is a field like any other.
// Where an unknown field is refused, so is it, by name; where an unknown field is dropped, so is
// it; where an unknown field is kept (the merchant's own `webhookInfo` and `rawProductData`), it
// is kept as an own key and comes back unchanged. And no body reaches a prototype.
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleApi, CONSOLE_HEADER } from '../../src/sandbox/console/api.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { checkoutBody, fresh, payAt, productData } from './conformance.js';

const BASE = 'http://sandbox.test';
const CONSOLE = 'http://127.0.0.1:4010';
const TOKEN = 'console-token-0123456789abcdef';
const POISON_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * A sandbox on a clock of its own (`now`): its payments' steps and webhook deliveries run only
 * when a call moves that clock, never on real timers after this file, whose worker and globals
 * (fetch, timers) the unit project's other files share.
 */
const sandboxFor = (options: { jwtSecret: string; webhookUrl?: string }) =>
  createSandbox({ ...options, now: () => Date.now() });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What one request is made of, on a sandbox made for it. */
interface Call {
  path: string;
  headers: Record<string, string>;
  body: Json;
  /** The sandbox's records of what the request left, as text: its answer, and where it is read back. */
  echo: (answer: string) => Promise<string>;
}

interface Route {
  name: string;
  prepare: (sandbox: Sandbox, signIn: () => Promise<string>) => Promise<Call>;
  /** Through the console API instead of the service's. */
  console?: boolean;
}

const apiKeyHeaders = (sandbox: Sandbox) => ({
  authorization: sandbox.apiKey,
  'content-type': 'application/json',
});

async function readPayment(sandbox: Sandbox, paymentId: string): Promise<string> {
  const response = await sandbox.handle(
    new Request(`${BASE}/api/merchant/payments/${paymentId}`, {
      headers: { authorization: sandbox.apiKey },
    }),
  );
  return response.text();
}

const ROUTES: Route[] = [
  {
    name: 'POST /api/checkout/ach/{merchantId} (a purchase)',
    prepare: async (sandbox) => {
      const headers = {
        'x-service-auth-session-key': await sandbox.mintSessionKey(fresh()),
        'content-type': 'application/json',
        // Chargeback protection's data needs the payer's device.
        'x-device-id': 'device-1',
      };
      const read = await sandbox.handle(new Request(`${BASE}/api/customer/v2`, { headers }));
      const { customer } = (await read.json()) as {
        customer: { bankAccounts: { token: string }[] };
      };
      const body = checkoutBody(customer.bankAccounts[0]!.token, {
        chargebackProtectionData: productData,
      }) as unknown as Json;
      return {
        path: `/api/checkout/ach/${sandbox.merchantId}`,
        headers,
        body,
        echo: async (answer) => {
          const { paymentId } = JSON.parse(answer) as { paymentId?: string };
          if (!paymentId) return answer;
          // The merchant reads webhookInfo back; the sandbox keeps chargebackProtectionData.
          const record = sandbox.payments.find((payment) => payment.paymentId === paymentId);
          return (await readPayment(sandbox, paymentId)) + JSON.stringify(record);
        },
      };
    },
  },
  {
    name: 'POST /api/checkout/jwt-token (a checkout token)',
    prepare: async (sandbox) => {
      const { subtotal, webhookInfo, email } = checkoutBody('unused');
      return {
        path: '/api/checkout/jwt-token',
        headers: apiKeyHeaders(sandbox),
        body: { subtotal, settlementType: 'USDC', webhookInfo, email } as unknown as Json,
        echo: async (answer) => {
          const { checkoutJwtToken } = JSON.parse(answer) as { checkoutJwtToken?: string };
          const payload = checkoutJwtToken?.split('.')[1];
          return payload ? Buffer.from(payload, 'base64url').toString() : answer;
        },
      };
    },
  },
  {
    name: 'POST /api/events (a payer event)',
    prepare: async (sandbox) => ({
      path: '/api/events',
      headers: apiKeyHeaders(sandbox),
      body: { eventType: 'SignUp', customerId: fresh(), username: 'payer' } as Json,
      echo: async () => JSON.stringify(sandbox.events),
    }),
  },
  {
    name: 'POST /api/merchant/payments/{paymentId}/refund',
    prepare: async (sandbox) => {
      const paymentId = await payAt(sandbox);
      return {
        path: `/api/merchant/payments/${paymentId}/refund`,
        headers: apiKeyHeaders(sandbox),
        body: {},
        echo: async () => readPayment(sandbox, paymentId),
      };
    },
  },
  {
    name: 'POST /api/sandbox/clock',
    prepare: async (sandbox) => ({
      path: '/api/sandbox/clock',
      headers: apiKeyHeaders(sandbox),
      body: { advanceMs: 1000 },
      echo: async (answer) => answer,
    }),
  },
  ...consoleRoutes(),
];

function consoleRoutes(): Route[] {
  const consoleCall = (path: string, body: Json, echo = async (answer: string) => answer) =>
    (async (_sandbox: Sandbox, signIn: () => Promise<string>) => ({
      path,
      headers: {
        cookie: await signIn(),
        [CONSOLE_HEADER]: '1',
        'content-type': 'application/json',
      },
      body,
      echo,
    })) satisfies Route['prepare'];
  const route = (name: string, prepare: Route['prepare']): Route => ({
    name: `console ${name}`,
    console: true,
    prepare,
  });
  return [
    route('POST /keys', consoleCall('/keys', { name: 'Reporting' })),
    route('POST /webhook', consoleCall('/webhook', { url: 'https://merchant.test/hooks' })),
    route('POST /clock', consoleCall('/clock', { advanceMs: 1000 })),
    route('POST /payments/{id}/advance', async (sandbox, signIn) => {
      const paymentId = await payAt(sandbox);
      return consoleCall(`/payments/${paymentId}/advance`, { to: 'returned', returnCode: 'R01' })(
        sandbox,
        signIn,
      );
    }),
    route('POST /customers/{id}', async (sandbox, signIn) => {
      const customerId = fresh();
      await readCustomer(sandbox, customerId);
      return consoleCall(`/customers/${customerId}`, { blocked: true })(sandbox, signIn);
    }),
    route('POST /customers/{id}/bank-accounts', async (sandbox, signIn) => {
      const customerId = fresh();
      await readCustomer(sandbox, customerId);
      return consoleCall(`/customers/${customerId}/bank-accounts`, {
        alias: 'Savings',
        last4: '4321',
      })(sandbox, signIn);
    }),
  ];
}

async function readCustomer(sandbox: Sandbox, customerId: string): Promise<void> {
  const headers = { 'x-service-auth-session-key': await sandbox.mintSessionKey(customerId) };
  await sandbox.handle(new Request(`${BASE}/api/customer/v2`, { headers }));
}

/** Every object in a body, by its path of keys (the body itself is the empty path). */
function objectPaths(value: Json, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [];
  const own = Array.isArray(value) ? [] : [path];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...path, key])),
  ];
}

/** The body with `key` set at `path` as an own field, written as JSON text. */
function withField(body: Json, path: string[], key: string, value: Json): string {
  const copy = JSON.parse(JSON.stringify(body)) as Json;
  let target = copy as Record<string, Json>;
  for (const step of path) target = target[step] as Record<string, Json>;
  // An own data property, as JSON.parse makes it, never the prototype's setter.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return JSON.stringify(copy);
}

interface Outcome {
  status: number;
  /** What a refusal names, with the field's own key written as FIELD. */
  refused: string[];
  /** Whether the field, under its own key and with its value, is in the sandbox's records. */
  kept: boolean;
}

/** Sends the route's body with `key` added at `path`; with no key, the body as it is. */
async function send(route: Route, path: string[], key?: string): Promise<Outcome> {
  const sandbox = sandboxFor({ jwtSecret: 'plain data', webhookUrl: 'https://merchant.test/h' });
  const api = createConsoleApi(sandbox, { token: TOKEN });
  const signIn = async () => {
    const opened = await api.handle(new Request(`${CONSOLE}/console?token=${TOKEN}`));
    return (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const call = await route.prepare(sandbox, signIn);
  const marker = { marker: crypto.randomUUID() };
  const request = new Request(
    route.console ? `${CONSOLE}/console/api${call.path}` : `${BASE}${call.path}`,
    {
      method: 'POST',
      headers: call.headers,
      body: key ? withField(call.body, path, key, marker) : JSON.stringify(call.body),
    },
  );
  const response = await (route.console ? api : sandbox).handle(request);
  const answer = await response.text();
  expect(answer, `${route.name} answered ${key} at ${path.join('.')}`).not.toMatch(
    /\bat .+:\d+:\d+/,
  );
  const refused =
    response.status === 400
      ? ((JSON.parse(answer) as { issues?: { path: string }[] }).issues ?? []).map((issue) =>
          key ? issue.path.replace(key, 'FIELD') : issue.path,
        )
      : [];
  const echoed = response.ok ? await call.echo(answer) : '';
  const kept = echoed.includes(`${JSON.stringify(key)}:${JSON.stringify(marker)}`);
  return { status: response.status, refused, kept };
}

afterEach(() => {
  // Nothing any body held reached the prototype every object shares.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as { marker?: unknown }).marker).toBeUndefined();
});

describe.each(ROUTES)('$name', (route) => {
  it('treats __proto__, constructor and prototype at every depth as any other field', async () => {
    const sample = await route.prepare(sandboxFor({ jwtSecret: 'paths' }), async () => '');
    const paths = objectPaths(sample.body);
    // The body as it is does what it is for, so that the fields added below reach its handling.
    expect((await send(route, [])).status).toBeLessThan(300);
    for (const path of paths) {
      const unknownField = await send(route, path, 'unknownField');
      for (const key of POISON_KEYS) {
        const where = `${key} at ${['body', ...path].join('.')}`;
        expect(await send(route, path, key), where).toEqual(unknownField);
      }
    }
  });
});

describe('what the merchant sent as its own data', () => {
  it('a purchase keeps __proto__ in webhookInfo and rawProductData as an own key, echoed back', async () => {
    const purchase = ROUTES[0]!;
    for (const path of [['webhookInfo'], ['chargebackProtectionData', '0', 'rawProductData']]) {
      for (const key of POISON_KEYS) {
        expect(await send(purchase, path, key)).toEqual({ status: 200, refused: [], kept: true });
      }
    }
  });

  it('a refund with a __proto__ field is refused, naming it, and refunds nothing', async () => {
    const refund = ROUTES.find((route) => route.name.includes('refund'))!;
    expect(await send(refund, [], '__proto__')).toEqual({
      status: 400,
      refused: ['FIELD'],
      kept: false,
    });
  });
});
