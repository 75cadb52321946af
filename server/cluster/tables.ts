// Tables of migration 004 (scale-out). server/db/schema.ts's Database includes them.

/** One pending background job (a courier move, a bulk placement), shared by every server process. */
export interface ScheduledJobsTable {
  /** One job per subject, e.g. `courier:{orderId}`: scheduling again replaces it. */
  job_key: string;
  kind: string;
  /** Unix milliseconds. */
  due_at: number;
  /** JSON. */
  payload: string;
  /** The claim of the process running it; null while waiting. */
  lease_owner: string | null;
  /** Unix milliseconds; past it, another process may take the job over. */
  lease_until: number | null;
  attempts: number;
}

/** A live update too large for a NOTIFY payload, read back by the other processes by id. */
export interface LiveMessagesTable {
  message_id: string;
  payload: string;
  /** Unix milliseconds. */
  created_at: number;
}
