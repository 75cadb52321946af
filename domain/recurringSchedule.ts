// Recurring orders (issue #27): when a template is placed on a schedule. A schedule is a wall-clock
// time in the vendor's zone on chosen weekdays, or on one day of each month, from a first date until
// an optional last one. Run times are instants (unix seconds) computed with js-joda from the zone's
// rules, so a run falls where the vendor's clock says, across DST changes:
// - a time inside a DST gap (the clock jumps over it) runs at the same distance after the jump
//   (02:30 on a day that skips 02:00-03:00 runs at 03:30), once;
// - a time inside a DST overlap (the clock runs through it twice) runs at the first of the two, once;
// - a monthly day past the month's end (the 31st in April) runs on the month's last day.
import { LocalDate, LocalDateTime, LocalTime, ZonedDateTime } from '@js-joda/core';
import { zoneId } from './timeZones';
import { localDateAt } from './zonedTime';
import type { UnixSeconds } from './types';

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type ScheduleRepeat = { kind: 'weekly'; weekdays: IsoWeekday[] } | { kind: 'monthly'; dayOfMonth: number };

export interface RecurringSchedule {
  repeat: ScheduleRepeat;
  /** Wall-clock time in the zone, `HH:mm`. */
  time: string;
  timeZone: string;
  /** The first day a run may fall on (ISO date in the zone). */
  startsOn: string;
  /** The last day a run may fall on, or null for no end. */
  until: string | null;
}

export const SCHEDULE_MESSAGES = {
  noWeekday: 'schedule.error.no-weekday',
  badDayOfMonth: 'schedule.error.day-of-month',
  badTime: 'schedule.error.time',
  badDate: 'schedule.error.date',
  untilBeforeStart: 'schedule.error.until-before-start',
  unknownZone: 'schedule.error.time-zone',
} as const;
export type ScheduleMessageKey = (typeof SCHEDULE_MESSAGES)[keyof typeof SCHEDULE_MESSAGES];

export const WEEKDAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5];

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The days a monthly rule may name: 1 to 31 (a day past a month's end runs on its last day). */
export const MONTH_DAYS = { first: 1, last: 31 } as const;

/** Whether `day` is a day a monthly rule may name. */
export function isDayOfMonth(day: number): boolean {
  return Number.isInteger(day) && day >= MONTH_DAYS.first && day <= MONTH_DAYS.last;
}

function parseDate(text: string): LocalDate | null {
  try {
    return LocalDate.parse(text);
  } catch {
    return null;
  }
}

/** The schedule's first broken rule (a translation key), or null when runs can be computed. */
export function validateSchedule(schedule: RecurringSchedule): ScheduleMessageKey | null {
  const { repeat } = schedule;
  if (repeat.kind === 'weekly' && (repeat.weekdays.length === 0 || repeat.weekdays.some((day) => !Number.isInteger(day) || day < 1 || day > 7))) {
    return SCHEDULE_MESSAGES.noWeekday;
  }
  if (repeat.kind === 'monthly' && !isDayOfMonth(repeat.dayOfMonth)) {
    return SCHEDULE_MESSAGES.badDayOfMonth;
  }
  if (!TIME.test(schedule.time)) return SCHEDULE_MESSAGES.badTime;
  const starts = parseDate(schedule.startsOn);
  const until = schedule.until === null ? null : parseDate(schedule.until);
  if (starts === null || (schedule.until !== null && until === null)) return SCHEDULE_MESSAGES.badDate;
  if (until !== null && until.isBefore(starts)) return SCHEDULE_MESSAGES.untilBeforeStart;
  try {
    zoneId(schedule.timeZone);
  } catch {
    return SCHEDULE_MESSAGES.unknownZone;
  }
  return null;
}

/** Whether a run falls on this calendar day. */
function fallsOn(repeat: ScheduleRepeat, date: LocalDate): boolean {
  if (repeat.kind === 'weekly') return repeat.weekdays.includes(date.dayOfWeek().value() as IsoWeekday);
  return date.dayOfMonth() === Math.min(repeat.dayOfMonth, date.lengthOfMonth());
}

/** The instant of the run on `date`: js-joda moves a time in a gap forward by the gap, and takes
 * the earlier offset in an overlap. */
function runOn(date: LocalDate, time: LocalTime, timeZone: string): UnixSeconds {
  return ZonedDateTime.ofLocal(LocalDateTime.of(date, time), zoneId(timeZone), null).toEpochSecond();
}

/** Far enough to reach the next month's day from any date, short enough to stop a broken rule. */
const SEARCH_DAYS = 32;

/**
 * The first run strictly after `after` (unix seconds), or null when the schedule has ended. Throws
 * nothing for a valid schedule; call validateSchedule first.
 */
export function nextRunAfter(schedule: RecurringSchedule, after: UnixSeconds): UnixSeconds | null {
  const time = LocalTime.parse(schedule.time);
  const starts = LocalDate.parse(schedule.startsOn);
  const until = schedule.until === null ? null : LocalDate.parse(schedule.until);
  // The day before `after` in the zone too: a run there may still lie ahead when a gap moved it.
  let date = localDateAt(after, schedule.timeZone).minusDays(1);
  if (date.isBefore(starts)) date = starts;
  for (let step = 0; step <= SEARCH_DAYS; step++, date = date.plusDays(1)) {
    if (until !== null && date.isAfter(until)) return null;
    if (!fallsOn(schedule.repeat, date)) continue;
    const run = runOn(date, time, schedule.timeZone);
    if (run > after) return run;
  }
  return null;
}

/** Every run in (after, through], in order: what a worker that was down catches up on, or a preview. */
export function runsBetween(schedule: RecurringSchedule, after: UnixSeconds, through: UnixSeconds, limit = 366): UnixSeconds[] {
  const runs: UnixSeconds[] = [];
  for (let run = nextRunAfter(schedule, after); run !== null && run <= through && runs.length < limit; run = nextRunAfter(schedule, run)) {
    runs.push(run);
  }
  return runs;
}
