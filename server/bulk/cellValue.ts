// One spreadsheet cell as the bulk reader understands it. Formulas: the cached result the
// spreadsheet saved is used (what the user saw); a formula without a cached result is a row error,
// never evaluated here. A text longer than any column allows is cut to that length here, before
// anything validates, stores or copies it (a 30 MiB shared string referenced by 300 rows would
// otherwise be 300 stored copies): the row then fails with `cell-too-long`.
import type { CellValue } from 'exceljs';
import { MAX_CELL_CHARS } from './limits';

export type SheetCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** Longer than MAX_CELL_CHARS: `text` holds only its first MAX_CELL_CHARS code points' worth. */
  | { kind: 'tooLong'; text: string }
  | { kind: 'number'; value: number }
  /** A date-formatted cell; exceljs gives the wall-clock time as if it were UTC. */
  | { kind: 'date'; date: Date }
  | { kind: 'formulaWithoutValue' }
  | { kind: 'error' };

const EMPTY: SheetCell = { kind: 'empty' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The first MAX_CELL_CHARS code units (a surrogate pair is not split), copied: a slice of a long
 * string would keep the whole original alive in V8 (a sliced string points into its parent).
 */
function capped(text: string): string {
  const end = MAX_CELL_CHARS - (/[\uD800-\uDBFF]/.test(text.charAt(MAX_CELL_CHARS - 1)) ? 1 : 0);
  return Buffer.from(text.slice(0, end), 'utf8').toString('utf8');
}

function textCell(value: string): SheetCell {
  if (value.length > MAX_CELL_CHARS) return { kind: 'tooLong', text: capped(value) };
  const text = value.trim();
  return text === '' ? EMPTY : { kind: 'text', text };
}

export function toSheetCell(value: CellValue | unknown): SheetCell {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'string') return textCell(value);
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error' };
  if (typeof value === 'boolean') return { kind: 'text', text: String(value) };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: 'error' } : { kind: 'date', date: value };
  if (!isRecord(value)) return { kind: 'error' };
  if ('formula' in value || 'sharedFormula' in value) {
    return value.result === undefined || value.result === null ? { kind: 'formulaWithoutValue' } : toSheetCell(value.result);
  }
  if (Array.isArray(value.richText)) {
    // Runs are joined only while the result stays within the cap.
    let text = '';
    for (const run of value.richText as unknown[]) {
      text += isRecord(run) && typeof run.text === 'string' ? run.text : '';
      if (text.length > MAX_CELL_CHARS) break;
    }
    return textCell(text);
  }
  if ('hyperlink' in value) return toSheetCell(value.text);
  if ('error' in value) return { kind: 'error' };
  return { kind: 'error' };
}

/** The cell as text (numbers as written, e.g. a phone typed as a number). */
export function cellText(cell: SheetCell): string {
  switch (cell.kind) {
    case 'text':
    case 'tooLong': return cell.text;
    case 'number': return String(cell.value);
    case 'date': return cell.date.toISOString();
    default: return '';
  }
}
