// A stored job as API.md's BulkJob (SPEC.md §3 "Bulk job"): totals counted from its rows.
import type { BulkJob, BulkJobStatus } from '../../domain/types';
import type { JobRecord, RowCounts } from './repository';
import { toBulkJobRow, type StoredBulkRow } from './rowDocument';

export function presentJob(job: JobRecord, counts: RowCounts, rows?: readonly StoredBulkRow[]): BulkJob {
  const placed = counts.ORDER_PLACED ?? 0;
  const placementFailed = counts.ORDER_FAILED ?? 0;
  const toBePlaced = (counts.PREPROCESS_SUCCESS ?? 0) + placed + placementFailed;
  const preprocessFailed = counts.PREPROCESS_FAIL ?? 0;
  return {
    bulk_job_id: job.bulk_job_id,
    vendor_id: job.vendor_id,
    job_type: 'ORDER_CREATION',
    status: job.status as BulkJobStatus,
    created_by: job.created_by,
    created_at: job.created_at,
    file_name: job.file_name,
    totals: { rows: toBePlaced + preprocessFailed, orders_to_be_placed: toBePlaced, orders_placed: placed, errors: preprocessFailed + placementFailed },
    preprocess: { metadata: { success_row_count: toBePlaced } },
    ...(rows ? { rows: rows.map(toBulkJobRow) } : {}),
  };
}

/** The job's status once preprocessing is done. */
export function preprocessStatus(valid: number, failed: number): BulkJobStatus {
  if (valid === 0) return 'PREPROCESS_FAIL';
  return failed === 0 ? 'PREPROCESS_SUCCESS' : 'PREPROCESS_SUCCESS_WITH_ERROR';
}

/** The job's status once placement is done (about the rows that were to be placed). */
export function placementStatus(placed: number, failed: number): BulkJobStatus {
  if (placed === 0) return 'ORDER_PLACEMENT_FAIL';
  return failed === 0 ? 'ORDER_PLACEMENT_SUCCESS' : 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR';
}
