// The webhook keys as the shop's server uses them: the keys each delivery is verified with, read
// from the store every time so that every process of the shop verifies with the keys a roll in
// any of them left, and the staff routes that show and roll them. A delivery none of the kept
// keys verifies makes the shop read the keys in force back from the service (a roll whose answer
// was lost) and verify again, at most once a minute. The keys stay in this process and the
// store: staff see when the key was rolled and until when the old one is accepted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhook, WebhookSignatureError, type MerchantClient } from 'service-checkout/server';
import type { WebhookKeyStatus } from '../src/api-types.js';
import { HttpError, sendJson } from './http.js';
import type { SignedDelivery } from './order-routes.js';
import type { WebhookKeyStore } from './webhook-key-store.js';
import {
  keysAfterRoll,
  keysAtStart,
  keysFromService,
  keyStatusOf,
  verifyingKeys,
  type WebhookKeys,
} from './webhook-keys.js';

export interface WebhookKeyRoutesOptions {
  store: WebhookKeyStore;
  merchant: Pick<MerchantClient, 'rollWebhookKey' | 'webhookKeys'>;
  /** The webhook key the shop was started with (the service's, as configured). */
  givenKey: string;
  requireStaff(req: IncomingMessage): Promise<{ customerId: string }>;
  now: () => number;
  log: (line: string) => void;
}

/**
 * The least time between two reads of the keys from the service, on the shop's clock: anyone can
 * send a delivery that does not verify, and these must not make the shop call the service each.
 */
export const KEY_READ_INTERVAL_MS = 60_000;

export function createWebhookKeyRoutes(options: WebhookKeyRoutesOptions) {
  const { store, merchant, givenKey, requireStaff, now, log } = options;

  // At start: the kept keys, unless the key given was changed outside the shop. A start that
  // fails (the database did not answer) is tried again at the next delivery.
  let started: Promise<WebhookKeys> | undefined;
  const start = () =>
    (started ??= store
      .changeWebhookKeys(async (kept) => keysAtStart(kept, givenKey))
      .catch((error: unknown) => {
        started = undefined;
        throw error;
      }));
  start().catch((error: unknown) => log(`reading the webhook keys failed: ${describe(error)}`));

  async function current(): Promise<WebhookKeys> {
    await start();
    return (await store.webhookKeys()) ?? keysAtStart(undefined, givenKey);
  }

  // When the keys were last read from the service, and the read under way.
  let lastReadAt = -Infinity;
  let reading: Promise<WebhookKeys | undefined> | undefined;

  /**
   * The keys in force, read from the service and kept as a roll keeps them (under the store's
   * lock); undefined when they were read less than a minute ago or the read failed.
   */
  function readBack(): Promise<WebhookKeys | undefined> {
    if (reading) return reading;
    if (now() - lastReadAt < KEY_READ_INTERVAL_MS) return Promise.resolve(undefined);
    lastReadAt = now();
    reading = store
      .changeWebhookKeys(async (kept) =>
        keysFromService(
          kept ?? keysAtStart(undefined, givenKey),
          await merchant.webhookKeys(),
          now(),
        ),
      )
      .catch((error: unknown) => {
        log(`reading the webhook keys from the service failed: ${describe(error)}`);
        return undefined;
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  /**
   * The keys to verify a delivery with: the kept ones, or, when none of them verifies it, those
   * the service says sign now, so a roll whose answer was lost costs no delivery.
   */
  async function keysFor(delivery: SignedDelivery): Promise<string[]> {
    const kept = verifyingKeys(await current(), now());
    if (await verifiedBy(delivery, kept)) return kept;
    const readKeys = await readBack();
    return readKeys ? verifyingKeys(readKeys, now()) : kept;
  }

  /** False only when the signature does not verify: anything else is not the keys' doing. */
  async function verifiedBy(delivery: SignedDelivery, keys: string[]): Promise<boolean> {
    try {
      await verifyWebhook(delivery.rawBody, delivery.signature, keys, { now });
      return true;
    } catch (error) {
      return !(error instanceof WebhookSignatureError);
    }
  }

  async function roll(): Promise<WebhookKeyStatus> {
    // Under the store's lock: a second roll, here or in another process, waits for this one.
    const keys = await store.changeWebhookKeys(async (kept) => {
      let key: string;
      try {
        // Never retried: a repeat would roll again.
        ({ key } = await merchant.rollWebhookKey());
      } catch (error) {
        log(`rolling the webhook key failed: ${describe(error)}`);
        throw new HttpError(
          502,
          'The payments service did not roll the key; the current one still works. Try again.',
          'bad_gateway',
        );
      }
      return keysAfterRoll(kept ?? keysAtStart(undefined, givenKey), key, now());
    });
    return keyStatusOf(keys, now());
  }

  return {
    /** The keys to verify a delivery with: the kept ones, or those read back when they fail. */
    keysFor,

    /** Answers the staff's webhook key routes; false for any other route. */
    async route(req: IncomingMessage, res: ServerResponse, route: string): Promise<boolean> {
      if (route === 'GET /api/merchant/webhook-key') {
        await requireStaff(req);
        sendJson(res, 200, { webhookKey: keyStatusOf(await current(), now()) });
        return true;
      }
      if (route === 'POST /api/merchant/webhook-key/roll') {
        const { customerId } = await requireStaff(req);
        await start();
        const status = await roll();
        log(
          `${customerId} rolled the webhook key; the old key is accepted until ${status.oldKeyAcceptedUntil}`,
        );
        sendJson(res, 200, { webhookKey: status });
        return true;
      }
      return false;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
