// Federal Reserve banking days and the day an ACH debit is expected to settle. Pure: no time-zone
// data is shipped; New York time comes from Intl (new-york-time.ts), so this runs in browsers,
// Node and edge runtimes.
import { ConfigError } from './errors.js';
import { messages } from './messages.js';
import { newYorkDateAndTime } from './new-york-time.js';

const DAY_MS = 86_400_000;
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;
const MAX_BUSINESS_DAYS = 365;

/** Holidays on a fixed date: [month, day, first year observed]. */
const FIXED_DATE_HOLIDAYS: readonly (readonly [number, number, number?])[] = [
  [1, 1], // New Year's Day
  [6, 19, 2022], // Juneteenth National Independence Day (Reserve Banks stayed open for it in 2021)
  [7, 4], // Independence Day
  [11, 11], // Veterans Day
  [12, 25], // Christmas Day
];

/** Holidays on a weekday of a month: [month, weekday, first day of the month it can fall on]. */
const WEEKDAY_HOLIDAYS: readonly (readonly [number, number, number])[] = [
  [1, MONDAY, 15], // Birthday of Martin Luther King, Jr.: third Monday of January
  [2, MONDAY, 15], // Washington's Birthday: third Monday of February
  [5, MONDAY, 25], // Memorial Day: last Monday of May
  [9, MONDAY, 1], // Labor Day: first Monday of September
  [10, MONDAY, 8], // Columbus Day: second Monday of October
  [11, THURSDAY, 22], // Thanksgiving Day: fourth Thursday of November
];

/** Options of {@link expectedSettlement}. */
export interface SettlementOptions {
  /**
   * Banking days counted after the day the debit is processed (default 3). `0` means the debit
   * settles on the day it is processed: the submission's New York date when that is a banking
   * day and the cutoff has not passed, otherwise the next banking day (same-day ACH). A whole
   * number from 0 to 365.
   */
  businessDays?: number;
  /**
   * New York time, `"HH:MM"` on a 24-hour clock (default `"16:00"`): a debit submitted at or
   * after it is processed on the next banking day.
   */
  cutoff?: string;
}

/** When a debit is expected to settle. */
export interface ExpectedSettlement {
  /** The settlement date, `YYYY-MM-DD`, a banking day. */
  settlesOn: string;
}

/**
 * Whether the Federal Reserve Banks are open for payments on a date (`"YYYY-MM-DD"`): false on
 * Saturdays, Sundays and the Federal Reserve's holidays as observed. A holiday that falls on a
 * Sunday is observed the Monday after; one that falls on a Saturday is not moved (the Reserve
 * Banks are open that Friday). Today's holiday rules are applied to every year, Juneteenth from
 * 2022 on.
 *
 * @throws {@link ConfigError} when `date` is not a real calendar date written `YYYY-MM-DD`.
 */
export function isBankingDay(date: string): boolean {
  return isBankingDayNumber(parseCalendarDate(date));
}

/**
 * The day a debit submitted at `submittedAt` is expected to settle: take the date in New York
 * (America/New_York); when that is not a banking day, or the New York time is at or after
 * `cutoff`, start from the next banking day; then count `businessDays` banking days forward.
 * The result does not depend on the time zone of the machine it runs on.
 *
 * @param submittedAt A valid `Date`, or an ISO 8601 date-time with `Z` or an offset, such as
 *   `"2025-07-03T15:30:00-04:00"` (without one a time would mean the machine's own zone).
 * @throws {@link ConfigError} naming the argument when `submittedAt`, `cutoff` or
 *   `businessDays` is not as described above.
 */
export function expectedSettlement(
  submittedAt: Date | string,
  { businessDays = 3, cutoff = '16:00' }: SettlementOptions = {},
): ExpectedSettlement {
  const instant = parseInstant(submittedAt);
  const cutoffMinutes = parseCutoff(cutoff);
  checkBusinessDays(businessDays);

  const newYork = newYorkDateAndTime(instant);
  let day = dayNumberOf(newYork.year, newYork.month, newYork.day);
  if (!isBankingDayNumber(day) || newYork.minutes >= cutoffMinutes) day = nextBankingDay(day);
  for (let counted = 0; counted < businessDays; counted++) day = nextBankingDay(day);
  return { settlesOn: new Date(day * DAY_MS).toISOString().slice(0, 10) };
}

// Days are counted as whole days since 1970-01-01 (UTC has no daylight saving to skip over).

function isBankingDayNumber(dayNumber: number): boolean {
  const date = new Date(dayNumber * DAY_MS);
  const weekday = date.getUTCDay();
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  // A Monday is closed for its own date's holiday, or for one that fell on the Sunday before.
  const onFixedHoliday = FIXED_DATE_HOLIDAYS.some(
    ([holidayMonth, holidayDay, since = 0]) =>
      holidayMonth === month &&
      year >= since &&
      (holidayDay === day || (weekday === MONDAY && holidayDay === day - 1)),
  );
  const onWeekdayHoliday = WEEKDAY_HOLIDAYS.some(
    ([holidayMonth, holidayWeekday, firstDay]) =>
      holidayMonth === month && holidayWeekday === weekday && day >= firstDay && day < firstDay + 7,
  );
  return !onFixedHoliday && !onWeekdayHoliday;
}

function nextBankingDay(dayNumber: number): number {
  let next = dayNumber + 1;
  while (!isBankingDayNumber(next)) next++;
  return next;
}

/** The day number of a calendar date, or NaN when the date does not exist (such as 02-30). */
function dayNumberOf(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, does not turn years 0-99 into 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? date.getTime() / DAY_MS : NaN;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseCalendarDate(date: unknown): number {
  const match = typeof date === 'string' ? CALENDAR_DATE.exec(date) : null;
  const dayNumber = match ? dayNumberOf(Number(match[1]), Number(match[2]), Number(match[3])) : NaN;
  if (Number.isNaN(dayNumber)) {
    throw invalid(
      'isBankingDay',
      'date',
      'must be a calendar date written YYYY-MM-DD, such as "2025-07-03"',
      date,
    );
  }
  return dayNumber;
}

/** Milliseconds since the epoch of a valid Date or an ISO 8601 date-time with an offset. */
function parseInstant(submittedAt: unknown): number {
  const instant =
    submittedAt instanceof Date
      ? submittedAt.getTime()
      : typeof submittedAt === 'string'
        ? parseDateTime(submittedAt)
        : NaN;
  if (Number.isNaN(instant)) {
    throw invalid(
      'expectedSettlement',
      'submittedAt',
      'must be a valid Date or an ISO 8601 date-time with Z or an offset, such as "2025-07-03T15:30:00-04:00"',
      submittedAt,
    );
  }
  return instant;
}

// Hours 00-23, minutes and seconds 00-59, offsets up to ±23:59. Date.parse reads the rest alike
// in every engine once the fraction has three digits and the letters are upper case, but it
// would roll a date that does not exist (30 February) over into the next month.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

function parseDateTime(text: string): number {
  const match = DATE_TIME.exec(text);
  if (!match || Number.isNaN(dayNumberOf(+match[1]!, +match[2]!, +match[3]!))) return NaN;
  // A fraction of a second as milliseconds: finer digits are dropped, as Date does.
  const fraction = (digits: string) => `.${digits.padEnd(3, '0').slice(0, 3)}`;
  return Date.parse(text.toUpperCase().replace(/\.(\d+)/, (_, digits: string) => fraction(digits)));
}

const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after New York midnight. */
function parseCutoff(cutoff: unknown): number {
  const match = typeof cutoff === 'string' ? CUTOFF.exec(cutoff) : null;
  if (!match) {
    throw invalid(
      'expectedSettlement',
      'cutoff',
      'must be a New York time written HH:MM on a 24-hour clock, such as "16:00"',
      cutoff,
    );
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

function checkBusinessDays(businessDays: number): void {
  const valid =
    Number.isInteger(businessDays) && businessDays >= 0 && businessDays <= MAX_BUSINESS_DAYS;
  if (!valid) {
    throw invalid(
      'expectedSettlement',
      'businessDays',
      `must be a whole number of banking days from 0 to ${MAX_BUSINESS_DAYS}, such as 3`,
      businessDays,
    );
  }
}

function invalid(fn: string, option: string, problem: string, received: unknown): ConfigError {
  return new ConfigError(
    option,
    messages.invalidOption(`${fn}: ${option}`, `${problem}; received ${shown(received)}`),
  );
}

function shown(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  }
  if (typeof value === 'number' || value === null || value === undefined) return String(value);
  if (value instanceof Date) return 'an invalid Date';
  return `a value of type ${typeof value}`;
}
