/**
 * The whole payments service, local: `createSandbox()` returns it as one
 * `handle(Request) => Promise<Response>` function, in Node and in browsers. Nothing here imports
 * msw, so it works without msw installed: the MSW handlers are `service-checkout/sandbox/msw`.
 *
 * @module service-checkout/sandbox
 */
// The layout (service/, persistence/, console/, transports/) is in docs/design.md, "Layers".
export { createSandbox } from './transports/fetch-handler.js';
export {
  createSandboxClient,
  type SandboxClient,
  type SandboxClientOptions,
} from './sandbox-client.js';
export {
  DEFAULT_API_KEY,
  DEFAULT_MERCHANT_ID,
  DEFAULT_SESSION_KEY_TTL_SECONDS,
  type Sandbox,
  type SandboxConnection,
  type SandboxOptions,
} from './sandbox.js';
export {
  INSUFFICIENT_FUNDS_RETURN_CODE,
  LATE_RETURN_DELAY_MS,
  MAGIC_AMOUNTS,
  UNAUTHORIZED_RETURN_CODE,
  type SandboxPayment,
} from './service/payment-lifecycle.js';
// The codes a payment can be returned with (`advancePayment`, the console): every code a WEB
// debit can come back with.
export { WEB_DEBIT_RETURN_CODES, type WebDebitReturnCode } from '../core/return-codes.js';
export { SETTLEMENT_MODES, type Settlement } from './service/settlement.js';
export { WEBHOOK_KEY_OVERLAP_MS } from './service/webhook-keys.js';
export {
  WEBHOOK_ATTEMPT_TIMEOUT_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  type StoredDelivery,
  type WebhookAttempt,
  type WebhookDelivery,
} from './service/webhook-deliveries.js';
export {
  DECLINING_ACCOUNT_LAST4,
  MAGIC,
  MAX_BANK_ACCOUNTS,
  SANDBOX_ROUTING_NUMBER,
  type MagicPrefix,
  type NewBankAccount,
} from './service/customer-records.js';
export type { ApiKeyInfo, ApiKeyStatus, StoredApiKey } from './service/api-keys.js';
export {
  SANDBOX_STATE_VERSION,
  type SandboxState,
  type StoredCustomer,
} from './persistence/state.js';
export { DEVICE_ID_STORAGE_KEY } from './service/device-script.js';
export { CORS_MAX_AGE_SECONDS, MAX_BODY_BYTES, MAX_JSON_DEPTH } from './service/http.js';
export type { PayerEvent } from '../core/schemas.js';
