import ExcelJS from 'exceljs';
import { datesOfRange, neutraliseSpreadsheetCell } from '../../domain';
import type { Order } from '../../domain/types';

export type ExportFormat = 'csv' | 'xlsx';

/** Columns of the export, in order: header and how to read the cell from an order. */
export const EXPORT_COLUMNS: readonly { header: string; value: (order: Order) => string | number }[] = [
  { header: 'Order ID', value: (o) => o.order_id },
  { header: 'Collection point', value: (o) => o.outlet_name ?? o.vendor_id },
  { header: 'Created (UTC)', value: (o) => new Date(o.created_at * 1000).toISOString() },
  { header: 'Scheduled for (UTC)', value: (o) => (o.preordered_for ? new Date(o.preordered_for * 1000).toISOString() : '') },
  { header: 'Status', value: (o) => o.status },
  { header: 'Customer name', value: (o) => o.customer.name },
  { header: 'Customer phone', value: (o) => o.customer.phone_number },
  { header: 'Drop-off address', value: (o) => o.customer.location.address },
  { header: 'Notes to rider', value: (o) => o.customer.location.notes ?? '' },
  { header: 'Description', value: (o) => o.order.description },
  { header: 'Payment method', value: (o) => o.order.payment_method },
  { header: 'Order amount', value: (o) => o.order.amount },
  { header: 'Delivery fee', value: (o) => o.delivery_fee ?? '' },
  { header: 'Discount', value: (o) => o.discount ?? 0 },
  { header: 'Total', value: (o) => o.total_amount ?? '' },
  { header: 'Currency', value: (o) => o.currency ?? '' },
  { header: 'Cancel reason', value: (o) => o.cancel_reason ?? '' },
];

/**
 * The orders as a CSV or XLSX file (exceljs for both, so quoting of commas, quotes and newlines is
 * the library's). Every text cell goes through the domain's neutraliseSpreadsheetCell, so a customer
 * name like `=HYPERLINK(...)` is shown as text and never runs as a formula.
 */
export async function writeOrdersFile(orders: readonly Order[], format: ExportFormat): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(EXPORT_COLUMNS.map((c) => c.header));
  for (const order of orders) sheet.addRow(EXPORT_COLUMNS.map((c) => neutraliseSpreadsheetCell(c.value(order))));
  sheet.getRow(1).font = { bold: true };
  const data = format === 'csv' ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

/**
 * `orders-<vendor>-<first day>-<last day>.csv`, the days of the period in the vendor's zone (the ones
 * the history shows), with anything but letters, digits, dot, dash and underscore replaced.
 */
export function exportFileName(vendorId: string, from: number, to: number, format: ExportFormat, timeZone: string): string {
  const { startDate, endDate } = datesOfRange({ from, to }, timeZone);
  return `orders-${vendorId}-${startDate}-${endDate}.${format}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
