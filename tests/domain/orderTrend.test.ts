import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DateRangeError,
  LIMITS,
  ORDER_STATUSES,
  dailyOrderTrend,
  dateRangeFor,
  orderTrendBucket,
  trendDayCount,
  trendTotals,
  type OrderStatus,
  type TrendDay,
} from '../../domain';

const utc = (y: number, m: number, d: number, hh = 0, mm = 0, ss = 0) => Date.UTC(y, m - 1, d, hh, mm, ss) / 1000;
const row = (created_at: number, status: OrderStatus) => ({ created_at, status });

// Three days in Dubai (UTC+4): 2026-03-08 00:00 local is 2026-03-07 20:00 UTC.
const DUBAI = 'Asia/Dubai';
const threeDays = { from: utc(2026, 3, 7, 20), to: utc(2026, 3, 10, 20) - 1, timeZone: DUBAI };
const zeroDay = (date: string): TrendDay => ({ date, delivered: 0, cancelled: 0, inProgress: 0, total: 0 });

describe('orders per day (issue #7 trend chart)', () => {
  it('has one zero-filled entry per local calendar day of the range, oldest first', () => {
    expect(dailyOrderTrend([], threeDays)).toEqual([zeroDay('2026-03-08'), zeroDay('2026-03-09'), zeroDay('2026-03-10')]);
  });

  it('counts each order on its local day in the zone, not its UTC day', () => {
    const days = dailyOrderTrend(
      [
        row(utc(2026, 3, 8, 21), 'DELIVERED'), // 01:00 on the 9th in Dubai
        row(utc(2026, 3, 8, 19, 59, 59), 'CANCELLED'), // 23:59:59 on the 8th
        row(utc(2026, 3, 8, 20), 'NEW'), // 00:00 on the 9th
      ],
      threeDays,
    );
    expect(days).toEqual([
      { date: '2026-03-08', delivered: 0, cancelled: 1, inProgress: 0, total: 1 },
      { date: '2026-03-09', delivered: 1, cancelled: 0, inProgress: 1, total: 2 },
      zeroDay('2026-03-10'),
    ]);
  });

  it('a range that starts and ends mid-day counts its first and last second, and no order of those days outside it', () => {
    // 2026-03-08 12:00 to 2026-03-10 12:00 in Dubai (08:00 UTC).
    const noonToNoon = { from: utc(2026, 3, 8, 8), to: utc(2026, 3, 10, 8), timeZone: DUBAI };
    const rows = [
      row(noonToNoon.from - 1, 'NEW'),
      row(noonToNoon.from, 'DELIVERED'),
      row(noonToNoon.to, 'CANCELLED'),
      row(noonToNoon.to + 1, 'NEW'),
    ];
    expect(dailyOrderTrend(rows, noonToNoon)).toEqual([
      { ...zeroDay('2026-03-08'), delivered: 1, total: 1 },
      zeroDay('2026-03-09'),
      { ...zeroDay('2026-03-10'), cancelled: 1, total: 1 },
    ]);
  });

  it('ignores orders outside the range', () => {
    const days = dailyOrderTrend([row(threeDays.from - 1, 'DELIVERED'), row(threeDays.to + 1, 'DELIVERED')], threeDays);
    expect(trendTotals(days).total).toBe(0);
  });

  it.each<[OrderStatus, ReturnType<typeof orderTrendBucket>]>([
    ['DELIVERED', 'delivered'],
    ['RETURNED_TO_VENDOR', 'delivered'],
    ['CANCELLED', 'cancelled'],
    ['PAYMENT_CANCELLED', 'cancelled'],
    ['PAYMENT_FAILED', 'cancelled'],
    ['STALLED', 'cancelled'],
    ['NEW', 'inProgress'],
    ['PICKED_UP', 'inProgress'],
    ['DELAYED', 'inProgress'],
    ['RETURN_INITIATED', 'inProgress'],
    ['INITIATED', 'inProgress'],
  ])('%s counts as %s (the lists\' status groups, SPEC §4)', (status, bucket) => {
    expect(orderTrendBucket(status)).toBe(bucket);
  });

  it('totals add the days up', () => {
    const days: TrendDay[] = [
      { date: '2026-03-08', delivered: 2, cancelled: 1, inProgress: 0, total: 3 },
      { date: '2026-03-09', delivered: 1, cancelled: 0, inProgress: 4, total: 5 },
    ];
    expect(trendTotals(days)).toEqual({ delivered: 3, cancelled: 1, inProgress: 4, total: 8 });
    expect(trendTotals([])).toEqual({ delivered: 0, cancelled: 0, inProgress: 0, total: 0 });
  });

  it('a day of the spring-forward change (23 hours) is still one day', () => {
    // Athens moves from UTC+2 to UTC+3 on 2026-03-29.
    const range = dateRangeFor('PastWeek', utc(2026, 3, 31, 12), 'Europe/Athens');
    const days = dailyOrderTrend([row(utc(2026, 3, 29, 21, 30), 'NEW')], { ...range, timeZone: 'Europe/Athens' });
    expect(days).toHaveLength(7);
    expect(days.find((day) => day.total === 1)?.date).toBe('2026-03-30');
  });

  it('every history period gives as many days as it names', () => {
    const now = utc(2026, 3, 10, 12);
    for (const [category, count] of [['Yesterday', 1], ['PastWeek', 7], ['PastMonth', 30]] as const) {
      expect(dailyOrderTrend([], { ...dateRangeFor(category, now, DUBAI), timeZone: DUBAI })).toHaveLength(count);
    }
  });

  it('refuses an end before the start and a range longer than the history period limit', () => {
    expect(() => trendDayCount({ from: 100, to: 99, timeZone: DUBAI })).toThrow(expect.objectContaining({ code: 'date-range.end-before-start' }));
    // An end equal to the start is not before it: one instant, one day.
    expect(trendDayCount({ from: 100, to: 100, timeZone: DUBAI })).toBe(1);
    const longest = dateRangeFor('Custom', 0, DUBAI, { startDate: '2026-01-01', endDate: '2026-04-02' });
    expect(trendDayCount({ ...longest, timeZone: DUBAI })).toBe(LIMITS.customDateRangeMaxDays);
    const code = (() => {
      try {
        dailyOrderTrend([], { ...longest, to: longest.to + 1, timeZone: DUBAI });
        return null;
      } catch (error) {
        return error instanceof DateRangeError ? error.code : 'other';
      }
    })();
    expect(code).toBe('date-range.too-long');
  });

  it('property: totals equal the orders in range, and each day is the sum of its parts', () => {
    const statuses = fc.constantFrom(...ORDER_STATUSES);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: threeDays.from - 86_400, max: threeDays.to + 86_400 }), statuses)), (raw) => {
        const rows = raw.map(([at, status]) => row(at, status));
        const days = dailyOrderTrend(rows, threeDays);
        expect(days).toHaveLength(3);
        for (const day of days) expect(day.delivered + day.cancelled + day.inProgress).toBe(day.total);
        const inRange = rows.filter((r) => r.created_at >= threeDays.from && r.created_at <= threeDays.to).length;
        expect(trendTotals(days).total).toBe(inRange);
      }),
    );
  });
});
