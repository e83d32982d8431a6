// Dates as the payer reads them, in the checkout's locale. Amounts are formatMoney's
// (src/core/money.ts).
import { newYorkDateAndTime } from '../core/new-york-time.js';

/**
 * The checkout's locale: the tag given, canonicalized, or else the runtime's own. Throws a
 * RangeError for a tag that is not BCP 47.
 */
export function resolveLocale(tag: string | undefined): string {
  return tag === undefined
    ? new Intl.DateTimeFormat().resolvedOptions().locale
    : Intl.getCanonicalLocales(tag)[0]!;
}

/**
 * The New York date of a moment, such as "July 3, 2025": the calendar the ACH network's banking
 * days follow, and one a server and the payer's browser agree on whatever their time zones.
 */
export function formatDay(date: Date, locale: string): string {
  if (!writesDatesIn(locale)) {
    const { year, month, day } = newYorkDateAndTime(date.getTime());
    return [year, month, day].map((part) => String(part).padStart(2, '0')).join('-');
  }
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'America/New_York',
  }).format(date);
}

/** A calendar date written `YYYY-MM-DD`, with its weekday: "Wednesday, July 9, 2025". */
export function formatCalendarDate(date: string, locale: string): string {
  if (!writesDatesIn(locale)) return date;
  // Midnight UTC of that date, read in UTC: the same date in every time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * A moment (ISO 8601, as `toISOString` writes it) on the payer's clock, with its time zone: "July
 * 3, 2025 at 8:01:30 AM EDT"; in digits, in UTC: "2025-07-03 12:01:30 UTC".
 */
export function formatMoment(isoTimestamp: string, locale: string): string {
  if (!writesDatesIn(locale))
    return `${isoTimestamp.slice(0, 10)} ${isoTimestamp.slice(11, 19)} UTC`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long' }).format(
    new Date(isoTimestamp),
  );
}

/**
 * Whether the runtime has words for dates in `locale`. Where it has none (Haitian Creole
 * everywhere; Armenian, Khmer and Maltese in Debian's Chromium), Intl would write a date in English
 * in the middle of the payer's language: such a date is written in digits instead, `2025-07-03`.
 */
function writesDatesIn(locale: string): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0;
}
