// Every catalogue but English, each its own chunk of the page's bundle: one line a locale, with
// the path written out, so that every bundler sees each import and splits it apart. English is not
// here: it is in the entry (en.ts). A locale gets a line when its file is in locales/; the
// pseudo-locales share one chunk that makes them from English.
import type { CheckoutMessages } from './catalogue.js';
import { en } from './en.js';

/** Loads one locale's catalogue, as its module. */
export type CatalogueLoader = () => Promise<{ default: CheckoutMessages }>;

/** The catalogues that load, by BCP 47 tag. */
export const LOADERS: Record<string, CatalogueLoader> = {
  ar: () => import('./locales/ar.js'),
  bg: () => import('./locales/bg.js'),
  bn: () => import('./locales/bn.js'),
  ca: () => import('./locales/ca.js'),
  cs: () => import('./locales/cs.js'),
  da: () => import('./locales/da.js'),
  de: () => import('./locales/de.js'),
  el: () => import('./locales/el.js'),
  'en-GB': () => import('./locales/en-GB.js'),
  es: () => import('./locales/es.js'),
  'es-419': () => import('./locales/es-419.js'),
  et: () => import('./locales/et.js'),
  fa: () => import('./locales/fa.js'),
  fi: () => import('./locales/fi.js'),
  fil: () => import('./locales/fil.js'),
  fr: () => import('./locales/fr.js'),
  'fr-CA': () => import('./locales/fr-CA.js'),
  he: () => import('./locales/he.js'),
  hi: () => import('./locales/hi.js'),
  hr: () => import('./locales/hr.js'),
  ht: () => import('./locales/ht.js'),
  hu: () => import('./locales/hu.js'),
  hy: () => import('./locales/hy.js'),
  id: () => import('./locales/id.js'),
  it: () => import('./locales/it.js'),
  ja: () => import('./locales/ja.js'),
  km: () => import('./locales/km.js'),
  ko: () => import('./locales/ko.js'),
  lt: () => import('./locales/lt.js'),
  lv: () => import('./locales/lv.js'),
  ms: () => import('./locales/ms.js'),
  mt: () => import('./locales/mt.js'),
  nb: () => import('./locales/nb.js'),
  nl: () => import('./locales/nl.js'),
  pa: () => import('./locales/pa.js'),
  pl: () => import('./locales/pl.js'),
  pt: () => import('./locales/pt.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ro: () => import('./locales/ro.js'),
  ru: () => import('./locales/ru.js'),
  sk: () => import('./locales/sk.js'),
  sl: () => import('./locales/sl.js'),
  sv: () => import('./locales/sv.js'),
  th: () => import('./locales/th.js'),
  tr: () => import('./locales/tr.js'),
  uk: () => import('./locales/uk.js'),
  ur: () => import('./locales/ur.js'),
  vi: () => import('./locales/vi.js'),
  zh: () => import('./locales/zh.js'),
  'zh-HK': () => import('./locales/zh-HK.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
  'en-XA': () => import('./pseudo.js').then(({ pseudoCatalogue }) => pseudoCatalogue('en-XA', en)),
  'ar-XB': () => import('./pseudo.js').then(({ pseudoCatalogue }) => pseudoCatalogue('ar-XB', en)),
};
