// Date-range filters of the order lists (SPEC.md §4), computed in the country's time zone.
import { DateTimeParseException, LocalDate } from '@js-joda/core';
import { LIMITS } from './limits';
import type { UnixSeconds } from './types';
import { localDateAt, startOfDay } from './zonedTime';

export const DATE_RANGE_CATEGORIES = ['Yesterday', 'PastWeek', 'PastMonth', 'Custom'] as const;
export type DateRangeCategory = (typeof DATE_RANGE_CATEGORIES)[number];

/** Both ends inclusive, in unix seconds: `from` is a start of day, `to` the last second of a day. */
export interface DateRange {
  from: UnixSeconds;
  to: UnixSeconds;
}

/** Calendar days in the zone, ISO 'YYYY-MM-DD', both inclusive. */
export interface CustomDates {
  startDate: string;
  endDate: string;
}

export type DateRangeErrorCode = 'date-range.missing-custom' | 'date-range.invalid-date' | 'date-range.end-before-start' | 'date-range.too-long';

export class DateRangeError extends Error {
  constructor(readonly code: DateRangeErrorCode) {
    super(code);
    this.name = 'DateRangeError';
  }
}

const PAST_DAYS: Record<Exclude<DateRangeCategory, 'Custom'>, number> = { Yesterday: 1, PastWeek: 7, PastMonth: 30 };

function parseDate(iso: string): LocalDate {
  try {
    return LocalDate.parse(iso);
  } catch (error) {
    if (error instanceof DateTimeParseException) throw new DateRangeError('date-range.invalid-date');
    throw error;
  }
}

function daysRange(first: LocalDate, last: LocalDate, timeZone: string): DateRange {
  return { from: startOfDay(first, timeZone), to: startOfDay(last.plusDays(1), timeZone) - 1 };
}

/**
 * Yesterday; PastWeek = the 7 days and PastMonth = the 30 days ending with yesterday; Custom = the
 * given days, refusing an end before the start and more than LIMITS.customDateRangeMaxDays days.
 */
export function dateRangeFor(
  category: DateRangeCategory,
  nowUnix: UnixSeconds,
  timeZone: string,
  custom?: CustomDates,
): DateRange {
  if (category === 'Custom') {
    if (!custom) throw new DateRangeError('date-range.missing-custom');
    const first = parseDate(custom.startDate);
    const last = parseDate(custom.endDate);
    if (last.isBefore(first)) throw new DateRangeError('date-range.end-before-start');
    if (last.toEpochDay() - first.toEpochDay() + 1 > LIMITS.customDateRangeMaxDays) throw new DateRangeError('date-range.too-long');
    return daysRange(first, last, timeZone);
  }
  const yesterday = localDateAt(nowUnix, timeZone).minusDays(1);
  return daysRange(yesterday.minusDays(PAST_DAYS[category] - 1), yesterday, timeZone);
}

/**
 * The calendar days a range covers in the zone, first and last (the inverse of a Custom range):
 * what the history shows as its period, names export files and restores a custom filter, so all three
 * agree at midnight and across a clock change.
 */
export function datesOfRange(range: DateRange, timeZone: string): CustomDates {
  return { startDate: localDateAt(range.from, timeZone).toString(), endDate: localDateAt(range.to, timeZone).toString() };
}
