// Orders per local calendar day, for the History page's trend chart.
import { LocalDate } from '@js-joda/core';
import { DateRangeError } from './dateRange';
import { LIMITS } from './limits';
import { isInStatusGroup } from './statuses';
import type { OrderStatus, UnixSeconds } from './types';
import { localDateAt } from './zonedTime';

/** The two columns the trend needs from an order (never its document). */
export interface TrendRow {
  created_at: UnixSeconds;
  status: OrderStatus;
}

/** Both ends inclusive, like DateRange, and the zone whose calendar days are counted. */
export interface TrendRange {
  from: UnixSeconds;
  to: UnixSeconds;
  timeZone: string;
}

export interface TrendCounts {
  delivered: number;
  cancelled: number;
  inProgress: number;
  total: number;
}

export interface TrendDay extends TrendCounts {
  /** ISO calendar day in the zone, 'YYYY-MM-DD'. */
  date: string;
}

export type TrendBucket = 'delivered' | 'cancelled' | 'inProgress';

/**
 * The bar segment of a status, decided like the lists' groups (SPEC §4, listGroupOf): the cancelled
 * group first, then delivered-or-returned, so RETURNED_TO_VENDOR counts as delivered, as the
 * Delivered status filter of the same page shows it; every other status is still in progress.
 */
export function orderTrendBucket(status: OrderStatus): TrendBucket {
  if (isInStatusGroup(status, 'cancelled')) return 'cancelled';
  if (isInStatusGroup(status, 'deliveredOrReturned')) return 'delivered';
  return 'inProgress';
}

function firstAndLastDay({ from, to, timeZone }: TrendRange): [LocalDate, LocalDate] {
  return [localDateAt(from, timeZone), localDateAt(to, timeZone)];
}

/**
 * How many calendar days the range covers; refuses an end before the start and more days than the
 * history's longest period (LIMITS.customDateRangeMaxDays), so nobody asks for years of orders.
 */
export function trendDayCount(range: TrendRange): number {
  if (range.to < range.from) throw new DateRangeError('date-range.end-before-start');
  const [first, last] = firstAndLastDay(range);
  const count = last.toEpochDay() - first.toEpochDay() + 1;
  if (count > LIMITS.customDateRangeMaxDays) throw new DateRangeError('date-range.too-long');
  return count;
}

const zeroCounts = (): TrendCounts => ({ delivered: 0, cancelled: 0, inProgress: 0, total: 0 });

/** One entry per local day of the range, oldest first, zero-filled; rows outside the range are ignored. */
export function dailyOrderTrend(rows: readonly TrendRow[], range: TrendRange): TrendDay[] {
  const count = trendDayCount(range);
  const [first] = firstAndLastDay(range);
  const firstEpochDay = first.toEpochDay();
  const days: TrendDay[] = Array.from({ length: count }, (_, index) => ({ date: first.plusDays(index).toString(), ...zeroCounts() }));
  for (const row of rows) {
    if (row.created_at < range.from || row.created_at > range.to) continue;
    const day = days[localDateAt(row.created_at, range.timeZone).toEpochDay() - firstEpochDay];
    if (!day) continue;
    day[orderTrendBucket(row.status)] += 1;
    day.total += 1;
  }
  return days;
}

/** The period's totals, for the legend. */
export function trendTotals(days: readonly TrendCounts[]): TrendCounts {
  return days.reduce(
    (sum, day) => ({
      delivered: sum.delivered + day.delivered,
      cancelled: sum.cancelled + day.cancelled,
      inProgress: sum.inProgress + day.inProgress,
      total: sum.total + day.total,
    }),
    zeroCounts(),
  );
}
