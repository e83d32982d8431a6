import { describe, expect, it } from 'vitest';
import { isBankingDay } from '../../src/core/banking-days.js';
import { ConfigError } from '../../src/core/errors.js';
import {
  JUNETEENTH_2021,
  NOT_IN_THE_PUBLISHED_TABLE,
  PUBLISHED_SCHEDULES,
  UNPUBLISHED_YEARS,
  type PublishedSchedule,
} from './fixtures/federal-reserve-holidays.js';

const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** Every date from `first` through `last` (inclusive), YYYY-MM-DD. */
function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(first); ms <= Date.parse(last); ms += DAY_MS) dates.push(iso(ms));
  return dates;
}

interface PublishedCell {
  holiday: string;
  date: string;
  mark: '' | '*' | '**';
}

/** The cells of a published table as dates, with their Saturday/Sunday marks. */
function cells(schedule: PublishedSchedule): PublishedCell[] {
  return Object.entries(schedule.rows).flatMap(([holiday, row]) =>
    row.map((cell, index) => {
      const [, month = '', day = '', mark = ''] = /^(\w+) (\d+)(\**)$/.exec(cell) ?? [];
      const year = schedule.years[index]!;
      expect(MONTHS, `${holiday} ${year}: "${cell}"`).toContain(month);
      const date = iso(utc(year, MONTHS.indexOf(month) + 1, Number(day)));
      return { holiday, date, mark: mark as PublishedCell['mark'] };
    }),
  );
}

/** The days a table closes the Reserve Banks: the date itself, or the Monday after a Sunday. */
function closedDays(schedule: PublishedSchedule): string[] {
  return cells(schedule).flatMap(({ date, mark }) =>
    mark === '*' ? [] : mark === '**' ? [iso(Date.parse(date) + DAY_MS)] : [date],
  );
}

/**
 * The observed holidays of a year, derived from the rules the Federal Reserve states, written
 * independently of the module under test: nth weekdays counted from the 1st of the month.
 */
function closedDaysByRules(year: number): string[] {
  const nthWeekday = (month: number, dayOfWeek: number, nth: number) => {
    const first = new Date(utc(year, month, 1)).getUTCDay();
    return utc(year, month, 1 + ((dayOfWeek - first + 7) % 7) + 7 * (nth - 1));
  };
  const lastMonday = (month: number) => {
    const fourth = nthWeekday(month, 1, 4);
    return new Date(fourth + 7 * DAY_MS).getUTCMonth() === month - 1 ? fourth + 7 * DAY_MS : fourth;
  };
  const fixed = [
    utc(year, 1, 1),
    ...(year >= 2022 ? [utc(year, 6, 19)] : []),
    utc(year, 7, 4),
    utc(year, 11, 11),
    utc(year, 12, 25),
  ].flatMap((ms) => {
    const day = new Date(ms).getUTCDay();
    return day === 6 ? [] : day === 0 ? [ms + DAY_MS] : [ms];
  });
  const floating = [
    nthWeekday(1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(2, 1, 3), // Washington's Birthday
    lastMonday(5), // Memorial Day
    nthWeekday(9, 1, 1), // Labor Day
    nthWeekday(10, 1, 2), // Columbus Day
    nthWeekday(11, 4, 4), // Thanksgiving Day
  ];
  return [...fixed, ...floating].map(iso).sort();
}

/** Dates in [first, last] where isBankingDay disagrees with "a weekday not in `closed`". */
function disagreements(first: string, last: string, closed: ReadonlySet<string>): string[] {
  return datesBetween(first, last).filter(
    (date) => isBankingDay(date) !== (!isWeekend(date) && !closed.has(date)),
  );
}

describe('the published schedules, as transcribed', () => {
  it.each(PUBLISHED_SCHEDULES.map((schedule) => [schedule.title, schedule] as const))(
    '%s: every "*" is a Saturday, every "**" a Sunday, every unmarked date a weekday',
    (_title, schedule) => {
      const wrong = cells(schedule).filter(({ date, mark }) => {
        const expected = { '*': [6], '**': [0], '': [1, 2, 3, 4, 5] }[mark];
        return !expected.includes(weekday(date));
      });
      expect(wrong).toEqual([]);
    },
  );

  it.each(
    PUBLISHED_SCHEDULES.filter((schedule) => schedule.sundayHolidayMondays).map(
      (schedule) => [schedule.title, schedule] as const,
    ),
  )('%s: the Mondays its footnotes name are the ones its "**" cells close', (_title, schedule) => {
    const mondays = cells(schedule)
      .filter(({ mark }) => mark === '**')
      .map(({ date }) => iso(Date.parse(date) + DAY_MS));
    expect(mondays.sort()).toEqual([...schedule.sundayHolidayMondays!].sort());
  });

  it('agree with each other where they overlap (2026 and 2027)', () => {
    const [, richmond, k8] = PUBLISHED_SCHEDULES;
    const inOverlap = (days: string[]) => days.filter((day) => /^202[67]-/.test(day)).sort();
    expect(inOverlap(closedDays(richmond))).toEqual(inOverlap(closedDays(k8)));
    expect(inOverlap(closedDays(k8))).toHaveLength(10 + 9); // 2026: July 4 a Saturday; 2027: two
  });
});

describe('isBankingDay against the dates the Federal Reserve published (2020-2030)', () => {
  const published = new Set(PUBLISHED_SCHEDULES.flatMap(closedDays));

  it('is right on every date from 2020-01-01 through 2030-12-31', () => {
    // The 2020-2024 table predates Juneteenth: its 2022-2024 dates come from the rules (June 19,
    // a Sunday in 2022, observed Monday June 20).
    const juneteenths = NOT_IN_THE_PUBLISHED_TABLE['Juneteenth National Independence Day'];
    expect(
      juneteenths.map((year) => closedDaysByRules(year).find((d) => d.slice(5, 7) === '06')),
    ).toEqual(['2022-06-20', '2023-06-19', '2024-06-19']);
    const closed = new Set([...published, '2022-06-20', '2023-06-19', '2024-06-19']);
    // 10 holidays a year in 2020-2021 and 11 from 2022: 119, of which 9 fell on a Saturday.
    expect(closed.size).toBe(110);
    expect(disagreements('2020-01-01', '2030-12-31', closed)).toEqual([]);
  });

  it('keeps the Reserve Banks open on the Friday before a Saturday holiday', () => {
    const fridays = PUBLISHED_SCHEDULES.flatMap(
      (schedule) => schedule.saturdayHolidayFridays ?? [],
    );
    expect(fridays.length).toBeGreaterThan(0);
    for (const friday of fridays) {
      expect(weekday(friday), friday).toBe(5);
      expect(isBankingDay(friday), friday).toBe(true);
    }
  });

  it('closes the Monday after a Sunday holiday', () => {
    for (const monday of ['2021-07-05', '2022-12-26', '2023-01-02', '2027-07-05', '2029-11-12']) {
      expect(isBankingDay(monday), monday).toBe(false);
    }
  });

  it('did not observe Juneteenth in 2021, the year it became a holiday', () => {
    for (const day of JUNETEENTH_2021.openDays) expect(isBankingDay(day), day).toBe(true);
  });

  it('is open on the Board-only closing for Inauguration Day, 2021-01-20', () => {
    expect(isBankingDay('2021-01-20')).toBe(true);
  });
});

describe('isBankingDay for years the Federal Reserve has NOT published (2031-2035), from the rules', () => {
  it('the rules, as this test derives them, give every published closing of 2020-2030', () => {
    const published = PUBLISHED_SCHEDULES.flatMap(closedDays);
    const byRules = new Set(
      Array.from({ length: 11 }, (_, index) => closedDaysByRules(2020 + index)).flat(),
    );
    expect(published.filter((day) => !byRules.has(day))).toEqual([]);
    // New Year's Day 2028 falls on a Saturday and closes nothing, in either year.
    expect(byRules.has('2027-12-31')).toBe(false);
  });

  it('is right on every date from 2031-01-01 through 2035-12-31', () => {
    const closed = new Set(UNPUBLISHED_YEARS.flatMap(closedDaysByRules));
    expect(closed).toContain('2033-12-26'); // Christmas 2033 is a Sunday
    expect(closed).not.toContain('2032-12-24'); // Christmas 2032 is a Saturday
    expect(disagreements('2031-01-01', '2035-12-31', closed)).toEqual([]);
  });
});

describe('isBankingDay input', () => {
  it.each([
    '2025-7-4',
    '2025-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-07-00',
    '20240704',
    ' 2024-07-04',
    '2024-07-04T00:00:00Z',
    '',
  ])('refuses %j with a ConfigError that shows the form to pass', (date) => {
    const error = catchError(() => isBankingDay(date));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ kind: 'config', option: 'date' });
    expect((error as Error).message).toBe(
      `[service-checkout] isBankingDay: date must be a calendar date written YYYY-MM-DD, such as "2025-07-03"; received ${JSON.stringify(date)}.`,
    );
  });

  it('refuses values that are not strings', () => {
    for (const date of [20240704, null, undefined, new Date('2024-07-04')]) {
      expect(() => isBankingDay(date as unknown as string)).toThrow(ConfigError);
    }
  });

  it('accepts 29 February in leap years', () => {
    expect(isBankingDay('2024-02-29')).toBe(true);
    expect(isBankingDay('2000-02-29')).toBe(true);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
