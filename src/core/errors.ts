import { messages } from './messages.js';

/** The error `code` sent with each status. Every non-2xx body is `{ message, code }`. */
export const ERROR_CODE_BY_STATUS = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_declined',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  423: 'customer_blocked',
  429: 'rate_limited',
  451: 'verification_required',
  500: 'internal',
} as const;
export type ErrorStatus = keyof typeof ERROR_CODE_BY_STATUS;
export type ErrorCode = (typeof ERROR_CODE_BY_STATUS)[ErrorStatus];

/** What went wrong, in one word: the `kind` of every {@link CheckoutError}, to switch on. */
export type ErrorKind =
  | 'config'
  | 'service'
  | 'network'
  | 'response_validation'
  | 'session_expired'
  | 'script_load'
  | 'locale_load'
  | 'webhook_signature';

/** Base class of every error the library throws or reports. Switch on `kind`. */
export abstract class CheckoutError extends Error {
  /** What kind of failure this is. */
  abstract readonly kind: ErrorKind;
}

/** A developer mistake in options or props: the message names the option and the fix. */
export class ConfigError extends CheckoutError {
  /** `ConfigError`. */
  override name = 'ConfigError';
  /** `config`. */
  readonly kind = 'config';
  /** The option or prop at fault, such as `apiKey` or `retry.retries`. */
  readonly option: string;
  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

/** The service answered with a non-2xx status. `code` comes from the error body. */
export class ServiceError extends CheckoutError {
  /** `ServiceError`. */
  override name = 'ServiceError';
  /** `service`. */
  readonly kind = 'service';
  /** The HTTP status the service answered, such as 401 or 409. */
  readonly status: number;
  /** The error body's `code`, such as `unauthorized`; from the status when the body had none. */
  readonly code: string;
  /** The service's own message, without the library's prefix and hint. */
  readonly serviceMessage: string;
  /** `hint`: what to do, in place of the usual sentence for `code` (see messages.ts). */
  constructor(what: string, status: number, code: string, serviceMessage: string, hint?: string) {
    super(messages.service(what, status, code, serviceMessage, hint));
    this.status = status;
    this.code = code;
    this.serviceMessage = serviceMessage;
  }
}

/** The request never got an answer: offline, DNS, CORS, reset connection or timeout. */
export class NetworkError extends CheckoutError {
  /** `NetworkError`. */
  override name = 'NetworkError';
  /** `network`. */
  readonly kind = 'network';
  /** True when no answer came within the client's timeout. */
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, options); // Error reads only `cause` from the options
    this.timedOut = options.timedOut ?? false;
  }
}

/** One field of a body or of options that failed a check, and why. */
export interface FieldIssue {
  /** Dotted path of the field, such as `customer.bankAccounts.0.last4`. */
  path: string;
  /** What the field must be, such as `must be greater than 0`. */
  problem: string;
}

/** The service answered 2xx with a body that does not match the schema. */
export class ResponseValidationError extends CheckoutError {
  /** `ResponseValidationError`. */
  override name = 'ResponseValidationError';
  /** `response_validation`. */
  readonly kind = 'response_validation';
  /** What did not match, field by field. */
  readonly issues: readonly FieldIssue[];
  constructor(what: string, issues: readonly FieldIssue[]) {
    super(messages.responseInvalid(what, formatIssues(issues)));
    this.issues = issues;
  }
}

/** The session key has expired and no renewal was possible. */
export class SessionExpiredError extends CheckoutError {
  override name = 'SessionExpiredError';
  readonly kind = 'session_expired';
  /** `cause`: why renewal failed, when a renewer was given and it failed. */
  constructor(options?: { cause?: unknown }) {
    super(messages.sessionKeyExpired(), options);
  }
}

/** The device-fingerprint script failed to load or did not provide a device id in time. */
export class ScriptLoadError extends CheckoutError {
  override name = 'ScriptLoadError';
  readonly kind = 'script_load';
  readonly src: string;
  constructor(src: string, reason: string) {
    super(messages.scriptLoad(src, reason));
    this.src = src;
  }
}

/**
 * A locale's messages did not load, on a second try either: the checkout shows its load-error view
 * in English.
 */
export class LocaleLoadError extends CheckoutError {
  override name = 'LocaleLoadError';
  readonly kind = 'locale_load';
  /** The catalogue that did not load, such as `de` (for `de-AT`). */
  readonly locale: string;
  constructor(locale: string, options: { cause?: unknown }) {
    super(messages.localeLoad(locale, String(options.cause)), options);
    this.locale = locale;
  }
}

/**
 * A thrown value as the library's error: itself when it is one, otherwise a NetworkError saying
 * that whether `what` reached the service is unknown.
 */
export function asCheckoutError(thrown: unknown, what: string): CheckoutError {
  if (thrown instanceof CheckoutError) return thrown;
  return new NetworkError(messages.unexpectedFailure(what), { cause: thrown });
}

export function formatIssues(issues: readonly FieldIssue[]): string {
  return issues.map((issue) => `${issue.path || '(root)'}: ${issue.problem}`).join('; ');
}
