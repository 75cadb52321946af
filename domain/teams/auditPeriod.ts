// The periods the Audit page filters by, in the vendor's time zone: today, the past 7 or 30 days
// (today included: the trail is read for what just happened), or all time. Pure: time is a parameter.
import { localDateAt, startOfDay } from '../zonedTime';

export const AUDIT_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type AuditPeriod = (typeof AUDIT_PERIODS)[number];

const DAYS: Record<Exclude<AuditPeriod, 'all'>, number> = { today: 1, week: 7, month: 30 };

/** `from` inclusive, `to` exclusive (the audit route's bounds), in unix seconds; nothing for all time. */
export function auditPeriodBounds(period: AuditPeriod, nowUnix: number, timeZone: string): { from?: number; to?: number } {
  if (period === 'all') return {};
  const today = localDateAt(nowUnix, timeZone);
  return { from: startOfDay(today.minusDays(DAYS[period] - 1), timeZone), to: startOfDay(today.plusDays(1), timeZone) };
}
