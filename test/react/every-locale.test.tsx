// Every locale the checkout speaks, rendered through the sandbox: the ready form, the submitted
// view after Pay (with what the live region said) and an error view (a blocked payer), each
// searched for English. What may stay as it is: brand names, ACH, USDC and the purchase's and the
// payer's own data, what is marked lang="en" (the English authorization offered beside a
// translated one, the developer's list of invalid props), and the amounts Intl writes. A date is
// in the payer's language, or in digits where Intl has no words for that language's dates. That
// every locale has every message is the type check's: a missing key does not compile.
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCatalogues } from '../../src/checkout/messages/catalogue-store.js';
import { en } from '../../src/checkout/messages/en.js';
import { CATALOGUES, PSEUDO_LOCALES, resolveLocale } from '../../src/checkout/messages/locales.js';
import { liveRegion, mountCheckout, setupSandbox } from './helpers.js';

const { sandbox } = setupSandbox();
afterEach(() => resetCatalogues());

// The catalogues written in English, which the search skips.
const ENGLISH_CATALOGUES = ['en', 'en-GB'];
// Words a language shares with English, spelled the same: not English there.
const SHARED_WORDS = new Set(['subtotal']);
// Words only English sentences hold; two of them in one text make it English.
const FUNCTION_WORDS = new Set(
  'the your you and this with from was not has have will please'.split(' '),
);
// What stays as it is in every language.
const KEPT =
  /Gold pack|Sandbox (?:checking|savings)|alice@example\.com|Acme Games|support@acme\.test|USDC|ACH|pay_[\w-]+|[\w-]+@[\w.-]+/g;

const words = (text: string) => text.toLowerCase().match(/[\p{L}']+/gu) ?? [];

/** The English catalogue's own words: every message, its values taken out. */
function englishCorpus() {
  const values = new Proxy(
    {},
    { get: (_, name) => (name === 'count' || name === 'quantity' ? 2 : '\0') },
  );
  const fragments = Object.values(en).flatMap((message) =>
    typeof message === 'string'
      ? [message]
      : (message as (v: object) => string)(values).split('\0'),
  );
  const units = new Set(fragments.map((fragment) => words(fragment).join(' ')).filter(Boolean));
  const shingles = new Set(
    fragments.flatMap((fragment) => {
      const list = words(fragment);
      return list.slice(2).map((_, index) => list.slice(index, index + 3).join(' '));
    }),
  );
  return { units, shingles };
}
const ENGLISH = englishCorpus();

// English's names of months and weekdays: in a language Intl cannot write dates in, the checkout
// writes them in digits rather than in English.
const ENGLISH_DATE_WORDS =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/gi;

/** The names Intl gives months and weekdays in `tag` (none where Intl does not know it). */
function dateWordsOf(tag: string): Set<string> {
  if (Intl.DateTimeFormat.supportedLocalesOf(tag).length === 0) return new Set();
  const name = (options: Intl.DateTimeFormatOptions, time: number) =>
    new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' }).format(time);
  const months = Array.from({ length: 12 }, (_, month) =>
    name({ month: 'long' }, Date.UTC(2025, month)),
  );
  // 2025-01-05 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, day) =>
    name({ weekday: 'long' }, Date.UTC(2025, 0, 5 + day)),
  );
  return new Set([...months, ...weekdays].flatMap(words));
}
// What Intl writes in English for the pseudo-locales: dates, and a currency's code.
const INTL_ENGLISH = new RegExp(
  `${ENGLISH_DATE_WORDS.source}|\\b(?:at|AM|PM|[A-Z]{2,4}T|UTC|GMT|USD?)\\b`,
  'g',
);

/**
 * Why `text` reads as English, or null: a whole English message, three English words in a row,
 * or English's small words. In a pseudo-locale (`strict`), whose every word the catalogue writes
 * accented or right to left, any plain word left is one the catalogue did not write.
 */
function english(text: string, strict = false, ownDateWords = new Set<string>()): string | null {
  // ar-XB writes English words right to left, each between an override and its pop.
  const plain = text.replace(/\u202E[^\u202C]*\u202C/g, '').replace(KEPT, ' ');
  if (strict) {
    const word = plain.replace(INTL_ENGLISH, ' ').match(/[A-Za-z]{2,}/)?.[0];
    if (word) return `a word the catalogue did not write: "${word}"`;
  } else {
    const dateWord = plain
      .match(ENGLISH_DATE_WORDS)
      ?.find((word) => !ownDateWords.has(word.toLowerCase()));
    if (dateWord) return `a date in English: "${dateWord}"`;
  }
  const list = words(plain);
  const unit = list.join(' ');
  if (ENGLISH.units.has(unit) && !SHARED_WORDS.has(unit)) return `an English message: "${unit}"`;
  const shingle = list.slice(2).map((_, index) => list.slice(index, index + 3).join(' '));
  const found = shingle.find((three) => ENGLISH.shingles.has(three));
  if (found) return `English words: "${found}"`;
  const small = new Set(list.filter((word) => FUNCTION_WORDS.has(word)));
  return small.size >= 2 ? `English's ${[...small].join(', ')}` : null;
}

/** Each text the payer sees or hears in `root`, and each label, outside what is marked English. */
function textsOf(root: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[lang]')?.getAttribute('lang') !== 'en') {
      texts.push(node.nodeValue ?? '');
    }
  }
  for (const element of Array.from(root.querySelectorAll('[aria-label], [title], [alt]'))) {
    for (const name of ['aria-label', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.filter((text) => text.trim() !== '');
}

/** The English found in a view, as `view: text (why)`. */
function englishOf(
  view: string,
  root: Element,
  { strict, dateWords }: { strict: boolean; dateWords: Set<string> },
): string[] {
  return textsOf(root).flatMap((text) => {
    const why = english(text, strict, dateWords);
    return why ? [`${view}: ${text.trim()} (${why})`] : [];
  });
}

const checkout = () => document.querySelector('.sc-checkout')!;
const inView = (state: string) =>
  waitFor(() => expect(checkout()).toHaveAttribute('data-state', state));

describe('every locale', () => {
  it('finds English where it is: the search works', () => {
    expect(english('Payment submitted')).not.toBeNull();
    expect(english('Pago enviado: your bank has it')).not.toBeNull();
    expect(english('Elija otra cuenta, or try this one again.')).not.toBeNull();
    expect(english('Su pago de 19,99 US$ desde Sandbox checking ••6789 se ha enviado.')).toBeNull();
    expect(english('Subtotal')).toBeNull();
    // A date in English words, in any language.
    expect(english('Peman ou an te voye jou July 3, 2025.')).not.toBeNull();
    // In a pseudo-locale, any word the catalogue did not write.
    expect(english('[Þåý 19,99 öñé] Checkout', true)).not.toBeNull();
    expect(english('[Åççéþţéđ öñ July 3, 2025 at 8:01:30 AM EDT. öñé]', true)).toBeNull();
  });

  for (const tag of CATALOGUES.filter((tag) => !ENGLISH_CATALOGUES.includes(tag))) {
    it(`${tag}: ready, submitted and blocked, with no English`, { timeout: 30_000 }, async () => {
      const { dir } = resolveLocale(tag);
      const strict = PSEUDO_LOCALES.some((pseudo) => pseudo === tag);
      const language = { strict, dateWords: dateWordsOf(tag) };
      const { user } = await mountCheckout(sandbox, 'alice', { provider: { locale: tag } });
      await inView('ready');
      expect(checkout()).toHaveAttribute('lang', tag);
      expect(checkout()).toHaveAttribute('dir', dir);
      const found = englishOf('ready', checkout(), language);

      await user.click(checkout().querySelector('button.sc-pay')!);
      await inView('success');
      found.push(
        ...englishOf('submitted', checkout(), language),
        ...englishOf('said', liveRegion(), language),
      );
      expect(liveRegion().lastElementChild).toHaveAttribute('lang', tag);

      cleanup();
      await mountCheckout(sandbox, 'test_blocked-words', { provider: { locale: tag } });
      await inView('blocked');
      found.push(...englishOf('blocked', checkout(), language));
      expect(found).toEqual([]);
    });
  }
});
