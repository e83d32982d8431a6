// The catalogues this page (or this server) has loaded. Each loads once, however many checkouts
// ask for it; a chunk that fails is tried once more, and a catalogue that failed twice stays so
// until someone asks again (the checkout's "Try again", or preloadLocale). Outside React: a
// checkout reads it through useSyncExternalStore.
import { ConfigError, LocaleLoadError } from '../../core/errors.js';
import { messages as developerMessages } from '../../core/messages.js';
import type { CheckoutMessages } from './catalogue.js';
import { en } from './en.js';
import { LOADERS } from './loaders.js';
import { preferredLocale, resolveLocale } from './locales.js';

/** Where a catalogue is: its messages, the load under way, or the failure of two tries. */
export type CatalogueState =
  | { status: 'ready'; messages: CheckoutMessages }
  | { status: 'loading'; loaded: Promise<void> }
  | { status: 'failed'; error: LocaleLoadError };

const states = new Map<string, CatalogueState>([['en', { status: 'ready', messages: en }]]);
const listeners = new Set<() => void>();

function settle(catalogue: string, state: CatalogueState): void {
  states.set(catalogue, state);
  for (const listener of listeners) listener();
}

/** Calls `listener` each time a catalogue loads or fails; returns the unsubscribe. */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where the catalogue is now, starting its load the first time it is asked for: the same object
 * until it changes, as useSyncExternalStore needs.
 */
export function catalogueState(catalogue: string): CatalogueState {
  const known = states.get(catalogue);
  if (known) return known;
  const load = LOADERS[catalogue];
  if (!load) throw new RangeError(`No catalogue is called "${catalogue}"`);
  // Tried once more before it counts as failed: a chunk request can fail once on a flaky line.
  const loaded = load()
    .catch(() => load())
    .then(
      (module) => settle(catalogue, { status: 'ready', messages: module.default }),
      (cause: unknown) =>
        settle(catalogue, { status: 'failed', error: new LocaleLoadError(catalogue, { cause }) }),
    );
  const loading: CatalogueState = { status: 'loading', loaded };
  states.set(catalogue, loading);
  return loading;
}

/** Loads a catalogue that failed again (a no-op for any other). */
export function retryCatalogue(catalogue: string): void {
  if (states.get(catalogue)?.status !== 'failed') return;
  states.delete(catalogue);
  catalogueState(catalogue);
  for (const listener of listeners) listener();
}

/**
 * Loads the messages of a locale ahead of rendering, so that a server renders the checkout in it
 * at once (`renderToString` cannot wait for a chunk). Resolves when they are in; rejects with a
 * `LocaleLoadError` when their chunk failed to load twice, or a `ConfigError` for a tag
 * that is not BCP 47. English needs no loading; a tag resolves along its
 * fallback chain (`pt-AO` loads `pt`). `"auto"` loads the browser's language, and nothing on a
 * server.
 *
 * @param locale A BCP 47 tag, such as `"es-MX"`, or `"auto"`.
 */
export async function preloadLocale(locale: string): Promise<void> {
  if (locale === 'auto' && typeof navigator === 'undefined') return;
  let catalogue: string;
  try {
    catalogue = resolveLocale(
      locale === 'auto' ? preferredLocale(navigator.languages) : locale,
    ).catalogue;
  } catch {
    throw new ConfigError('locale', developerMessages.invalidOption('locale', LOCALE_PROBLEM));
  }
  retryCatalogue(catalogue);
  const state = catalogueState(catalogue);
  if (state.status === 'loading') await state.loaded;
  const settled = catalogueState(catalogue);
  if (settled.status === 'failed') throw settled.error;
}

/** What is wrong with a locale that is not a tag. */
export const LOCALE_PROBLEM = 'must be a BCP 47 language tag, such as "es-MX", or "auto"';

/** The catalogues loaded, as on a page that has loaded none (for tests). */
export function resetCatalogues(): void {
  for (const catalogue of states.keys()) if (catalogue !== 'en') states.delete(catalogue);
}
