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
  const issues: FieldIssue[] = [];
  for (const [key, message] of Object.entries(messages ?? {})) {
    const path = `messages.${key}`;
    const kind = Object.hasOwn(en, key) ? typeof en[key as keyof CheckoutMessages] : undefined;
    if (kind === undefined) issues.push({ path, problem: 'is not a message of the checkout' });
    else if (typeof message !== kind) issues.push({ path, problem: `must be a ${kind}` });
  }
  const { authorization } = (messages ?? {}) as Partial<CheckoutMessages>;
  if (issues.length === 0 && authorization) {
    const left = leftOut(authorization);
    if (left.length > 0) {
      issues.push({
        path: 'messages.authorization',
        problem: `must include ${ESSENTIAL.join(', ')}; it leaves out ${left.join(', ')}`,
      });
    }
  }
  return { overrides: issues.length === 0 ? (messages ?? {}) : {}, issues };
}

// What an authorization may not leave out: without them the payer does not know what they
// agree to, or how to take it back.
const ESSENTIAL = ['merchantName', 'amount', 'last4', 'merchantContact'] as const;

/**
 * The essential values an authorization message leaves out: it is given each value as its own
 * name, marked, and the marks it writes out are looked for.
 */
function leftOut(authorization: CheckoutMessages['authorization']): string[] {
  const marked = (name: string | symbol) => `\u2063${String(name)}\u2063`;
  const probe = new Proxy({} as AuthorizationValues, { get: (_, name) => marked(name) });
  const text: unknown = authorization(probe);
  return ESSENTIAL.filter((name) => typeof text !== 'string' || !text.includes(marked(name)));
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
