// Webhook delivery, at least once: every event is POSTed to the merchant's webhook URL, signed,
// and retried with growing delays until a 2xx or the last attempt. Each attempt carries the
// same event id and a fresh signature time. A receiver that fails, hangs or is missing never
// stalls the sandbox: each attempt gives up after a timeout and is recorded. A delivery names its
// event, whose body it reads from the event log (event-log.ts) for each attempt: the body is kept
// once, however many deliveries and attempts it has.
import { SIGNATURE_HEADER, signatureHeader } from '../../core/webhook-signature.js';
import type { Scheduler } from './scheduler.js';
import { signingKeys } from './webhook-keys.js';
import type { ServiceState } from './state.js';

/** Delays after the first attempt: the first retry comes soon, so a developer sees it. */
export const WEBHOOK_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000, 1_800_000];
/**
 * How long a webhook receiver has to answer one attempt before it counts as failed and is retried.
 */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
const EXCERPT_CHARS = 200;

/** One try at delivering a webhook event, as the console's delivery log shows it. */
export interface WebhookAttempt {
  /** ISO 8601 time the attempt started, on the sandbox's clock. */
  at: string;
  /** The receiver's status; absent when no answer came (`error` says why). */
  status?: number;
  /** Why no answer came: a timeout, a refused connection, a redirect not followed. */
  error?: string;
  /** How long the attempt took, in ms. */
  durationMs: number;
  /** The start of the receiver's answer, for the delivery log. */
  responseExcerpt?: string;
}

/** A delivery as the sandbox keeps it: its event by id. */
export interface StoredDelivery {
  /** This delivery's own id: a resend is a new delivery of the same event. */
  id: string;
  eventId: string;
  eventType: string;
  /** The payment the event is about, when it is about one. */
  paymentId?: string;
  url: string;
  /**
   * The body, kept by a delivery only when the event log does not hold its event: one a state of
   * version 4 or older kept without it (events were kept from version 4 on, and let go before
   * their deliveries). Every other delivery sends its event's.
   */
  body?: string;
  attempts: WebhookAttempt[];
  state: 'pending' | 'delivered' | 'failed';
}

/** A delivery as the delivery log shows it, with the raw body sent on every attempt. */
export interface WebhookDelivery extends StoredDelivery {
  body: string;
}

export interface WebhookEvent {
  id: string;
  eventType: string;
  created: string;
  data: unknown;
}

export interface WebhookSender {
  /**
   * Starts delivering an event the log holds; the first attempt runs at once (awaited by runDue
   * or not at all).
   */
  send(event: WebhookEvent, paymentId?: string): WebhookDelivery | undefined;
  /** Delivers a delivery's event again, to the current URL, as a new delivery. */
  resend(deliveryId: string): WebhookDelivery | undefined;
  /** Gives every delivery still pending its next attempt, when it would have come. */
  resume(): void;
  /** Every delivery with its body, oldest first. */
  list(): WebhookDelivery[];
}

export interface WebhookSenderOptions {
  /** The sandbox's state: its deliveries, their count, the webhook URL and key. */
  state: ServiceState;
  scheduler: Scheduler;
  now: () => number;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Delivery failures worth a line in a log (never the key). */
  log?: (line: string) => void;
  /**
   * Awaited before each attempt: resolves once the event it sends, and the state behind it, are
   * kept (the data directory flushed); rejects when they cannot be.
   */
  beforeDelivery?: () => Promise<void>;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { state } = options;
  const { deliveries } = state;

  async function attempt(delivery: StoredDelivery): Promise<void> {
    const notKept = await whyNotKept(options.beforeDelivery);
    // Let go meanwhile (a reset, or kept past its time): nothing more to send.
    if (deliveries.get(delivery.id) !== delivery) return;
    const startedAt = options.now();
    // An event that could not be kept is not announced: the attempt fails and is retried.
    const record =
      notKept === undefined
        ? await post(delivery.url, bodyOf(state, delivery), startedAt)
        : unsent(startedAt, notKept);
    delivery.attempts.push(record);
    // Marked before the state below changes too: the journal reads the row when it next writes.
    deliveries.changed(delivery);

    if (record.status !== undefined && record.status >= 200 && record.status < 300) {
      delivery.state = 'delivered';
      return;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts.length - 1];
    if (delay === undefined) {
      delivery.state = 'failed';
      options.log?.(
        `webhook ${delivery.eventId} (${delivery.eventType}) failed after ${delivery.attempts.length} attempts`,
      );
      return;
    }
    options.scheduler.at(startedAt + delay, () => attempt(delivery));
  }

  /** One POST of a delivery's body, signed now, recorded as an attempt. */
  async function post(url: string, body: string, startedAt: number): Promise<WebhookAttempt> {
    const timestamp = Math.floor(startedAt / 1000);
    const record: WebhookAttempt = { at: new Date(startedAt).toISOString(), durationMs: 0 };
    const started = performance.now();
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: await signatureHeader(
            signingKeys(state.webhook, startedAt),
            timestamp,
            body,
          ),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS),
      });
      record.status = response.status;
      record.responseExcerpt = await excerptOf(response);
    } catch (error) {
      record.error =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${WEBHOOK_ATTEMPT_TIMEOUT_MS} ms`
          : error instanceof Error
            ? error.message
            : 'the request failed';
    }
    record.durationMs = Math.round(performance.now() - started);
    return record;
  }

  function start(fields: Pick<StoredDelivery, 'eventId' | 'eventType' | 'paymentId' | 'body'>) {
    const url = state.webhook.url;
    if (!url) return undefined;
    state.counters.deliveries += 1;
    const delivery: StoredDelivery = {
      id: `dlv_${state.counters.deliveries}`,
      eventId: fields.eventId,
      eventType: fields.eventType,
      ...(fields.paymentId && { paymentId: fields.paymentId }),
      url,
      // Only a delivery whose event the log does not hold carries a body, and its resends.
      ...(fields.body !== undefined && { body: fields.body }),
      attempts: [],
      state: 'pending',
    };
    deliveries.put(delivery);
    options.scheduler.at(options.now(), () => attempt(delivery));
    return withBody(state, delivery);
  }

  return {
    send(event, paymentId) {
      return start({ eventId: event.id, eventType: event.eventType, paymentId });
    },
    resend(deliveryId) {
      const original = deliveries.get(deliveryId);
      return original && start(original);
    },
    list: () => [...deliveries.values()].map((delivery) => withBody(state, delivery)),
    resume() {
      // A delivery still pending when the state was kept carries on where it stopped: its next
      // attempt comes when it would have (at once if that time has passed, or if none was made).
      for (const delivery of deliveries.values()) {
        if (delivery.state !== 'pending') continue;
        const last = delivery.attempts.at(-1);
        const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts.length - 1] ?? 0;
        const dueAt = last ? Date.parse(last.at) + delay : options.now();
        options.scheduler.at(dueAt, () => attempt(delivery));
      }
    },
  };
}

/**
 * Why what an attempt announces could not be kept (`beforeDelivery` rejected), or undefined once
 * it is kept, or when nothing keeps it.
 */
async function whyNotKept(beforeDelivery?: () => Promise<void>): Promise<string | undefined> {
  try {
    await beforeDelivery?.();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** An attempt that sent nothing, as the delivery log shows it. */
function unsent(startedAt: number, reason: string): WebhookAttempt {
  return { at: new Date(startedAt).toISOString(), durationMs: 0, error: `not sent: ${reason}` };
}

/** The body a delivery sends: its event's, as the log holds it, or its own. */
function bodyOf(state: ServiceState, delivery: StoredDelivery): string {
  if (delivery.body !== undefined) return delivery.body;
  // The log holds the event of every delivery kept (retention.ts lets both go together).
  return JSON.stringify(state.webhookEvents.get(delivery.eventId)!.event);
}

function withBody(state: ServiceState, delivery: StoredDelivery): WebhookDelivery {
  return { ...delivery, body: bodyOf(state, delivery) };
}

/** The start of an answer, for the delivery log; the rest is never read. */
async function excerptOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < EXCERPT_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, EXCERPT_CHARS);
}
