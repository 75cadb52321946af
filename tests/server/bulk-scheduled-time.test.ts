// The "Scheduled time" column read as the vendor's local wall-clock time (server/bulk/scheduledTime.ts).
import { describe, expect, it } from 'vitest';
import { parseScheduledTime } from '../../server/bulk/scheduledTime';

/** 2026-11-23 14:30 in Riyadh (UTC+3, no daylight saving) is 11:30 UTC. */
const RIYADH_1430 = Date.UTC(2026, 10, 23, 11, 30) / 1000;
/** exceljs hands a date cell over with the wall-clock time in the UTC fields. */
const WALL_CLOCK_1430 = new Date(Date.UTC(2026, 10, 23, 14, 30));

describe('parseScheduledTime', () => {
  it.each([
    ['a date cell', { kind: 'date', date: WALL_CLOCK_1430 } as const],
    ['an Excel serial number', { kind: 'number', value: 46349 + 14.5 / 24 } as const],
    ['ISO-like text', { kind: 'text', text: '2026-11-23 14:30' } as const],
    ['text with a T', { kind: 'text', text: '2026-11-23T14:30:00' } as const],
    ['day-first text', { kind: 'text', text: '23/11/2026 14:30' } as const],
    ['Arabic-Indic digits', { kind: 'text', text: '٢٠٢٦-١١-٢٣ ١٤:٣٠' } as const],
  ])('reads %s in the vendor\'s time zone', (_name, cell) => {
    expect(parseScheduledTime(cell, 'Asia/Riyadh')).toBe(RIYADH_1430);
  });

  it('uses the zone it is given', () => {
    expect(parseScheduledTime({ kind: 'text', text: '2026-11-23 14:30' }, 'Asia/Singapore')).toBe(RIYADH_1430 - 5 * 3600);
  });

  it.each([
    ['an impossible date', { kind: 'text', text: '2026-02-30 10:00' } as const],
    ['words', { kind: 'text', text: 'tomorrow morning' } as const],
    ['a small number', { kind: 'number', value: 42 } as const],
    ['an empty cell', { kind: 'empty' } as const],
  ])('refuses %s', (_name, cell) => {
    expect(parseScheduledTime(cell, 'Asia/Riyadh')).toBeNull();
  });
});
