import { describe, expect, it } from 'vitest';
import { auditPeriodBounds } from '../../domain/teams';

// Issue #27: the audit trail is "filterable per period", read in the vendor's zone (Asia/Dubai, UTC+4).
const NOON_DUBAI = Date.UTC(2026, 10, 26, 8, 0, 0) / 1000; // 2026-11-26 12:00 in Dubai
const MIDNIGHT_DUBAI = Date.UTC(2026, 10, 25, 20, 0, 0) / 1000; // 2026-11-26 00:00 in Dubai

describe('auditPeriodBounds', () => {
  it('takes today from the vendor\'s midnight to the next, as from-inclusive, to-exclusive', () => {
    expect(auditPeriodBounds('today', NOON_DUBAI, 'Asia/Dubai')).toEqual({ from: MIDNIGHT_DUBAI, to: MIDNIGHT_DUBAI + 86_400 });
  });

  it('includes today in the past 7 and 30 days', () => {
    expect(auditPeriodBounds('week', NOON_DUBAI, 'Asia/Dubai')).toEqual({ from: MIDNIGHT_DUBAI - 6 * 86_400, to: MIDNIGHT_DUBAI + 86_400 });
    expect(auditPeriodBounds('month', NOON_DUBAI, 'Asia/Dubai')).toEqual({ from: MIDNIGHT_DUBAI - 29 * 86_400, to: MIDNIGHT_DUBAI + 86_400 });
  });

  it('leaves all time unbounded', () => {
    expect(auditPeriodBounds('all', NOON_DUBAI, 'Asia/Dubai')).toEqual({});
  });

  it('follows a clock change: a Berlin day in October is 25 hours long', () => {
    const { from, to } = auditPeriodBounds('today', Date.UTC(2026, 9, 25, 12) / 1000, 'Europe/Berlin');
    expect((to ?? 0) - (from ?? 0)).toBe(25 * 3600);
  });
});
