// The object store port: named blobs (proof photos and records today) kept outside the database.
// The embedded adapter keeps them as files under DATA_DIR (fileObjectStore.ts), the S3 one in a bucket
// (s3ObjectStore.ts, OBJECT_STORE=s3; openObjectStore.ts picks); both pass the same contract tests
// (tests/server/objectStore.contract.test.ts). Keys are checked here, in the port, so no adapter can
// be handed a path that climbs out of its root or names something that is not an object.
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  key: string;
  /** Bytes. */
  size: number;
}

export interface ObjectStore {
  /** Stores `body` under `key`, replacing what was there; readers see the old or the new object, never a part. */
  put(key: string, body: Readable | Uint8Array | string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing one is not an error (callers repeat after a crash). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` ('' for all), each once, in no particular order. */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
}

export class InvalidObjectKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** One key segment: letters, digits, '-', '_' and '.', not starting with '.' (no '..', no hidden files). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_OBJECT_KEY_LENGTH = 512;

/** The key itself when it is safe to use as a relative path on any adapter; throws otherwise. */
export function checkObjectKey(key: string): string {
  if (typeof key !== 'string' || key === '') throw new InvalidObjectKeyError(String(key), 'empty');
  if (key.length > MAX_OBJECT_KEY_LENGTH) throw new InvalidObjectKeyError(key, 'too long');
  const bad = key.split('/').find((segment) => !SEGMENT.test(segment));
  if (bad !== undefined) throw new InvalidObjectKeyError(key, `segment ${JSON.stringify(bad)} is not allowed`);
  return key;
}

/** A list prefix: '' (everything), or a key, whole or cut anywhere (a trailing '/' included). */
export function checkObjectPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  checkObjectKey(trimmed);
  return prefix;
}
