// The per-cell cap, the per-part budgets and the merged-row arithmetic of server/bulk (issue 18),
// on their own: what a cell becomes, which archives are refused with which key, and which rows a
// set of merged ranges touches.
import { describe, expect, it } from 'vitest';
import { toSheetCell, cellText } from '../../server/bulk/cellValue';
import { MAX_CELL_CHARS, MAX_SHARED_STRINGS_BYTES, MAX_WORKSHEET_PART_BYTES } from '../../server/bulk/limits';
import { MergedRowsBuilder } from '../../server/bulk/mergedRows';
import { readBulkSheet } from '../../server/bulk/readSheet';
import { inspectXlsx } from '../../server/bulk/xlsxGuard';
import { ApiError } from '../../server/http/errors';
import { LIMITS } from '../../domain';
import { tamper, validRow, xlsx } from '../fixtures/bulk/workbooks';

async function refusal(file: Buffer): Promise<string> {
  try {
    await inspectXlsx(file);
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.key}`;
    throw error;
  }
  return 'accepted';
}

describe('a cell longer than any column allows', () => {
  it('is at least as long as every column limit of SPEC §9, so no valid value is cut', () => {
    expect(MAX_CELL_CHARS).toBeGreaterThanOrEqual(LIMITS.notesMaxBytes);
    expect(MAX_CELL_CHARS).toBeGreaterThanOrEqual(LIMITS.streetAddressMaxBytes);
    expect(MAX_CELL_CHARS).toBeGreaterThanOrEqual(2 * LIMITS.descriptionMaxChars);
    expect(toSheetCell('x'.repeat(MAX_CELL_CHARS))).toEqual({ kind: 'text', text: 'x'.repeat(MAX_CELL_CHARS) });
  });

  it('becomes a too-long cell holding only the first MAX_CELL_CHARS characters, from text, rich text and formula results', () => {
    const long = 'y'.repeat(MAX_CELL_CHARS + 1);
    for (const value of [long, { richText: [{ text: long.slice(0, 600) }, { text: long.slice(600) }] }, { formula: 'A1', result: long }]) {
      const cell = toSheetCell(value);
      expect(cell.kind).toBe('tooLong');
      expect(cellText(cell)).toHaveLength(MAX_CELL_CHARS);
    }
  });

  it('is not cut inside a surrogate pair', () => {
    const cell = toSheetCell(`${'z'.repeat(MAX_CELL_CHARS - 1)}😀${'z'.repeat(10)}`);
    expect(cell.kind).toBe('tooLong');
    expect(cellText(cell)).toBe('z'.repeat(MAX_CELL_CHARS - 1));
  });
});

describe('XML part budgets', () => {
  it('refuses a worksheet or shared-strings table past its budget with part-too-large', async () => {
    const valid = await xlsx([validRow()]);
    const bigSheet = await tamper(valid, (entries) => {
      entries.set('xl/worksheets/sheet1.xml', Buffer.from(`<worksheet><sheetData>${' '.repeat(MAX_WORKSHEET_PART_BYTES)}</sheetData></worksheet>`));
    });
    const bigStrings = await tamper(valid, (entries) => {
      entries.set('xl/sharedStrings.xml', Buffer.from(`<sst><si><t>${'s'.repeat(MAX_SHARED_STRINGS_BYTES)}</t></si></sst>`));
    });
    expect(await refusal(bigSheet)).toBe('422 bulk-order-upload.part-too-large');
    expect(await refusal(bigStrings)).toBe('422 bulk-order-upload.part-too-large');
    expect(await refusal(valid)).toBe('accepted');
  });
});

describe('merged rows', () => {
  const touched = (ranges: [number, number][], lastRow: number, rows: number[]) => {
    const builder = new MergedRowsBuilder();
    for (const [from, to] of ranges) builder.addRange(from, to);
    for (let row = 1; row <= lastRow; row += 1) builder.sawRow(row);
    const merged = builder.seal();
    return rows.filter((row) => merged.has(row));
  };

  it('are the union of the ranges, overlapping or reversed, up to the last row the sheet has', () => {
    expect(touched([[3, 4], [2, 2], [6, 5], [4, 5]], 10, [1, 2, 3, 4, 5, 6, 7, 8])).toEqual([2, 3, 4, 5, 6]);
    expect(touched([[9, 50_000]], 10, [8, 9, 10, 11])).toEqual([9, 10]);
    expect(touched([], 10, [1, 2])).toEqual([]);
  });

  it('cost the ranges plus the rows that exist, not the rows each range spans', () => {
    // 200 000 ranges over 50 000 rows each: 10^10 steps walked row by row (far past the test's timeout).
    const builder = new MergedRowsBuilder();
    for (let k = 2; k < 200_002; k += 1) builder.addRange(k, 50_000);
    builder.sawRow(300);
    const merged = builder.seal();
    expect([1, 2, 300, 301].map((row) => merged.has(row))).toEqual([false, true, true, false]);
  });

  it('are read from the part the reader reads, also when it is not sheet1.xml', async () => {
    const renamed = (text: Buffer) => Buffer.from(text.toString().replaceAll('worksheets/sheet1.xml', 'worksheets/sheet2.xml'));
    const file = await tamper(await xlsx([validRow(), validRow(), validRow()], { merges: ['A3:A4'] }), (entries) => {
      const sheet = entries.get('xl/worksheets/sheet1.xml');
      if (!sheet) throw new Error('no sheet1.xml');
      entries.delete('xl/worksheets/sheet1.xml');
      entries.set('xl/worksheets/sheet2.xml', sheet);
      for (const name of ['[Content_Types].xml', 'xl/_rels/workbook.xml.rels']) entries.set(name, renamed(entries.get(name) ?? Buffer.alloc(0)));
    });
    const merged: [number, boolean][] = [];
    for await (const row of readBulkSheet(file, await inspectXlsx(file))) merged.push([row.rowNumber, row.merged]);
    expect(merged).toEqual([[2, false], [3, true], [4, true]]);
  });
});
