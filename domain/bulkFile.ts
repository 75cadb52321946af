// Bulk upload files (SPEC.md §5 "Lists and files", §8) and spreadsheet-cell safety.
import { LIMITS } from './limits';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const BULK_FILE_MESSAGES = {
  invalidFormat: 'bulk-order-upload.invalid-file-format',
  tooLarge: 'bulk-order-upload.file-too-large',
} as const;
export type BulkFileMessageKey = (typeof BULK_FILE_MESSAGES)[keyof typeof BULK_FILE_MESSAGES];

export interface BulkFileInfo {
  name: string;
  size: number;
  /** The browser's MIME type; may be empty or generic when the OS does not know .xlsx. */
  type: string;
}

const ACCEPTED_TYPES = new Set([XLSX_MIME_TYPE, '', 'application/octet-stream']);

/** XLSX only (by extension, and by type when the browser names one), at most 5242880 bytes. */
export function validateBulkFile({ name, size, type }: BulkFileInfo): BulkFileMessageKey | null {
  if (!name.toLowerCase().endsWith(LIMITS.bulkFileExtension) || !ACCEPTED_TYPES.has(type)) return BULK_FILE_MESSAGES.invalidFormat;
  if (size > LIMITS.bulkFileMaxBytes) return BULK_FILE_MESSAGES.tooLarge;
  return null;
}

const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

/** A phone number in international form: `+` and digits only. No formula can hide in it. */
const INTERNATIONAL_PHONE = /^\+\d{1,15}$/;

/**
 * A text cell that a spreadsheet would read as a formula gets a leading apostrophe (CSV/formula
 * injection, OWASP). A `+` followed by digits only is a phone number, not a formula, and is left as
 * it is (an apostrophe showed in every phone cell). Other values are returned unchanged.
 */
export function neutraliseSpreadsheetCell<T>(value: T): T | string {
  if (typeof value !== 'string' || INTERNATIONAL_PHONE.test(value)) return value;
  return FORMULA_TRIGGERS.some((trigger) => value.startsWith(trigger)) ? `'${value}` : value;
}
