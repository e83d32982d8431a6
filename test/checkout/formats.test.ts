// Dates as the payer reads them: in the words of the checkout's language, or, where the runtime
// has no words for that language's dates, in digits, never in another language's words.
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDay, formatMoment } from '../../src/checkout/formats.js';

// 2025-07-03 12:01:30 UTC is 08:01:30 in New York (EDT).
const MOMENT = '2025-07-03T12:01:30.000Z';

describe('dates', () => {
  it('are written in the words of a language the runtime knows', () => {
    expect(formatDay(new Date(MOMENT), 'es')).toBe('3 de julio de 2025');
    expect(formatCalendarDate('2025-07-09', 'fr')).toBe('mercredi 9 juillet 2025');
    // On the payer's clock, wherever it is.
    expect(formatMoment(MOMENT, 'de')).toMatch(/^[34]\. Juli 2025 um \d\d:\d\d:30 /);
  });

  it('are written in digits in a language the runtime has no dates for (Haitian Creole)', () => {
    expect(Intl.DateTimeFormat.supportedLocalesOf('ht')).toEqual([]);
    // The New York date, as in any language.
    expect(formatDay(new Date('2025-07-04T02:00:00.000Z'), 'ht')).toBe('2025-07-03');
    expect(formatCalendarDate('2025-07-09', 'ht')).toBe('2025-07-09');
    // The moment it was accepted, in UTC.
    expect(formatMoment(MOMENT, 'ht')).toBe('2025-07-03 12:01:30 UTC');
  });
});
