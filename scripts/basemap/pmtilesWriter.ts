// A PMTiles v3 archive writer (the `pmtiles` npm package only reads). Spec:
// github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md. Used by scripts/build-basemap.ts for the
// offline basemap's tiles and by the MAP_PMTILES tests (tests/fixtures/pmtiles.ts).
// One root directory, no leaf directories: fine while the header and root fit in the first 16 KiB,
// which the writer checks. Tiles with the same bytes are stored once (a land-locked tile is one square).
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `gzip` compresses the directory, the metadata and every tile (the reader inflates them); `none`
 * writes them as they are. */
export type ArchiveCompression = 'none' | 'gzip';

const HEADER_BYTES = 127;
/** Readers fetch the header and the root directory in one request of this many bytes. */
const FIRST_REQUEST_BYTES = 16_384;
const COMPRESSION_CODE: Record<ArchiveCompression, number> = { none: 1, gzip: 2 };
const TILE_TYPE_MVT = 1;

export function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function directory(entries: readonly Entry[]): Uint8Array {
  const bytes: number[] = [...varint(entries.length)];
  let lastId = 0;
  for (const entry of entries) {
    bytes.push(...varint(entry.tileId - lastId));
    lastId = entry.tileId;
  }
  for (const entry of entries) bytes.push(...varint(entry.runLength));
  for (const entry of entries) bytes.push(...varint(entry.length));
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const contiguous = previous !== undefined && entry.offset === previous.offset + previous.length;
    bytes.push(...varint(contiguous ? 0 : entry.offset + 1));
  });
  return Uint8Array.from(bytes);
}

const keyOf = (data: Uint8Array): string => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

/** A PMTiles v3 archive of vector `tiles` with `metadata` as its JSON metadata. */
export function writePmtiles(tiles: readonly ArchiveTile[], metadata: object, bounds: ArchiveBounds, compression: ArchiveCompression = 'none'): Uint8Array {
  const compress = (data: Uint8Array): Uint8Array => (compression === 'gzip' ? new Uint8Array(gzipSync(data, { level: 9 })) : data);
  const sorted = tiles.map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.tileId - b.tileId);
  const stored = new Map<string, { offset: number; length: number }>();
  const blobs: Uint8Array[] = [];
  let tileDataBytes = 0;
  const entries: Entry[] = [];
  for (const tile of sorted) {
    const key = keyOf(tile.data);
    let place = stored.get(key);
    if (!place) {
      const data = compress(tile.data);
      place = { offset: tileDataBytes, length: data.length };
      stored.set(key, place);
      blobs.push(data);
      tileDataBytes += data.length;
    }
    const last = entries.at(-1);
    // Consecutive tile ids with the same bytes are one entry with a run length.
    if (last && last.offset === place.offset && last.tileId + last.runLength === tile.tileId) last.runLength += 1;
    else entries.push({ tileId: tile.tileId, ...place, runLength: 1 });
  }
  const root = compress(directory(entries));
  const meta = compress(new TextEncoder().encode(JSON.stringify(metadata)));
  if (HEADER_BYTES + root.length > FIRST_REQUEST_BYTES) throw new Error(`root directory of ${root.length} bytes: too many tiles for an archive without leaf directories`);
  const zooms = sorted.map((tile) => tile.z);

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  new TextEncoder().encode('PMTiles').forEach((byte, i) => header.setUint8(i, byte));
  header.setUint8(7, 3);
  const u64 = (at: number, value: number) => header.setBigUint64(at, BigInt(value), true);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + meta.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, meta.length);
  u64(40, tileDataOffset); // no leaf directories
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, tileDataBytes);
  u64(72, sorted.length); // addressed tiles
  u64(80, entries.length); // tile entries
  u64(88, blobs.length); // tile contents
  header.setUint8(96, 1); // clustered: tiles in tile id order
  header.setUint8(97, COMPRESSION_CODE[compression]); // internal: directory and metadata
  header.setUint8(98, COMPRESSION_CODE[compression]); // tiles
  header.setUint8(99, TILE_TYPE_MVT);
  header.setUint8(100, Math.min(...zooms));
  header.setUint8(101, Math.max(...zooms));
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.setInt32(102, e7(bounds.west), true);
  header.setInt32(106, e7(bounds.south), true);
  header.setInt32(110, e7(bounds.east), true);
  header.setInt32(114, e7(bounds.north), true);
  header.setUint8(118, Math.max(...zooms)); // centre zoom
  header.setInt32(119, e7((bounds.west + bounds.east) / 2), true);
  header.setInt32(123, e7((bounds.south + bounds.north) / 2), true);

  const archive = new Uint8Array(tileDataOffset + tileDataBytes);
  archive.set(new Uint8Array(header.buffer), 0);
  archive.set(root, rootOffset);
  archive.set(meta, metadataOffset);
  let at = tileDataOffset;
  for (const blob of blobs) {
    archive.set(blob, at);
    at += blob.length;
  }
  return archive;
}
