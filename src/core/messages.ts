// Every message the library shows a developer lives here, with one prefix, so that wording
// stays consistent and tests can match it. No message ever includes a secret value.

export const PREFIX = '[service-checkout]';

export const messages = {
  badEnv: (value: unknown) =>
    `${PREFIX} env must be one of "local", "sandbox" or "prod"; received ${describe(value)}.`,
  envNeedsBaseUrl: (env: string) =>
    `${PREFIX} env "${env}" has no built-in address yet: pass baseUrl with the service address you were given for it.`,
  badBaseUrl: (value: unknown) =>
    `${PREFIX} baseUrl must be an absolute http(s) URL such as "https://payments.example.com"; received ${describe(value)}.`,
  malformedSessionKey: (reason: string) =>
    `${PREFIX} sessionKey is not a valid session key (${reason}). Pass the "key" your server received from GET /api/auth/session-key.`,
  sessionKeyExpired: () =>
    `${PREFIX} The session key has expired. Fetch a new one from your server, or give CheckoutProvider a getSessionKey function so it can renew the key itself.`,
  invalidOption: (name: string, problem: string) => `${PREFIX} ${name} ${problem}.`,
  /** A session key or checkout token whose merchantId is not the page's. */
  otherMerchant: (merchantId: string) =>
    `was made for another merchant than merchantId "${merchantId}"`,
  // ---- React layer ----
  missingProvider: (hook: string) =>
    `${PREFIX} Could not find CheckoutProvider context; wrap the part of your app that calls ${hook} in a <CheckoutProvider>.`,
  renewalFailed: (reason: string) =>
    `${PREFIX} getSessionKey did not return a usable session key (${reason}).`,
  /** merchantName or merchantContact left out where env is not "prod": stand-ins are used. */
  merchantStandIn: (props: string) =>
    `${PREFIX} CheckoutProvider has no ${props}: the debit authorization a payer accepts names your merchantId, or "the merchant" as the contact, instead. Pass ${props} (required where env is "prod").`,
  invalidCheckoutProps: (fields: string) =>
    `${PREFIX} <Checkout> received invalid props, so it will not take payments: ${fields}.`,
  deviceScriptSource: () =>
    `${PREFIX} ChargebackScript/useDeviceId needs a script address: pass src, or env (and baseUrl), or render it inside a CheckoutProvider.`,
  deviceIdMissing: (reason: string) => `the device-id reader ${reason}`,
  responseInvalid: (what: string, fields: string) =>
    `${PREFIX} The service answered ${what} with a body that does not match the expected shape (${fields}). Check that baseUrl points at the payments service.`,
  network: (what: string, reason: string) =>
    `${PREFIX} Could not reach the payments service for ${what} (${reason}). Check the connection and try again.`,
  unexpectedFailure: (what: string) =>
    `${PREFIX} ${what} failed in an unexpected way, so whether it reached the payments service is unknown. Try again: a retry of the same payment is recognised and never charged twice.`,
  redirected: (what: string, origin: string) =>
    `${PREFIX} The service answered ${what} with a redirect${origin && ` to another origin (${origin})`}; check baseUrl (redirects are not followed).`,
  timeout: (what: string, ms: number) =>
    `${PREFIX} The payments service did not answer ${what} within ${ms} ms. Try again.`,
  service: (
    what: string,
    status: number,
    code: string,
    serviceMessage: string,
    hint = whatToDo(code),
  ) =>
    `${PREFIX} ${what} failed with ${status} ${code}: ${serviceMessage}${hint ? ` ${hint}` : ''}`,
  scriptLoad: (src: string, reason: string) =>
    `${PREFIX} The device-fingerprint script ${src} did not load (${reason}). Check your Content-Security-Policy and ad blockers, then retry.`,
  localeNotLoaded: (locale: string) =>
    `${PREFIX} The "${locale}" messages are not loaded yet: await preloadLocale("${locale}") first.`,
  localeLoad: (locale: string, reason: string) =>
    `${PREFIX} The "${locale}" messages did not load, twice (${reason}), so the checkout shows its load-error view in English. Check that your server still serves the page's script chunks and that your Content-Security-Policy allows them; "Try again" on the checkout, or preloadLocale("${locale}"), loads them again.`,
} as const;

/**
 * Console diagnostics of setup mistakes, shown in development only: their callers (React
 * components, always built by a bundler that defines NODE_ENV) check process.env.NODE_ENV.
 */
export const devWarnings = {
  frozenProp: (prop: string) =>
    `${PREFIX} CheckoutProvider's ${prop} changed after mount; the change is ignored. To switch ${prop}, remount the provider with a key, e.g. <CheckoutProvider key={${prop}} ...>.`,
  deviceScriptMissing: () =>
    `${PREFIX} Chargeback protection is in use (the customer has it on, or chargebackProtectionData was passed), so checkout needs a device id: render <ChargebackScript /> on every page (for example in your root layout).`,
} as const;

/**
 * What to do after an error code, as a client with a session key sees it. In every build: the
 * server entry runs where no bundler defines NODE_ENV (Workers, Vercel Edge, Deno), and an
 * error should read the same in production as in development.
 */
function whatToDo(code: string): string | undefined {
  // Own keys only: a code such as "constructor" must not find Object's own members.
  return Object.hasOwn(hints, code) ? hints[code] : undefined;
}

const hints: Record<string, string> = {
  unauthorized: 'Renew the session key: keys last 24 hours and belong to one merchant.',
  payment_declined: 'Ask the payer to choose another bank account.',
  customer_blocked: 'This payer cannot pay with this merchant; contact support.',
  verification_required: 'The payer must complete verification before paying.',
  rate_limited: 'Slow down and retry later.',
  conflict: 'An Idempotency-Key was reused with a different body; use a new key per purchase.',
  payload_too_large: 'Request bodies are limited to 1 MiB.',
};

function describe(value: unknown): string {
  if (typeof value === 'string') {
    // The user and password of a URL are secrets: never repeat them.
    const shown = value.replace(/\/\/[^/?#]*@/, '//***@');
    return JSON.stringify(shown.length > 60 ? shown.slice(0, 57) + '...' : shown);
  }
  if (value === null) return 'null';
  return typeof value;
}
