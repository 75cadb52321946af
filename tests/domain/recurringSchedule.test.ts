import { describe, expect, it } from 'vitest';
import { isDayOfMonth, nextRunAfter, runsBetween, SCHEDULE_MESSAGES, validateSchedule, WEEKDAYS, type RecurringSchedule } from '../../domain/recurringSchedule';

// Issue #27, recurring orders: "weekdays at 09:30 in the vendor's time zone, until a date", with
// DST gaps and overlaps and month-ends handled by js-joda. Instants are written as ISO strings with
// their offset, so each case reads as the vendor's clock says it.

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (unix: number | null, offset: string) => {
  if (unix === null) return null;
  const shifted = new Date((unix + offsetSeconds(offset)) * 1000).toISOString().slice(0, 16);
  return `${shifted}${offset}`;
};
const offsetSeconds = (offset: string) => (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 3600 + Number(offset.slice(4, 6)) * 60);

const riyadhWeekdays: RecurringSchedule = {
  repeat: { kind: 'weekly', weekdays: [...WEEKDAYS] },
  time: '09:30',
  timeZone: 'Asia/Riyadh',
  startsOn: '2026-11-23',
  until: '2026-12-04',
};

describe('recurring schedule: weekdays at 09:30 in Riyadh until a date', () => {
  it('runs Monday to Friday at 09:30 local time, skipping the weekend, and stops after the last day', () => {
    const runs = runsBetween(riyadhWeekdays, at('2026-11-01T00:00:00+03:00'), at('2027-01-01T00:00:00+03:00'));
    expect(runs.map((run) => iso(run, '+03:00'))).toEqual([
      '2026-11-23T09:30+03:00', '2026-11-24T09:30+03:00', '2026-11-25T09:30+03:00', '2026-11-26T09:30+03:00', '2026-11-27T09:30+03:00',
      '2026-11-30T09:30+03:00', '2026-12-01T09:30+03:00', '2026-12-02T09:30+03:00', '2026-12-03T09:30+03:00', '2026-12-04T09:30+03:00',
    ]);
  });

  it('the next run is strictly after the given instant: a run at 09:30 is followed by the next day\'s', () => {
    expect(iso(nextRunAfter(riyadhWeekdays, at('2026-11-24T09:29:59+03:00')), '+03:00')).toBe('2026-11-24T09:30+03:00');
    expect(iso(nextRunAfter(riyadhWeekdays, at('2026-11-24T09:30:00+03:00')), '+03:00')).toBe('2026-11-25T09:30+03:00');
    // Friday after the run: Monday.
    expect(iso(nextRunAfter(riyadhWeekdays, at('2026-11-27T10:00:00+03:00')), '+03:00')).toBe('2026-11-30T09:30+03:00');
  });

  it('ends: nothing after the last day, and nothing before the first', () => {
    expect(nextRunAfter(riyadhWeekdays, at('2026-12-04T09:30:00+03:00'))).toBeNull();
    expect(iso(nextRunAfter(riyadhWeekdays, at('2026-01-01T00:00:00+03:00')), '+03:00')).toBe('2026-11-23T09:30+03:00');
  });
});

describe('recurring schedule: DST (Europe/Berlin)', () => {
  const daily = (time: string): RecurringSchedule => ({
    repeat: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    time,
    timeZone: 'Europe/Berlin',
    startsOn: '2026-03-27',
    until: null,
  });

  it('keeps the wall-clock time across the spring change (UTC+1 before, UTC+2 after)', () => {
    const runs = runsBetween(daily('09:30'), at('2026-03-27T00:00:00+01:00'), at('2026-03-31T00:00:00+02:00'));
    expect(runs.map((run, index) => iso(run, index < 2 ? '+01:00' : '+02:00'))).toEqual([
      '2026-03-27T09:30+01:00', '2026-03-28T09:30+01:00', '2026-03-29T09:30+02:00', '2026-03-30T09:30+02:00',
    ]);
  });

  it('a time in the spring gap (02:30 does not exist on 29 March) runs once, at 03:30 summer time', () => {
    const runs = runsBetween(daily('02:30'), at('2026-03-28T12:00:00+01:00'), at('2026-03-30T12:00:00+02:00'));
    expect(runs.map((run) => iso(run, '+02:00'))).toEqual(['2026-03-29T03:30+02:00', '2026-03-30T02:30+02:00']);
  });

  it('a time in the autumn overlap (02:30 happens twice on 25 October) runs once, at the first', () => {
    const runs = runsBetween({ ...daily('02:30'), startsOn: '2026-10-24' }, at('2026-10-24T12:00:00+02:00'), at('2026-10-26T12:00:00+01:00'));
    expect(runs).toHaveLength(2);
    expect(iso(runs[0], '+02:00')).toBe('2026-10-25T02:30+02:00');
    expect(iso(runs[1], '+01:00')).toBe('2026-10-26T02:30+01:00');
    // Asked between the two 02:30s, the second one is not a run.
    expect(iso(nextRunAfter({ ...daily('02:30'), startsOn: '2026-10-24' }, at('2026-10-25T02:45:00+02:00')), '+01:00')).toBe('2026-10-26T02:30+01:00');
  });
});

describe('recurring schedule: month-end', () => {
  const monthly = (dayOfMonth: number): RecurringSchedule => ({
    repeat: { kind: 'monthly', dayOfMonth },
    time: '18:00',
    timeZone: 'Asia/Riyadh',
    startsOn: '2027-01-01',
    until: '2028-03-31',
  });

  it('the 31st runs on the last day of shorter months', () => {
    const runs = runsBetween(monthly(31), at('2027-01-01T00:00:00+03:00'), at('2027-07-01T00:00:00+03:00'));
    expect(runs.map((run) => iso(run, '+03:00')?.slice(0, 10))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
  });

  it('the 29th runs on 29 February in a leap year and on the 28th otherwise', () => {
    const feb2027 = runsBetween(monthly(29), at('2027-02-01T00:00:00+03:00'), at('2027-03-01T00:00:00+03:00'));
    const feb2028 = runsBetween(monthly(29), at('2028-02-01T00:00:00+03:00'), at('2028-03-01T00:00:00+03:00'));
    expect(feb2027.map((run) => iso(run, '+03:00'))).toEqual(['2027-02-28T18:00+03:00']);
    expect(feb2028.map((run) => iso(run, '+03:00'))).toEqual(['2028-02-29T18:00+03:00']);
  });
});

describe('recurring schedule: validation', () => {
  it('names the first broken rule', () => {
    expect(validateSchedule(riyadhWeekdays)).toBeNull();
    expect(validateSchedule({ ...riyadhWeekdays, repeat: { kind: 'weekly', weekdays: [] } })).toBe(SCHEDULE_MESSAGES.noWeekday);
    expect(validateSchedule({ ...riyadhWeekdays, repeat: { kind: 'monthly', dayOfMonth: 32 } })).toBe(SCHEDULE_MESSAGES.badDayOfMonth);
    expect(validateSchedule({ ...riyadhWeekdays, time: '24:00' })).toBe(SCHEDULE_MESSAGES.badTime);
    expect(validateSchedule({ ...riyadhWeekdays, time: '9:30' })).toBe(SCHEDULE_MESSAGES.badTime);
    expect(validateSchedule({ ...riyadhWeekdays, startsOn: '2026-02-30' })).toBe(SCHEDULE_MESSAGES.badDate);
    expect(validateSchedule({ ...riyadhWeekdays, until: '2026-11-22' })).toBe(SCHEDULE_MESSAGES.untilBeforeStart);
    expect(validateSchedule({ ...riyadhWeekdays, timeZone: 'Mars/Olympus' })).toBe(SCHEDULE_MESSAGES.unknownZone);
  });

  it('takes a monthly day from 1 to 31 (the dialog and the server check the same rule)', () => {
    expect([0, 1, 15, 31, 32, 1.5, Number.NaN].map(isDayOfMonth)).toEqual([false, true, true, true, false, false, false]);
    expect(validateSchedule({ ...riyadhWeekdays, repeat: { kind: 'monthly', dayOfMonth: 31 } })).toBeNull();
    expect(validateSchedule({ ...riyadhWeekdays, repeat: { kind: 'monthly', dayOfMonth: 0 } })).toBe(SCHEDULE_MESSAGES.badDayOfMonth);
  });
});
