// New York wall times as instants, from Intl alone: the hours the sandbox batches and settles
// payments at on banking days, on both sides of the changes of daylight saving time.
import { describe, expect, it } from 'vitest';
import { newYorkDateAndTime, newYorkInstant } from '../../src/core/new-york-time.js';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

describe('newYorkInstant', () => {
  it('reads a New York wall time in EST (UTC-5) and in EDT (UTC-4)', () => {
    expect(iso(newYorkInstant('2026-03-06', '16:00'))).toBe('2026-03-06T21:00:00.000Z');
    expect(iso(newYorkInstant('2026-03-09', '16:00'))).toBe('2026-03-09T20:00:00.000Z');
    expect(iso(newYorkInstant('2026-07-03', '09:00'))).toBe('2026-07-03T13:00:00.000Z');
    expect(iso(newYorkInstant('2026-12-31', '23:59'))).toBe('2027-01-01T04:59:00.000Z');
  });

  it('takes the offset of the day itself on the days the clocks change', () => {
    // Clocks go forward at 02:00 on March 8, 2026 and back at 02:00 on November 1.
    expect(iso(newYorkInstant('2026-03-08', '00:30'))).toBe('2026-03-08T05:30:00.000Z');
    expect(iso(newYorkInstant('2026-03-08', '09:00'))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(newYorkInstant('2026-11-01', '00:30'))).toBe('2026-11-01T04:30:00.000Z');
    expect(iso(newYorkInstant('2026-11-01', '16:00'))).toBe('2026-11-01T21:00:00.000Z');
  });

  it('is the inverse of newYorkDateAndTime', () => {
    for (const time of ['2026-03-09T20:00:00.000Z', '2026-11-04T14:00:00.000Z']) {
      const { year, month, day, minutes } = newYorkDateAndTime(Date.parse(time));
      const two = (value: number) => String(value).padStart(2, '0');
      const date = `${year}-${two(month)}-${two(day)}`;
      expect(
        iso(newYorkInstant(date, `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`)),
      ).toBe(time);
    }
  });
});
