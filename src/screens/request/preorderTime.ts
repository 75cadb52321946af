import { LocalDate, LocalDateTime, LocalTime } from '@js-joda/core';
import { isPreorderTimeAllowed, LIMITS, localDateAt, zonedAt } from '../../../domain';
import type { UnixSeconds } from '../../../domain/types';
import { zoneId } from '../../../domain/timeZones';

// 'Later' delivery (SPEC §2, §9): a date and a time on the country's wall clock, at most 2 days ahead.

export interface WallClockChoice {
  /** ISO date, e.g. 2026-11-22. */
  date: string;
  /** HH:MM. */
  time: string;
}

/** Today and the following days a pre-order may fall on, as ISO dates in the zone. */
export function preorderDates(nowUnix: UnixSeconds, timeZone: string): string[] {
  const today = localDateAt(nowUnix, timeZone);
  const days = Math.ceil(LIMITS.preorderMaxAheadS / 86_400);
  return Array.from({ length: days + 1 }, (_, offset) => today.plusDays(offset).toString());
}

/** The instant of a wall-clock choice in the zone, or null when the text is not a date and time. */
export function unixOfChoice(choice: WallClockChoice, timeZone: string): UnixSeconds | null {
  try {
    return LocalDateTime.of(LocalDate.parse(choice.date), LocalTime.parse(choice.time)).atZone(zoneId(timeZone)).toEpochSecond();
  } catch {
    return null;
  }
}

export function choiceOfUnix(unix: UnixSeconds, timeZone: string): WallClockChoice {
  const zoned = zonedAt(unix, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: zoned.toLocalDate().toString(), time: `${pad(zoned.hour())}:${pad(zoned.minute())}` };
}

/** A first suggestion for 'Later': the next whole hour at least an hour away. */
export function defaultPreorderChoice(nowUnix: UnixSeconds, timeZone: string): WallClockChoice {
  const inAnHour = Math.ceil((nowUnix + 3600) / 3600) * 3600;
  return choiceOfUnix(inAnHour, timeZone);
}

export function isChoiceAllowed(choice: WallClockChoice, nowUnix: UnixSeconds, timeZone: string): boolean {
  const unix = unixOfChoice(choice, timeZone);
  return unix !== null && isPreorderTimeAllowed(unix, nowUnix);
}
