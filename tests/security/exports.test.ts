// Exports (issue 12): every text cell that a spreadsheet would run as a formula (= + - @ tab CR
// first) is neutralised, over fuzzed values (fast-check), in CSV and XLSX: 0 escapes; commas,
// quotes and newlines round-trip exactly; file names are safe whatever the vendor id.
// (tests/server/export.test.ts covers one tricky order over HTTP, filters and mailing.)
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseSpreadsheetCell } from '../../domain';
import type { Order } from '../../domain/types';
import { EXPORT_COLUMNS, exportFileName, writeOrdersFile } from '../../server/orders/exportFile';
import { anOrder } from '../domain/anOrder';
import { figure } from './support';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
const TEXT_COLUMNS = ['Customer name', 'Drop-off address', 'Notes to rider', 'Description', 'Cancel reason'];

/** Values built to break out: formula starts, separators, quotes, line breaks, DDE payloads. */
const hostileText = fc.oneof(
  fc.tuple(fc.constantFrom(...TRIGGERS, '', ' ', '"', ',', '\n', '\'', '＝'), fc.string({ maxLength: 30 }), fc.constantFrom('', ',', '"', '\n', '\r\n', '""', ';'))
    .map(([head, body, tail]) => `${head}${body}${tail}`),
  fc.constantFrom('=HYPERLINK("http://evil.example","x")', '=cmd|\' /C calc\'!A0', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', 'a,b,"c"\nd'),
);

function orderWith(text: string, index: number): Order {
  const order = anOrder().withId(`sa-1001-${index.toString(16).padStart(20, '0')}`).build();
  return {
    ...order,
    customer: { ...order.customer, name: text, location: { ...order.customer.location, address: text, notes: text } },
    order: { ...order.order, description: text },
    cancel_reason: text,
  };
}

/** The text cells of each data row, read back as a spreadsheet program would see them. */
async function readBack(file: Buffer, format: 'csv' | 'xlsx'): Promise<{ values: string[][]; formulas: number }> {
  const workbook = new ExcelJS.Workbook();
  // map: keep every CSV field as the text it is (no number/date guessing), as a spreadsheet's import would show it.
  const sheet = format === 'csv'
    ? await workbook.csv.read(Readable.from(file), { map: (value: unknown) => value })
    : (await workbook.xlsx.load(file as unknown as ArrayBuffer), workbook.worksheets[0]);
  const columns = TEXT_COLUMNS.map((header) => EXPORT_COLUMNS.findIndex((c) => c.header === header) + 1);
  const values: string[][] = [];
  let formulas = 0;
  sheet?.eachRow((row, index) => {
    if (index === 1) return;
    values.push(columns.map((column) => {
      const cell = row.getCell(column);
      if (cell.type === ExcelJS.ValueType.Formula) formulas += 1;
      return cell.value === null || cell.value === undefined ? '' : String(cell.value);
    }));
  });
  return { values, formulas };
}

describe('formula injection in exports (fuzzed)', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`neutralises every formula start and round-trips separators in ${format}`, async () => {
      let cells = 0;
      let escapes = 0;
      await fc.assert(fc.asyncProperty(fc.array(hostileText, { minLength: 1, maxLength: 8 }), async (texts) => {
        const file = await writeOrdersFile(texts.map(orderWith), format);
        const { values, formulas } = await readBack(file, format);
        expect(formulas).toBe(0);
        expect(values).toHaveLength(texts.length);
        values.forEach((row, i) => {
          for (const value of row) {
            cells += 1;
            // A + and digits only is a phone number, left as text: no formula can run from it.
            if (TRIGGERS.some((t) => value.startsWith(t)) && !/^\+\d{1,15}$/.test(value)) escapes += 1;
            // Exactly the neutralised text: nothing lost at commas, quotes or line breaks. (XML turns a
            // carriage return into a line feed, so XLSX shows \r and \r\n as one line break.)
            const expected = neutraliseSpreadsheetCell(texts[i] ?? '');
            expect(value).toBe(format === 'xlsx' ? expected.replace(/\r\n?/g, '\n') : expected);
          }
        });
      }), { numRuns: 150 });
      figure(`export ${format} injection`, `${cells} hostile cells, ${escapes} formula escapes`);
      expect(escapes).toBe(0);
    }, 120_000);
  }

  it('neutralises exactly the OWASP triggers and leaves other text alone', () => {
    for (const trigger of TRIGGERS) expect(neutraliseSpreadsheetCell(`${trigger}1+1`)).toBe(`'${trigger}1+1`);
    for (const safe of ['Sara', ' =1', '1+1', 'a=b', '', '\'=already', '+966501234567']) expect(neutraliseSpreadsheetCell(safe)).toBe(safe);
    for (const formula of ['+1+1', '+966501234567+cmd|x', '+1\n=2']) expect(neutraliseSpreadsheetCell(formula)).toBe(`'${formula}`);
  });
});

describe('export file names', () => {
  it('are a safe attachment name whatever the vendor id', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 0, max: 4_102_444_800 }), fc.constantFrom('csv' as const, 'xlsx' as const), (vendorId, from, format) => {
      const name = exportFileName(vendorId, from, from + 86_400, format, 'UTC');
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(name.endsWith(`.${format}`)).toBe(true);
      expect(name).not.toMatch(/^\.|\.\.\//);
    }), { numRuns: 500 });
  });
});
