// Checks an uploaded workbook as an archive BEFORE any spreadsheet parser sees it (issue 8): a zip
// signature, a bounded number of entries, a bounded total uncompressed size read from the central
// directory and verified while inflating (yauzl's validateEntrySizes plus our running total), no
// zip-slip names, no macros, no XML entity declarations (billion laughs / XXE). The whole check
// streams: a zip bomb is refused from its directory without inflating anything.
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { BULK_FILE_MESSAGES } from '../../domain';
import { ApiError, unprocessable } from '../http/errors';
import { MAX_UNCOMPRESSED_BYTES, MAX_ZIP_ENTRIES } from './limits';
import { BULK_MESSAGES } from './messages';

/** What the parser needs from the archive scan: merged ranges (`A2:A3`) by worksheet part name. */
export interface XlsxInspection {
  mergedRangesByPart: Map<string, string[]>;
}

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MACRO_PART = /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$/i;
const MACRO_CONTENT_TYPE = /macroEnabled/i;
const XML_PART = /\.(xml|rels|vml)$/i;
const ENTITY_DECLARATION = /<!DOCTYPE|<!ENTITY/i;
const MERGE_CELL = /<mergeCell\b[^>]*\bref="([A-Za-z]{1,3}\d{1,7}:[A-Za-z]{1,3}\d{1,7})"/g;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];
/** Bytes of text kept between chunks so a marker split across two chunks is still seen. */
const CARRY_CHARS = 512;

const invalidFormat = () => unprocessable(BULK_FILE_MESSAGES.invalidFormat, 'file');
const unsafe = () => unprocessable(BULK_MESSAGES.unsafeFile, 'file');

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(invalidFormat());
      else resolve(zip);
    });
  });
}

/** The entry's name as stored; with decodeStrings off yauzl hands over the raw bytes. */
function nameOf(entry: Entry): string {
  const raw: unknown = entry.fileName;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
}

/** Reads the central directory only: names and declared sizes, nothing inflated. */
function listEntries(zip: ZipFile): Promise<{ entry: Entry; name: string }[]> {
  return new Promise((resolve, reject) => {
    const entries: { entry: Entry; name: string }[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push({ entry, name: nameOf(entry) });
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(invalidFormat()));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(invalidFormat());
      else resolve(stream);
    });
  });
}

interface Budget { inflatedBytes: number }

/** Inflates one XML part as a stream, scanning for entity declarations, macro content types and merges. */
async function scanXmlPart(zip: ZipFile, entry: Entry, name: string, budget: Budget, merges: Map<string, string[]>): Promise<void> {
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const found = new Set<string>();
  let carry = '';
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.inflatedBytes += chunk.length;
      if (budget.inflatedBytes > MAX_UNCOMPRESSED_BYTES) throw unprocessable(BULK_MESSAGES.tooLargeUnpacked, 'file');
      // UTF-16 XML would hide its markup from this scan; real workbooks are UTF-8.
      if (first && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) throw invalidFormat();
      first = false;
      const text = carry + decoder.decode(chunk, { stream: true });
      if (ENTITY_DECLARATION.test(text)) throw unsafe();
      if (name === '[Content_Types].xml' && MACRO_CONTENT_TYPE.test(text)) throw unprocessable(BULK_MESSAGES.macrosNotAllowed, 'file');
      if (WORKSHEET_PART.test(name)) for (const match of text.matchAll(MERGE_CELL)) if (match[1]) found.add(match[1].toUpperCase());
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
  if (found.size > 0) merges.set(name, [...found]);
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
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw invalidFormat();

    const budget: Budget = { inflatedBytes: 0 };
    const mergedRangesByPart = new Map<string, string[]>();
    for (const { entry, name } of entries) {
      if (XML_PART.test(name)) await scanXmlPart(zip, entry, name, budget, mergedRangesByPart);
      else budget.inflatedBytes += entry.uncompressedSize;
    }
    return { mergedRangesByPart };
  } finally {
    zip.close();
  }
}
