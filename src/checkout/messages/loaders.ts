// Every translated catalogue, each its own chunk of the page's bundle: one line a locale, with the
// path written out, so that every bundler sees each import and splits it apart. English is not
// here: it is in the entry (en.ts). A locale gets a line when its file is in locales/.
import type { CheckoutMessages } from './catalogue.js';

/** Loads one locale's catalogue, as its module. */
export type CatalogueLoader = () => Promise<{ default: CheckoutMessages }>;

/** The translated catalogues, by BCP 47 tag. */
export const LOADERS: Record<string, CatalogueLoader> = {
  ar: () => import('./locales/ar.js'),
  es: () => import('./locales/es.js'),
};
