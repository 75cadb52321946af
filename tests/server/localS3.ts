// A local S3-compatible server for the tests: s3rver (from npm; MinIO is neither in Debian nor in npm,
// README "Proof archive"), in a child process (localS3Server.mjs says why), on a free loopback port,
// its objects in a temporary directory removed on stop, with one empty bucket.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Settings } from '../../server/storage/s3ObjectStore';

export interface LocalS3 {
  /** Settings that reach the server's bucket, as the adapter takes them. */
  settings: S3Settings;
  /** The same as environment variables for loadConfig (OBJECT_STORE=s3 …). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's fixed key pair (it refuses other key ids; it does not check V4 signatures). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'proofs'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(import.meta.dirname, 'localS3Server.mjs'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line') as Promise<[string]>,
    exited.then(([code]) => Promise.reject(new Error(`s3rver exited (${String(code)}) before it listened`))),
  ]);
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { endpoint, region: 'us-east-1', bucket, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY }, forcePathStyle: true },
    env: {
      OBJECT_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
