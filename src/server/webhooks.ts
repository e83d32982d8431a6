// Webhooks from the service: verified before anything is believed. The signature is an
// HMAC-SHA256 of "{t}.{raw body}" under your webhook validation key (compared in constant
// time by WebCrypto), and `t` must be recent, so a captured delivery cannot be replayed later.
// While a key is rolled, deliveries carry one signature per key, and you may hold both keys.
import { CheckoutError, ConfigError, ResponseValidationError } from '../core/errors.js';
import {
  PAYMENT_EVENT_TYPES,
  paymentSchema,
  refundedPaymentSchema,
  returnedPaymentSchema,
  TEST_EVENT_TYPE,
  testEventDataSchema,
  webhookEnvelopeSchema,
  type Payment,
  type PaymentEventType,
  type RefundedPayment,
  type ReturnedPayment,
} from '../core/schemas.js';
import type * as z from 'zod/mini';
import { validate } from '../core/validate.js';
import {
  SIGNATURE_HEADER,
  signatureHeader,
  signatureMatches,
  type WebhookKeys,
} from '../core/webhook-signature.js';
import { serverMessages } from './messages.js';

export { SIGNATURE_HEADER, type WebhookKeys };

/** How far a webhook's signed time may be from now, either way, unless told: 300 seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** One payment event: `data` is the payment as `getPayment` showed it at that status. */
interface PaymentEventOf<T extends PaymentEventType, P extends Payment> {
  /** The same on every delivery of this event: deduplicate on it. */
  id: string;
  eventType: T;
  created: string;
  data: P;
  unrecognized?: undefined;
}

/**
 * A payment reached a status. `eventType` tells which, and what `data` then carries: an
 * `ACH Returned` payment always has its `returnCode` (and `returnedAt` after a late return, with
 * `settledAt` kept), a `Refunded` one always has `refundedAt`.
 */
export type PaymentWebhookEvent =
  | PaymentEventOf<Exclude<PaymentEventType, 'ACH Returned' | 'Refunded'>, Payment>
  | PaymentEventOf<'ACH Returned', ReturnedPayment>
  | PaymentEventOf<'Refunded', RefundedPayment>;

/** A test event sent from the dashboard (the sandbox console's "Send test event"). */
export interface TestWebhookEvent {
  /** The same on every delivery of this event. */
  id: string;
  /** `Test`. */
  eventType: typeof TEST_EVENT_TYPE;
  /** When the event was made (ISO 8601 with milliseconds). */
  created: string;
  /** What the dashboard sent. */
  data: {
    /** A line of text, for your logs. */
    message: string;
  };
  /** Never set on a test event. */
  unrecognized?: undefined;
}

/** An event type this version of the library does not know: acknowledge it, or log it. */
export interface UnrecognizedWebhookEvent {
  /** The same on every delivery of this event. */
  id: string;
  /** A type this version does not know. */
  eventType: string;
  /** When the event was made (ISO 8601 with milliseconds). */
  created: string;
  /** As the service sent it, unchecked. */
  data: unknown;
  /** Always true: tells this event apart from the known ones. */
  unrecognized: true;
}

/** Check `unrecognized` first; then `eventType` tells the events apart. */
export type WebhookEvent = PaymentWebhookEvent | TestWebhookEvent | UnrecognizedWebhookEvent;

/** The request did not come from the service: missing, malformed, wrong or stale signature. */
export class WebhookSignatureError extends CheckoutError {
  /** `WebhookSignatureError`. */
  override name = 'WebhookSignatureError';
  /** `webhook_signature`: switch on it, as on every library error's `kind`. */
  readonly kind = 'webhook_signature';
}

/** How verifyWebhook (and the webhook routes) judge a signature's time. */
export interface VerifyWebhookOptions {
  /** How far `t` may be from now, either way. Default 300 seconds. */
  toleranceSeconds?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

const KNOWN_EVENT_TYPES: readonly string[] = Object.values(PAYMENT_EVENT_TYPES);

function isPaymentEventType(eventType: string): eventType is PaymentEventType {
  return KNOWN_EVENT_TYPES.includes(eventType);
}

/**
 * The event in `rawBody` once its `service-signature` header proves the service sent it under
 * one of `keys` (your webhook validation key, or an array of keys while you roll it: any `v1`
 * matching any key will do); throws WebhookSignatureError otherwise, and a ConfigError when
 * `keys` holds no usable key. Pass the body exactly as received: parsing and re-serialising it
 * changes the bytes the signature covers.
 */
export async function verifyWebhook(
  rawBody: string,
  signature: string | null | undefined,
  keys: WebhookKeys,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  checkWebhookKeys(keys, 'keys');
  const { timestamp, macs } = parseSignature(signature);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    throw new WebhookSignatureError(serverMessages.webhookStale(tolerance));
  }
  if (!(await signatureMatches(keys, timestamp, rawBody, macs))) {
    throw new WebhookSignatureError(serverMessages.webhookWrongSignature());
  }
  return parseEvent(rawBody);
}

/**
 * A valid `service-signature` header for `body`, as the service would send it: for your own
 * tests of a webhook handler. Several keys give one `v1` per key, as the service sends during a
 * key rotation. `timestamp` is in unix seconds (default now).
 */
export async function signWebhookPayload(
  body: string,
  keys: WebhookKeys,
  options: { timestamp?: number } = {},
): Promise<string> {
  checkWebhookKeys(keys, 'keys');
  return signatureHeader(keys, options.timestamp ?? Math.floor(Date.now() / 1000), body);
}

/**
 * Throws a ConfigError, named `option`, unless `keys` is a non-empty string or a non-empty
 * array of them. Messages call the keys `label` (the option, unless a function gave them) and
 * say what was received, never a key.
 */
export function checkWebhookKeys(
  keys: unknown,
  option: string,
  label = option,
): asserts keys is WebhookKeys {
  if (Array.isArray(keys)) {
    if (keys.length === 0) throw new ConfigError(option, serverMessages.webhookKeysEmpty(label));
    keys.forEach((key: unknown, index) => {
      const entry = `${label}[${index}]`;
      if (key === '') throw new ConfigError(option, serverMessages.webhookKeyEntryEmpty(entry));
      if (typeof key !== 'string') {
        throw new ConfigError(option, serverMessages.webhookKeyEntryInvalid(entry, describe(key)));
      }
    });
    return;
  }
  if (typeof keys !== 'string' || keys === '') {
    throw new ConfigError(option, serverMessages.webhookKeysInvalid(label, describe(keys)));
  }
}

/** What was received, as a type: a key's value is never shown. */
function describe(value: unknown): string {
  if (value === '') return 'an empty string';
  if (value === null) return 'null';
  return typeof value;
}

function parseSignature(header: string | null | undefined): { timestamp: number; macs: string[] } {
  if (!header) throw new WebhookSignatureError(serverMessages.webhookNoSignature());
  let timestamp: number | undefined;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Several v1 entries may come while the key is being rotated: any may match.
    if (name === 'v1') macs.push(value);
  }
  if (timestamp === undefined || macs.length === 0) {
    throw new WebhookSignatureError(serverMessages.webhookMalformedSignature());
  }
  return { timestamp, macs };
}

function parseEvent(rawBody: string): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ResponseValidationError('the webhook', [{ path: '', problem: 'is not JSON' }]);
  }
  return typedEvent(json, 'the webhook');
}

/**
 * An event as a webhook or the events endpoint carries it, checked against its type's schema.
 * `source` names where it came from in an error, and `path` where it sat in that answer.
 */
export function typedEvent(json: unknown, source: string, path = ''): WebhookEvent {
  const at = (issues: { path: string; problem: string }[]) =>
    issues.map((issue) => ({ ...issue, path: [path, issue.path].filter(Boolean).join('.') }));
  const envelope = validate(webhookEnvelopeSchema, json);
  if (!envelope.ok) throw new ResponseValidationError(source, at(envelope.issues));
  // `data` is the envelope's field name: the payment, or a test event's message.
  const { id, eventType, created, data: payload } = envelope.value;
  const payloadOf = <S extends z.ZodMiniType>(schema: S) => {
    const payloadCheck = validate(schema, payload);
    if (!payloadCheck.ok) {
      const issues = payloadCheck.issues.map((issue) => ({ ...issue, path: `data.${issue.path}` }));
      throw new ResponseValidationError(source, at(issues));
    }
    return payloadCheck.value as z.infer<S>;
  };
  if (eventType === TEST_EVENT_TYPE) {
    return { id, eventType, created, data: payloadOf(testEventDataSchema) };
  }
  if (!isPaymentEventType(eventType)) {
    return { id, eventType, created, data: payload, unrecognized: true };
  }
  if (eventType === PAYMENT_EVENT_TYPES.returned) {
    return { id, eventType, created, data: payloadOf(returnedPaymentSchema) };
  }
  if (eventType === PAYMENT_EVENT_TYPES.refunded) {
    return { id, eventType, created, data: payloadOf(refundedPaymentSchema) };
  }
  return { id, eventType, created, data: payloadOf(paymentSchema) };
}
