// Which locales the checkout speaks, and how a tag finds its catalogue: itself, or an alias of
// it, or else the tag with its region and script dropped, then English. All of it local: nothing
// is fetched to decide.
import { LOADERS } from './loaders.js';

/**
 * Catalogues made from English at run time, for testing a layout: `en-XA` is accented and 40 %
 * longer, `ar-XB` reads right to left.
 */
export const PSEUDO_LOCALES = ['en-XA', 'ar-XB'] as const;

// Tags that read another locale's catalogue. One is supported once its target is.
const ALIASES: Record<string, string> = {
  'en-US': 'en',
  'en-AU': 'en',
  'en-CA': 'en',
  'en-NZ': 'en',
  'en-IE': 'en',
  'es-ES': 'es',
  ...Object.fromEntries(
    'MX US AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR'
      .split(' ')
      .map((region) => [`es-${region}`, 'es-419']),
  ),
  'de-DE': 'de',
  'de-AT': 'de',
  'de-CH': 'de',
  'fr-FR': 'fr',
  'fr-BE': 'fr',
  'fr-CH': 'fr',
  'it-IT': 'it',
  'nl-NL': 'nl',
  'nl-BE': 'nl',
  'pt-PT': 'pt',
  no: 'nb',
  nn: 'nb',
  tl: 'fil',
  in: 'id',
  iw: 'he',
  'zh-CN': 'zh',
  'zh-SG': 'zh',
  'zh-Hans': 'zh',
  'zh-Hant': 'zh-TW',
  'zh-MO': 'zh-HK',
  'zh-Hant-HK': 'zh-HK',
  'zh-Hant-MO': 'zh-HK',
};

// The catalogues written right to left.
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ar-XB']);

/** Every catalogue: English, each translation, and the pseudo-locales. */
export const CATALOGUES: readonly string[] = ['en', ...Object.keys(LOADERS)];

// Case-insensitive lookups: a tag may arrive as "PT-br" or "zh-hant".
const byLowerCase = (tags: readonly string[]) =>
  new Map(tags.map((tag) => [tag.toLowerCase(), tag]));
const catalogueOf = byLowerCase(CATALOGUES);
const aliasOf = new Map(Object.entries(ALIASES).map(([alias, to]) => [alias.toLowerCase(), to]));

/** The catalogue a tag names itself, through an alias or not; undefined when there is none. */
function ownCatalogue(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  return catalogueOf.get(aliasOf.get(lower)?.toLowerCase() ?? lower);
}

/**
 * Every tag the checkout speaks: each catalogue and each alias of one (such as `es-ES` for
 * `es`), sorted. A tag not listed still resolves along its fallback chain: `pt-AO` reads `pt`.
 */
export const SUPPORTED_LOCALES: readonly string[] = [
  ...CATALOGUES,
  ...Object.keys(ALIASES).filter((alias) => ownCatalogue(alias) !== undefined),
].sort();

/** A locale as a checkout uses it. */
export interface ResolvedLocale {
  /** The tag asked for, canonical: amounts and dates are written in it, and it is the authorization's `locale`. */
  locale: string;
  /** The catalogue its words come from, such as `pt` for `pt-AO`. */
  catalogue: string;
  /** Which way its words are written. */
  dir: 'ltr' | 'rtl';
}

/**
 * The catalogue for a BCP 47 tag, case-insensitively: the tag, then the tag without its region,
 * then without its script, then English; aliases on the way. Throws a RangeError for a tag that
 * is not BCP 47.
 */
export function resolveLocale(tag: string): ResolvedLocale {
  const [canonical] = Intl.getCanonicalLocales(tag) as [string];
  const catalogue = findCatalogue(canonical);
  // A language the checkout does not speak is written in English throughout, amounts included.
  if (catalogue === undefined) return { locale: 'en', catalogue: 'en', dir: 'ltr' };
  return { locale: canonical, catalogue, dir: RIGHT_TO_LEFT.has(catalogue) ? 'rtl' : 'ltr' };
}

/** The first catalogue along a canonical tag's fallback chain: `zh-Hant-TW`, `zh-Hant`, `zh-TW`, `zh`. */
function findCatalogue(canonical: string): string | undefined {
  const { language, script, region } = new Intl.Locale(canonical);
  const chain = [[language, script, region], [language, script], [language, region], [language]];
  return [canonical, ...chain.map((parts) => parts.filter(Boolean).join('-'))]
    .map(ownCatalogue)
    .find((catalogue) => catalogue !== undefined);
}

/**
 * The first of the browser's languages the checkout speaks (`navigator.languages`, most wanted
 * first), or English.
 */
export function preferredLocale(languages: readonly string[]): string {
  for (const tag of languages) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag) as [string];
      if (findCatalogue(canonical) !== undefined) return canonical;
    } catch {
      // A tag the browser should not have sent: the next one.
    }
  }
  return 'en';
}
