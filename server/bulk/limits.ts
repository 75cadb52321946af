// Caps that keep one upload from exhausting the server (issues 8 and 18): every number is checked
// before or while the archive is read, never after.
import { LIMITS } from '../../domain';

/** Data rows a job may hold (the header row is not counted); a longer file is refused. */
export const MAX_DATA_ROWS = 10_000;
/** Rows read at all, blank ones included (spreadsheets often carry formatted empty rows). */
export const MAX_SHEET_ROWS = 50_000;
/** Entries in the archive: a real workbook has a dozen or two. */
export const MAX_ZIP_ENTRIES = 500;
/** Total uncompressed size of all entries: ~10 000 rows of XML fit well under this. */
export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/**
 * Decoded size of one worksheet part: 10 000 rows of the template with every text column at its
 * SPEC §9 maximum still fit; one cell of tens of megabytes does not.
 */
export const MAX_WORKSHEET_PART_BYTES = 32 * 1024 * 1024;
/** Decoded size of the shared-strings table (every distinct text of the workbook, once). */
export const MAX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024;
/** Any other XML part (styles, workbook, relationships, drawings): real ones are a few hundred KB. */
export const MAX_OTHER_PART_BYTES = 8 * 1024 * 1024;
/**
 * The longest cell value any column allows (SPEC §9: notes 1000 bytes, street address 255 bytes,
 * description 200 characters), in UTF-16 code units: a value within its column's limit is never
 * longer than this, so a longer cell is a row error before it is validated, stored or expanded.
 */
export const MAX_CELL_CHARS = Math.max(LIMITS.notesMaxBytes, LIMITS.streetAddressMaxBytes, 2 * LIMITS.descriptionMaxChars);
/** The multipart stream's slack over the file itself (boundaries, headers, the vendor_id field). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
