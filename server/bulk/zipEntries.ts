// An uploaded archive read through its central directory (yauzl, from the upload's buffer): its
// entries' names and declared sizes, and a stream of any one entry, inflated as it is read. Both
// the archive check (xlsxGuard.ts) and the sheet reader (workbookParts.ts) open parts this way;
// a broken archive is the upload's 422 invalid-file-format.
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { BULK_FILE_MESSAGES } from '../../domain';
import { unprocessable } from '../http/errors';

export const invalidFormat = () => unprocessable(BULK_FILE_MESSAGES.invalidFormat, 'file');

export interface ZipEntry {
  entry: Entry;
  name: string;
}

export function openZip(buffer: Buffer): Promise<ZipFile> {
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
export function listEntries(zip: ZipFile): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push({ entry, name: nameOf(entry) });
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(invalidFormat()));
    zip.readEntry();
  });
}

export function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(invalidFormat());
      else resolve(stream);
    });
  });
}
