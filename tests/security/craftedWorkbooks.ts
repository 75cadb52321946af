// Hostile workbooks of issue 18, written by the test itself: a real workbook's parts (exceljs) with
// the sheet and the shared-strings table replaced by XML built here and zipped with the fixtures'
// own ZIP writer, so a 30 MiB string costs a few tens of KiB on disk and nothing is committed.
import { BULK_COLUMNS, type BulkColumnKey } from '../../server/bulk/columns';
import { entriesOf, HEADERS, validRow, VALID_ROW, xlsx, zip } from '../fixtures/bulk/workbooks';

/** A cell's content: text (inline), a number, or an index into the shared-strings table. */
export type CraftedCell = string | number | { shared: number };
export type CraftedRow = Partial<Record<BulkColumnKey, CraftedCell>>;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const columnLetter = (index: number) => String.fromCharCode(65 + index);

function cellXml(ref: string, value: CraftedCell): string {
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'object') return `<c r="${ref}" t="s"><v>${value.shared}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
}

function rowXml(rowNumber: number, cells: readonly (CraftedCell | undefined)[]): string {
  const body = cells.map((value, i) => (value === undefined ? '' : cellXml(`${columnLetter(i)}${rowNumber}`, value))).join('');
  return `<row r="${rowNumber}">${body}</row>`;
}

/** The template's valid row with some columns replaced. */
export function craftedRow(overrides: CraftedRow = {}): (CraftedCell | undefined)[] {
  return BULK_COLUMNS.map((column) => overrides[column.key] ?? (VALID_ROW[column.key] as CraftedCell | undefined));
}

export interface CraftedWorkbook {
  rows: (CraftedCell | undefined)[][];
  sharedStrings?: string[];
  /** `<mergeCell ref>` values, written after the sheet data. */
  merges?: string[];
}

export async function craftedXlsx(workbook: CraftedWorkbook): Promise<Buffer> {
  const parts = await entriesOf(await xlsx([validRow()]));
  const rows = [rowXml(1, HEADERS), ...workbook.rows.map((cells, i) => rowXml(i + 2, cells))].join('');
  const merges = workbook.merges?.length ? `<mergeCells count="${workbook.merges.length}">${workbook.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>` : '';
  parts.set('xl/worksheets/sheet1.xml', Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData>${merges}</worksheet>`,
  ));
  const strings = workbook.sharedStrings ?? [];
  parts.set('xl/sharedStrings.xml', Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">`
    + `${strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')}</sst>`,
  ));
  return zip([...parts].map(([name, data]) => ({ name, data })));
}
