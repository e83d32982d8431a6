// service-checkout/sandbox: the whole service, local. Runs in Node and in browsers.
export {
  createSandbox,
  DEFAULT_API_KEY,
  DEFAULT_MERCHANT_ID,
  DEFAULT_SESSION_KEY_TTL_SECONDS,
  type Sandbox,
  type SandboxOptions,
  type SandboxPayment,
} from './sandbox.js';
export {
  DECLINING_ACCOUNT_LAST4,
  MAGIC,
  SANDBOX_ROUTING_NUMBER,
  type MagicPrefix,
} from './customers.js';
export { DEVICE_ID_STORAGE_KEY } from './device-script.js';
export { CORS_MAX_AGE_SECONDS, MAX_BODY_BYTES } from './http.js';
export { sandboxHandlers, type SandboxHandlersOptions } from './msw.js';
export type { PayerEvent } from '../core/schemas.js';
