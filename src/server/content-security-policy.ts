// The Content-Security-Policy a checkout page needs, built on the server for each response: a
// strict policy (nonce and 'strict-dynamic' for scripts, Trusted Types, nothing inline), as an
// object of directives to merge with the merchant's own, and as the header's value.
import { resolveBaseUrl, type Env } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { TRUSTED_TYPES_POLICY_NAME } from '../core/trusted-types.js';

/** What {@link contentSecurityPolicy} takes. */
export interface ContentSecurityPolicyOptions {
  /** The service the page talks to, as the page's `<CheckoutProvider env>`. */
  env: Env;
  /** The service's address, as the page's `baseUrl`; needed for `sandbox` and `prod`. */
  baseUrl?: string;
  /**
   * This response's nonce: new for every response, unguessable (16 random bytes in base64, say)
   * and at least 22 characters of base64 or base64url. Give the same value to
   * `<ChargebackScript nonce>` and put it on the page's own `<script nonce>` tags.
   */
  nonce: string;
  /**
   * The device script's address when `<ChargebackScript src>` loads it from another origin than
   * the service's: that origin is added to `connect-src`, for the script's own requests. (The
   * nonce and `'strict-dynamic'` already let it load.)
   */
  scriptSrc?: string;
}

/** A policy's directives by name as in the header (`script-src`), each with its sources. */
export type ContentSecurityPolicyDirectives = Readonly<Record<string, readonly string[]>>;

/** A Content-Security-Policy: its directives, a merge with yours, and the header's value. */
export interface ContentSecurityPolicy {
  /** The directives, frozen: spread them into your own, or give them to helmet as they are. */
  readonly directives: ContentSecurityPolicyDirectives;
  /**
   * This policy with your directives added: a directive in both gets the sources of both
   * (`'none'` dropped when there are others), one of yours only is added as it is. Use it for
   * what your page needs beyond the checkout (`connect-src 'self'`, `frame-ancestors 'none'`,
   * another Trusted Types policy name). Throws a ConfigError for a malformed name or source.
   */
  merge(own: ContentSecurityPolicyDirectives): ContentSecurityPolicy;
  /** The header's value: `default-src 'none'; script-src 'nonce-…' 'strict-dynamic'; …`. */
  toString(): string;
}

// Base64 or base64url, the grammar of a CSP nonce; 22 characters carry 128 bits.
const NONCE = /^[A-Za-z0-9+/_-]{22,}={0,2}$/;
const DIRECTIVE_NAME = /^[a-z]+(-[a-z]+)*$/;
// One source: anything but the characters that separate sources, directives and policies.
const SOURCE = /^[^\s;,]+$/;

/**
 * The directives a page with the checkout needs for `env` (and `baseUrl`), for one response's
 * `nonce`: `default-src 'none'; script-src 'nonce-…' 'strict-dynamic'; style-src 'self';
 * connect-src <the service's origin>; img-src 'self' data:; require-trusted-types-for 'script';
 * trusted-types service-checkout 'allow-duplicates'`. Merge your own with `merge()`, and send
 * `String(policy)` as the `Content-Security-Policy` header.
 */
export function contentSecurityPolicy(
  options: ContentSecurityPolicyOptions,
): ContentSecurityPolicy {
  const { env, baseUrl, nonce, scriptSrc } = options ?? {};
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) {
    throw new ConfigError(
      'nonce',
      messages.invalidOption(
        'nonce',
        'must be a new random value for each response, at least 22 characters of base64 (such as 16 random bytes in base64)',
      ),
    );
  }
  const connectSources = [new URL(resolveBaseUrl(env, baseUrl)).origin];
  if (scriptSrc !== undefined) connectSources.push(originOf(scriptSrc));
  return policyOf({
    'default-src': ["'none'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'"],
    'style-src': ["'self'"],
    'connect-src': connectSources,
    'img-src': ["'self'", 'data:'],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': [TRUSTED_TYPES_POLICY_NAME, "'allow-duplicates'"],
  });
}

function policyOf(directives: Record<string, string[]>): ContentSecurityPolicy {
  const frozen: ContentSecurityPolicyDirectives = Object.freeze(
    Object.fromEntries(
      Object.entries(directives).map(([name, sources]) => [
        name,
        Object.freeze([...new Set(sources)]),
      ]),
    ),
  );
  return {
    directives: frozen,
    merge: (own) => policyOf(merged(frozen, own)),
    toString: () =>
      Object.entries(frozen)
        .map(([name, sources]) => [name, ...sources].join(' '))
        .join('; '),
  };
}

function merged(
  ours: ContentSecurityPolicyDirectives,
  own: ContentSecurityPolicyDirectives,
): Record<string, string[]> {
  if (typeof own !== 'object' || own === null || Array.isArray(own)) {
    throw new ConfigError(
      'directives',
      messages.invalidOption('directives', 'must be an object of directive name to sources'),
    );
  }
  const result: Record<string, string[]> = Object.fromEntries(
    Object.entries(ours).map(([name, sources]) => [name, [...sources]]),
  );
  for (const [name, sources] of Object.entries(own)) {
    checkDirective(name, sources);
    const both = [...(result[name] ?? []), ...sources];
    // 'none' beside any source is ignored by browsers, with a warning: keep the sources.
    result[name] = both.some((source) => source !== "'none'")
      ? both.filter((source) => source !== "'none'")
      : both;
  }
  return result;
}

function checkDirective(name: string, sources: unknown): asserts sources is readonly string[] {
  if (!DIRECTIVE_NAME.test(name)) {
    throw new ConfigError(
      name,
      messages.invalidOption(
        `directive "${name}"`,
        'is not a directive name as the header spells it, such as "connect-src"',
      ),
    );
  }
  const valid =
    Array.isArray(sources) &&
    sources.every((source) => typeof source === 'string' && SOURCE.test(source));
  if (!valid) {
    throw new ConfigError(
      name,
      messages.invalidOption(
        name,
        `must be an array of sources without spaces, ";" or "," (such as ["'self'", "https://api.example.com"])`,
      ),
    );
  }
}

function originOf(address: unknown): string {
  const url = typeof address === 'string' && URL.canParse(address) ? new URL(address) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(
      'scriptSrc',
      messages.invalidOption('scriptSrc', "must be the device script's absolute http(s) address"),
    );
  }
  return url.origin;
}
