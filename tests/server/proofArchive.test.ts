// The proof archive (issue #27): each proof is copied into the object store when it arrives, through
// the order-change outbox (so a failed copy is retried, not lost), and deleted by the daily retention
// job once it is older than PROOF_RETENTION_MONTHS, on the server clock. On SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createFileObjectStore, objectStoreRoot } from '../../server/storage/fileObjectStore';
import type { ObjectStore } from '../../server/storage/objectStore';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

const SOON = { timeout: 15_000, interval: 50 };
const DAY_S = 86_400;
const RECIPIENT_NAME = 'Sara Al-Harbi';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

async function started(env: Record<string, string> = {}, objectStore?: ObjectStore): Promise<TestServer> {
  const server = await startServer({ COURIER_SIM_SPEED: '0', ...env }, objectStore ? { objectStore } : {});
  cleanups.push(() => server.stop());
  return server;
}

const archived = (server: TestServer, orderId: string) =>
  server.app.db.selectFrom('proof_archive').selectAll().where('order_id', '=', orderId).orderBy('kind').execute();

async function deliveredOrder(server: TestServer, auth: string): Promise<string> {
  const orderId = await placeOrder(server, auth, undefined, {
    customer: { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh', notes: '' }, phone_number: '050 123 4567', name: RECIPIENT_NAME },
  });
  await moveOrder(server, orderId, 'PICKED_UP');
  await moveOrder(server, orderId, 'DELIVERED');
  return orderId;
}

const readObject = async (store: ObjectStore, key: string) => {
  const stream = await store.get(key);
  return stream === null ? null : text(stream);
};

describe('the proof archive', { timeout: 60_000 }, () => {
  it('copies the pickup and delivery proofs into the store, keyed by vendor, order and kind', async () => {
    const server = await started();
    const auth = await server.login('vendor@example.com');
    const orderId = await deliveredOrder(server, auth);
    await vi.waitFor(async () => expect((await archived(server, orderId)).map((row) => row.kind)).toEqual(['delivery', 'pickup']), SOON);

    const order = resultOf<{ vendor_id: string; proofs: { delivery: string } }>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    const [delivery] = await archived(server, orderId);
    expect(delivery).toMatchObject({
      vendor_id: order.vendor_id, status: 'DELIVERED', receiver_name: RECIPIENT_NAME,
      photo_key: `proofs/${order.vendor_id}/${orderId}/delivery-photo.svg`, signature_key: `proofs/${order.vendor_id}/${orderId}/delivery-signature.svg`, record_key: `proofs/${order.vendor_id}/${orderId}/delivery.json`,
    });
    // The stored photo is the courier's, byte for byte; the files are where DATA_DIR says.
    const disk = createFileObjectStore(objectStoreRoot(server.dataDir));
    const photo = await readObject(disk, delivery!.photo_key);
    expect(`data:image/svg+xml;base64,${Buffer.from(photo ?? '').toString('base64')}`).toBe(order.proofs.delivery);
    expect(JSON.parse(await readObject(disk, delivery!.record_key) ?? '{}')).toMatchObject({ order_id: orderId, kind: 'delivery', status: 'DELIVERED', receiver_name: RECIPIENT_NAME, photo: 'delivery-photo.svg' });
  });

  it('retries a copy that failed: the outbox keeps the change until the store took it', async () => {
    let failures = 0;
    const root = await mkdtemp(join(tmpdir(), 'proof-store-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const disk = createFileObjectStore(root);
    const flaky: ObjectStore = {
      ...disk,
      list: (prefix) => disk.list(prefix),
      async put(key, body) {
        if (key.endsWith('delivery-photo.svg') && failures < 2) {
          failures += 1;
          throw new Error('injected: the store is down');
        }
        await disk.put(key, body);
      },
    };
    const server = await started({}, flaky);
    const auth = await server.login('vendor@example.com');
    const orderId = await deliveredOrder(server, auth);
    await vi.waitFor(async () => expect((await archived(server, orderId)).map((row) => row.kind)).toEqual(['delivery', 'pickup']), SOON);
    expect(failures).toBe(2);
    const keys: string[] = [];
    for await (const info of disk.list('proofs/')) keys.push(info.key);
    expect(keys.filter((key) => key.includes(orderId)).sort()).toEqual(['delivery-photo.svg', 'delivery-signature.svg', 'delivery.json', 'pickup-photo.svg', 'pickup.json'].map((name) => expect.stringMatching(new RegExp(`/${orderId}/${name.replace('.', '\\.')}$`))));
  });

  it('deletes proofs older than the retention period with the daily job, and keeps newer ones', async () => {
    const server = await started({ PROOF_RETENTION_MONTHS: '2' });
    const auth = await server.login('vendor@example.com');
    const old = await deliveredOrder(server, auth);
    await vi.waitFor(async () => expect(await archived(server, old)).toHaveLength(2), SOON);
    const oldKeys = (await archived(server, old)).flatMap((row) => [row.photo_key, row.signature_key, row.record_key].filter((key) => key !== null));
    expect(oldKeys).toContain(`proofs/${SA_OLAYA}/${old}/delivery-signature.svg`);

    // Six weeks later a newer order is delivered; the job has run on each day moved past, deleting nothing.
    advanceClock(server, 42 * DAY_S);
    const auth2 = await server.login('vendor@example.com');
    const newer = await deliveredOrder(server, auth2);
    await vi.waitFor(async () => expect(await archived(server, newer)).toHaveLength(2), SOON);
    expect(await archived(server, old)).toHaveLength(2);

    // Past two calendar months for the first, not for the second.
    advanceClock(server, 21 * DAY_S);
    await vi.waitFor(async () => expect(await archived(server, old)).toHaveLength(0), SOON);
    for (const key of oldKeys) expect(await server.app.proofStore.get(key)).toBeNull();
    expect(await archived(server, newer)).toHaveLength(2);
    for (const row of await archived(server, newer)) expect(await server.app.proofStore.get(row.photo_key)).not.toBeNull();
  });
});
