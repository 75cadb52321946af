// Bulk jobs of the bulk-order stories: one checked and waiting for placement, one placed with errors.
import type { BulkJob, BulkJobRow } from '../../domain/types';
import { PARENT_VENDOR } from './demoVendors';
import { minutesAgo } from './storyClock';

function rowOf(rowNumber: number, customer: string, error: string | null): BulkJobRow {
  return {
    row_number: rowNumber,
    status: error ? 'PREPROCESS_FAIL' : 'PREPROCESS_SUCCESS',
    error,
    order_id: null,
    delivery_fee: error ? null : 12.5,
    collection_point: PARENT_VENDOR.name,
    customer_name: customer,
    customer_phone: '+966501234567',
    drop_off_address: 'Olaya Street, Al Olaya, Riyadh',
    payment_method: 'CASH_ON_DELIVERY',
    amount: 90,
    description: 'Cake',
    delivery_type: 'instant',
    scheduled_for: null,
  };
}

export const CHECKED_BULK_JOB: BulkJob = {
  bulk_job_id: 'bulk-0002',
  vendor_id: PARENT_VENDOR.vendor_id,
  job_type: 'ORDER_CREATION',
  status: 'PREPROCESS_SUCCESS_WITH_ERROR',
  created_by: 'vendor@example.com',
  created_at: minutesAgo(15),
  file_name: 'wednesday-orders.xlsx',
  totals: { rows: 3, orders_to_be_placed: 2, orders_placed: 0, errors: 1 },
  preprocess: { metadata: { success_row_count: 2 } },
  rows: [rowOf(2, 'Sara Ali', null), rowOf(3, 'Omar Khalid', null), rowOf(4, 'Noura Saad', 'validation.phone-incorrect')],
};

export const PLACED_BULK_JOB: BulkJob = {
  bulk_job_id: 'bulk-0001',
  vendor_id: PARENT_VENDOR.vendor_id,
  job_type: 'ORDER_CREATION',
  status: 'ORDER_PLACEMENT_SUCCESS',
  created_by: 'vendor@example.com',
  created_at: minutesAgo(26 * 60),
  file_name: 'tuesday-orders.xlsx',
  totals: { rows: 2, orders_to_be_placed: 2, orders_placed: 2, errors: 0 },
  preprocess: { metadata: { success_row_count: 2 } },
  rows: [
    { ...rowOf(2, 'Lama Ahmed', null), status: 'ORDER_PLACED', order_id: 'sa-1000-0090' },
    { ...rowOf(3, 'Reem Faisal', null), status: 'ORDER_PLACED', order_id: 'sa-1000-0089' },
  ],
};

export const DEMO_BULK_JOBS: readonly BulkJob[] = [CHECKED_BULK_JOB, PLACED_BULK_JOB];
