// Opens the object store the configuration names (OBJECT_STORE): files under DATA_DIR/objects by
// default, or an S3-compatible bucket, whose adapter (and SDK) is loaded only then.
import type { ObjectStoreConfig } from '../config';
import { createFileObjectStore, objectStoreRoot } from './fileObjectStore';
import type { ObjectStore } from './objectStore';

export interface OpenedObjectStore {
  store: ObjectStore;
  /** Frees what the store holds (the S3 client's connections); the app calls it on close. */
  close(): void;
}

export async function openObjectStore(config: ObjectStoreConfig, dataDir: string): Promise<OpenedObjectStore> {
  if (config.kind === 'files') return { store: createFileObjectStore(objectStoreRoot(dataDir)), close: () => {} };
  const { openS3ObjectStore } = await import('./s3ObjectStore');
  const store = await openS3ObjectStore(config.s3);
  // A wrong bucket or key is a start-up error, not a proof that fails to archive hours later.
  try {
    await store.checkBucket();
  } catch (error) {
    store.close();
    throw error;
  }
  return { store, close: () => store.close() };
}
