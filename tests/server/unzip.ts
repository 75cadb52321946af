// Opens a ZIP answered by the server with yauzl, as a vendor's unzip tool would: every entry in the
// archive's order, with its bytes (entry sizes checked against what was read).
import yauzl, { type Entry } from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export function unzip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error('no entry stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => { entries.push({ name: entry.fileName, data: Buffer.concat(chunks) }); file.readEntry(); });
          stream.on('error', reject);
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** The lines of the archive's index.csv (header first), or none when it has no index. */
export const indexLines = (entries: ZipEntry[]): string[] =>
  entries.find((entry) => entry.name === 'index.csv')?.data.toString('utf8').trimEnd().split('\r\n') ?? [];
