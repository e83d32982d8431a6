// The merchant's webhooks: where events go and the keys they are signed with (their rotation,
// POST /api/merchant/webhook-key/roll, is webhook-keys.ts), the events a payment's changes make
// (kept in the log GET /api/merchant/events reads), and the dashboard's test event and resend.
// Delivery itself (attempts, retries) is webhook-deliveries.ts.
import { HttpError, json } from './http.js';
import { hashHex } from './ids.js';
import { eventTypeFor, paymentEventData, type SandboxPayment } from './payment-lifecycle.js';
import type { Route } from './route.js';
import {
  createWebhookSender,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSenderOptions,
} from './webhook-deliveries.js';
import { keysInForce, previousKeyAt, regenerateKey, rollKey } from './webhook-keys.js';

export interface Webhooks {
  /** Delivers the payment's current status as its event. */
  announce(payment: SandboxPayment): void;
  /** Delivers a signed `Test` event; 409 when no URL is set. */
  sendTest(): WebhookDelivery;
  /** Delivers a delivery's event again as a new delivery; 404 for an unknown id. */
  resend(deliveryId: string): WebhookDelivery;
  /** Points webhooks at `url` (already checked) for what follows; undefined stops delivery. */
  setUrl(url: string | undefined): void;
  /** Makes a new validation key and returns it; later deliveries are signed with it alone. */
  regenerateKey(): string;
  /**
   * Makes a new validation key and returns it; for WEBHOOK_KEY_OVERLAP_MS the key it replaces
   * signs every delivery beside it.
   */
  rollKey(): string;
  /** The key the last roll replaced, while it still signs. */
  previousKey(): { key: string; expiresAt: string } | undefined;
  readonly routes: Route[];
  /** Every delivery with its attempts, oldest first. */
  deliveries(): WebhookDelivery[];
  /** Gives every delivery still pending its next attempt (after a restart). */
  resume(): void;
}

export function createWebhooks(options: WebhookSenderOptions): Webhooks {
  const { state, now } = options;
  const sender = createWebhookSender(options);

  /**
   * A new event, kept in the log GET /api/merchant/events reads: numbered, so no two events
   * share an id, even across restarts.
   */
  function newEvent(subject: string, fields: Omit<WebhookEvent, 'id'>): WebhookEvent {
    state.counters.events += 1;
    const number = state.counters.events;
    const id = `evt_${hashHex(`event\u0000${state.merchantId}\u0000${number}\u0000${subject}`, 24)}`;
    const event = { id, ...fields };
    state.webhookEvents.put({ number, event });
    return event;
  }

  function noWebhookUrl(): HttpError {
    return new HttpError(409, 'No webhook URL is set: set one to deliver events.');
  }

  return {
    announce(payment) {
      const event = newEvent(`${payment.paymentId}\u0000${payment.status}`, {
        eventType: eventTypeFor(payment.status),
        created: payment.updatedAt,
        data: paymentEventData(payment),
      });
      sender.send(event, payment.paymentId);
    },
    sendTest() {
      // Refused before the event is made: the log holds only events that were sent.
      if (!state.webhook.url) throw noWebhookUrl();
      const delivery = sender.send(
        newEvent('test', {
          eventType: 'Test',
          created: new Date(now()).toISOString(),
          data: { message: 'A test event from the sandbox console.' },
        }),
      );
      if (!delivery) throw noWebhookUrl();
      return delivery;
    },
    resend(deliveryId) {
      if (!state.deliveries.has(deliveryId)) {
        throw new HttpError(404, `No delivery ${JSON.stringify(deliveryId)}.`);
      }
      const delivery = sender.resend(deliveryId);
      if (!delivery) throw noWebhookUrl();
      return delivery;
    },
    setUrl(url) {
      state.webhook.url = url;
    },
    regenerateKey: () => regenerateKey(state.webhook, now()),
    rollKey: () => rollKey(state.webhook, now()),
    previousKey: () => previousKeyAt(state.webhook, now()),
    deliveries: () => sender.list(),
    resume: () => sender.resume(),
    routes: [
      {
        method: 'POST',
        path: '/api/merchant/webhook-key/roll',
        auth: 'apiKey',
        // Takes no body: whatever was sent is not read.
        handle: () => json(200, { key: rollKey(state.webhook, now()) }),
      },
      {
        method: 'GET',
        path: '/api/merchant/webhook-key',
        auth: 'apiKey',
        handle: () => json(200, { keys: keysInForce(state.webhook, now()) }),
      },
    ],
  };
}
