// GET /bulk-job/example-file: Template.xlsx with the header row, one example row, drop-down lists
// for the payment method and delivery type, and a note on every header explaining the column.
import ExcelJS from 'exceljs';
import { BULK_COLUMNS } from './columns';
import { MAX_DATA_ROWS } from './limits';

export const TEMPLATE_FILE_NAME = 'Template.xlsx';
export const TEMPLATE_SHEET_NAME = 'Orders';

/** Spreadsheet column letter of a 1-based index (A..Z is enough for our columns). */
/** exceljs supports range validations (`J2:J10001`) at runtime but its typings omit the collection. */
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

function columnLetter(index: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + index - 1);
}

export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Courier request portal';
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));

  const header = sheet.getRow(1);
  header.font = { bold: true };
  BULK_COLUMNS.forEach((column, i) => {
    header.getCell(i + 1).note = `${column.required ? 'Required' : 'Optional'}. ${column.note}`;
  });
  sheet.addRow(Object.fromEntries(BULK_COLUMNS.map((column) => [column.key, column.example])));

  BULK_COLUMNS.forEach((column, i) => {
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${MAX_DATA_ROWS + 1}`;
    if (column.choices) {
      (sheet as unknown as RangeValidations).dataValidations.add(range, {
        type: 'list',
        allowBlank: !column.required,
        formulae: [`"${column.choices.join(',')}"`],
        showErrorMessage: true,
        errorTitle: column.header,
        error: `Choose one of: ${column.choices.join(', ')}`,
      });
    }
    if (column.key === 'scheduledTime') sheet.getColumn(i + 1).numFmt = 'yyyy-mm-dd hh:mm';
  });

  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data);
}
