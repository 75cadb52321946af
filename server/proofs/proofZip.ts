// A ZIP of archived proofs with its CSV index, streamed: each file is read from the object store only
// when the previous one is in the archive, and the archive waits while the client is slower than the
// store (archiver's stream backpressure), so memory stays bounded by a few buffers, not the archive.
// The index (index.csv) comes first, streamed from one pass over the rows; the files follow from a
// second pass, so neither the files nor the index are ever held whole.
import { once } from 'node:events';
import archiver from 'archiver';
import { Readable } from 'node:stream';
import { PROOF_INDEX_FILE_NAME, proofIndexHeader, proofIndexLine, proofZipEntryName } from '../../domain';
import type { ProofKind } from '../../domain/api/webhooks';
import type { OrderStatus } from '../../domain/types';
import type { ObjectStore } from '../storage/objectStore';

export interface ProofZipRow {
  order_id: string;
  kind: string;
  status: string;
  proved_at: number;
  receiver_name: string | null;
  photo_key: string;
  signature_key: string | null;
  record_key: string;
}

const fileNameOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/** The proof's objects in the order the ZIP holds them: photo, signature (when there is one), record. */
const keysOf = (row: ProofZipRow): string[] => [row.photo_key, ...(row.signature_key === null ? [] : [row.signature_key]), row.record_key];

/** The index's lines: the header, then one line per proof with the files it names. */
async function* indexLines(rows: AsyncIterable<ProofZipRow>, timeZone: string): AsyncGenerator<string> {
  yield proofIndexHeader(timeZone);
  for await (const row of rows) {
    const files = keysOf(row).map((key) => proofZipEntryName(row.order_id, fileNameOf(key)));
    yield proofIndexLine({ orderId: row.order_id, kind: row.kind as ProofKind, status: row.status as OrderStatus, provedAt: row.proved_at, receiverName: row.receiver_name, files }, timeZone);
  }
}

/** `rows` is read twice (index, then files), in the same order each time. */
export function proofZip(rows: () => AsyncIterable<ProofZipRow>, store: ObjectStore, timeZone: string, onError: (error: unknown) => void): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  // A client that goes away destroys the archive: stop reading the store then.
  const gone = new AbortController();
  archive.once('close', () => gone.abort());

  /** Appends one entry and waits until the archive has taken it all (so one source is open at a time). */
  async function add(source: Readable, name: string, date: Date): Promise<void> {
    const added = once(archive, 'entry', { signal: gone.signal });
    archive.append(source, { name, date });
    try {
      await added;
    } catch (error) {
      source.destroy();
      throw error;
    }
  }

  async function fill(): Promise<void> {
    await add(Readable.from(indexLines(rows(), timeZone)), PROOF_INDEX_FILE_NAME, new Date());
    for await (const row of rows()) {
      for (const key of keysOf(row)) {
        if (gone.signal.aborted) return;
        const source = await store.get(key);
        if (source === null) continue; // deleted by the retention job since the index was written
        await add(source, proofZipEntryName(row.order_id, fileNameOf(key)), new Date(row.proved_at * 1000));
      }
    }
    await archive.finalize();
  }

  fill().catch((error: unknown) => {
    if (gone.signal.aborted) return;
    onError(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
