import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain';
import { assertExportPeriod } from '../../server/http/exportPeriod';

const DAY = 86_400;
const refusalOf = (from: number, to: number) => {
  try {
    assertExportPeriod(from, to);
    return null;
  } catch (error) {
    const { status, key, field } = error as { status: number; key: string; field: string };
    return { status, key, field };
  }
};

describe('the period of an export (orders and proofs)', () => {
  it('accepts a period in order, up to the longest custom range, the one-instant period included', () => {
    expect(refusalOf(1_000, 1_000)).toBeNull();
    expect(refusalOf(0, LIMITS.customDateRangeMaxDays * DAY)).toBeNull();
  });

  it('refuses an end before the start (400) and one second past the longest range (422), naming `to`', () => {
    expect(refusalOf(1_000, 999)).toEqual({ status: 400, key: 'error.invalid-date-range', field: 'to' });
    expect(refusalOf(0, LIMITS.customDateRangeMaxDays * DAY + 1)).toEqual({ status: 422, key: 'export.error.range-too-long', field: 'to' });
  });
});
