// Which words a checkout uses: the catalogue for its locale, with the merchant's replacements,
// each checked to be of the kind it replaces before a payer reads it.
import type { FieldIssue } from '../../core/errors.js';
import { resolveLocale } from '../formats.js';
import type { AuthorizationValues, CheckoutMessages } from './catalogue.js';
import { en } from './en.js';

export type { AuthorizationValues, CheckoutMessages } from './catalogue.js';

/** The catalogue for a locale tag. English is the only one built in: every tag resolves to it. */
export function messagesFor(_locale: string): CheckoutMessages {
  return en;
}

/** What a provider's `messages` prop gives its checkouts, and what is wrong with it. */
export interface CheckedOverrides {
  overrides: Partial<CheckoutMessages>;
  issues: FieldIssue[];
}

/** Checks a `messages` prop: known messages only, each of the kind it replaces. */
export function checkMessageOverrides(messages: unknown): CheckedOverrides {
  if (messages === undefined) return { overrides: {}, issues: [] };
  if (typeof messages !== 'object' || messages === null) {
    return { overrides: {}, issues: [{ path: 'messages', problem: 'must be an object' }] };
  }
  const issues: FieldIssue[] = [];
  for (const [key, message] of Object.entries(messages)) {
    const path = `messages.${key}`;
    const kind = Object.hasOwn(en, key) ? typeof en[key as keyof CheckoutMessages] : undefined;
    if (kind === undefined) issues.push({ path, problem: 'is not a message of the checkout' });
    else if (typeof message !== kind) {
      const expected = kind === 'string' ? 'a string' : 'a function returning a string';
      issues.push({ path, problem: `must be ${expected}, as it replaces one` });
    }
  }
  const authorization = (messages as Partial<CheckoutMessages>).authorization;
  if (issues.length === 0 && authorization) {
    const left = leftOut(authorization);
    if (left.length > 0) {
      issues.push({
        path: 'messages.authorization',
        problem: `must include the merchant's name, the amount, the account's last four digits and the merchant's contact; it leaves out ${andList(left)}`,
      });
    }
  }
  return { overrides: issues.length === 0 ? messages : {}, issues };
}

// What an authorization may not leave out: without them the payer does not know what they
// agree to, or how to take it back.
const ESSENTIAL = ['merchantName', 'amount', 'last4', 'merchantContact'] as const;

/** The essential values an authorization message leaves out, found with marked stand-ins. */
function leftOut(authorization: CheckoutMessages['authorization']): string[] {
  const marked = (name: string) => `\u2063${name}\u2063`;
  const values: AuthorizationValues = {
    payLabel: marked('payLabel'),
    merchantName: marked('merchantName'),
    amount: marked('amount'),
    alias: marked('alias'),
    last4: marked('last4'),
    date: marked('date'),
    merchantContact: marked('merchantContact'),
  };
  const text: unknown = authorization(values);
  return ESSENTIAL.filter((name) => typeof text !== 'string' || !text.includes(marked(name)));
}

/** "a, b and c". */
function andList(names: readonly string[]): string {
  return names.join(', ').replace(/, ([^,]*)$/, ' and $1');
}

/**
 * A checkout's words: its locale (the tag given, or the runtime's), the catalogue for it with the
 * app's replacements, and a problem with the tag.
 */
export function checkoutWords(
  tag: string | undefined,
  overrides: Partial<CheckoutMessages>,
): { locale: string; messages: CheckoutMessages; issues: FieldIssue[] } {
  let locale: string;
  const issues: FieldIssue[] = [];
  try {
    locale = resolveLocale(tag);
  } catch {
    locale = resolveLocale(undefined);
    issues.push({ path: 'locale', problem: 'must be a BCP 47 language tag, such as "en-US"' });
  }
  return { locale, messages: { ...messagesFor(locale), ...overrides }, issues };
}
