// New York wall-clock time (America/New_York), where the Federal Reserve's banking day and its
// cutoffs are kept, read both ways with Intl alone: no time-zone data is shipped, so this runs in
// browsers, Node and edge runtimes alike, whatever the machine's own zone.

const MINUTE_MS = 60_000;

/** A New York calendar date and the minutes since its midnight. */
export interface NewYorkTime {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
  /** Minutes after midnight, 0 to 1439. */
  minutes: number;
}

let newYorkClock: Intl.DateTimeFormat | undefined;

/** The New York date and time (to the minute) at an instant, in milliseconds since the epoch. */
export function newYorkDateAndTime(epochMs: number): NewYorkTime {
  // Made on first use, so that importing this module costs nothing.
  newYorkClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts = newYorkClock.formatToParts(epochMs);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  // Some engines have written midnight as hour 24 of the same date.
  const minutes = (field('hour') % 24) * 60 + field('minute');
  return { year: field('year'), month: field('month'), day: field('day'), minutes };
}

/**
 * The instant New York's clocks read `time` (`"HH:MM"`) on `date` (`"YYYY-MM-DD"`), in
 * milliseconds since the epoch. Callers pass valid values; a time the clocks skip when they go
 * forward (02:00 to 03:00) reads as the offset before the change.
 */
export function newYorkInstant(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  // The wall time read as if it were UTC, then moved by New York's offset at about that instant;
  // read again at the result, in case the offset changed in between.
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return offsetAt(second) === offsetAt(first) ? second : first;
}

/** New York's offset from UTC at an instant, in milliseconds (such as -5 hours in winter). */
function offsetAt(epochMs: number): number {
  const wall = newYorkDateAndTime(epochMs);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS;
  // The wall clock reads whole minutes: compare with the instant's whole minute.
  return wallAsUtc - Math.floor(epochMs / MINUTE_MS) * MINUTE_MS;
}
