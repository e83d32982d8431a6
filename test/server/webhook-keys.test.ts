// Webhook key rotation, as the merchant's server lives through it: for 24 hours after a roll the
// service signs every delivery under the old key and the new one (`t=…,v1={old},v1={new}`), and
// a server that is mid-deploy may hold either key, or both. verifyWebhook and the ready-made
// routes take one key or several, and succeed when any signature matches any key.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ConfigError,
  createWebhookFetchHandler,
  createWebhookNodeHandler,
  signWebhookPayload,
  verifyWebhook,
  WebhookSignatureError,
  type WebhookEvent,
  type WebhookHandlerOptions,
  type WebhookKeys,
} from '../../src/server/index.js';
import { expectSecretAbsent, rejectionOf, webhookRouteShapes } from './helpers.js';

const OLD_KEY = 'whsec_rotation_old_0123456789';
const NEW_KEY = 'whsec_rotation_new_9876543210';
const OTHER_KEY = 'whsec_rotation_someone_else_00';
const NOW = Date.parse('2026-11-26T09:00:00.000Z');
const now = () => NOW;
const timestamp = Math.floor(NOW / 1000);

const body = JSON.stringify({
  id: 'evt_rotation',
  eventType: 'Test',
  created: '2026-11-26T09:00:00.000Z',
  data: { message: 'A test event.' },
});

const signedBy = (keys: string | string[]) => signWebhookPayload(body, keys, { timestamp });

describe('signWebhookPayload with several keys', () => {
  it('writes one v1 per key, in the order given, as the service does during a rotation', async () => {
    const both = await signedBy([OLD_KEY, NEW_KEY]);
    const [oldOnly, newOnly] = [await signedBy(OLD_KEY), await signedBy(NEW_KEY)];
    expect(both).toBe(`${oldOnly},v1=${newOnly.split('v1=')[1]}`);
    expect(both.match(/v1=[0-9a-f]{64}/g)).toHaveLength(2);
  });

  it('signs with one key in an array as with the key alone', async () => {
    expect(await signedBy([NEW_KEY])).toBe(await signedBy(NEW_KEY));
  });
});

describe('verifyWebhook during a key rotation', () => {
  it('verifies a delivery signed with the old and new keys under the new key alone', async () => {
    const header = await signedBy([OLD_KEY, NEW_KEY]);
    await expect(verifyWebhook(body, header, [NEW_KEY], { now })).resolves.toMatchObject({
      id: 'evt_rotation',
    });
    await expect(verifyWebhook(body, header, NEW_KEY, { now })).resolves.toMatchObject({
      id: 'evt_rotation',
    });
  });

  it('verifies a delivery signed with the old and new keys under the old key alone', async () => {
    const header = await signedBy([OLD_KEY, NEW_KEY]);
    await expect(verifyWebhook(body, header, [OLD_KEY], { now })).resolves.toMatchObject({
      id: 'evt_rotation',
    });
  });

  it('verifies a delivery signed with the old key only under [old, new] and [new, old]', async () => {
    const header = await signedBy(OLD_KEY);
    await expect(verifyWebhook(body, header, [OLD_KEY, NEW_KEY], { now })).resolves.toBeTruthy();
    await expect(verifyWebhook(body, header, [NEW_KEY, OLD_KEY], { now })).resolves.toBeTruthy();
  });

  it('verifies a delivery signed with the new key only under [old, new]', async () => {
    const header = await signedBy(NEW_KEY);
    await expect(verifyWebhook(body, header, [OLD_KEY, NEW_KEY], { now })).resolves.toBeTruthy();
  });

  it('refuses with a WebhookSignatureError when no signature matches any key, showing no key', async () => {
    for (const [header, keys] of [
      [await signedBy(OTHER_KEY), [OLD_KEY, NEW_KEY]],
      [await signedBy([OLD_KEY, NEW_KEY]), [OTHER_KEY]],
      [await signedBy(OLD_KEY), [NEW_KEY]],
    ] as const) {
      const error = await rejectionOf(verifyWebhook(body, header, keys, { now }));
      expect(error).toBeInstanceOf(WebhookSignatureError);
      for (const key of [OLD_KEY, NEW_KEY, OTHER_KEY]) expectSecretAbsent(error, key);
    }
  });

  it('still refuses a body changed after signing, whichever key is tried', async () => {
    const header = await signedBy([OLD_KEY, NEW_KEY]);
    const changed = body.replace('A test event.', 'A forged event.');
    await expect(
      verifyWebhook(changed, header, [OLD_KEY, NEW_KEY], { now }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a stale delivery before looking at keys', async () => {
    const header = await signWebhookPayload(body, [OLD_KEY, NEW_KEY], {
      timestamp: timestamp - 301,
    });
    const error = await rejectionOf(verifyWebhook(body, header, [OLD_KEY, NEW_KEY], { now }));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as Error).message).toMatch(/more than 300 s away from now/);
  });
});

describe('keys that cannot verify anything', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no key', undefined, /keys must be your webhook validation key.*received undefined/],
    ['an empty key', '', /keys must be your webhook validation key.*received an empty string/],
    ['an empty array', [], /keys is an empty array: pass at least one webhook validation key/],
    ['an array with an empty key', [NEW_KEY, ''], /keys\[1\] is an empty string/],
    ['an array with a number', [NEW_KEY, 42], /keys\[1\] must be a webhook validation key/],
    ['a number', 42, /received number/],
  ];

  for (const [what, keys, message] of cases) {
    it(`refuses ${what} with a ConfigError saying what to pass, never showing a key`, async () => {
      const header = await signedBy(NEW_KEY);
      const error = await rejectionOf(verifyWebhook(body, header, keys as string[], { now }));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ kind: 'config', option: 'keys' });
      expect((error as Error).message).toMatch(/^\[service-checkout\] /);
      expect((error as Error).message).toMatch(message);
      expectSecretAbsent(error, NEW_KEY);
    });
  }

  it('refuses to sign with no key: a header without v1 would verify nothing', async () => {
    await expect(signWebhookPayload(body, [])).rejects.toBeInstanceOf(ConfigError);
    await expect(signWebhookPayload(body, '')).rejects.toBeInstanceOf(ConfigError);
  });

  it('types one key or a readonly array of keys', () => {
    expectTypeOf(verifyWebhook).parameter(2).toEqualTypeOf<string | readonly string[]>();
    expectTypeOf(signWebhookPayload).parameter(1).toEqualTypeOf<string | readonly string[]>();
    expectTypeOf<readonly [string, string]>().toExtend<WebhookHandlerOptions<Request>['key']>();
    expectTypeOf<string[]>().toExtend<WebhookHandlerOptions<Request>['key']>();
    expectTypeOf<string>().toExtend<WebhookHandlerOptions<Request>['key']>();
  });
});

describe('the webhook routes with several keys', () => {
  const SHAPES = webhookRouteShapes();

  for (const [shape, call] of Object.entries(SHAPES)) {
    describe(`(${shape})`, () => {
      const deliver = (header: string): RequestInit => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', 'service-signature': header },
        body,
      });

      it('takes deliveries signed with either key while the server holds both', async () => {
        const received: WebhookEvent[] = [];
        const options = {
          key: [OLD_KEY, NEW_KEY],
          now,
          onEvent: (event: WebhookEvent) => void received.push(event),
        };
        for (const signer of [[OLD_KEY], [OLD_KEY, NEW_KEY], [NEW_KEY]]) {
          const response = await call(options, deliver(await signedBy(signer)));
          expect(response.status).toBe(200);
        }
        expect(received.map((event) => event.id)).toEqual([
          'evt_rotation',
          'evt_rotation',
          'evt_rotation',
        ]);
      });

      it('refuses a delivery signed with neither key with the usual 400, and tells onError', async () => {
        const onEvent = vi.fn();
        const onError = vi.fn();
        const response = await call(
          { key: [OLD_KEY, NEW_KEY], now, onEvent, onError },
          deliver(await signedBy(OTHER_KEY)),
        );
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          message: 'The webhook signature could not be verified.',
          code: 'invalid_signature',
        });
        expect(onEvent).not.toHaveBeenCalled();
        expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(WebhookSignatureError);
        for (const key of [OLD_KEY, NEW_KEY]) expectSecretAbsent(onError.mock.calls[0]?.[0], key);
      });
    });
  }

  it('refuse keys that cannot verify anything at creation, naming the option', () => {
    const onEvent = () => {};
    for (const create of [createWebhookNodeHandler, createWebhookFetchHandler]) {
      for (const key of [[], [NEW_KEY, ''], '', undefined]) {
        const error = (() => {
          try {
            create({ key: key as string[], onEvent });
          } catch (thrown) {
            return thrown;
          }
        })();
        expect(error).toBeInstanceOf(ConfigError);
        expect(error).toMatchObject({ option: 'key' });
        expect((error as Error).message).toMatch(/webhook validation key/);
        expectSecretAbsent(error, NEW_KEY);
      }
    }
  });
});

describe('the webhook routes with a key function', () => {
  const SHAPES = webhookRouteShapes();
  const deliver = (header: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'service-signature': header },
    body,
  });
  /** The keys of a shop that rolls its key: asked for at each delivery, never cached. */
  function rollingKeys() {
    let keys = [OLD_KEY];
    const asked: unknown[] = [];
    return {
      asked,
      roll: () => void (keys = [NEW_KEY, OLD_KEY]),
      endOverlap: () => void (keys = [NEW_KEY]),
      key: async (request: unknown) => {
        asked.push(request);
        return keys;
      },
    };
  }

  for (const [shape, call] of Object.entries(SHAPES)) {
    describe(`(${shape})`, () => {
      it('verifies each delivery with the keys the function gives then: one route through a roll', async () => {
        const shop = rollingKeys();
        const received: unknown[] = [];
        const options = {
          key: shop.key,
          now,
          onEvent: (_event: WebhookEvent, request: unknown) => void received.push(request),
        };
        const statusOf = async (signer: string[]) =>
          (await call(options, deliver(await signedBy(signer)))).status;

        expect(await statusOf([OLD_KEY])).toBe(200);
        expect(await statusOf([NEW_KEY])).toBe(400);
        shop.roll();
        expect(await statusOf([OLD_KEY, NEW_KEY])).toBe(200);
        expect(await statusOf([NEW_KEY])).toBe(200);
        expect(await statusOf([OLD_KEY])).toBe(200);
        shop.endOverlap();
        expect(await statusOf([OLD_KEY])).toBe(400);
        expect(await statusOf([NEW_KEY])).toBe(200);

        // Asked once per delivery, with the request the route was given.
        expect(shop.asked).toHaveLength(7);
        expect(received).toHaveLength(5);
        for (const request of received) expect(shop.asked).toContain(request);
      });

      it('answers 500, so the service retries, when the function throws, and tells onError', async () => {
        const failure = new Error('the key store did not answer');
        for (const key of [
          () => {
            throw failure;
          },
          () => Promise.reject(failure),
        ]) {
          const onEvent = vi.fn();
          const onError = vi.fn();
          const response = await call(
            { key, now, onEvent, onError },
            deliver(await signedBy(OLD_KEY)),
          );
          expect(response.status).toBe(500);
          expect(await response.json()).toEqual({
            message: 'The event was not processed; it will be delivered again.',
            code: 'internal',
          });
          expect(onEvent).not.toHaveBeenCalled();
          expect(onError).toHaveBeenCalledOnce();
          expect(onError.mock.calls[0]?.[0]).toBe(failure);
        }
      });

      it('answers 500 when the function gives keys that cannot verify anything, never showing one', async () => {
        for (const answer of [undefined, '', [], [NEW_KEY, ''], 42]) {
          const onEvent = vi.fn();
          const onError = vi.fn();
          const response = await call(
            { key: async () => answer as string, now, onEvent, onError },
            deliver(await signedBy(NEW_KEY)),
          );
          expect(response.status).toBe(500);
          expect(onEvent).not.toHaveBeenCalled();
          const error = onError.mock.calls[0]?.[0];
          expect(error).toBeInstanceOf(ConfigError);
          expect(error).toMatchObject({ option: 'key' });
          expect((error as Error).message).toMatch(/^\[service-checkout\] key\(request\)/);
          expectSecretAbsent(error, NEW_KEY);
          expectSecretAbsent(await response.text(), NEW_KEY);
        }
      });

      it('does not ask for keys for a method that is not POST', async () => {
        const key = vi.fn(() => [OLD_KEY]);
        const response = await call({ key, now, onEvent: vi.fn() }, { method: 'GET' });
        expect(response.status).toBe(405);
        expect(key).not.toHaveBeenCalled();
      });
    });
  }

  it('are made with a function without calling it', () => {
    const key = vi.fn(() => [OLD_KEY]);
    createWebhookNodeHandler({ key, onEvent: () => {} });
    createWebhookFetchHandler({ key, onEvent: () => {} });
    expect(key).not.toHaveBeenCalled();
  });

  it('type the function by the request of each runtime', () => {
    expectTypeOf<(request: Request) => Promise<string[]>>().toExtend<
      WebhookHandlerOptions<Request>['key']
    >();
    expectTypeOf<() => string>().toExtend<WebhookHandlerOptions<Request>['key']>();
    expectTypeOf(createWebhookFetchHandler)
      .parameter(0)
      .toHaveProperty('key')
      .toExtend<WebhookKeys | ((request: Request) => WebhookKeys | Promise<WebhookKeys>)>();
  });
});
