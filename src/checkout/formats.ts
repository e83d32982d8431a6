// Dates as the payer reads them, in the checkout's locale. Amounts are formatMoney's
// (src/core/money.ts).

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
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'America/New_York',
  }).format(date);
}

/** A calendar date written `YYYY-MM-DD`, with its weekday: "Wednesday, July 9, 2025". */
export function formatCalendarDate(date: string, locale: string): string {
  // Midnight UTC of that date, read in UTC: the same date in every time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A moment on the payer's clock, with its time zone: "July 3, 2025 at 8:01:30 AM EDT". */
export function formatMoment(isoTimestamp: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long' }).format(
    new Date(isoTimestamp),
  );
}
