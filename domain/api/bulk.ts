// Bulk orders (API.md "Bulk orders"): a spreadsheet of orders becomes a job whose rows are checked,
// then placed. The bulk answers come in a `body` envelope (GET /bulk-job/all adds `code`).
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

export const BULK_JOB_STATUSES = [
  'PREPROCESS_SUCCESS',
  'ORDER_PLACEMENT_SUCCESS',
  'PREPROCESS_SUCCESS_WITH_ERROR',
  'ORDER_PLACEMENT_SUCCESS_WITH_ERROR',
  'PREPROCESS_FAIL',
  'ORDER_PLACEMENT_FAIL',
  'UNKNOWN',
] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

export const BULK_PREPROCESS_FILTERS = ['PREPROCESS_SUCCESS', 'PREPROCESS_FAIL', 'ALL'] as const;
export type BulkPreprocessFilter = (typeof BULK_PREPROCESS_FILTERS)[number];

const UnixSeconds = Type.Integer({ description: 'Unix seconds.' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One spreadsheet row as checked (and, once placed, its order). */
export const BulkJobRow = Type.Object({
  row_number: Type.Integer(),
  status: Type.Enum(['PREPROCESS_SUCCESS', 'PREPROCESS_FAIL', 'ORDER_PLACED', 'ORDER_FAILED'], { type: 'string' }),
  error: nullable(Type.String({ description: 'A translation key.' })),
  order_id: nullable(Type.String()),
  delivery_fee: nullable(Type.Number()),
  collection_point: Type.String(),
  customer_name: Type.String(),
  customer_phone: Type.String(),
  drop_off_address: Type.String(),
  payment_method: Type.String(),
  amount: nullable(Type.Number()),
  description: Type.String(),
  delivery_type: Type.Enum(['instant', 'scheduled'], { type: 'string' }),
  scheduled_for: nullable(UnixSeconds),
});
export type BulkJobRow = Static<typeof BulkJobRow>;

export const BulkJob = Type.Object({
  bulk_job_id: Type.String(),
  vendor_id: Type.String(),
  job_type: Type.Literal('ORDER_CREATION'),
  status: Type.Enum(BULK_JOB_STATUSES, { type: 'string' }),
  created_by: Type.String(),
  created_at: UnixSeconds,
  file_name: Type.String(),
  totals: Type.Object({ rows: Type.Integer(), orders_to_be_placed: Type.Integer(), orders_placed: Type.Integer(), errors: Type.Integer() }),
  preprocess: Type.Object({ metadata: Type.Object({ success_row_count: Type.Integer() }) }),
  rows: Type.Optional(Type.Array(BulkJobRow, { description: 'GET /bulk-job/detail and place-orders: the rows of the filter.' })),
});
export type BulkJob = Static<typeof BulkJob>;

/** POST /bulk-job/create answer (multipart upload of `vendor_id` and `file`): the job and its checked rows. */
export const BulkUploadResult = Type.Object({ bulk_job: BulkJob, orders: Type.Array(BulkJobRow) });
export type BulkUploadResult = Static<typeof BulkUploadResult>;

/** GET /bulk-job/all/{vendorId} answer. */
export const BulkJobList = Type.Object({ code: Type.Integer(), body: Type.Array(BulkJob) });

export const BulkJobParams = StrictObject({ jobId: Type.String({ minLength: 1, maxLength: 200 }) });
export type BulkJobParams = Static<typeof BulkJobParams>;
export const BulkVendorParams = StrictObject({ vendorId: Type.String({ minLength: 1, maxLength: 200 }) });
export type BulkVendorParams = Static<typeof BulkVendorParams>;
export const BulkJobDetailParams = StrictObject({ vendorId: Type.String({ minLength: 1, maxLength: 200 }), jobId: Type.String({ minLength: 1, maxLength: 200 }) });
export type BulkJobDetailParams = Static<typeof BulkJobDetailParams>;
export const BulkJobDetailQuery = Type.Object({ filter: Type.Optional(Type.Enum(BULK_PREPROCESS_FILTERS, { type: 'string' })) });
export type BulkJobDetailQuery = Static<typeof BulkJobDetailQuery>;
