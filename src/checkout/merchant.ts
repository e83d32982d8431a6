// Whom the payer authorizes, and where they can revoke it: CheckoutProvider's merchantName and
// merchantContact. Production needs both; elsewhere stand-ins keep a sandbox page working.
import type { Env } from '../core/config.js';
import type { FieldIssue } from '../core/errors.js';

/** The merchant as the authorization names it; `contact` null means "use the stand-in words". */
export interface MerchantIdentity {
  name: string;
  contact: string | null;
}

export type MerchantProp = 'merchantName' | 'merchantContact';

export interface CheckedMerchant {
  merchant: MerchantIdentity;
  issues: FieldIssue[];
  /** The props left out outside production, replaced by stand-ins: worth a warning. */
  fallbacks: MerchantProp[];
}

// An e-mail address (the pattern the checkout's e-mail prop is held to), or an http(s) URL.
const CONTACT = /^([^\s@]+@[^\s@]+\.[^\s@]+|https?:\/\/[^\s/?#]+\.[^\s]*)$/i;

export function checkMerchant(props: {
  env: Env;
  merchantId: string;
  merchantName?: unknown;
  merchantContact?: unknown;
}): CheckedMerchant {
  const { env, merchantId, merchantName, merchantContact } = props;
  const issues: FieldIssue[] = [];
  const fallbacks: MerchantProp[] = [];
  const given = (prop: MerchantProp, value: unknown, valid: (text: string) => boolean) => {
    if (value === undefined) {
      if (env !== 'prod') fallbacks.push(prop);
      else issues.push({ path: prop, problem: 'is required where env is "prod"' });
      return null;
    }
    if (typeof value === 'string' && valid(value)) return value;
    issues.push({
      path: prop,
      problem:
        prop === 'merchantName'
          ? 'must be a non-empty string'
          : 'must be an e-mail address or an http(s) URL',
    });
    return null;
  };
  const name = given('merchantName', merchantName, (text) => text.trim() !== '');
  const contact = given('merchantContact', merchantContact, (text) => CONTACT.test(text));
  return { merchant: { name: name ?? merchantId, contact }, issues, fallbacks };
}
