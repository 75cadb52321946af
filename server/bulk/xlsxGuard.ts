// Checks an uploaded workbook as an archive BEFORE any spreadsheet parser sees it: a zip
// signature, a bounded number of entries, a bounded total uncompressed size read from the central
// directory and verified while inflating (yauzl's validateEntrySizes plus our running total), no
// zip-slip names, no macros, no XML entity declarations (billion laughs / XXE), and a decoded-size
// budget per XML part (a worksheet, the shared-strings table, anything else), so no parser later
// holds one giant part or string. The whole check streams: a zip bomb is refused from its
// directory without inflating anything.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ApiError, unprocessable } from '../http/errors';
import { MAX_OTHER_PART_BYTES, MAX_SHARED_STRINGS_BYTES, MAX_UNCOMPRESSED_BYTES, MAX_WORKSHEET_PART_BYTES, MAX_ZIP_ENTRIES } from './limits';
import { MergedRowsBuilder, type MergedRows } from './mergedRows';
import { BULK_MESSAGES } from './messages';
import { invalidFormat, listEntries, openEntry, openZip } from './zipEntries';

/** What the parser needs from the archive scan: the rows merged ranges touch, by worksheet part name. */
export interface XlsxInspection {
  mergedRowsByPart: Map<string, MergedRows>;
}

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MACRO_PART = /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$/i;
const MACRO_CONTENT_TYPE = /macroEnabled/i;
const XML_PART = /\.(xml|rels|vml)$/i;
const ENTITY_DECLARATION = /<!DOCTYPE|<!ENTITY/i;
const MERGE_CELL = /<mergeCell\b[^>]*\bref="[A-Za-z]{1,3}(\d{1,7}):[A-Za-z]{1,3}(\d{1,7})"/g;
/** A row's number, as exceljs reads it (its `r` attribute). */
const ROW_NUMBER = /<row\b[^>]*?\br="(\d{1,7})"/g;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];
/** Bytes of text kept between chunks so a marker split across two chunks is still seen. */
const CARRY_CHARS = 512;

const unsafe = () => unprocessable(BULK_MESSAGES.unsafeFile, 'file');

interface Budget { inflatedBytes: number }

/** How many decoded bytes one XML part may have. */
function partBudget(name: string): number {
  if (WORKSHEET_PART.test(name)) return MAX_WORKSHEET_PART_BYTES;
  if (name === SHARED_STRINGS_PART) return MAX_SHARED_STRINGS_BYTES;
  return MAX_OTHER_PART_BYTES;
}

/**
 * Inflates one XML part as a stream, scanning for entity declarations, macro content types, merged
 * ranges and row numbers. A match is taken in the chunk where it ends, so one that the carried-over
 * text repeats is not taken twice.
 */
async function scanXmlPart(zip: ZipFile, entry: Entry, name: string, budget: Budget, merges: Map<string, MergedRows>): Promise<void> {
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const isWorksheet = WORKSHEET_PART.test(name);
  const mergedRows = new MergedRowsBuilder();
  const partLimit = partBudget(name);
  let partBytes = 0;
  let carry = '';
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.inflatedBytes += chunk.length;
      partBytes += chunk.length;
      if (budget.inflatedBytes > MAX_UNCOMPRESSED_BYTES) throw unprocessable(BULK_MESSAGES.tooLargeUnpacked, 'file');
      // The directory declared this part within its budget (checked before), so it lied: a zip bomb.
      if (partBytes > partLimit) throw unprocessable(BULK_MESSAGES.tooLargeUnpacked, 'file');
      // UTF-16 XML would hide its markup from this scan; real workbooks are UTF-8.
      if (first && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) throw invalidFormat();
      first = false;
      const text = carry + decoder.decode(chunk, { stream: true });
      if (ENTITY_DECLARATION.test(text)) throw unsafe();
      if (name === '[Content_Types].xml' && MACRO_CONTENT_TYPE.test(text)) throw unprocessable(BULK_MESSAGES.macrosNotAllowed, 'file');
      if (isWorksheet) {
        const isNew = (match: RegExpMatchArray) => (match.index ?? 0) + match[0].length > carry.length;
        for (const match of text.matchAll(MERGE_CELL)) if (isNew(match)) mergedRows.addRange(Number(match[1]), Number(match[2]));
        for (const match of text.matchAll(ROW_NUMBER)) if (isNew(match)) mergedRows.sawRow(Number(match[1]));
      }
      carry = text.slice(-CARRY_CHARS);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ApiError) throw error;
    // yauzl (validateEntrySizes) reports an entry that inflates past its declared size this way;
    // anything else is a corrupt deflate stream.
    if (error instanceof Error && error.message.includes('too many bytes')) throw unprocessable(BULK_MESSAGES.tooLargeUnpacked, 'file');
    throw invalidFormat();
  }
  if (!mergedRows.isEmpty) merges.set(name, mergedRows.seal());
}

export async function inspectXlsx(buffer: Buffer): Promise<XlsxInspection> {
  if (buffer.length < ZIP_LOCAL_HEADER.length || !buffer.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER)) throw invalidFormat();
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) throw unsafe();
    const entries = await listEntries(zip);
    const names = new Set<string>();
    let declaredBytes = 0;
    for (const { entry, name } of entries) {
      if (yauzl.validateFileName(name) !== null || name.includes('\\') || names.has(name)) throw unsafe();
      if (entry.isEncrypted()) throw invalidFormat();
      if (MACRO_PART.test(name)) throw unprocessable(BULK_MESSAGES.macrosNotAllowed, 'file');
      names.add(name);
      declaredBytes += entry.uncompressedSize;
    }
    if (declaredBytes > MAX_UNCOMPRESSED_BYTES) throw unprocessable(BULK_MESSAGES.tooLargeUnpacked, 'file');
    if (entries.some(({ entry, name }) => XML_PART.test(name) && entry.uncompressedSize > partBudget(name))) throw unprocessable(BULK_MESSAGES.partTooLarge, 'file');
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw invalidFormat();

    const budget: Budget = { inflatedBytes: 0 };
    const mergedRowsByPart = new Map<string, MergedRows>();
    for (const { entry, name } of entries) {
      if (XML_PART.test(name)) await scanXmlPart(zip, entry, name, budget, mergedRowsByPart);
      else budget.inflatedBytes += entry.uncompressedSize;
    }
    return { mergedRowsByPart };
  } finally {
    zip.close();
  }
}
