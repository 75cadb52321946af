import { DateTimeFormatter } from '@js-joda/core';
import ExcelJS from 'exceljs';
import { datesOfRange, neutraliseSpreadsheetCell } from '../../domain';
import type { Order, UnixSeconds } from '../../domain/types';
import { zonedAt } from '../../domain/zonedTime';

import type { ExportFormat } from '../../domain/api';

export type { ExportFormat };

export interface ExportColumn {
  header: string;
  value: (order: Order) => string | number;
}

/** `2026-03-10 15:04:05`: the wall-clock time in the zone, as the screen shows it, sortable as text. */
const LOCAL_TIME = DateTimeFormatter.ofPattern('yyyy-MM-dd HH:mm:ss');
function localTime(unix: UnixSeconds, timeZone: string): string {
  return zonedAt(unix, timeZone).format(LOCAL_TIME);
}

/** Columns of the export, in order: header and how to read the cell from an order. Times are in the
 * vendor's zone, named in the header ("Created (Asia/Riyadh)"), like the screen's local times. */
export function exportColumns(timeZone: string): readonly ExportColumn[] {
  return [
    { header: 'Order ID', value: (o) => o.order_id },
    { header: 'Collection point', value: (o) => o.outlet_name ?? o.vendor_id },
    { header: `Created (${timeZone})`, value: (o) => localTime(o.created_at, timeZone) },
    { header: `Scheduled for (${timeZone})`, value: (o) => (o.preordered_for ? localTime(o.preordered_for, timeZone) : '') },
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
}

/** The columns in UTC, for readers that look a column up by its header. */
export const EXPORT_COLUMNS = exportColumns('UTC');

/** XLSX column widths in characters: the longest value (or header), within these bounds. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * The orders as a CSV or XLSX file (exceljs for both, so quoting of commas, quotes and newlines is
 * the library's). Every text cell goes through the domain's neutraliseSpreadsheetCell, so a customer
 * name like `=HYPERLINK(...)` is shown as text and never runs as a formula.
 */
export async function writeOrdersFile(orders: readonly Order[], format: ExportFormat, timeZone = 'UTC'): Promise<Buffer> {
  const columns = exportColumns(timeZone);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  const widths = columns.map((c) => c.header.length);
  sheet.addRow(columns.map((c) => c.header));
  for (const order of orders) {
    const cells = columns.map((c) => neutraliseSpreadsheetCell(c.value(order)));
    cells.forEach((cell, i) => {
      const longestLine = Math.max(...String(cell).split('\n').map((line) => line.length));
      widths[i] = Math.max(widths[i] ?? 0, longestLine);
    });
    sheet.addRow(cells);
  }
  sheet.getRow(1).font = { bold: true };
  // Wide enough to read each column without dragging it open (XLSX only; CSV has no widths).
  widths.forEach((width, i) => (sheet.getColumn(i + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2))));
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
