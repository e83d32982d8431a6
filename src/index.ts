/**
 * The browser entry: the React checkout (`CheckoutProvider`, `Checkout`, `useCustomer`,
 * `ChargebackScript`, `useDeviceId`), its types, its messages and locales, the debit
 * authorization's words, banking days and the error classes. Safe to import while server rendering: nothing touches
 * `window` or `document` at import.
 *
 * @module service-checkout
 */
export {
  CheckoutError,
  ConfigError,
  LocaleLoadError,
  NetworkError,
  ResponseValidationError,
  ScriptLoadError,
  ServiceError,
  SessionExpiredError,
  type ErrorKind,
  type FieldIssue,
} from './core/errors.js';
export { ENVS, LOCAL_SANDBOX_URL, type Env } from './core/config.js';
export { BLOCKCHAINS, type Blockchain, type Wallet } from './core/headers.js';
export { formatMoney, minorUnits, type Money } from './core/money.js';
export {
  expectedSettlement,
  isBankingDay,
  type ExpectedSettlement,
  type SettlementOptions,
} from './core/banking-days.js';
export {
  PRODUCT_TYPES,
  SETTLEMENT_TYPES,
  type BankAccount,
  type ChargebackProtectionItem,
  type CheckoutInput,
  type CheckoutResponse,
  type Customer,
  type ProductType,
  type SessionKeyClaims,
  type SettlementType,
  type WebhookInfo,
} from './core/browser-schemas.js';
export { decodeSessionKey, isExpired } from './core/session-key.js';

// React layer.
export {
  CheckoutProvider,
  type CheckoutProviderProps,
  type SessionKeyRenewal,
} from './react/CheckoutProvider.js';
export { useCustomer, type CustomerState, type UseCustomerOptions } from './react/useCustomer.js';
// The customer query's options (customerQueryOptions) come from service-checkout/query, which
// server components and route loaders alike can import.
export { ChargebackScript, type ChargebackScriptProps } from './react/ChargebackScript.js';
export { useDeviceId, type DeviceIdState, type DeviceScriptProps } from './react/useDeviceId.js';
export type { DeviceIdReader, DeviceIdStatus } from './checkout/device-id-store.js';
export { loadScript, type LoadScriptOptions } from './checkout/script-loader.js';
export {
  Checkout,
  type CheckoutProps,
  type CheckoutPurchaseProps,
  type CheckoutResult,
} from './react/Checkout.js';
export type { CheckoutView } from './checkout/checkout-state.js';
export type { DebitAuthorization } from './checkout/purchase.js';
export { authorizationText, type AuthorizationParams } from './checkout/authorization.js';
export type { AuthorizationValues, CheckoutMessages } from './checkout/messages/catalogue.js';
export { SUPPORTED_LOCALES } from './checkout/messages/locales.js';
export { preloadLocale } from './checkout/messages/catalogue-store.js';
