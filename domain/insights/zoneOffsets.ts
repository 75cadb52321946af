// Local calendar buckets (day, weekday x hour) in a vendor's time zone, computed by the database with
// plain integer arithmetic that SQLite and PostgreSQL share: a period is cut where the zone's UTC
// offset changes (js-joda's rules), so within each piece local time is `unix + offset`.
import { Instant, LocalDate } from '@js-joda/core';
import { zoneId } from '../timeZones';
import type { UnixSeconds } from '../types';

/** A stretch of a period with one UTC offset; both ends inclusive. */
export interface OffsetSegment {
  from: UnixSeconds;
  to: UnixSeconds;
  offsetS: number;
}

/** Offsets change at most a few times a year, never twice within this step. */
const PROBE_STEP_S = 6 * 3600;

/**
 * The pieces of [from, to] (inclusive) between the zone's offset changes, in order. js-joda's
 * timezone rules cannot list transitions (nextTransition is "not supported"), so the period is
 * probed every few hours and each change is narrowed down to its second by bisection.
 */
export function offsetSegments(from: UnixSeconds, to: UnixSeconds, timeZone: string): OffsetSegment[] {
  const rules = zoneId(timeZone).rules();
  const offsetAt = (unix: UnixSeconds) => rules.offset(Instant.ofEpochSecond(unix)).totalSeconds();
  const segments: OffsetSegment[] = [];
  let start = from;
  let offsetS = offsetAt(from);
  for (let probe = from; probe < to;) {
    const next = Math.min(to, probe + PROBE_STEP_S);
    const nextOffset = offsetAt(next);
    if (nextOffset !== offsetS) {
      // The first second with the new offset lies in (probe, next].
      let low = probe;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle) === offsetS) low = middle;
        else high = middle;
      }
      segments.push({ from: start, to: high - 1, offsetS });
      start = high;
      offsetS = nextOffset;
    }
    probe = next;
  }
  segments.push({ from: start, to, offsetS });
  return segments;
}

/** Seconds in a day and an hour. */
export const DAY_S = 86_400;
export const HOUR_S = 3_600;

/** 1970-01-01 was a Thursday: ISO weekday index (Monday 0 ... Sunday 6) of epoch day 0. */
const EPOCH_WEEKDAY_INDEX = 3;

/** The day, weekday (Monday 0 ... Sunday 6) and hour the SQL puts a local-seconds value in. */
export function localBuckets(localS: number): { epochDay: number; weekday: number; hour: number } {
  const epochDay = Math.floor(localS / DAY_S);
  return { epochDay, weekday: weekdayOfEpochDay(epochDay), hour: Math.floor((localS - epochDay * DAY_S) / HOUR_S) };
}

/** Weekday index of an epoch day, as the SQL computes it ((day + 3) mod 7). */
export const weekdayOfEpochDay = (epochDay: number) => (((epochDay + EPOCH_WEEKDAY_INDEX) % 7) + 7) % 7;

/** What the SQL adds to an epoch day before taking it modulo 7. */
export const EPOCH_WEEKDAY_SHIFT = EPOCH_WEEKDAY_INDEX;

/** 'YYYY-MM-DD' of a local epoch day. */
export const isoDateOfEpochDay = (epochDay: number) => LocalDate.ofEpochDay(epochDay).toString();
