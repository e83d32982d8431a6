// The language the shopper picked: the checkout's `locale`, the page's `lang` and `dir`, and the
// shop's own words (English, Spanish or Arabic; English for every other locale the checkout
// speaks). Kept in localStorage, so a reload, a new tab or the way back from signing in keeps it.
import { createContext, useContext, useLayoutEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { formatMoney, SUPPORTED_LOCALES } from 'service-checkout';
import { CURRENCY } from './catalog.js';
import { ar } from './text/ar.js';
import { en, type ShopText } from './text/en.js';
import { es } from './text/es.js';

const STORAGE_KEY = 'skyreach.locale';
const SHOP_TEXTS: Record<string, ShopText> = { en, es, ar };
// The languages written right to left among those the checkout speaks.
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);
// Layout-testing locales: their words are made from English, so the shop's stay English.
const PSEUDO_REGIONS = new Set(['XA', 'XB']);

export interface Language {
  /** The tag the checkout is given, one of SUPPORTED_LOCALES. */
  locale: string;
  dir: 'ltr' | 'rtl';
  /** The language of the shop's own words: `en`, `es` or `ar`. */
  textLang: string;
  text: ShopText;
  setLocale: (locale: string) => void;
  /** An amount in the shopper's locale: "$4.99", "4,99 US$". */
  money: (cents: number, currency?: string) => string;
  /** A moment in the shopper's locale, as the order pages show it. */
  date: (iso: string) => string;
  /** A calendar day (YYYY-MM-DD) in the shopper's locale. */
  day: (day: string) => string;
}

const LanguageContext = createContext<Language | null>(null);
LanguageContext.displayName = 'LanguageContext';

/** A tag as SUPPORTED_LOCALES spells it, or undefined when the checkout does not list it. */
function supported(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === lower);
}

/** The stored choice, else the first of the browser's languages the checkout lists, else en-US. */
function initialLocale(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's policy): the browser's languages decide.
  }
  const wanted = [stored ?? '', ...navigator.languages];
  for (const tag of wanted) {
    const found = tag && (supported(tag) ?? supported(tag.split('-')[0] ?? ''));
    if (found) return found;
  }
  return 'en-US';
}

/** What a locale means for the page: its direction and the language of the shop's words. */
export function describeLocale(locale: string): Pick<Language, 'dir' | 'textLang' | 'text'> {
  const { language, region } = new Intl.Locale(locale);
  const pseudo = region !== undefined && PSEUDO_REGIONS.has(region);
  const textLang = !pseudo && SHOP_TEXTS[language] ? language : 'en';
  return {
    dir: RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr',
    textLang,
    text: SHOP_TEXTS[textLang] ?? en,
  };
}

/**
 * Amounts, moments and days as readers of `formatLocale` write them: the shopper's pages through
 * useLanguage(), the staff tools in en-US.
 */
export function formatsFor(formatLocale: string): Pick<Language, 'money' | 'date' | 'day'> {
  return {
    money: (cents, currency = CURRENCY) => formatMoney({ cents, currency }, formatLocale),
    date: (iso) =>
      new Date(iso).toLocaleString(formatLocale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    // A calendar day, not a moment: read and written in UTC so no time zone moves it.
    day: (day) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString(formatLocale, {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  };
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState(initialLocale);

  const language = useMemo<Language>(() => {
    // Amounts and dates follow the shop's words, so a sentence never mixes two languages' forms.
    const { dir, textLang, text } = describeLocale(locale);
    const formatLocale = textLang === 'en' ? 'en-US' : locale;
    return {
      locale,
      dir,
      textLang,
      text,
      setLocale: (next) => {
        const tag = supported(next);
        if (!tag) return;
        try {
          window.localStorage.setItem(STORAGE_KEY, tag);
        } catch {
          // Not kept: the choice still holds until the page is left.
        }
        setLocaleState(tag);
      },
      ...formatsFor(formatLocale),
    };
  }, [locale]);

  // The page's own language and direction, before the browser paints: a right-to-left page
  // never shows mirrored for a frame.
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = language.dir;
  }, [locale, language.dir]);

  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The shopper's language; throws outside <LanguageProvider>. */
export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) {
    throw new Error(
      'Could not find the language context; wrap the shop in <LanguageProvider> (src/main.tsx).',
    );
  }
  return language;
}
