// What a bulk job row stores besides its status (bulk_job_rows.document, JSON): the cells as read,
// the computed fee and the geocoded drop-off, everything placement needs to build the order.
import type { BulkJobRow, UnixSeconds } from '../../domain/types';

export interface BulkRowDocument {
  collection_point: string;
  customer_name: string;
  customer_phone: string;
  drop_off_address: string;
  unit_number: string;
  building: string;
  rider_notes: string;
  payment_method: string;
  amount: number | null;
  description: string;
  delivery_type: BulkJobRow['delivery_type'];
  scheduled_for: UnixSeconds | null;
  delivery_fee: number | null;
  latitude: number | null;
  longitude: number | null;
}

export type BulkRowStatus = BulkJobRow['status'];

/** A row as the repository hands it over. */
export interface StoredBulkRow {
  rowNumber: number;
  status: BulkRowStatus;
  error: string | null;
  orderId: string | null;
  outletId: string | null;
  document: BulkRowDocument;
}

export function toBulkJobRow(row: StoredBulkRow): BulkJobRow {
  const d = row.document;
  return {
    row_number: row.rowNumber,
    status: row.status,
    error: row.error,
    order_id: row.status === 'ORDER_PLACED' ? row.orderId : null,
    delivery_fee: d.delivery_fee,
    collection_point: d.collection_point,
    customer_name: d.customer_name,
    customer_phone: d.customer_phone,
    drop_off_address: d.drop_off_address,
    payment_method: d.payment_method,
    amount: d.amount,
    description: d.description,
    delivery_type: d.delivery_type,
    scheduled_for: d.scheduled_for,
  };
}
