// Caps that keep one upload from exhausting the server (issue 8): every number is checked before
// or while the archive is read, never after.

/** Data rows a job may hold (the header row is not counted); a longer file is refused. */
export const MAX_DATA_ROWS = 10_000;
/** Rows read at all, blank ones included (spreadsheets often carry formatted empty rows). */
export const MAX_SHEET_ROWS = 50_000;
/** Entries in the archive: a real workbook has a dozen or two. */
export const MAX_ZIP_ENTRIES = 500;
/** Total uncompressed size of all entries: ~10 000 rows of XML fit well under this. */
export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/** The multipart stream's slack over the file itself (boundaries, headers, the vendor_id field). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
