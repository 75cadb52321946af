// POST /bulk-job/create after the upload is read: archive checks, then each row through
// preprocessRow as the sheet streams in (only its result is kept, not its cells), then one job with
// its rows stored in a single transaction: a file refused halfway (too many rows, a broken part)
// stores nothing. The answer is built from the rows just stored rather than read back.
import { randomBytes } from 'node:crypto';
import type { BulkJob, BulkJobRow } from '../../domain/types';
import { canReachVendor, type AuthenticatedPrincipal } from '../auth/tenancy';
import type { Geocoder } from '../geo/geocoder';
import { unprocessable } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import type { OrdersSide } from '../orders/side';
import { createAddressLocator } from './geocodeAddress';
import { BULK_MESSAGES } from './messages';
import { preprocessRow, type PreprocessedRow } from './preprocessRow';
import { presentJob, preprocessStatus } from './present';
import { readBulkSheet } from './readSheet';
import { insertJob } from './repository';
import { toBulkJobRow } from './rowDocument';
import { createTimeSlicer } from './timeSlices';
import { inspectXlsx } from './xlsxGuard';

export interface UploadedFile {
  name: string;
  buffer: Buffer;
}

/** The vendor itself and its outlets that the uploader reaches, by client vendor id. */
async function collectionPoints(side: OrdersSide, vendor: VendorRow, principal: AuthenticatedPrincipal): Promise<Map<string, VendorRow>> {
  const outlets = await side.db.selectFrom('vendors').selectAll().where('parent_vendor_id', '=', vendor.vendor_id).execute();
  const points = new Map<string, VendorRow>();
  for (const point of [vendor, ...outlets]) {
    if (point.is_active === 1 && canReachVendor(principal, point.vendor_id)) points.set(point.client_vendor_id, point);
  }
  return points;
}

export function createdByOf(principal: AuthenticatedPrincipal): string {
  switch (principal.kind) {
    case 'user': return principal.email;
    case 'godroid': return `godroid:${principal.vendorId}`;
    case 'guest': return `guest:${principal.guestId}`;
    case 'apiKey': return `apikey:${principal.keyId}`;
  }
}

/**
 * `bulk-{creation ms, 12 hex}{80 random bits}`: unguessable, and sorting by id orders jobs created
 * within the same second.
 */
export function newBulkJobId(nowMs = Date.now()): string {
  return `bulk-${nowMs.toString(16).padStart(12, '0')}${randomBytes(10).toString('hex')}`;
}

export async function createBulkJob(
  deps: { side: OrdersSide; geocoder: Geocoder },
  principal: AuthenticatedPrincipal,
  vendor: VendorRow,
  file: UploadedFile,
): Promise<{ bulk_job: BulkJob; orders: BulkJobRow[] }> {
  if (file.buffer.length === 0) throw unprocessable(BULK_MESSAGES.emptyFile, 'file');
  const inspection = await inspectXlsx(file.buffer);

  const context = {
    countryCode: vendor.country_code,
    outlets: await collectionPoints(deps.side, vendor, principal),
    locate: createAddressLocator(deps.geocoder, vendor.country_code),
    nowUnix: deps.side.nowUnix(),
  };
  const rows: PreprocessedRow[] = [];
  const yieldIfDue = createTimeSlicer();
  for await (const row of readBulkSheet(file.buffer, inspection)) {
    rows.push(await preprocessRow(row, context));
    await yieldIfDue();
  }

  const valid = rows.filter((row) => row.status === 'PREPROCESS_SUCCESS').length;
  const now = deps.side.nowUnix();
  const job = {
    bulk_job_id: newBulkJobId(),
    vendor_id: vendor.vendor_id,
    created_by: createdByOf(principal),
    principal_json: JSON.stringify(principal),
    created_at: now,
    updated_at: now,
    file_name: file.name.slice(0, 255),
    status: preprocessStatus(valid, rows.length - valid),
    placement: 'NONE',
  };
  await insertJob(deps.side.db, job, rows);
  return {
    bulk_job: presentJob(job, { PREPROCESS_SUCCESS: valid, PREPROCESS_FAIL: rows.length - valid }),
    orders: rows.map((row) => toBulkJobRow({ ...row, orderId: null })),
  };
}
