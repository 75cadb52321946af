// The object store on S3-compatible storage (OBJECT_STORE=s3): each object is an object of one
// bucket under the same key. Puts stream through the SDK's managed upload, which sends a small body in
// one PutObject and a large one in parts, holding at most `queueSize` parts in memory, never the whole
// body; S3 makes an object visible only once complete, so readers see the old or the new one, and a
// failed multipart upload is aborted (its parts are dropped). Server side only: the browser never
// talks to the store. The SDK is imported when a store is opened, not with this module: it takes
// about 0.4 s to load, which a server on the default file store should not pay (an esbuild bundle
// would hoist a static import of it to the top of .server-dist/main.mjs).
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { checkObjectKey, checkObjectPrefix, type ObjectStore, type StoredObjectInfo } from './objectStore';

export interface S3Settings {
  /** S3_ENDPOINT: the service's URL for S3-compatible servers (MinIO, Ceph, R2…); null: AWS itself. */
  endpoint: string | null;
  /** S3_REGION. */
  region: string;
  /** S3_BUCKET: it must exist; the server does not create it. */
  bucket: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface S3ObjectStoreOptions {
  /** Bytes of one part of a multipart upload (S3's least is 5 MiB). */
  partSize?: number;
  /** Parts uploaded at once, so at most partSize × queueSize bytes of a put are in memory. */
  queueSize?: number;
  /** Keys asked for per list request (S3 answers at most 1000); tests lower it to page. */
  listPageSize?: number;
}

export type S3ObjectStore = ObjectStore & {
  /** The SDK client, for tests that watch its requests. */
  readonly client: S3Client;
  /** Throws, saying why, unless the bucket answers to these settings (the server checks it on start). */
  checkBucket(): Promise<void>;
  /** Ends the client's kept-alive connections (the app's close). */
  close(): void;
};

const FIVE_MIB = 5 * 1024 * 1024;

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === null ? {} : { credentials: settings.credentials }),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 demands them: the SDK's default (a trailing CRC in aws-chunked bodies)
    // is not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The key is not there; a missing bucket (also a 404) is a fault of the setup and stays an error. */
const isMissingKey = (error: unknown): boolean => error instanceof Error && error.name === 'NoSuchKey';

export async function openS3ObjectStore(settings: S3Settings, options: S3ObjectStoreOptions = {}): Promise<S3ObjectStore> {
  const [{ S3Client, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command }, { Upload }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
  ]);
  const client = new S3Client(s3ClientConfig(settings));
  const { bucket } = settings;
  const partSize = Math.max(options.partSize ?? FIVE_MIB, FIVE_MIB);
  const queueSize = options.queueSize ?? 2;
  const listPageSize = options.listPageSize ?? 1000;

  async function* pages(prefix: string): AsyncGenerator<StoredObjectInfo> {
    let continuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({
        Bucket: bucket,
        ...(prefix === '' ? {} : { Prefix: prefix }),
        MaxKeys: listPageSize,
        ...(continuationToken === undefined ? {} : { ContinuationToken: continuationToken }),
      }));
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0 };
      }
      continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
  }

  return {
    client,
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // HEAD answers carry no error body: the status says what went wrong.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason = status === 404 ? 'no such bucket' : status === 403 ? 'access denied (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)' : String((error as Error).message || (error as Error).name);
        throw new Error(`OBJECT_STORE=s3: bucket "${bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`} cannot be used: ${reason}`, { cause: error });
      }
    },
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: checkObjectKey(key), Body: body },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkObjectKey(key) }));
        // In Node the SDK's body is the response stream itself (an IncomingMessage).
        return answer.Body as Readable;
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, so a repeated delete is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkObjectKey(key) }));
    },
    list(prefix) {
      return pages(checkObjectPrefix(prefix));
    },
    close() {
      client.destroy();
    },
  };
}
