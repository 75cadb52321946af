// The audit trail as CSV (RFC 4180): one event a line, times in ISO 8601 UTC, a byte-order mark so
// spreadsheets read UTF-8. Cells a spreadsheet would run as a formula are neutralised as in the
// order export (domain/bulkFile.ts).
import { neutraliseSpreadsheetCell } from '../../domain/bulkFile';
import type { AuditEvent } from '../../domain/api';

function cell(value: string): string {
  const text = String(neutraliseSpreadsheetCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsv(events: readonly AuditEvent[]): string {
  const header = ['time', 'vendor_id', 'member', 'action', 'subject', 'detail'];
  const lines = events.map((event) => [
    new Date(event.at * 1000).toISOString(), event.vendor_id, event.actor, event.action, event.subject,
    Object.entries(event.detail).map(([key, value]) => `${key}=${value}`).join('; '),
  ].map(cell).join(','));
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
