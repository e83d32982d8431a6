// Which locale a checkout speaks. "auto" reads the browser's languages, which a server does not
// have: there, and while the page hydrates what a server rendered, it is not known yet (null), so
// both render the same loading view and the browser decides after hydrating.
import { useMemo, useSyncExternalStore } from 'react';
import type { FieldIssue } from '../core/errors.js';
import { checkLocale } from '../checkout/messages/index.js';
import { preferredLocale, type ResolvedLocale } from '../checkout/messages/locales.js';

/** A checkout's locale, and the problem with a tag that is not BCP 47 (English is used then). */
export interface CheckoutLocale {
  resolved: ResolvedLocale;
  issue: FieldIssue | null;
}

function subscribeLanguages(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
// A string, so that an unchanged list is the same snapshot.
const browserLanguages = () => navigator.languages.join(',');
const noLanguages = () => null;
const subscribeNothing = () => () => {};

/** The locale of a checkout asked for `requested` (a tag or "auto"); null while "auto" waits. */
export function useCheckoutLocale(requested: string): CheckoutLocale | null {
  // Read only for "auto": a checkout with a tag is the same on the server, while hydrating and
  // after, with nothing to update (an update would cost a suspended boundary its server markup).
  const auto = requested === 'auto';
  const languages = useSyncExternalStore(
    auto ? subscribeLanguages : subscribeNothing,
    auto ? browserLanguages : noLanguages,
    noLanguages,
  );
  return useMemo(() => {
    if (requested !== 'auto') return checkLocale(requested);
    return languages === null ? null : checkLocale(preferredLocale(languages.split(',')));
  }, [requested, languages]);
}
