// The browser entry: React components and hooks (SSR-safe), types and error classes.
export {
  CheckoutError,
  ConfigError,
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
} from './core/schemas.js';
export { decodeSessionKey, isExpired } from './core/session-key.js';
