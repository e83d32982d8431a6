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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `contact` is an e-mail address or an http(s) URL. */
function isContact(contact: string): boolean {
  if (EMAIL.test(contact)) return true;
  const url = URL.canParse(contact) ? new URL(contact) : null;
  return url?.protocol === 'https:' || url?.protocol === 'http:';
}

const REQUIRED: Record<MerchantProp, string> = {
  merchantName: 'the name the payer authorizes the debit to',
  merchantContact: 'an e-mail address or a URL where the payer can revoke the authorization',
};

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
      if (env === 'prod') {
        const problem = `is required on <CheckoutProvider> where env is "prod": ${REQUIRED[prop]}`;
        issues.push({ path: prop, problem });
      } else fallbacks.push(prop);
      return null;
    }
    if (typeof value === 'string' && valid(value)) return value;
    issues.push({
      path: prop,
      problem:
        prop === 'merchantName'
          ? 'must be a non-empty string'
          : 'must be an e-mail address or an http(s) URL, such as "support@example.com"',
    });
    return null;
  };
  const name = given('merchantName', merchantName, (text) => text.trim() !== '');
  const contact = given('merchantContact', merchantContact, isContact);
  return { merchant: { name: name ?? merchantId, contact }, issues, fallbacks };
}
