// One calendar day everywhere (SPEC.md §4 "all computed in the country's timezone"): the history's
// date ranges, the dates it shows, the export file's name and the tracking page's "today" agree in
// the vendor's zone at midnight and across clock changes. Asia/Dubai (the Saudi reference build, no
// DST) and Europe/Athens (Greece, domain/countries.ts: DST ends 2026-10-25, starts 2026-03-29).
import { describe, expect, it } from 'vitest';
import {
  activeOrdersWindow,
  countryConfig,
  dateRangeFor,
  datesOfRange,
  isOnTrackingPage,
  scheduledOrdersWindow,
  type DateRangeCategory,
} from '../../domain';
import { exportFileName } from '../../server/orders/exportFile';

const at = (iso: string) => Date.parse(iso) / 1000;
const DUBAI = countryConfig('SA').timeZone;
const ATHENS = countryConfig('GR').timeZone;

describe('the zones under test come from the countries', () => {
  it('Saudi Arabia is Asia/Dubai (SPEC §1) and Greece Europe/Athens', () => {
    expect([DUBAI, ATHENS]).toEqual(['Asia/Dubai', 'Europe/Athens']);
  });
});

describe('history periods: the days shown, the range asked for and the export file name agree', () => {
  const cases: { why: string; zone: string; now: string; category: DateRangeCategory; days: [string, string]; hours?: number }[] = [
    { why: 'the reported bug: Past month on Nov 26 in Dubai starts Oct 27, not Oct 26 (UTC)', zone: DUBAI, now: '2026-11-26T10:00:00Z', category: 'PastMonth', days: ['2026-10-27', '2026-11-25'] },
    { why: 'Dubai at midnight exactly: the new day has begun', zone: DUBAI, now: '2026-11-26T20:00:00Z', category: 'Yesterday', days: ['2026-11-26', '2026-11-26'], hours: 24 },
    { why: 'Dubai a second before midnight: still the old day', zone: DUBAI, now: '2026-11-26T19:59:59Z', category: 'Yesterday', days: ['2026-11-25', '2026-11-25'], hours: 24 },
    { why: 'Dubai past week at midnight', zone: DUBAI, now: '2026-11-26T20:00:00Z', category: 'PastWeek', days: ['2026-11-20', '2026-11-26'] },
    { why: 'Athens after the autumn change: yesterday lasted 25 hours', zone: ATHENS, now: '2026-10-25T22:00:00Z', category: 'Yesterday', days: ['2026-10-25', '2026-10-25'], hours: 25 },
    { why: 'Athens a second before that midnight: still Oct 25', zone: ATHENS, now: '2026-10-25T21:59:59Z', category: 'Yesterday', days: ['2026-10-24', '2026-10-24'], hours: 24 },
    { why: 'Athens after the spring change: yesterday lasted 23 hours', zone: ATHENS, now: '2026-03-29T21:00:00Z', category: 'Yesterday', days: ['2026-03-29', '2026-03-29'], hours: 23 },
    { why: 'Athens past month across the autumn change', zone: ATHENS, now: '2026-11-10T09:00:00Z', category: 'PastMonth', days: ['2026-10-11', '2026-11-09'] },
  ];

  it.each(cases)('$why', ({ zone, now, category, days, hours }) => {
    const range = dateRangeFor(category, at(now), zone);
    expect(datesOfRange(range, zone)).toEqual({ startDate: days[0], endDate: days[1] });
    // The range covers whole days: it starts at a midnight of the zone and ends the second before one.
    expect(dateRangeFor('Custom', at(now), zone, { startDate: days[0], endDate: days[1] })).toEqual(range);
    if (hours !== undefined) expect(range.to + 1 - range.from).toBe(hours * 3600);
    expect(exportFileName('sa-1001', range.from, range.to, 'csv', zone)).toBe(`orders-sa-1001-${days[0]}-${days[1]}.csv`);
  });
});

describe("the tracking page's today", () => {
  const cases: { why: string; zone: string; now: string; startOfToday: string }[] = [
    { why: 'Dubai at midnight', zone: DUBAI, now: '2026-11-26T20:00:00Z', startOfToday: '2026-11-26T20:00:00Z' },
    { why: 'Dubai a second before midnight', zone: DUBAI, now: '2026-11-26T19:59:59Z', startOfToday: '2026-11-25T20:00:00Z' },
    { why: 'Athens on the day of the autumn change (began at UTC+3)', zone: ATHENS, now: '2026-10-25T12:00:00Z', startOfToday: '2026-10-24T21:00:00Z' },
    { why: 'Athens the day after it (began at UTC+2)', zone: ATHENS, now: '2026-10-26T00:30:00Z', startOfToday: '2026-10-25T22:00:00Z' },
    { why: 'Athens on the day of the spring change (began at UTC+2)', zone: ATHENS, now: '2026-03-29T12:00:00Z', startOfToday: '2026-03-28T22:00:00Z' },
  ];

  it.each(cases)('$why', ({ zone, now, startOfToday }) => {
    expect(activeOrdersWindow(at(now), zone)).toEqual({ from: at(startOfToday), to: at(now) });
    // Pre-orders still due today could have been placed up to two days (48 h) before today began.
    expect(scheduledOrdersWindow(at(now), zone)).toEqual({ from: at(startOfToday) - 48 * 3600, to: at(now) });
    // An order placed the second before today began is yesterday's, unless it is a pre-order due today or later.
    const yesterday = at(startOfToday) - 1;
    expect(isOnTrackingPage({ created_at: at(startOfToday), preordered_for: null }, at(now), zone)).toBe(true);
    expect(isOnTrackingPage({ created_at: yesterday, preordered_for: null }, at(now), zone)).toBe(false);
    expect(isOnTrackingPage({ created_at: yesterday, preordered_for: at(startOfToday) }, at(now), zone)).toBe(true);
    expect(isOnTrackingPage({ created_at: yesterday - 3600, preordered_for: yesterday }, at(now), zone)).toBe(false);
  });
});
