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

/** A day on the payer's calendar, such as "July 3, 2025". */
export function formatDay(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

/** A calendar date written `YYYY-MM-DD`, with its weekday: "Wednesday, July 9, 2025". */
export function formatCalendarDate(date: string, locale: string): string {
  // Midnight UTC of that date, read in UTC: the same date in every time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A moment on the payer's clock, such as "July 3, 2025 at 12:01 PM". */
export function formatMoment(isoTimestamp: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(isoTimestamp),
  );
}
