import { describe, expect, it } from 'vitest';
import { ServiceHoursError, formatServiceMinute, isWithinServiceHours, parseServiceHours } from '../../domain';

/** Unix seconds of a wall-clock time in Asia/Dubai (UTC+4, no daylight saving) on 2026-03-10. */
const dubai = (hh: number, mm: number) => Date.UTC(2026, 2, 10, hh - 4, mm) / 1000;

describe('service hours setting (SPEC §5: HHMM:HHMM, each at most 2359)', () => {
  it.each([
    ['0000:2359', { startMinute: 0, endMinute: 1439 }],
    ['0900:1730', { startMinute: 540, endMinute: 1050 }],
    ['2200:0200', { startMinute: 1320, endMinute: 120 }],
  ])('parses %s', (setting, hours) => expect(parseServiceHours(setting)).toEqual(hours));

  it.each(['2400:0900', '0900:2400', '0960:1000', '900:1700', '0900-1700', '09:00:17:00', '', 'abcd:efgh', '0900:17000'])(
    'rejects %j with a ServiceHoursError the caller can tell apart',
    (setting) => {
      expect(() => parseServiceHours(setting)).toThrow(ServiceHoursError);
      try {
        parseServiceHours(setting);
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceHoursError);
        expect((error as ServiceHoursError).code).toBe('service-hours.invalid-setting');
      }
    },
  );

  it('names the setting and the expected form in the error, for the vendor configuration log', () => {
    expect(() => parseServiceHours('0900-1700')).toThrow(
      expect.objectContaining({ name: 'ServiceHoursError', message: 'Invalid service hours setting: "0900-1700" (expected HHMM:HHMM, each at most 2359)' }),
    );
  });

  it('reads a setting with spaces around it', () => {
    expect(parseServiceHours(' 0900:1700 ')).toEqual({ startMinute: 540, endMinute: 1020 });
  });

  it('an invalid setting makes isWithinServiceHours throw too (not "closed")', () => {
    expect(() => isWithinServiceHours('2400:2400', dubai(12, 0), 'Asia/Dubai')).toThrow(ServiceHoursError);
  });
});

describe('isWithinServiceHours (SPEC §4), in the country zone', () => {
  it.each([
    ['0900:1700', 8, 59, false],
    ['0900:1700', 9, 0, true],
    ['0900:1700', 16, 59, true],
    ['0900:1700', 17, 0, false],
    ['0000:2359', 23, 58, true],
    ['0000:2359', 23, 59, false],
    // Equal start and end: open 24 hours.
    ['0800:0800', 3, 0, true],
    ['0000:0000', 23, 59, true],
    // Start after end wraps over midnight.
    ['2200:0200', 22, 0, true],
    ['2200:0200', 23, 30, true],
    ['2200:0200', 0, 0, true],
    ['2200:0200', 1, 59, true],
    ['2200:0200', 2, 0, false],
    ['2200:0200', 21, 59, false],
    ['2200:0200', 12, 0, false],
  ] as const)('%s at %i:%i -> %s', (setting, hh, mm, open) => {
    expect(isWithinServiceHours(setting, dubai(hh, mm), 'Asia/Dubai')).toBe(open);
  });

  it('compares the wall clock of the given zone, not UTC', () => {
    // 06:30 UTC is 10:30 in Dubai (open) but 08:30 in Athens in winter (closed).
    const t = Date.UTC(2026, 2, 10, 6, 30) / 1000;
    expect(isWithinServiceHours('0900:1700', t, 'Asia/Dubai')).toBe(true);
    expect(isWithinServiceHours('0900:1700', t, 'Europe/Athens')).toBe(false);
  });

  it('follows daylight saving in Europe/Athens and not in Asia/Dubai', () => {
    // 06:30 UTC on 2026-04-10: Athens is on summer time (UTC+3) so 09:30 local; Dubai still 10:30.
    const t = Date.UTC(2026, 3, 10, 6, 30) / 1000;
    expect(isWithinServiceHours('0900:1000', t, 'Europe/Athens')).toBe(true);
    expect(isWithinServiceHours('1000:1100', t, 'Asia/Dubai')).toBe(true);
    // Same UTC time in March (winter): Athens 08:30.
    expect(isWithinServiceHours('0900:1000', Date.UTC(2026, 2, 10, 6, 30) / 1000, 'Europe/Athens')).toBe(false);
  });
});

describe("the 'Service hours: {from} to {to}' toast", () => {
  it('formats minutes after midnight as HH:MM', () => {
    const { startMinute, endMinute } = parseServiceHours('0905:2359');
    expect(formatServiceMinute(startMinute)).toBe('09:05');
    expect(formatServiceMinute(endMinute)).toBe('23:59');
  });
});
