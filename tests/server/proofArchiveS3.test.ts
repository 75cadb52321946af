// The proof archive on S3-compatible storage, the whole server through its settings (OBJECT_STORE=s3
// and the S3_* settings, against s3rver, tests/server/localS3.ts): delivered orders' proofs land in
// the bucket, not under DATA_DIR, and the per-order download and the period ZIP stream them back.
// PostgreSQL pass: skipped, the subject is the S3 object store; the archive table on PostgreSQL is proofDownloads.test.ts's
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3ClientConfig } from '../../server/storage/s3ObjectStore';
import { startServer, type TestServer } from './harness';
import { startLocalS3, type LocalS3 } from './localS3';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';
import { indexLines, unzip } from './unzip';

const SOON = { timeout: 20_000, interval: 50 };
const HOUR = 3_600;
const PROOF_FILES = ['delivery-photo.svg', 'delivery-signature.svg', 'delivery.json', 'pickup-photo.svg', 'pickup.json'];

let localS3: LocalS3;
let server: TestServer;
let owner: string;
let start: number;
const delivered: string[] = [];

/** Every key in the bucket, read past the server. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client(s3ClientConfig(localS3.settings));
  try {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: localS3.settings.bucket }));
    return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

async function download(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.api}${path}`, {
    method, headers: { authorization: owner, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, type: response.headers.get('content-type'), entries: await unzip(Buffer.from(await response.arrayBuffer())) };
}

beforeAll(async () => {
  localS3 = await startLocalS3();
  server = await startServer({ COURIER_SIM_SPEED: '0', ...localS3.env });
  owner = await server.login('vendor@example.com');
  start = server.app.clock.nowS();
  for (let i = 0; i < 2; i += 1) {
    const orderId = await placeOrder(server, owner, SA_OLAYA);
    await moveOrder(server, orderId, 'PICKED_UP');
    await moveOrder(server, orderId, 'DELIVERED');
    delivered.push(orderId);
  }
  // A pickup and a delivery proof per order.
  await vi.waitFor(async () => {
    expect(await server.app.db.selectFrom('proof_archive').select('order_id').execute()).toHaveLength(delivered.length * 2);
  }, SOON);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await localS3?.stop();
});

describe('the proof archive with OBJECT_STORE=s3', () => {
  it('keeps every archived proof file in the bucket and none under DATA_DIR', async () => {
    const rows = await server.app.db.selectFrom('proof_archive').select(['photo_key', 'record_key', 'signature_key']).execute();
    const keys = rows.flatMap((row) => [row.photo_key, row.record_key, row.signature_key]).filter((key): key is string => key !== null).sort();
    expect(keys).toHaveLength(delivered.length * PROOF_FILES.length);
    expect(await bucketKeys()).toEqual(keys);
    expect(existsSync(join(server.dataDir, 'objects'))).toBe(false);
  });

  it("streams one order's proofs back from the bucket", async () => {
    const orderId = delivered[0]!;
    const answer = await download('GET', `/order/${orderId}/proofs`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/zip');
    expect(answer.entries.map((entry) => entry.name).sort()).toEqual(['index.csv', ...PROOF_FILES.map((name) => `${orderId}/${name}`)]);
    // The photo is the courier's, byte for byte.
    const order = resultOf<{ proofs: { delivery: string } }>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: owner })).body);
    const photo = answer.entries.find((entry) => entry.name === `${orderId}/delivery-photo.svg`)?.data;
    expect(`data:image/svg+xml;base64,${photo?.toString('base64')}`).toBe(order.proofs.delivery);
  });

  it("streams the period's ZIP from the bucket: every delivered order's proofs and the index", async () => {
    const answer = await download('POST', '/proofs/export', { vendor_id: SA_OLAYA, from: start - HOUR, to: start + HOUR });
    expect(answer.status).toBe(200);
    const names = answer.entries.map((entry) => entry.name);
    expect(names[0]).toBe('index.csv');
    for (const orderId of delivered) for (const file of PROOF_FILES) expect(names).toContain(`${orderId}/${file}`);
    const index = indexLines(answer.entries);
    expect(index).toHaveLength(1 + delivered.length * 2);
    for (const orderId of delivered) expect(index.find((line) => line.startsWith(`${orderId},delivery,DELIVERED,`))).toContain('Sara Al-Harbi');
  });
});
