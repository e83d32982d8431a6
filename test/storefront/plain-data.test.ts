// Request bodies are plain data at the demo shop's server too: a key named `__proto__`,
// `constructor` or `prototype`, at any depth of a sign-in or an order, is a field like any other
// (here, one the shop does not read), and nothing a body holds reaches a prototype.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startShopAndSandbox, type ShopAndSandbox, type Shopper } from './shop-and-sandbox.js';

const POISON_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let t: ShopAndSandbox;
let shopper: Shopper;

beforeAll(async () => {
  t = await startShopAndSandbox();
  shopper = await t.signIn(`plain_${process.pid}`);
}, 120_000);

afterAll(() => t?.close());

afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as { lines?: unknown }).lines).toBeUndefined();
});

/** The body with `key` set at `path` as an own field (as JSON.parse makes it), as JSON text. */
function withField(body: Json, path: string[], key: string, value: Json): Json {
  const copy = JSON.parse(JSON.stringify(body)) as Json;
  let target = copy as Record<string, Json>;
  for (const step of path) target = target[step] as Record<string, Json>;
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
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

/** What a person would notice of an order placed with `body`: its answer and what it holds. */
async function order(body: Json) {
  const answer = await shopper.post<{ order?: { lines: unknown; totalCents?: unknown } }>(
    '/api/orders',
    body,
  );
  return { status: answer.status, lines: answer.body.order?.lines ?? null };
}

describe('POST /api/orders', () => {
  // A different product, quantity and lines under the added key: read through it, they would
  // change the order.
  const smuggled: Json = {
    lines: [{ productId: 'frostwing-mount', quantity: 9 }],
    productId: 'frostwing-mount',
    quantity: 9,
  };
  const body: Json = { lines: [{ productId: 'gem-pouch', quantity: 1 }] };

  it('treats __proto__, constructor and prototype at every depth as any other field', async () => {
    expect((await order(body)).status).toBe(201);
    for (const path of objectPaths(body)) {
      const unknownField = await order(withField(body, path, 'unknownField', smuggled));
      for (const key of POISON_KEYS) {
        const where = `${key} at ${['body', ...path].join('.')}`;
        expect(await order(withField(body, path, key, smuggled)), where).toEqual(unknownField);
      }
    }
  });
});

describe('POST /api/sign-in', () => {
  it('reads no customer id or password from under __proto__, constructor or prototype', async () => {
    for (const key of ['unknownField', ...POISON_KEYS]) {
      const body = withField({}, [], key, {
        customerId: `smuggled_${process.pid}`,
        password: 'correct horse battery',
      });
      const response = await fetch(`${t.shopUrl}/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.shopUrl },
        body: JSON.stringify(body),
      });
      expect({ key, status: response.status, session: response.headers.has('set-cookie') }).toEqual(
        { key, status: 400, session: false },
      );
    }
  });
});
