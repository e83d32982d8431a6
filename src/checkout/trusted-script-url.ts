// Under `require-trusted-types-for 'script'` a script's src takes a TrustedScriptURL, not a
// string. The library makes its own through a Trusted Types policy named `service-checkout`,
// for the device-script addresses the page configured and nothing else. The policy object never
// leaves this module, so no other code can use it to load a script of its choosing.
import { messages } from '../core/messages.js';
import { TRUSTED_TYPES_POLICY_NAME } from '../core/trusted-types.js';

// The parts of the Trusted Types API used here (TypeScript's DOM library has none of it).
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface PolicyFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

const allowedScriptUrls = new Set<string>();
// Created on first need, then kept: one policy per page (per copy of the library).
let policy: ScriptUrlPolicy | undefined;

/** Lets the policy accept `src`: the address a `<ChargebackScript>` or `useDeviceId` was given. */
export function allowScriptUrl(src: string): void {
  allowedScriptUrls.add(src);
}

/**
 * `src` as a script's src takes it: through the policy when it is an allowed address and the
 * browser has Trusted Types, as the string itself otherwise (where the page's own Trusted Types
 * set-up, if any, decides). Throws, saying what to add, when the browser refuses the policy.
 */
export function scriptUrl(src: string): string {
  const factory = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  if (!factory || !allowedScriptUrls.has(src)) return src;
  policy ??= createPolicy(factory);
  // A TrustedScriptURL, which TypeScript's DOM types do not know: sinks typed as taking a
  // string take it.
  return policy.createScriptURL(src) as string;
}

function createPolicy(factory: PolicyFactory): ScriptUrlPolicy {
  try {
    return factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, {
      createScriptURL(url) {
        if (allowedScriptUrls.has(url)) return url;
        throw new TypeError(messages.trustedTypesUrlRefused(TRUSTED_TYPES_POLICY_NAME));
      },
    });
  } catch (error) {
    // Nothing was created: a later retry asks again.
    throw new Error(messages.trustedTypesPolicyRefused(TRUSTED_TYPES_POLICY_NAME), {
      cause: error,
    });
  }
}

/** For tests: forget the policy and the allowed addresses, as on a fresh page. */
export function resetTrustedScriptUrls(): void {
  allowedScriptUrls.clear();
  policy = undefined;
}
