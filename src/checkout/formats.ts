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
  const timeZone = 'America/New_York';
  if (!writesDatesIn(locale)) return inDigits(date, { timeZone });
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
}

/** A calendar date written `YYYY-MM-DD`, with its weekday: "Wednesday, July 9, 2025". */
export function formatCalendarDate(date: string, locale: string): string {
  if (!writesDatesIn(locale)) return date;
  // Midnight UTC of that date, read in UTC: the same date in every time zone.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A moment on the payer's clock, with its time zone: "July 3, 2025 at 8:01:30 AM EDT". */
export function formatMoment(isoTimestamp: string, locale: string): string {
  const moment = new Date(isoTimestamp);
  if (!writesDatesIn(locale)) return inDigits(moment, { withTime: true });
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long' }).format(moment);
}

/**
 * Whether the runtime has words for dates in `locale`. Where it has none (Haitian Creole, in
 * today's browsers), Intl would write a date in English in the middle of the payer's language.
 */
function writesDatesIn(locale: string): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0;
}

// A time in digits, with its offset from UTC.
const TIME_IN_DIGITS: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'shortOffset',
};

/** A date in digits, and its time if asked: "2025-07-03", "2025-07-03 08:01:30 GMT-4". */
function inDigits(date: Date, options: { timeZone?: string; withTime?: boolean }): string {
  // A locale whose parts are plain digits; only the digits are taken.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(options.withTime && TIME_IN_DIGITS),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (!options.withTime) return day;
  return `${day} ${part('hour')}:${part('minute')}:${part('second')} ${part('timeZoneName')}`;
}
