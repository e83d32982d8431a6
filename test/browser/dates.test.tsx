// In Chromium, whose ICU has no dates for some of the checkout's languages (Armenian, Khmer,
// Maltese and Haitian Creole in Debian's build): each language's dates are in its own words, or
// in digits where the engine has none, never in English.
import { expect, it } from 'vitest';
import { formatCalendarDate, formatDay, formatMoment } from '../../src/checkout/formats.js';
import { CATALOGUES } from '../../src/checkout/messages/locales.js';

// 2025-07-03 12:01:30 UTC; 2025-07-09 was a Wednesday.
const MOMENT = '2025-07-03T12:01:30.000Z';
const ENGLISH_NAMES = /\b(?:July|Wednesday)\b/;

it.each(CATALOGUES.filter((tag) => !tag.startsWith('en')))(
  '%s: dates in its own words, or in digits',
  (tag) => {
    const written = [
      formatDay(new Date(MOMENT), tag),
      formatCalendarDate('2025-07-09', tag),
      formatMoment(MOMENT, tag),
    ];
    if (Intl.DateTimeFormat.supportedLocalesOf(tag).length === 0) {
      expect(written).toEqual(['2025-07-03', '2025-07-09', '2025-07-03 12:01:30 UTC']);
    }
    for (const date of written) expect(date).not.toMatch(ENGLISH_NAMES);
  },
);
