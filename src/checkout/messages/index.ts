// Which words a checkout uses: the catalogue for its locale, with the merchant's replacements,
// each checked to be of the kind it replaces before a payer reads it.
import { ConfigError, type FieldIssue } from '../../core/errors.js';
import { messages as developerMessages } from '../../core/messages.js';
import type { CheckoutWords } from '../submitted.js';
import type { AuthorizationValues, CheckoutMessages } from './catalogue.js';
import { catalogueState, LOCALE_PROBLEM } from './catalogue-store.js';
import { en } from './en.js';
import { isolateValues } from './isolate.js';
import { resolveLocale, type ResolvedLocale } from './locales.js';

export type { AuthorizationValues, CheckoutMessages } from './catalogue.js';

/**
 * The loaded catalogue for a locale tag, along its fallback chain, written for its direction.
 * Throws a ConfigError while it is not loaded (preloadLocale loads it).
 */
export function messagesFor(resolved: ResolvedLocale): CheckoutMessages {
  const state = catalogueState(resolved.catalogue);
  if (state.status !== 'ready') {
    throw new ConfigError('locale', developerMessages.localeNotLoaded(resolved.catalogue));
  }
  return resolved.dir === 'rtl' ? isolateValues(state.messages) : state.messages;
}

/** A checkout's locale tag resolved, or English and the problem with a tag that is not BCP 47. */
export function checkLocale(tag: string): { resolved: ResolvedLocale; issue: FieldIssue | null } {
  try {
    return { resolved: resolveLocale(tag), issue: null };
  } catch {
    return { resolved: resolveLocale('en'), issue: { path: 'locale', problem: LOCALE_PROBLEM } };
  }
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

// The catalogues in English: beside any other, the checkout offers the English authorization.
const ENGLISH = new Set(['en', 'en-GB']);

/**
 * A checkout's words: its loaded catalogue with the app's replacements, and the English
 * authorization to offer beside a translated one (none beside the app's own wording).
 */
export function checkoutWords(
  resolved: ResolvedLocale,
  catalogue: CheckoutMessages,
  overrides: Partial<CheckoutMessages>,
): CheckoutWords {
  const merged = { ...catalogue, ...overrides };
  return {
    locale: resolved.locale,
    lang: resolved.catalogue,
    dir: resolved.dir,
    messages: resolved.dir === 'rtl' ? isolateValues(merged) : merged,
    englishAuthorization:
      ENGLISH.has(resolved.catalogue) || overrides.authorization ? null : en.authorization,
  };
}
