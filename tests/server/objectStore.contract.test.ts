// The object store port's contract (server/storage/objectStore.ts): what every adapter must do. It runs
// against the file-system adapter and against the S3 adapter talking to s3rver, a local S3-compatible
// server from npm (MinIO is neither in Debian nor in npm; README "Proof archive"). Each S3 test gets a
// bucket of its own on one server per file.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileObjectStore } from '../../server/storage/fileObjectStore';
import { InvalidObjectKeyError, type ObjectStore } from '../../server/storage/objectStore';
import { openS3ObjectStore, s3ClientConfig } from '../../server/storage/s3ObjectStore';
import { startLocalS3, type LocalS3 } from './localS3';

interface Adapter {
  name: string;
  open(): Promise<{ store: ObjectStore; close(): Promise<void>; peek(): Promise<string[]> }>;
}

const adapters: Adapter[] = [{
  name: 'file system',
  async open() {
    const root = await mkdtemp(join(tmpdir(), 'objects-'));
    return {
      store: createFileObjectStore(join(root, 'objects')),
      close: () => rm(root, { recursive: true, force: true }),
      // Everything the adapter left on disk, the store's root and its parent, for the escape tests.
      peek: async () => (await readdir(root, { recursive: true })).map(String).sort(),
    };
  },
}, {
  name: 'S3 (s3rver)',
  async open() {
    const bucket = `contract-${randomUUID()}`;
    const settings = { ...localS3!.settings, bucket };
    // A client of the test's own, to make the bucket and to look into it past the adapter.
    const client = new S3Client(s3ClientConfig(settings));
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    // Small pages, so the listing tests page through the bucket.
    const store = await openS3ObjectStore(settings, { listPageSize: 2 });
    return {
      store,
      close: async () => { store.close(); client.destroy(); },
      // Every key in the bucket, read past the adapter, for the escape tests.
      peek: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key ?? '').sort(),
    };
  },
}];

let localS3: LocalS3 | null = null;
beforeAll(async () => { localS3 = await startLocalS3(); });
afterAll(async () => { await localS3?.stop(); });

const keysOf = async (listing: AsyncIterable<{ key: string }>): Promise<string[]> => {
  const keys: string[] = [];
  for await (const info of listing) keys.push(info.key);
  return keys.sort();
};
const read = async (store: ObjectStore, key: string): Promise<string | null> => {
  const stream = await store.get(key);
  return stream === null ? null : text(stream);
};

describe.each(adapters)('object store contract: $name', (adapter) => {
  let opened: Awaited<ReturnType<Adapter['open']>> | null = null;
  const open = async () => (opened = await adapter.open());
  afterEach(async () => { await opened?.close(); opened = null; });

  it('gives back what was put, from a string, bytes or a stream', async () => {
    const { store } = await open();
    await store.put('v1/o1/delivery.svg', '<svg/>');
    await store.put('v1/o1/bytes.bin', new Uint8Array([1, 2, 3]));
    await store.put('v1/o1/streamed.txt', Readable.from(['one ', 'two ', 'three']));
    expect(await read(store, 'v1/o1/delivery.svg')).toBe('<svg/>');
    const bytes = await store.get('v1/o1/bytes.bin');
    expect(Buffer.concat(await bytes!.toArray() as Buffer[])).toEqual(Buffer.from([1, 2, 3]));
    expect(await read(store, 'v1/o1/streamed.txt')).toBe('one two three');
  });

  it('replaces an object put again under the same key', async () => {
    const { store } = await open();
    await store.put('v1/o1/delivery.json', 'first');
    await store.put('v1/o1/delivery.json', 'second');
    expect(await read(store, 'v1/o1/delivery.json')).toBe('second');
    expect(await keysOf(store.list('v1/'))).toEqual(['v1/o1/delivery.json']);
  });

  it('answers null for a missing object, and deletes idempotently', async () => {
    const { store } = await open();
    expect(await store.get('v1/none')).toBeNull();
    await store.put('v1/o1/pickup.svg', 'x');
    await store.delete('v1/o1/pickup.svg');
    await store.delete('v1/o1/pickup.svg');
    expect(await store.get('v1/o1/pickup.svg')).toBeNull();
    expect(await keysOf(store.list(''))).toEqual([]);
  });

  it('lists by prefix, whole segments or cut inside one, with sizes', async () => {
    const { store } = await open();
    for (const key of ['v1/o1/pickup.svg', 'v1/o1/delivery.svg', 'v1/o2/delivery.svg', 'v10/o3/delivery.svg', 'v2/o4/pickup.svg']) await store.put(key, key);
    expect(await keysOf(store.list('v1/'))).toEqual(['v1/o1/delivery.svg', 'v1/o1/pickup.svg', 'v1/o2/delivery.svg']);
    expect(await keysOf(store.list('v1'))).toEqual(['v1/o1/delivery.svg', 'v1/o1/pickup.svg', 'v1/o2/delivery.svg', 'v10/o3/delivery.svg']);
    expect(await keysOf(store.list('v1/o1/d'))).toEqual(['v1/o1/delivery.svg']);
    expect(await keysOf(store.list('v3/'))).toEqual([]);
    expect(await keysOf(store.list(''))).toHaveLength(5);
    const sizes = [];
    for await (const info of store.list('v2/')) sizes.push(info.size);
    expect(sizes).toEqual(['v2/o4/pickup.svg'.length]);
  });

  it('keeps a failed put invisible and the old object intact', async () => {
    const { store } = await open();
    await store.put('v1/o1/delivery.svg', 'old');
    const failing = new Readable({ read() { this.push('half'); this.destroy(new Error('source broke')); } });
    await expect(store.put('v1/o1/delivery.svg', failing)).rejects.toThrow('source broke');
    expect(await read(store, 'v1/o1/delivery.svg')).toBe('old');
    expect(await keysOf(store.list(''))).toEqual(['v1/o1/delivery.svg']);
  });

  const hostile = ['../escape', 'v1/../../escape', '/etc/passwd', 'v1//o1', 'v1/./o1', 'v1/o1/', 'nul\0byte', 'back\\slash', '.hidden', 'C:/x', '', 'x'.repeat(513)];
  it.each(hostile)('refuses the hostile key %j on every operation, touching nothing', async (key) => {
    const { store, peek } = await open();
    await store.put('v1/o1/delivery.svg', 'kept');
    const before = await peek();
    await expect(store.put(key, 'evil')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    expect(await peek()).toEqual(before);
    expect(await read(store, 'v1/o1/delivery.svg')).toBe('kept');
  });

  it.each(['../', '/etc', 'v1/../', 'a\0'])('refuses the hostile list prefix %j', async (prefix) => {
    const { store } = await open();
    expect(() => store.list(prefix)).toThrow(InvalidObjectKeyError);
  });
});
