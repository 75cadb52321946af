// Tables of migration 015 (recurring orders).
import type { RecurringOutcome, RecurringStatus } from '../../domain/api';

export interface RecurringSchedulesTable {
  schedule_id: string;
  vendor_id: string;
  template_id: string;
  /** domain/recurringSchedule.ts ScheduleRepeat, as JSON. */
  repeat: string;
  /** `HH:mm` in time_zone. */
  local_time: string;
  time_zone: string;
  /** ISO dates in time_zone. */
  starts_on: string;
  until: string | null;
  status: RecurringStatus;
  /** Unix seconds of the next run; null once the schedule has ended. */
  next_run_at: number | null;
  created_by_account_id: string;
  created_by_email: string;
  /** The locale refused and skipped runs are mailed in. */
  language: string;
  created_at: number;
  updated_at: number;
}

/** One run of a schedule; (schedule_id, planned_at) is its key, so each run happens once. */
export interface RecurringRunsTable {
  schedule_id: string;
  planned_at: number;
  outcome: RecurringOutcome;
  reason: string | null;
  order_id: string | null;
  ran_at: number;
  notified_at: number | null;
}
