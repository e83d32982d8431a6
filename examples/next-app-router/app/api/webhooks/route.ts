import { createWebhookFetchHandler } from 'service-checkout/server';
import { applyPaymentEvent } from '../../../lib/shop';

// The only place an order is paid: a delivery the service signed with the webhook key. Made per
// delivery, since `next build` loads this module without the secret.
export const POST = (request: Request) =>
  createWebhookFetchHandler({
    key: process.env.SERVICE_WEBHOOK_KEY ?? '',
    onEvent: applyPaymentEvent,
  })(request);
