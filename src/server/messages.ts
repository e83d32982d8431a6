// Messages only the server entry shows. They live beside the server code, not in
// src/core/messages.ts, because a chunk shared with the browser entry would carry them to every
// page (rolldown keeps a shared module's exports whole). Same prefix, same rules: no secrets.
import { PREFIX } from '../core/messages.js';

export const serverMessages = {
  serverInBrowser: () =>
    `${PREFIX} createMerchantClient refused to start: it looks like a browser (window or document exists). The merchant API key must stay on your server; anyone who opens the page could read it. Mint session keys on your server and hand only those to the page. Tests running under jsdom may pass dangerouslyAllowBrowser: true.`,
  // The server's only 409 comes from refunds; the service's message says which case it is.
  refundConflict: () =>
    'Only a pending, batched or settled payment can be refunded, and only once; use a new Idempotency-Key for each refund.',
  eventInvalid: (method: string, field: string, problem: string) =>
    `${PREFIX} ${method}: ${field} ${problem}.`,
  sessionKeyForOtherCustomer: () =>
    `${PREFIX} The service answered GET /api/auth/session-key with a key for a different customer than the one asked for. The key was discarded.`,
  handlerNoCustomer: () => `${PREFIX} No signed-in customer: sign in, then ask for a session key.`,
  handlerMethod: (method: string) =>
    `${PREFIX} ${method} is not allowed here: ask for a session key with GET or POST.`,
  handlerUnavailable: () =>
    `${PREFIX} The payments service could not be reached for a session key. Try again shortly.`,
  handlerRateLimited: () => `${PREFIX} Too many session key requests. Try again shortly.`,
  handlerFailed: () =>
    `${PREFIX} Could not get a session key. The merchant server logged the cause.`,
  // ---- Webhooks ----
  webhookKeysInvalid: (option: string, received: string) =>
    `${PREFIX} ${option} must be your webhook validation key (a non-empty string, read from your server's environment) or, while you roll the key, an array of keys; received ${received}.`,
  webhookKeysEmpty: (option: string) =>
    `${PREFIX} ${option} is an empty array: pass at least one webhook validation key.`,
  webhookKeyEntryEmpty: (entry: string) =>
    `${PREFIX} ${entry} is an empty string (an unset environment variable?): every entry must be a webhook validation key.`,
  webhookKeyEntryInvalid: (entry: string, received: string) =>
    `${PREFIX} ${entry} must be a webhook validation key (a non-empty string); received ${received}.`,
  webhookNoSignature: () =>
    `${PREFIX} The webhook has no service-signature header: it did not come from the payments service.`,
  webhookMalformedSignature: () =>
    `${PREFIX} The webhook's service-signature header is not "t={unix seconds},v1={hex HMAC}".`,
  webhookWrongSignature: () =>
    `${PREFIX} The webhook's signature does not match its body under your webhook key: check the key, and pass the raw body exactly as received.`,
  webhookStale: (toleranceSeconds: number) =>
    `${PREFIX} The webhook was signed more than ${toleranceSeconds} s away from now: a replay, or a clock that is off.`,
  webhookRefused: () => 'The webhook signature could not be verified.',
  webhookUnreadable: () => 'The webhook body is not an event.',
  webhookHandlerFailed: () => 'The event was not processed; it will be delivered again.',
  webhookMethod: (method: string) => `${method} is not allowed: webhooks are POSTed.`,
  webhookTooLarge: (bytes: number) => `The webhook body is larger than ${bytes} bytes.`,
  webhookBodyParsed: () =>
    `${PREFIX} The webhook route received a body a parser had already read (express.json(), or Next.js's bodyParser), but the signature covers the raw bytes: mount the route before body parsers, or give it the raw body with express.raw({ type: 'application/json' }).`,
  // ---- Payment progress ----
  recordedStatusInvalid: (statuses: string) =>
    `${PREFIX} movesPaymentForward: recorded must be one of ${statuses}, or nothing (undefined or null) when no status is stored yet: store the payment's own status, not your order's.`,
  progressEventInvalid: () =>
    `${PREFIX} movesPaymentForward: event must be a webhook event (an object with a string eventType), as verifyWebhook returns it.`,
} as const;
