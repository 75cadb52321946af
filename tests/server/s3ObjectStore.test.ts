// What the S3 adapter (server/storage/s3ObjectStore.ts) must do beyond the port's contract
// (objectStore.contract.test.ts runs that against it too): stream large bodies up in parts without
// reading the whole body first, and never take a refused request or a missing bucket for a missing
// object. Against s3rver, a local S3-compatible server (tests/server/localS3.ts).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openObjectStore } from '../../server/storage/openObjectStore';
import { openS3ObjectStore } from '../../server/storage/s3ObjectStore';
import { startLocalS3, type LocalS3 } from './localS3';

const MIB = 1024 * 1024;

/** `total` bytes made on demand in 64 KiB chunks, counting how many were read so far. */
function lazyBody(total: number): { stream: Readable; produced: () => number; sha256: string } {
  const chunk = Buffer.alloc(64 * 1024);
  const hash = createHash('sha256');
  for (let offset = 0; offset < total; offset += chunk.length) {
    chunk.fill(offset / chunk.length % 251);
    hash.update(chunk.subarray(0, Math.min(chunk.length, total - offset)));
  }
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) { this.push(null); return; }
      const size = Math.min(chunk.length, total - produced);
      this.push(Buffer.alloc(size, produced / chunk.length % 251));
      produced += size;
    },
  });
  return { stream, produced: () => produced, sha256: hash.digest('hex') };
}

let localS3: LocalS3;
beforeAll(async () => { localS3 = await startLocalS3(); });
afterAll(async () => { await localS3.stop(); });

describe('the S3 object store', () => {
  it('uploads a large stream in parts, reading it only a few parts ahead, and gives it back whole', async () => {
    const store = await openS3ObjectStore(localS3.settings, { partSize: 5 * MIB, queueSize: 2 });
    const readWhenPartSent: number[] = [];
    const body = lazyBody(24 * MIB);
    store.client.middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'UploadPartCommand') readWhenPartSent.push(body.produced());
      return next(args);
    }, { step: 'initialize', name: 'recordReadAhead' });
    try {
      await store.put('v1/o1/large.bin', body.stream);
      // 24 MiB in 5 MiB parts: five parts, the first sent long before the source was read to its end.
      expect(readWhenPartSent).toHaveLength(5);
      expect(readWhenPartSent[0]).toBeLessThanOrEqual(3 * 5 * MIB);
      const back = await store.get('v1/o1/large.bin');
      const hash = createHash('sha256');
      for await (const piece of back!) hash.update(piece as Buffer);
      expect(hash.digest('hex')).toBe(body.sha256);
      const listed = [];
      for await (const info of store.list('v1/o1/')) listed.push(info);
      expect(listed).toEqual([{ key: 'v1/o1/large.bin', size: 24 * MIB }]);
    } finally {
      await store.delete('v1/o1/large.bin');
      store.close();
    }
  });

  it('keeps the old object when a large upload breaks after its first part', async () => {
    const store = await openS3ObjectStore(localS3.settings);
    try {
      await store.put('v1/o2/large.bin', 'old');
      let sent = 0;
      const breaking = new Readable({
        read() {
          if (sent >= 7 * MIB) { this.destroy(new Error('source broke')); return; }
          sent += MIB;
          this.push(Buffer.alloc(MIB, 1));
        },
      });
      await expect(store.put('v1/o2/large.bin', breaking)).rejects.toThrow();
      expect(await text((await store.get('v1/o2/large.bin'))!)).toBe('old');
    } finally {
      await store.delete('v1/o2/large.bin');
      store.close();
    }
  });

  it('fails, instead of answering "no such object", when the key is refused or the bucket is missing', async () => {
    const setup = await openS3ObjectStore(localS3.settings);
    await setup.put('v1/o3/delivery.svg', '<svg/>');
    // s3rver checks the access key id, not the V4 signature, so an unknown key id stands for any refusal (403).
    const refused = await openS3ObjectStore({ ...localS3.settings, credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'wrong' } });
    const noBucket = await openS3ObjectStore({ ...localS3.settings, bucket: 'no-such-bucket' });
    try {
      for (const store of [refused, noBucket]) {
        await expect(store.get('v1/o3/delivery.svg')).rejects.toThrow();
        await expect(store.get('v1/o3/missing.svg')).rejects.toThrow();
        await expect(store.put('v1/o3/other.svg', 'x')).rejects.toThrow();
        // A stream the refused upload never reads to its end is let go (the SDK destroys it), not left open.
        const endless = new Readable({ read() { this.push(Buffer.alloc(1024)); } });
        await expect(store.put('v1/o3/streamed.svg', endless)).rejects.toThrow();
        expect(endless.destroyed).toBe(true);
        await expect((async () => { for await (const info of store.list('v1/')) void info; })()).rejects.toThrow();
      }
      expect(await text((await setup.get('v1/o3/delivery.svg'))!)).toBe('<svg/>');
    } finally {
      await setup.delete('v1/o3/delivery.svg');
      for (const store of [setup, refused, noBucket]) store.close();
    }
  });
});

describe('checkBucket (run on start)', () => {
  it('passes for a bucket the settings reach, and says why for a missing bucket or a refused key', async () => {
    const stores = [
      await openS3ObjectStore(localS3.settings),
      await openS3ObjectStore({ ...localS3.settings, bucket: 'no-such-bucket' }),
      await openS3ObjectStore({ ...localS3.settings, credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'wrong' } }),
    ];
    try {
      const [reachable, missing, refused] = stores;
      await expect(reachable!.checkBucket()).resolves.toBeUndefined();
      await expect(missing!.checkBucket()).rejects.toThrow(`OBJECT_STORE=s3: bucket "no-such-bucket" at ${localS3.settings.endpoint} cannot be used: no such bucket`);
      await expect(refused!.checkBucket()).rejects.toThrow('cannot be used: access denied (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)');
    } finally {
      for (const store of stores) store.close();
    }
  });
});

describe('openObjectStore with OBJECT_STORE=s3', () => {
  it('opens the bucket the settings name, and refuses to start on one that cannot be used', async () => {
    const opened = await openObjectStore({ kind: 's3', s3: localS3.settings }, '/nonexistent');
    try {
      await opened.store.put('v1/o4/pickup.json', '{}');
      expect(await text((await opened.store.get('v1/o4/pickup.json'))!)).toBe('{}');
      await opened.store.delete('v1/o4/pickup.json');
    } finally {
      opened.close();
    }
    await expect(openObjectStore({ kind: 's3', s3: { ...localS3.settings, bucket: 'missing-bucket' } }, '/nonexistent')).rejects.toThrow('bucket "missing-bucket"');
  });
});
