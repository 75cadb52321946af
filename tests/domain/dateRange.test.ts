import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_RANGE_CATEGORIES, DateRangeError, LIMITS, dateRangeFor, zonedAt } from '../../domain';

const utc = (y: number, m: number, d: number, hh = 0, mm = 0, ss = 0) => Date.UTC(y, m - 1, d, hh, mm, ss) / 1000;

describe('date ranges (SPEC §4), in the country zone', () => {
  // 2026-03-10 12:00 UTC is 16:00 in Dubai (UTC+4).
  const now = utc(2026, 3, 10, 12);

  it('Yesterday is the whole of yesterday in the zone', () => {
    expect(dateRangeFor('Yesterday', now, 'Asia/Dubai')).toEqual({ from: utc(2026, 3, 8, 20), to: utc(2026, 3, 9, 20) - 1 });
  });

  it('PastWeek is the last 7 days up to the end of yesterday', () => {
    expect(dateRangeFor('PastWeek', now, 'Asia/Dubai')).toEqual({ from: utc(2026, 3, 2, 20), to: utc(2026, 3, 9, 20) - 1 });
  });

  it('PastMonth is the last 30 days up to the end of yesterday', () => {
    expect(dateRangeFor('PastMonth', now, 'Asia/Dubai')).toEqual({ from: utc(2026, 2, 7, 20), to: utc(2026, 3, 9, 20) - 1 });
  });

  it('uses the zone date: 21:00 UTC on the 9th is already the 10th in Dubai', () => {
    expect(dateRangeFor('Yesterday', utc(2026, 3, 9, 21), 'Asia/Dubai').from).toBe(utc(2026, 3, 8, 20));
    expect(dateRangeFor('Yesterday', utc(2026, 3, 9, 19), 'Asia/Dubai').from).toBe(utc(2026, 3, 7, 20));
  });

  it('a day across the spring-forward change in Europe/Athens lasts 23 hours; Asia/Dubai has none', () => {
    // Athens moves from UTC+2 to UTC+3 on 2026-03-29.
    const monday = utc(2026, 3, 30, 12);
    const athens = dateRangeFor('Yesterday', monday, 'Europe/Athens');
    expect(athens).toEqual({ from: utc(2026, 3, 28, 22), to: utc(2026, 3, 29, 21) - 1 });
    expect(athens.to + 1 - athens.from).toBe(23 * 3600);
    const dubai = dateRangeFor('Yesterday', monday, 'Asia/Dubai');
    expect(dubai.to + 1 - dubai.from).toBe(24 * 3600);
  });

  it('a day across the autumn change in Europe/Athens lasts 25 hours', () => {
    const range = dateRangeFor('Yesterday', utc(2026, 10, 26, 12), 'Europe/Athens');
    expect(range.to + 1 - range.from).toBe(25 * 3600);
  });

  it('Custom covers the given days inclusive', () => {
    expect(dateRangeFor('Custom', now, 'Asia/Dubai', { startDate: '2026-03-01', endDate: '2026-03-03' })).toEqual({
      from: utc(2026, 2, 28, 20),
      to: utc(2026, 3, 3, 20) - 1,
    });
    const oneDay = dateRangeFor('Custom', now, 'Asia/Dubai', { startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(oneDay.to + 1 - oneDay.from).toBe(86400);
  });

  it.each([
    [{ startDate: '2026-03-02', endDate: '2026-03-01' }, 'date-range.end-before-start'],
    [{ startDate: '2026-01-01', endDate: '2026-04-03' }, 'date-range.too-long'],
    [{ startDate: '2026-13-01', endDate: '2026-04-03' }, 'date-range.invalid-date'],
    [undefined, 'date-range.missing-custom'],
  ])('Custom %j is refused with %s', (custom, code) => {
    expect(() => dateRangeFor('Custom', now, 'Asia/Dubai', custom)).toThrow(DateRangeError);
    try {
      dateRangeFor('Custom', now, 'Asia/Dubai', custom);
    } catch (error) {
      expect((error as DateRangeError).code).toBe(code);
      expect((error as DateRangeError).name).toBe('DateRangeError');
    }
  });

  it(`Custom allows exactly ${LIMITS.customDateRangeMaxDays} days and not one more`, () => {
    expect(() => dateRangeFor('Custom', now, 'Asia/Dubai', { startDate: '2026-01-01', endDate: '2026-04-02' })).not.toThrow();
    expect(() => dateRangeFor('Custom', now, 'Asia/Dubai', { startDate: '2026-01-01', endDate: '2026-04-03' })).toThrow(DateRangeError);
  });

  it('every range has from < to and starts at a midnight of the zone', () => {
    // Cairo and Casablanca change clocks at midnight, so their days may start at 01:00.
    const zones = ['Asia/Dubai', 'Europe/Athens', 'Africa/Cairo', 'Africa/Casablanca', 'Asia/Yangon', 'Europe/Lisbon'];
    fc.assert(
      fc.property(
        fc.constantFrom(...DATE_RANGE_CATEGORIES),
        fc.integer({ min: utc(2020, 1, 1), max: utc(2035, 12, 31) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 91 }),
        (category, nowUnix, zone, days) => {
          const start = zonedAt(nowUnix, zone).toLocalDate().minusDays(days + 1);
          const custom = { startDate: start.toString(), endDate: start.plusDays(days).toString() };
          const { from, to } = dateRangeFor(category, nowUnix, zone, custom);
          expect(from).toBeLessThan(to);
          const first = zonedAt(from, zone);
          const previousSecond = zonedAt(from - 1, zone);
          // A start of day: the previous second belongs to the day before.
          expect(previousSecond.toLocalDate().isBefore(first.toLocalDate())).toBe(true);
          expect(zonedAt(to + 1, zone).toLocalDate().isAfter(zonedAt(to, zone).toLocalDate())).toBe(true);
          expect(to).toBeLessThan(nowUnix + 86400 * 2);
        },
      ),
    );
  });
});
