// OBJECT_STORE and the S3_* settings (server/config.ts): files by default, S3 when asked for with
// what it needs, and a clear start-up error for every setting that is missing, malformed or set alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'object-store-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
const MINIO = { OBJECT_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'proofs', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('OBJECT_STORE', () => {
  it('is the file store under DATA_DIR unless set', () => {
    expect(load({}).objectStore).toEqual({ kind: 'files' });
    expect(load({ OBJECT_STORE: 'files' }).objectStore).toEqual({ kind: 'files' });
  });

  it('is an S3-compatible server with S3_ENDPOINT: path-style and us-east-1 unless told otherwise', () => {
    expect(load(MINIO).objectStore).toEqual({
      kind: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'proofs', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' }, forcePathStyle: true },
    });
    expect(load({ ...MINIO, OBJECT_STORE: 'S3', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).objectStore).toMatchObject({ s3: { region: 'eu-central-1', forcePathStyle: false } });
  });

  it("is AWS itself without S3_ENDPOINT: its region is needed, credentials may come from the SDK's own chain", () => {
    expect(load({ OBJECT_STORE: 's3', S3_BUCKET: 'acme.proofs', S3_REGION: 'me-south-1' }).objectStore).toEqual({
      kind: 's3', s3: { endpoint: null, region: 'me-south-1', bucket: 'acme.proofs', credentials: null, forcePathStyle: false },
    });
    expect(() => load({ OBJECT_STORE: 's3', S3_BUCKET: 'proofs' })).toThrow('OBJECT_STORE=s3 needs S3_REGION (or S3_ENDPOINT for an S3-compatible server)');
  });

  it.each([
    [{ OBJECT_STORE: 'minio' }, 'OBJECT_STORE must be files or s3, got "minio"'],
    [{ OBJECT_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'OBJECT_STORE=s3 needs S3_BUCKET'],
    [{ ...MINIO, S3_BUCKET: 'Proofs_2026' }, 'S3_BUCKET must be a bucket name'],
    [{ ...MINIO, S3_BUCKET: 'a..b' }, 'S3_BUCKET must be a bucket name'],
    [{ ...MINIO, S3_ENDPOINT: '127.0.0.1:9000' }, 'S3_ENDPOINT must be an http(s) URL, got "127.0.0.1:9000"'],
    [{ ...MINIO, S3_ENDPOINT: 'ftp://files.example.com' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ ...MINIO, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ ...MINIO, S3_ACCESS_KEY_ID: ' ' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ S3_BUCKET: 'proofs' }, 'S3_BUCKET is set but OBJECT_STORE is not s3 (set OBJECT_STORE=s3, or unset them)'],
    [{ ...MINIO, OBJECT_STORE: 'files' }, 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but OBJECT_STORE is not s3'],
  ])('refuses to start with %j', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
