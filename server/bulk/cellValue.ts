// One spreadsheet cell as the bulk reader understands it. Formulas: the cached result the
// spreadsheet saved is used (what the user saw); a formula without a cached result is a row error,
// never evaluated here.
import type { CellValue } from 'exceljs';

export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  /** A date-formatted cell; exceljs gives the wall-clock time as if it were UTC. */
  | { kind: 'date'; date: Date }
  | { kind: 'formulaWithoutValue' }
  | { kind: 'error' };

const EMPTY: SheetCell = { kind: 'empty' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function toSheetCell(value: CellValue | unknown): SheetCell {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'string') return value.trim() === '' ? EMPTY : { kind: 'text', text: value.trim() };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error' };
  if (typeof value === 'boolean') return { kind: 'text', text: String(value) };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: 'error' } : { kind: 'date', date: value };
  if (!isRecord(value)) return { kind: 'error' };
  if ('formula' in value || 'sharedFormula' in value) {
    return value.result === undefined || value.result === null ? { kind: 'formulaWithoutValue' } : toSheetCell(value.result);
  }
  if (Array.isArray(value.richText)) {
    const text = value.richText.map((run: unknown) => (isRecord(run) && typeof run.text === 'string' ? run.text : '')).join('');
    return toSheetCell(text);
  }
  if ('hyperlink' in value) return toSheetCell(value.text);
  if ('error' in value) return { kind: 'error' };
  return { kind: 'error' };
}

/** The cell as text (numbers as written, e.g. a phone typed as a number). */
export function cellText(cell: SheetCell): string {
  switch (cell.kind) {
    case 'text': return cell.text;
    case 'number': return String(cell.value);
    case 'date': return cell.date.toISOString();
    default: return '';
  }
}
