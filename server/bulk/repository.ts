// Bulk jobs and their rows in the database (tables of migration 003). Dialect-neutral Kysely.
import { sql } from 'kysely';
import type { BulkJobStatus, BulkPreprocessFilter } from '../../domain/types';
import type { Db } from '../db/connect';
import type { BulkJobsTable } from '../db/schema';
import type { BulkRowDocument, BulkRowStatus, StoredBulkRow } from './rowDocument';

export type JobRecord = BulkJobsTable;
export type Placement = 'NONE' | 'QUEUED' | 'DONE';

export interface NewRow {
  rowNumber: number;
  status: BulkRowStatus;
  error: string | null;
  outletId: string | null;
  document: BulkRowDocument;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_BATCH = 500;

export async function insertJob(db: Db, job: JobRecord, rows: readonly NewRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('bulk_jobs').values(job).execute();
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await trx.insertInto('bulk_job_rows').values(rows.slice(start, start + INSERT_BATCH).map((row) => ({
        bulk_job_id: job.bulk_job_id,
        row_number: row.rowNumber,
        status: row.status,
        error: row.error,
        order_id: null,
        outlet_id: row.outletId,
        document: JSON.stringify(row.document),
      }))).execute();
    }
  });
}

export async function findJob(db: Db, jobId: string): Promise<JobRecord | null> {
  return (await db.selectFrom('bulk_jobs').selectAll().where('bulk_job_id', '=', jobId).executeTakeFirst()) ?? null;
}

/** Newest first. */
export async function listJobs(db: Db, vendorId: string): Promise<JobRecord[]> {
  return db.selectFrom('bulk_jobs').selectAll().where('vendor_id', '=', vendorId).orderBy('created_at', 'desc').orderBy('bulk_job_id', 'desc').execute();
}

export type RowCounts = Partial<Record<BulkRowStatus, number>>;

/** How many rows of each job are in each status. */
export async function countRows(db: Db, jobIds: readonly string[]): Promise<Map<string, RowCounts>> {
  const counts = new Map<string, RowCounts>();
  if (jobIds.length === 0) return counts;
  const rows = await db.selectFrom('bulk_job_rows')
    .select(['bulk_job_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('bulk_job_id', 'in', [...jobIds])
    .groupBy(['bulk_job_id', 'status'])
    .execute();
  for (const row of rows) {
    const job = counts.get(row.bulk_job_id) ?? {};
    job[row.status as BulkRowStatus] = Number(row.n);
    counts.set(row.bulk_job_id, job);
  }
  return counts;
}

const PASSED_PREPROCESS: BulkRowStatus[] = ['PREPROCESS_SUCCESS', 'ORDER_PLACED', 'ORDER_FAILED'];

function toStored(row: { row_number: number; status: string; error: string | null; order_id: string | null; outlet_id: string | null; document: string }): StoredBulkRow {
  return {
    rowNumber: row.row_number,
    status: row.status as BulkRowStatus,
    error: row.error,
    orderId: row.order_id,
    outletId: row.outlet_id,
    document: JSON.parse(row.document) as BulkRowDocument,
  };
}

/** Rows in spreadsheet order; PREPROCESS_SUCCESS means "passed preprocessing" (placed or not since). */
export async function listRows(db: Db, jobId: string, filter: BulkPreprocessFilter = 'ALL'): Promise<StoredBulkRow[]> {
  let query = db.selectFrom('bulk_job_rows').select(['row_number', 'status', 'error', 'order_id', 'outlet_id', 'document']).where('bulk_job_id', '=', jobId);
  if (filter === 'PREPROCESS_SUCCESS') query = query.where('status', 'in', PASSED_PREPROCESS);
  if (filter === 'PREPROCESS_FAIL') query = query.where('status', '=', 'PREPROCESS_FAIL');
  return (await query.orderBy('row_number').execute()).map(toStored);
}

/** The next `limit` rows still waiting to be placed after row `afterRow`, in spreadsheet order. */
export async function pendingRows(db: Db, jobId: string, afterRow: number, limit: number): Promise<StoredBulkRow[]> {
  const rows = await db.selectFrom('bulk_job_rows').select(['row_number', 'status', 'error', 'order_id', 'outlet_id', 'document'])
    .where('bulk_job_id', '=', jobId).where('status', '=', 'PREPROCESS_SUCCESS').where('row_number', '>', afterRow)
    .orderBy('row_number').limit(limit).execute();
  return rows.map(toStored);
}

/** A pending row's reserved order id (null: none yet); rows already placed or failed are absent. */
export type PendingReservations = Map<number, string | null>;

/**
 * Fixes each row's order id before the order exists, in one statement: a row that already has one
 * (from an earlier or concurrent attempt) keeps it, so every attempt reads the same id back. Meant
 * as the first statement of the placement transaction: being a write, it takes the write lock
 * (SQLite) or the rows' locks (PostgreSQL) before anything is read.
 */
export async function reserveOrderIds(db: Db, jobId: string, candidates: ReadonlyMap<number, string>, rowNumbers: readonly number[]): Promise<PendingReservations> {
  if (candidates.size > 0) {
    const chosen = sql.join([...candidates].map(([rowNumber, orderId]) => sql`when ${rowNumber} then ${orderId}`), sql` `);
    await db.updateTable('bulk_job_rows').set({ order_id: sql<string>`case ${sql.ref('row_number')} ${chosen} end` })
      .where('bulk_job_id', '=', jobId).where('row_number', 'in', [...candidates.keys()])
      .where('order_id', 'is', null).where('status', '=', 'PREPROCESS_SUCCESS').execute();
  }
  const reserved: PendingReservations = new Map();
  if (rowNumbers.length === 0) return reserved;
  const rows = await db.selectFrom('bulk_job_rows').select(['row_number', 'order_id'])
    .where('bulk_job_id', '=', jobId).where('row_number', 'in', [...rowNumbers]).where('status', '=', 'PREPROCESS_SUCCESS').execute();
  for (const row of rows) reserved.set(row.row_number, row.order_id);
  return reserved;
}

export interface RowOutcome {
  rowNumber: number;
  status: 'ORDER_PLACED' | 'ORDER_FAILED';
  error: string | null;
}

/** Marks pending rows placed or failed: one UPDATE per distinct (status, error), not one per row. */
export async function finishRows(db: Db, jobId: string, outcomes: readonly RowOutcome[]): Promise<void> {
  const groups = new Map<string, { status: RowOutcome['status']; error: string | null; rows: number[] }>();
  for (const outcome of outcomes) {
    const key = JSON.stringify([outcome.status, outcome.error]);
    const group = groups.get(key) ?? { status: outcome.status, error: outcome.error, rows: [] };
    group.rows.push(outcome.rowNumber);
    groups.set(key, group);
  }
  for (const { status, error, rows } of groups.values()) {
    await db.updateTable('bulk_job_rows').set({ status, error })
      .where('bulk_job_id', '=', jobId).where('row_number', 'in', rows).where('status', '=', 'PREPROCESS_SUCCESS').execute();
  }
}

/** Moves a job's placement forward; returns false when another caller already did. */
export async function setPlacement(db: Db, jobId: string, from: Placement, to: Placement, nowUnix: number, status?: BulkJobStatus): Promise<boolean> {
  const result = await db.updateTable('bulk_jobs').set({ placement: to, updated_at: nowUnix, ...(status ? { status } : {}) })
    .where('bulk_job_id', '=', jobId).where('placement', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function queuedJobIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('bulk_jobs').select('bulk_job_id').where('placement', '=', 'QUEUED').orderBy('created_at').execute();
  return rows.map((row) => row.bulk_job_id);
}
