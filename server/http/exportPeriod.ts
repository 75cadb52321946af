// The period of an export (orders as CSV/XLSX, proofs as ZIP): in order, and no longer than a custom
// date range may be, so one request never reads an unbounded history.
import { LIMITS } from '../../domain';
import { badRequest, unprocessable } from './errors';

export function assertExportPeriod(from: number, to: number): void {
  if (to < from) throw badRequest('error.invalid-date-range', 'to');
  if (to - from > LIMITS.customDateRangeMaxDays * 86_400) throw unprocessable('export.error.range-too-long', 'to');
}
