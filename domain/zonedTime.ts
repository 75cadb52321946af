// Unix seconds <-> calendar days in a time zone, via js-joda (zones from ./timeZones).
import { Instant, LocalDate, ZonedDateTime } from '@js-joda/core';
import { zoneId } from './timeZones';
import type { UnixSeconds } from './types';

export function zonedAt(unix: UnixSeconds, timeZone: string): ZonedDateTime {
  return ZonedDateTime.ofInstant(Instant.ofEpochSecond(Math.floor(unix)), zoneId(timeZone));
}

export function localDateAt(unix: UnixSeconds, timeZone: string): LocalDate {
  return zonedAt(unix, timeZone).toLocalDate();
}

/** The first instant of a calendar day in the zone (not always 00:00 where DST starts at midnight). */
export function startOfDay(date: LocalDate, timeZone: string): UnixSeconds {
  return date.atStartOfDay(zoneId(timeZone)).toEpochSecond();
}

export function startOfToday(nowUnix: UnixSeconds, timeZone: string): UnixSeconds {
  return startOfDay(localDateAt(nowUnix, timeZone), timeZone);
}

/** Minutes since the local midnight (wall clock), 0..1439. */
export function minuteOfDay(unix: UnixSeconds, timeZone: string): number {
  const time = zonedAt(unix, timeZone);
  return time.hour() * 60 + time.minute();
}
