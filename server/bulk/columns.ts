// The columns of the bulk-order spreadsheet, shared by the template (server/bulk/template.ts) and
// the reader (server/bulk/readSheet.ts), so the file we hand out is the file we accept.
import { BULK_PAYMENT_TYPES } from '../../domain/types';

export type BulkColumnKey =
  | 'collectionPoint'
  | 'customerName'
  | 'customerPhone'
  | 'dropOffAddress'
  | 'unitNumber'
  | 'building'
  | 'riderNotes'
  | 'amount'
  | 'description'
  | 'paymentMethod'
  | 'deliveryType'
  | 'scheduledTime';

export const DELIVERY_TYPES = ['instant', 'scheduled'] as const;

export interface BulkColumn {
  key: BulkColumnKey;
  /** The header text in row 1 (matched case- and space-insensitively). */
  header: string;
  required: boolean;
  /** The note on the header cell of the template. */
  note: string;
  /** A drop-down list in the template. */
  choices?: readonly string[];
  example: string | number;
  width: number;
}

export const BULK_COLUMNS: readonly BulkColumn[] = [
  { key: 'collectionPoint', header: 'Collection point ID', required: true, width: 20, example: 'sa-1001',
    note: 'The ID of the collection point (outlet) the rider picks the order up from.' },
  { key: 'customerName', header: 'Customer name', required: true, width: 24, example: 'Sara Al-Harbi',
    note: 'The recipient\'s name, without digits.' },
  { key: 'customerPhone', header: 'Customer phone', required: true, width: 18, example: '+966501234567',
    note: 'A phone number of the vendor\'s country, with or without the country code.' },
  { key: 'dropOffAddress', header: 'Drop-off address', required: true, width: 36, example: 'Al Olaya, Riyadh',
    note: 'Street, district and city, separated by commas. The district and city must be known.' },
  { key: 'unitNumber', header: 'Unit number', required: false, width: 12, example: '12',
    note: 'Flat or unit number (required in Singapore).' },
  { key: 'building', header: 'Building', required: false, width: 16, example: 'Tower B', note: 'Building name or number.' },
  { key: 'riderNotes', header: 'Notes to rider', required: false, width: 28, example: 'Ring twice', note: 'At most 1000 bytes.' },
  { key: 'amount', header: 'Order amount', required: true, width: 14, example: 45.5,
    note: 'The value of the goods in the vendor\'s currency, e.g. 45.5.' },
  { key: 'description', header: 'Order description', required: false, width: 28, example: 'Two cakes', note: 'At most 200 characters.' },
  { key: 'paymentMethod', header: 'Payment method', required: true, width: 22, example: 'CASH_ON_DELIVERY', choices: BULK_PAYMENT_TYPES,
    note: 'PAID, CASH_ON_DELIVERY or ONLINE_PAYMENT.' },
  { key: 'deliveryType', header: 'Delivery type', required: true, width: 14, example: 'instant', choices: DELIVERY_TYPES,
    note: 'instant (as soon as possible) or scheduled.' },
  { key: 'scheduledTime', header: 'Scheduled time', required: false, width: 20, example: '',
    note: 'For scheduled deliveries: a date cell, or text like 2026-11-23 14:30, in the vendor\'s local time, up to 2 days ahead.' },
];

/** Header text as compared: case, surrounding and repeated spaces do not matter. */
export function normaliseHeader(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
