// The webhook key: POST /api/merchant/webhook-key/roll makes a new one; the service signs with the
// old and the new one for 24 hours after. Never retried on its own: a repeat would roll again.
// GET /api/merchant/webhook-key reads back the keys in force, so a roll whose answer was lost
// loses nothing.
import type { ApiKeyRequest } from '../../core/api-key.js';
import {
  webhookKeyRollResponseSchema,
  webhookKeysResponseSchema,
  type WebhookKeyInForce,
} from '../../core/schemas.js';

export function webhookKeyCalls(request: ApiKeyRequest) {
  return {
    async rollWebhookKey(): Promise<{ key: string }> {
      const { key } = await request({
        method: 'POST',
        path: '/api/merchant/webhook-key/roll',
        schema: webhookKeyRollResponseSchema,
      });
      return { key };
    },

    async webhookKeys(): Promise<WebhookKeyInForce[]> {
      const { keys } = await request({
        method: 'GET',
        path: '/api/merchant/webhook-key',
        schema: webhookKeysResponseSchema,
      });
      return keys;
    },
  };
}
