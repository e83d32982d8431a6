import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedSettlement, isBankingDay } from '../../src/core/banking-days.js';
import { ConfigError } from '../../src/core/errors.js';

// [what it shows, submittedAt, settlesOn] with the default options (3 banking days, 16:00 New York).
// Each is worked out by hand in its comment: start day, then the three banking days counted.
const CASES: readonly (readonly [string, Date | string, string])[] = [
  // The cutoff, one minute before, at and after, in winter (EST) and summer (EDT).
  ['Tue 15:59 EST: Tue; Wed Thu Fri', '2025-03-04T15:59:00-05:00', '2025-03-07'],
  ['Tue 16:00 EST: Wed; Thu Fri Mon', '2025-03-04T16:00:00-05:00', '2025-03-10'],
  ['Tue 16:01 EST: Wed; Thu Fri Mon', '2025-03-04T16:01:00-05:00', '2025-03-10'],
  ['Tue 15:59 EDT: Tue; Wed Thu Fri', '2025-07-15T15:59:00-04:00', '2025-07-18'],
  ['Tue 15:59:59.999 EDT', new Date('2025-07-15T19:59:59.999Z'), '2025-07-18'],
  ['Tue 16:00 EDT: Wed; Thu Fri Mon', '2025-07-15T16:00:00-04:00', '2025-07-21'],
  ['Tue 16:01 EDT: Wed; Thu Fri Mon', '2025-07-15T16:01:00-04:00', '2025-07-21'],
  // Daylight saving time starts and ends: the cutoff moves by an hour in UTC. 20:30Z is after
  // the cutoff in summer (16:30 EDT) and before it in winter (15:30 EST).
  ['2023 Fri before spring: 15:59 EST', '2023-03-10T20:59:00Z', '2023-03-15'],
  ['2023 Fri before spring: 16:00 EST', '2023-03-10T21:00:00Z', '2023-03-16'],
  ['2023 Mon after spring: 15:59 EDT', '2023-03-13T19:59:00Z', '2023-03-16'],
  ['2023 Mon after spring: 16:00 EDT', '2023-03-13T20:00:00Z', '2023-03-17'],
  ['2023 Mon after spring: 16:30 EDT', '2023-03-13T20:30:00Z', '2023-03-17'],
  ['2023 Fri before fall: 15:59 EDT', '2023-11-03T19:59:00Z', '2023-11-08'],
  ['2023 Fri before fall: 16:00 EDT', '2023-11-03T20:00:00Z', '2023-11-09'],
  ['2023 Mon after fall: 15:30 EST', '2023-11-06T20:30:00Z', '2023-11-09'],
  // Veterans Day 2023 is a Saturday: Friday the 10th is a banking day.
  ['2023 Mon after fall: 16:00 EST; Tue; Wed Thu Fri 10th', '2023-11-06T21:00:00Z', '2023-11-10'],
  ['2024 Sun in the skipped hour (03:30 EDT): Mon', '2024-03-10T07:30:00Z', '2024-03-14'],
  ['2024 Mon after spring: 15:59 EDT', '2024-03-11T19:59:00Z', '2024-03-14'],
  ['2024 Mon after spring: 16:00 EDT', '2024-03-11T20:00:00Z', '2024-03-15'],
  ['2024 Mon after spring: 16:30 EDT', '2024-03-11T20:30:00Z', '2024-03-15'],
  ['2024 Sun, first 01:30 (EDT): Mon', '2024-11-03T05:30:00Z', '2024-11-07'],
  ['2024 Sun, second 01:30 (EST): Mon', '2024-11-03T06:30:00Z', '2024-11-07'],
  ['2024 Mon after fall: 15:30 EST', '2024-11-04T20:30:00Z', '2024-11-07'],
  ['2024 Mon after fall: 15:59 EST', '2024-11-04T20:59:00Z', '2024-11-07'],
  ['2024 Mon after fall: 16:00 EST', '2024-11-04T21:00:00Z', '2024-11-08'],
  ['2025 Mon after spring: 15:59 EDT', '2025-03-10T19:59:00Z', '2025-03-13'],
  ['2025 Mon after spring: 16:00 EDT', '2025-03-10T20:00:00Z', '2025-03-14'],
  ['2025 Mon after fall: 15:30 EST', '2025-11-03T20:30:00Z', '2025-11-06'],
  ['2025 Mon after fall: 16:00 EST', '2025-11-03T21:00:00Z', '2025-11-07'],
  ['2026 Mon after spring: 15:59 EDT', '2026-03-09T19:59:00Z', '2026-03-12'],
  ['2026 Mon after spring: 16:00 EDT', '2026-03-09T20:00:00Z', '2026-03-13'],
  ['2026 Mon after fall: 15:30 EST', '2026-11-02T20:30:00Z', '2026-11-05'],
  ['2026 Mon after fall: 16:00 EST', '2026-11-02T21:00:00Z', '2026-11-06'],
  // Weekends and holidays.
  ['Sat: Mon; Tue Wed Thu', '2025-07-05T10:00:00-04:00', '2025-07-10'],
  ['Sun before MLK Day: Tue; Wed Thu Fri', '2025-01-19T12:00:00-05:00', '2025-01-24'],
  ['Thanksgiving: Fri; Mon Tue Wed', '2025-11-27T09:00:00-05:00', '2025-12-03'],
  [
    'Fri after cutoff before Memorial Day: Tue; Wed Thu Fri',
    '2025-05-23T16:30:00-04:00',
    '2025-05-30',
  ],
  ['Wed before July 4: Wed; Thu Mon Tue', '2025-07-02T10:00:00-04:00', '2025-07-08'],
  ['Wed before Juneteenth: Wed; Fri Mon Tue', '2025-06-18T10:00:00-04:00', '2025-06-24'],
  ['July 4 on a Saturday: Fri 3rd is open; Mon Tue Wed', '2026-07-03T10:00:00-04:00', '2026-07-08'],
  ['July 4 on a Sunday: Mon 5th closed; Tue Wed Thu', '2027-07-02T10:00:00-04:00', '2027-07-08'],
  // Around New Year.
  ['Dec 31 15:59 EST: Dec 31; Jan 2 3 6', '2024-12-31T15:59:00-05:00', '2025-01-06'],
  ['Dec 31 16:00 EST: Jan 2; Jan 3 6 7', '2024-12-31T16:00:00-05:00', '2025-01-07'],
  ['Dec 31 22:00 EST, already Jan 1 in UTC', '2025-01-01T03:00:00Z', '2025-01-07'],
  ['New Year’s Day, New York midnight', new Date('2025-01-01T05:00:00Z'), '2025-01-07'],
  [
    'New Year 2022 on a Saturday: Dec 31 open; Jan 3 4 5',
    '2021-12-31T10:00:00-05:00',
    '2022-01-05',
  ],
  [
    'New Year 2023 on a Sunday: Jan 2 closed; Tue; 4 5 6',
    '2022-12-30T17:00:00-05:00',
    '2023-01-06',
  ],
  ['Christmas 2022 on a Sunday: Dec 26 closed', '2022-12-23T16:00:00-05:00', '2022-12-30'],
  ['New Year 2028 on a Saturday: Dec 31 open', '2027-12-31T10:00:00-05:00', '2028-01-05'],
];

// Zones far from New York on both sides, one with other daylight-saving dates, and New York:
// [zone, getTimezoneOffset() in January, settlesOn for 15:59 on Tuesday 2025-07-15 on its clock].
// That wall-clock time is a different instant in each zone; in New York it is
//   Tokyo 02:59 Tue, Kiritimati 21:59 Mon, Pago Pago 22:59 Tue, London 10:59 Tue,
//   Los Angeles 18:59 Tue, New York 15:59 Tue: processed Tue (Fri) or Wed (Mon the 21st).
const ZONES = [
  ['Asia/Tokyo', -540, '2025-07-18'],
  ['Pacific/Kiritimati', -840, '2025-07-18'],
  ['Pacific/Pago_Pago', 660, '2025-07-21'],
  ['Europe/London', 0, '2025-07-18'],
  ['America/Los_Angeles', 480, '2025-07-21'],
  ['America/New_York', 300, '2025-07-18'],
] as const;

describe('expectedSettlement', () => {
  it.each(CASES)('%s', (_what, submittedAt, settlesOn) => {
    expect(expectedSettlement(submittedAt)).toEqual({ settlesOn });
  });

  it('reads one instant the same in every ISO 8601 form and as a Date', () => {
    const before = [
      '2025-07-15T19:59:00Z',
      '2025-07-15T19:59:00.000Z',
      '2025-07-15T19:59:59.999999Z',
      '2025-07-15T19:59Z',
      '2025-07-15t19:59:00z',
      '2025-07-15T15:59:00-04:00',
      '2025-07-15T14:59:00-05:00',
      '2025-07-15T08:59:00-11:00',
      '2025-07-16T04:59:00+09:00',
      '2025-07-16T05:44:00+09:45',
      '2025-07-16T09:59:00+14:00',
      new Date(Date.UTC(2025, 6, 15, 19, 59)),
    ];
    const after = [
      '2025-07-15T20:00:00Z',
      '2025-07-16T05:00:00+09:00',
      new Date('2025-07-15T20:00Z'),
    ];
    for (const submittedAt of before) {
      expect(expectedSettlement(submittedAt), String(submittedAt)).toEqual({
        settlesOn: '2025-07-18',
      });
    }
    for (const submittedAt of after) {
      expect(expectedSettlement(submittedAt), String(submittedAt)).toEqual({
        settlesOn: '2025-07-21',
      });
    }
  });

  it('uses 3 banking days and a 16:00 cutoff when no options are given', () => {
    const submittedAt = '2025-07-15T15:59:00-04:00';
    expect(expectedSettlement(submittedAt)).toEqual(
      expectedSettlement(submittedAt, { businessDays: 3, cutoff: '16:00' }),
    );
    expect(expectedSettlement(submittedAt, {})).toEqual({ settlesOn: '2025-07-18' });
  });

  it('settles on the processing day itself with businessDays 0', () => {
    const settle = (submittedAt: string) => expectedSettlement(submittedAt, { businessDays: 0 });
    expect(settle('2025-07-15T15:59:00-04:00')).toEqual({ settlesOn: '2025-07-15' });
    expect(settle('2025-07-15T16:00:00-04:00')).toEqual({ settlesOn: '2025-07-16' });
    expect(settle('2025-07-05T10:00:00-04:00')).toEqual({ settlesOn: '2025-07-07' });
    expect(settle('2025-07-03T16:00:00-04:00')).toEqual({ settlesOn: '2025-07-07' });
  });

  it('counts the banking days it is given', () => {
    const from = '2025-07-02T10:00:00-04:00'; // Wed; then Thu 3, Mon 7 (4th closed), Tue, Wed, Thu
    expect(expectedSettlement(from, { businessDays: 1 })).toEqual({ settlesOn: '2025-07-03' });
    expect(expectedSettlement(from, { businessDays: 2 })).toEqual({ settlesOn: '2025-07-07' });
    expect(expectedSettlement(from, { businessDays: 5 })).toEqual({ settlesOn: '2025-07-10' });
    const { settlesOn } = expectedSettlement(from, { businessDays: 365 });
    expect(isBankingDay(settlesOn)).toBe(true);
    expect(settlesOn > '2026-11-01' && settlesOn < '2027-01-31').toBe(true);
  });

  it('takes the cutoff it is given, in New York time', () => {
    const settle = (submittedAt: string, cutoff: string) =>
      expectedSettlement(submittedAt, { cutoff }).settlesOn;
    expect(settle('2025-07-15T14:29:00-04:00', '14:30')).toBe('2025-07-18');
    expect(settle('2025-07-15T14:30:00-04:00', '14:30')).toBe('2025-07-21');
    expect(settle('2025-07-15T00:00:00-04:00', '00:00')).toBe('2025-07-21');
    expect(settle('2025-07-15T23:58:00-04:00', '23:59')).toBe('2025-07-18');
    expect(settle('2025-07-15T23:59:00-04:00', '23:59')).toBe('2025-07-21');
    // 09:00 in Tokyo is 20:00 the day before in New York: after a 16:00 cutoff, before 21:00.
    expect(settle('2025-07-16T09:00:00+09:00', '16:00')).toBe('2025-07-21');
    expect(settle('2025-07-16T09:00:00+09:00', '21:00')).toBe('2025-07-18');
  });
});

describe('expectedSettlement input', () => {
  const SUBMITTED_AT =
    '[service-checkout] expectedSettlement: submittedAt must be a valid Date or an ISO 8601 date-time with Z or an offset, such as "2025-07-03T15:30:00-04:00"; received';

  it.each([
    ['', '""'],
    ['tomorrow', '"tomorrow"'],
    ['2025-07-15', '"2025-07-15"'],
    ['2025-07-15T15:59:00', '"2025-07-15T15:59:00"'],
    ['2025-07-15 15:59:00Z', '"2025-07-15 15:59:00Z"'],
    ['2025-02-30T10:00:00Z', '"2025-02-30T10:00:00Z"'],
    ['2025-07-15T24:00:00Z', '"2025-07-15T24:00:00Z"'],
    ['2025-07-15T10:60:00Z', '"2025-07-15T10:60:00Z"'],
    ['2025-07-15T10:00:60Z', '"2025-07-15T10:00:60Z"'],
    ['2025-07-15T10:00:001Z', '"2025-07-15T10:00:001Z"'],
    ['2025-07-15T10:00:00.Z', '"2025-07-15T10:00:00.Z"'],
    ['2025-07-15T10:00:00+5:00', '"2025-07-15T10:00:00+5:00"'],
    ['2025-07-15T10:00:00+24:00', '"2025-07-15T10:00:00+24:00"'],
    ['Tue, 15 Jul 2025 19:59:00 GMT', '"Tue, 15 Jul 2025 19:59:00 GMT"'],
    [new Date(Number.NaN), 'an invalid Date'],
    [1752609540000, '1752609540000'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('refuses submittedAt %j, saying what to pass', (submittedAt, received) => {
    const error = catchError(() => expectedSettlement(submittedAt as string));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ option: 'submittedAt', message: `${SUBMITTED_AT} ${received}.` });
  });

  it.each(['4pm', '16', '24:00', '16:60', '9:00', '16:00:00', '', 1600, null])(
    'refuses cutoff %j, saying what to pass',
    (cutoff) => {
      const error = catchError(() =>
        expectedSettlement('2025-07-15T10:00:00Z', { cutoff: cutoff as string }),
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'cutoff' });
      expect((error as Error).message).toMatch(
        /^\[service-checkout\] expectedSettlement: cutoff must be a New York time written HH:MM on a 24-hour clock, such as "16:00"; received .+\.$/,
      );
    },
  );

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 366, '3', null])(
    'refuses businessDays %j, saying what to pass',
    (businessDays) => {
      const error = catchError(() =>
        expectedSettlement('2025-07-15T10:00:00Z', { businessDays: businessDays as number }),
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ option: 'businessDays' });
      expect((error as Error).message).toMatch(
        /^\[service-checkout\] expectedSettlement: businessDays must be a whole number of banking days from 0 to 365, such as 3; received .+\.$/,
      );
    },
  );
});

describe.each(ZONES)(
  'expectedSettlement in a process whose time zone is %s',
  (zone, offset, tuesday) => {
    const zoneAtStart = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone; // Node re-reads the zone when TZ is assigned
    });
    afterAll(() => {
      if (zoneAtStart === undefined) delete process.env.TZ;
      else process.env.TZ = zoneAtStart;
    });

    it('is really running in that zone', () => {
      expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
      expect(new Date(2025, 0, 15, 12).getTimezoneOffset()).toBe(offset);
    });

    it('gives every case the same day as anywhere else', () => {
      const settled = CASES.map(([, submittedAt]) => expectedSettlement(submittedAt).settlesOn);
      expect(settled).toEqual(CASES.map(([, , settlesOn]) => settlesOn));
    });

    it('reads a Date made from this zone’s wall clock as the instant it is', () => {
      const localTuesday = new Date(2025, 6, 15, 15, 59);
      expect(expectedSettlement(localTuesday)).toEqual({ settlesOn: tuesday });
      expect(expectedSettlement(localTuesday.toISOString())).toEqual({ settlesOn: tuesday });
    });
  },
);

describe('expectedSettlement, for any submission between 1990 and 2100', () => {
  const newYork = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** The New York date (YYYY-MM-DD) and minutes after New York midnight of an instant. */
  const inNewYork = (instant: Date) => {
    const part = (type: string) =>
      newYork.formatToParts(instant).find((p) => p.type === type)!.value;
    return {
      date: `${part('year')}-${part('month')}-${part('day')}`,
      minutes: Number(part('hour')) * 60 + Number(part('minute')),
    };
  };
  const nextBankingDay = (date: string) => {
    let ms = Date.parse(date);
    do ms += 86_400_000;
    while (!isBankingDay(new Date(ms).toISOString().slice(0, 10)));
    return new Date(ms).toISOString().slice(0, 10);
  };
  const anyInstant = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  // 19:00-21:59 UTC holds the 16:00 cutoff in both EST and EDT.
  const nearTheCutoff = fc
    .record({
      day: fc.integer({ min: 7305, max: 23741 }),
      ms: fc.integer({ min: 0, max: 3 * 3600_000 - 1 }),
    })
    .map(({ day, ms }) => new Date(day * 86_400_000 + 19 * 3600_000 + ms));
  const submittedAt = fc.oneof(anyInstant, nearTheCutoff);
  const options = fc.record({
    businessDays: fc.integer({ min: 0, max: 10 }),
    cutoff: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(
        ([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      ),
  });

  it('settles on a banking day, after the New York date (on or after it for 0 days)', () => {
    fc.assert(
      fc.property(submittedAt, options, (instant, settlement) => {
        const { settlesOn } = expectedSettlement(instant, settlement);
        const { date } = inNewYork(instant);
        expect(isBankingDay(settlesOn)).toBe(true);
        expect(settlement.businessDays === 0 ? settlesOn >= date : settlesOn > date).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('processes on the New York date when it is a banking day before the cutoff, else the next', () => {
    fc.assert(
      fc.property(submittedAt, options, (instant, { cutoff }) => {
        const { date, minutes } = inNewYork(instant);
        const [hour, minute] = cutoff.split(':').map(Number);
        const beforeCutoff = minutes < hour! * 60 + minute!;
        const processingDay = isBankingDay(date) && beforeCutoff ? date : nextBankingDay(date);
        expect(expectedSettlement(instant, { businessDays: 0, cutoff })).toEqual({
          settlesOn: processingDay,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('adds exactly one banking day for each business day', () => {
    fc.assert(
      fc.property(submittedAt, options, (instant, { businessDays, cutoff }) => {
        const fewer = expectedSettlement(instant, { businessDays, cutoff }).settlesOn;
        const more = expectedSettlement(instant, { businessDays: businessDays + 1, cutoff });
        expect(more).toEqual({ settlesOn: nextBankingDay(fewer) });
      }),
      { numRuns: 300 },
    );
  });

  it('never settles a later submission earlier', () => {
    fc.assert(
      fc.property(submittedAt, submittedAt, options, (first, second, settlement) => {
        const [earlier, later] = first <= second ? [first, second] : [second, first];
        const settlesEarlier = expectedSettlement(earlier, settlement).settlesOn;
        expect(settlesEarlier <= expectedSettlement(later, settlement).settlesOn).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same day for the instant written with any offset', () => {
    const offsetMinutes = fc.integer({ min: -12 * 60, max: 14 * 60 });
    fc.assert(
      fc.property(submittedAt, offsetMinutes, (instant, offset) => {
        const wallClock = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
        const sign = offset < 0 ? '-' : '+';
        const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offset) % 60).padStart(2, '0');
        const written = `${wallClock}${sign}${hh}:${mm}`;
        expect(expectedSettlement(written), written).toEqual(expectedSettlement(instant));
      }),
      { numRuns: 300 },
    );
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
