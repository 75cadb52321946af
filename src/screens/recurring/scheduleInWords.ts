import type { RecurringScheduleView } from '../../../adapters/ports';

// The rule of a schedule in the reader's language, from the platform's Intl data: weekday names,
// the list joined as the language joins lists, the wall-clock time and the last day.

/** A Monday (ISO weekday 1) in UTC: weekday n is this day plus n − 1. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  return [1, 2, 3, 4, 5, 6, 7].map((day) => format.format(A_MONDAY + (day - 1) * DAY_MS));
}

/** `HH:mm` as the language writes a time of day. */
export function wallClockTime(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, hours, minutes));
}

/** An ISO date (YYYY-MM-DD) as the language writes a day. */
export function calendarDay(isoDate: string, locale: string): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

/** "Mon, Tue and Wed" or, for a monthly rule, the day of the month as a number. */
export function repeatDays(schedule: Pick<RecurringScheduleView, 'repeat'>, locale: string): string {
  if (schedule.repeat.kind === 'monthly') return new Intl.NumberFormat(locale).format(schedule.repeat.day_of_month);
  const names = weekdayNames(locale);
  const days = [...schedule.repeat.weekdays].sort((a, b) => a - b).map((day) => names[day - 1] ?? '');
  return new Intl.ListFormat(locale, { style: 'short', type: 'conjunction' }).format(days);
}
