// Streams the first worksheet of an inspected workbook through exceljs' worksheet reader (its parts
// opened by workbookParts.ts): finds the columns by their header text and yields each non-blank data
// row's cells as it is read (at most MAX_DATA_ROWS), so no caller needs the whole sheet in memory.
import type ExcelJS from 'exceljs';
import { BULK_FILE_MESSAGES } from '../../domain';
import { ApiError, unprocessable } from '../http/errors';
import { BULK_COLUMNS, normaliseHeader, type BulkColumnKey } from './columns';
import { toSheetCell, type SheetCell } from './cellValue';
import { MAX_DATA_ROWS, MAX_SHEET_ROWS } from './limits';
import { NO_MERGED_ROWS, type MergedRows } from './mergedRows';
import { BULK_MESSAGES } from './messages';
import { openFirstWorksheet, type OpenedWorksheet } from './workbookParts';
import type { XlsxInspection } from './xlsxGuard';

export interface SheetRow {
  /** The spreadsheet's own row number (the header is row 1 in the template). */
  rowNumber: number;
  cells: ReadonlyMap<BulkColumnKey, SheetCell>;
  /** Part of a merged range: its values may sit in another row. */
  merged: boolean;
}

type ExcelRow = ExcelJS.Row;

function cellsOf(row: ExcelRow): SheetCell[] {
  const values = Array.isArray(row.values) ? row.values : [];
  const cells: SheetCell[] = [];
  // exceljs row values are 1-based (index 0 is unused).
  for (let i = 1; i < values.length; i += 1) cells[i] = toSheetCell(values[i]);
  return cells;
}

const isBlankRow = (cells: SheetCell[]) => cells.every((cell) => cell === undefined || cell.kind === 'empty');

/** Column index (1-based) of each template column, from the header row; throws when a required one is missing. */
function mapHeader(header: SheetCell[]): Map<BulkColumnKey, number> {
  const indexOf = new Map<string, number>();
  header.forEach((cell, i) => {
    if (cell?.kind === 'text' && !indexOf.has(normaliseHeader(cell.text))) indexOf.set(normaliseHeader(cell.text), i);
  });
  const mapping = new Map<BulkColumnKey, number>();
  const missing: string[] = [];
  for (const column of BULK_COLUMNS) {
    const index = indexOf.get(normaliseHeader(column.header));
    if (index !== undefined) mapping.set(column.key, index);
    else if (column.required) missing.push(column.header);
  }
  if (missing.length > 0) throw unprocessable(BULK_MESSAGES.missingColumns, missing.join(','));
  return mapping;
}

async function* readRows(worksheet: ExcelJS.stream.xlsx.WorksheetReader, merges: MergedRows): AsyncGenerator<SheetRow> {
  let header: Map<BulkColumnKey, number> | null = null;
  let headerRowNumber = 0;
  let seen = 0;
  let dataRows = 0;
  for await (const row of worksheet) {
    seen += 1;
    if (seen > MAX_SHEET_ROWS) throw unprocessable(BULK_MESSAGES.tooManyRows, 'file');
    const cells = cellsOf(row);
    if (isBlankRow(cells)) continue;
    if (header === null) {
      header = mapHeader(cells);
      headerRowNumber = row.number;
      continue;
    }
    dataRows += 1;
    if (dataRows > MAX_DATA_ROWS) throw unprocessable(BULK_MESSAGES.tooManyRows, 'file');
    const mapped = new Map<BulkColumnKey, SheetCell>();
    for (const [key, index] of header) mapped.set(key, cells[index] ?? { kind: 'empty' });
    yield { rowNumber: row.number, cells: mapped, merged: row.number > headerRowNumber && merges.has(row.number) };
  }
  if (dataRows === 0) throw unprocessable(BULK_MESSAGES.emptyFile, 'file');
}

/**
 * The data rows of the first worksheet, as they are read. Throws (422) for an empty sheet, missing
 * columns, too many rows or a broken workbook, possibly after some rows were yielded: the caller
 * stores nothing until the sheet has been read to its end.
 */
export async function* readBulkSheet(buffer: Buffer, inspection: XlsxInspection): AsyncGenerator<SheetRow> {
  let opened: OpenedWorksheet | null = null;
  try {
    opened = await openFirstWorksheet(buffer, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    if (opened === null) throw unprocessable(BULK_MESSAGES.emptyFile, 'file');
    yield* readRows(opened.worksheet, inspection.mergedRowsByPart.get(opened.part) ?? NO_MERGED_ROWS);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unprocessable(BULK_FILE_MESSAGES.invalidFormat, 'file');
  } finally {
    opened?.close();
  }
}
