// Opens a workbook's first worksheet for exceljs's row reader with every part it depends on parsed
// first: the workbook's relationships, the workbook, the shared strings and the styles, each opened
// by name through the archive's central directory (zipEntries.ts), then the worksheet, streamed.
// exceljs's own WorkbookReader reads the archive in one pass, in stored order, and loses the parts
// still queued when unzipper ends its entry stream ahead of the reader (exceljs#3064). A workbook
// that stores its worksheet before the workbook part (exceljs writes xl/workbook.xml last, so our
// own Template.xlsx does) then read as broken whenever the reader fell behind, on a busy machine
// or a slow disk: a valid file answered 422 invalid-file-format, now and then.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { listEntries, openEntry, openZip } from './zipEntries';

type WorksheetReader = ExcelJS.stream.xlsx.WorksheetReader;
type ReaderOptions = Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>;

/** exceljs 4.4's part parsers, which its one-pass `parse` calls as each part streams by. */
interface PartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Iterable<{ eventType: string; value: WorksheetReader }>;
}

/** The worksheet parts exceljs reads (its sheet number from the name), the first in stored order being the one read. */
const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export interface OpenedWorksheet {
  /** The worksheet's part name (the archive check's merged rows are keyed by it). */
  part: string;
  worksheet: WorksheetReader;
  /** Ends the worksheet's stream and the archive, read to its end or not. */
  close(): void;
}

/** The first worksheet, ready to stream its rows, or null when the workbook has none. */
export async function openFirstWorksheet(buffer: Buffer, options: ReaderOptions): Promise<OpenedWorksheet | null> {
  const zip = await openZip(buffer);
  const streams: Readable[] = [];
  const close = () => {
    for (const stream of streams) stream.destroy();
    zip.close();
  };
  try {
    const entries = await listEntries(zip);
    const open = async (name: string): Promise<Readable | null> => {
      const found = entries.find((candidate) => candidate.name === name);
      if (!found) return null;
      const stream = await openEntry(zip, found.entry);
      streams.push(stream);
      return stream;
    };
    // The reader's own input is never read: its parts are handed over one by one.
    const parts = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), options) as unknown as PartParsers;
    const rels = await open('xl/_rels/workbook.xml.rels');
    if (rels) await parts._parseRels(rels);
    const workbook = await open('xl/workbook.xml');
    if (workbook) await parts._parseWorkbook(workbook);
    const sharedStrings = await open('xl/sharedStrings.xml');
    if (sharedStrings) for await (const _strings of parts._parseSharedStrings(sharedStrings)) { /* cached by the reader */ }
    const styles = await open('xl/styles.xml');
    if (styles) await parts._parseStyles(styles);

    const sheet = entries.find(({ name }) => WORKSHEET_PART.test(name));
    const stream = sheet ? await open(sheet.name) : null;
    const [emitted] = sheet && stream ? [...parts._parseWorksheet(stream, WORKSHEET_PART.exec(sheet.name)?.[1] ?? '')] : [];
    if (!sheet || !emitted) {
      close();
      return null;
    }
    return { part: sheet.name, worksheet: emitted.value, close };
  } catch (error) {
    close();
    throw error;
  }
}
