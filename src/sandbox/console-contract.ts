// The sandbox console's HTTP API: what the console page (src/console) asks of the sandbox
// (src/sandbox/console-api.ts). Types only, so both sides are checked against one shape.
//
// Access, kept to the person running the sandbox:
// - The banner prints `{origin}/console?token={CONSOLE_TOKEN}`. GET /console with the right
//   token sets the cookie `sc_console` (HttpOnly, SameSite=Strict, Path=/console) to an opaque
//   session id and redirects to /console (so the token leaves the address bar).
// - Every /console/api/* request needs that cookie AND the header `x-sandbox-console: 1`, which
//   a cross-site form cannot send. Missing either: 401 `{ error: { code: 'unauthorized' } }`.
// - No CORS headers on /console or /console/api/*. Bodies are JSON, at most 16 kB.
// - Errors are `{ error: { code, message } }` with 400 (a field named in message), 401, 404.
import type { PaymentStatus } from '../core/schemas.js';

export const CONSOLE_PATH = '/console';
export const CONSOLE_API_PATH = '/console/api';
export const CONSOLE_COOKIE = 'sc_console';
export const CONSOLE_HEADER = 'x-sandbox-console';

export interface ConsoleError {
  error: { code: 'invalid_request' | 'unauthorized' | 'not_found'; message: string };
}

// GET /console/api/overview
export interface ConsoleOverview {
  merchantId: string;
  /** The sandbox's base URL as the page sees it, for copy-paste into the server client. */
  baseUrl: string;
  counts: { payments: number; customers: number; deliveries: number; payerEvents: number };
  /** Where state is kept: a directory path, or null when in memory only. */
  dataDir: string | null;
}

export interface ConsoleApiKey {
  id: string;
  name: string;
  /** The first characters of the key, enough to recognise it (e.g. `sk_sandbox_3f9a`). */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

// GET  /console/api/keys                     → { keys: ConsoleApiKey[] } (newest first)
// POST /console/api/keys { name }            → 201 { key: ConsoleApiKey, secret: string }
//      (the only time the full key is shown; name 1–64 printable characters)
// POST /console/api/keys/{id}/revoke         → { key: ConsoleApiKey } (idempotent)
export interface ConsoleKeyList {
  keys: ConsoleApiKey[];
}
export interface ConsoleCreatedKey {
  key: ConsoleApiKey;
  secret: string;
}

// GET  /console/api/webhook                  → ConsoleWebhookSettings
// PUT  /console/api/webhook { url: string | null } → ConsoleWebhookSettings
//      (http or https URL, or null to stop delivering)
// POST /console/api/webhook/reveal           → { key: string }
// POST /console/api/webhook/regenerate       → { key: string }
// POST /console/api/webhook/test             → { delivery: ConsoleDelivery }
//      (a `Test` event whose data is { test: true }, signed and delivered like any other)
export interface ConsoleWebhookSettings {
  url: string | null;
  /** The key's last four characters; the whole key only through reveal. */
  keyHint: string;
}

export interface ConsoleDeliveryAttempt {
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

// GET  /console/api/deliveries               → { deliveries: ConsoleDelivery[] } (newest first)
// POST /console/api/deliveries/{eventId}/resend → { delivery: ConsoleDelivery }
//      (a new delivery of the same event: same event id, fresh signature; the old one is kept)
export interface ConsoleDelivery {
  /** Unique per delivery (a resend is a new delivery of the same event). */
  deliveryId: string;
  eventId: string;
  eventType: string;
  paymentId: string | null;
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  /** When the next attempt is due, while pending. */
  nextAttemptAt: string | null;
  attempts: ConsoleDeliveryAttempt[];
}
export interface ConsoleDeliveryList {
  deliveries: ConsoleDelivery[];
}

export interface ConsolePayment {
  paymentId: string;
  status: PaymentStatus;
  subtotal: { cents: number; currency: string };
  settlementType: string;
  customerId: string;
  email: string;
  createdAt: string;
  updatedAt: string;
  returnCode: string | null;
}

// GET  /console/api/payments?status={status}  → { payments: ConsolePayment[] } (newest first)
// GET  /console/api/payments/{id}             → { payment, history }
// POST /console/api/payments/{id}/advance { action } → { payment, history }
//      settle: pending or batched → settled (through batched, one event per step)
//      return: batched or settled → returned (R01); fail: pending → failed
//      any other move: 400 naming the status it is in
export type ConsolePaymentAction = 'settle' | 'return' | 'fail';
export interface ConsolePaymentList {
  payments: ConsolePayment[];
}
export interface ConsolePaymentDetail {
  payment: ConsolePayment;
  history: { status: PaymentStatus; at: string; returnCode: string | null }[];
}

export interface ConsoleCustomer {
  customerId: string;
  name: string | null;
  email: string | null;
  blocked: boolean;
  verificationRequired: boolean;
  chargebackProtection: boolean;
  bankAccounts: { token: string; alias: string; last4: string }[];
  wallet: string | null;
}

// GET   /console/api/customers                → { customers: ConsoleCustomer[] }
// GET   /console/api/customers/{id}           → { customer: ConsoleCustomer }
// PATCH /console/api/customers/{id} { blocked?, verificationRequired?, chargebackProtection? }
//       → { customer: ConsoleCustomer } (the checkout follows at its next customer read)
export interface ConsoleCustomerList {
  customers: ConsoleCustomer[];
}
export interface ConsoleCustomerDetail {
  customer: ConsoleCustomer;
}
export type ConsoleCustomerPatch = Partial<
  Pick<ConsoleCustomer, 'blocked' | 'verificationRequired' | 'chargebackProtection'>
>;

// GET /console/api/payer-events               → { events } (newest first)
// GET /console/api/withdrawals                → { withdrawals } (newest first)
export interface ConsolePayerEvent {
  receivedAt: string;
  eventType: string;
  customerId: string | null;
  /** The event as received, for the timeline's detail view. */
  body: unknown;
}
export interface ConsolePayerEventList {
  events: ConsolePayerEvent[];
}
export interface ConsoleWithdrawalList {
  withdrawals: {
    withdrawalId: string;
    customerId: string;
    status: string;
    amount: { cents: number; currency: string };
    createdAt: string;
  }[];
}
