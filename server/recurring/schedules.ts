// The stored schedule as the domain rule (domain/recurringSchedule.ts) and as the API answers it.
import type { RecurringRun, RecurringScheduleView, ScheduleRepeatSchema } from '../../domain/api';
import type { IsoWeekday, RecurringSchedule, ScheduleRepeat } from '../../domain/recurringSchedule';
import type { Db } from '../db/connect';
import type { RecurringRunsTable, RecurringSchedulesTable } from './tables';

/** How many runs the list shows per schedule, newest first. */
export const LAST_RUNS_SHOWN = 5;

/** The wire's snake_case repeat and the domain's camelCase one. */
export function repeatFromWire(repeat: ScheduleRepeatSchema): ScheduleRepeat {
  return repeat.kind === 'weekly'
    ? { kind: 'weekly', weekdays: [...repeat.weekdays].sort((a, b) => a - b) as IsoWeekday[] }
    : { kind: 'monthly', dayOfMonth: repeat.day_of_month };
}

export function repeatToWire(repeat: ScheduleRepeat): ScheduleRepeatSchema {
  return repeat.kind === 'weekly' ? { kind: 'weekly', weekdays: repeat.weekdays } : { kind: 'monthly', day_of_month: repeat.dayOfMonth };
}

export function ruleOf(row: RecurringSchedulesTable): RecurringSchedule {
  return { repeat: JSON.parse(row.repeat) as ScheduleRepeat, time: row.local_time, timeZone: row.time_zone, startsOn: row.starts_on, until: row.until };
}

const runView = (run: RecurringRunsTable): RecurringRun =>
  ({ planned_at: run.planned_at, outcome: run.outcome, reason: run.reason, order_id: run.order_id, ran_at: run.ran_at });

export function scheduleView(row: RecurringSchedulesTable, templateName: string, runs: readonly RecurringRunsTable[]): RecurringScheduleView {
  return {
    schedule_id: row.schedule_id, vendor_id: row.vendor_id, template_id: row.template_id, template_name: templateName,
    repeat: repeatToWire(ruleOf(row).repeat), time: row.local_time, time_zone: row.time_zone, starts_on: row.starts_on, until: row.until,
    status: row.status, next_run_at: row.status === 'active' ? row.next_run_at : null, created_by: row.created_by_email,
    created_at: row.created_at, updated_at: row.updated_at, last_runs: runs.map(runView),
  };
}

/** The vendors' schedules, each with its template's name and its latest runs. */
export async function listSchedules(db: Db, vendorIds: readonly string[], scheduleId?: string): Promise<RecurringScheduleView[]> {
  if (vendorIds.length === 0) return [];
  let query = db.selectFrom('recurring_schedules')
    .innerJoin('order_templates', 'order_templates.template_id', 'recurring_schedules.template_id')
    .selectAll('recurring_schedules').select('order_templates.name as template_name')
    .where('recurring_schedules.vendor_id', 'in', [...vendorIds]);
  if (scheduleId !== undefined) query = query.where('recurring_schedules.schedule_id', '=', scheduleId);
  const rows = await query.orderBy('recurring_schedules.created_at').orderBy('recurring_schedules.schedule_id').execute();
  if (rows.length === 0) return [];
  // A few runs of each (a year of weekdays is 260 rows a schedule; the list needs the latest only).
  const runsOf = new Map(await Promise.all(rows.map(async (row) => [row.schedule_id, await latestRuns(db, row.schedule_id)] as const)));
  return rows.map(({ template_name: templateName, ...row }) => scheduleView(row, templateName, runsOf.get(row.schedule_id) ?? []));
}

export function latestRuns(db: Db, scheduleId: string, limit = LAST_RUNS_SHOWN): Promise<RecurringRunsTable[]> {
  return db.selectFrom('recurring_runs').selectAll().where('schedule_id', '=', scheduleId).orderBy('planned_at', 'desc').limit(limit).execute();
}
