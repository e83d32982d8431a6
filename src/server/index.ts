/**
 * The merchant's server client: holds the API key, mints session keys for the page, signs
 * checkout tokens, reads and refunds payments, lists withdrawals and events, sends payer events,
 * and verifies webhooks with ready-made routes. Node and edge runtimes only: it refuses to start
 * in a browser.
 *
 * @module service-checkout/server
 */
export {
  createMerchantClient,
  type CheckoutToken,
  type MerchantClient,
  type MerchantClientOptions,
  type RefundOptions,
  type SessionKey,
  type SessionKeyOptions,
} from './client.js';
export {
  createSessionKeyCache,
  DEFAULT_CACHE_MAX_ENTRIES,
  DEFAULT_REFRESH_BEFORE_MS,
  type SessionKeyCache,
  type SessionKeyCacheOptions,
} from './cache.js';
export {
  createSessionKeyFetchHandler,
  createSessionKeyNodeHandler,
  REJECTED_SESSION_KEY_HEADER,
  type SessionKeyHandlerOptions,
  type SessionKeyResponseBody,
} from './session-key-route.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  signWebhookPayload,
  verifyWebhook,
  WebhookSignatureError,
  type PaymentWebhookEvent,
  type TestWebhookEvent,
  type UnrecognizedWebhookEvent,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookKeys,
} from './webhooks.js';
export { movesPaymentForward } from './payment-progress.js';
export {
  createWebhookFetchHandler,
  createWebhookNodeHandler,
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  type WebhookHandlerOptions,
} from './webhook-route.js';
export type { NodeRequest, NodeResponse } from './node-http.js';
export {
  CheckoutError,
  ConfigError,
  NetworkError,
  ResponseValidationError,
  ServiceError,
  type ErrorKind,
  type FieldIssue,
} from '../core/errors.js';
export { ENVS, LOCAL_SANDBOX_URL, type Env } from '../core/config.js';
export { BLOCKCHAINS, type Blockchain, type Wallet } from '../core/headers.js';
export type { RetryPolicy } from '../core/http.js';
export {
  describeReturn,
  RETURN_CODES,
  WEB_DEBIT_RETURN_CODES,
  type ReturnCode,
  type ReturnDescription,
  type ReturnRetry,
  type WebDebitReturnCode,
} from '../core/return-codes.js';
export {
  expectedSettlement,
  isBankingDay,
  type ExpectedSettlement,
  type SettlementOptions,
} from '../core/banking-days.js';
export {
  PAYMENT_EVENT_TYPES,
  PAYMENT_STATUSES,
  WITHDRAWAL_STATUSES,
  type AuthorizationSummary,
  type CheckoutTokenRequest,
  type Payment,
  type PaymentAuthorization,
  type PaymentDetails,
  type PaymentEventType,
  type PaymentStatus,
  type PurchaseAuthorization,
  type RefundedPayment,
  type ReturnedPayment,
  type BuyerChallengeEvent,
  type PayerEvent,
  type PayerEventType,
  type SignInEvent,
  type SignInFailureEvent,
  type SignUpEvent,
  type Withdrawal,
  type WebhookKeyInForce,
} from '../core/schemas.js';
