// The webhook keys as the shop's server uses them: the keys each delivery is verified with, read
// from the store every time so that every process of the shop verifies with the keys a roll in
// any of them left, and the staff routes that show and roll them. The keys stay in this process
// and the store: staff see when the key was rolled and until when the old one is accepted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MerchantClient } from 'service-checkout/server';
import type { WebhookKeyStatus } from '../src/api-types.js';
import { HttpError, sendJson } from './http.js';
import type { WebhookKeyStore } from './webhook-key-store.js';
import {
  keysAfterRoll,
  keysAtStart,
  keyStatusOf,
  verifyingKeys,
  type WebhookKeys,
} from './webhook-keys.js';

export interface WebhookKeyRoutesOptions {
  store: WebhookKeyStore;
  merchant: Pick<MerchantClient, 'rollWebhookKey'>;
  /** The webhook key the shop was started with (the service's, as configured). */
  givenKey: string;
  requireStaff(req: IncomingMessage): Promise<{ customerId: string }>;
  now: () => number;
  log: (line: string) => void;
}

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
    /** The keys a delivery may be signed with now: the new one, and the old one while it lasts. */
    verifying: async () => verifyingKeys(await current(), now()),

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
