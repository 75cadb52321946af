// The proof archive's downloads (issue #27): a period's proofs as one ZIP with a CSV index, and one
// order's; vendor-scoped; streamed from the object store while the client reads. The ZIPs are opened
// with yauzl, as a vendor's unzip tool would. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ObjectStore } from '../../server/storage/objectStore';
import { createFileObjectStore } from '../../server/storage/fileObjectStore';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, placeSingaporeOrder, resultOf, SA_OLAYA } from './orders-fixtures';
import { indexLines, unzip } from './unzip';

const SOON = { timeout: 20_000, interval: 50 };
const HOUR = 3_600;

async function download(server: TestServer, auth: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; type: string | null; zip: Buffer }> {
  const response = await fetch(`${server.api}${path}`, {
    method, headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, type: response.headers.get('content-type'), zip: Buffer.from(await response.arrayBuffer()) };
}

const HEADER = 'Order ID,Proof,Status,Time (Asia/Dubai),Receiver name,Files';

/**
 * The store of the server under test: the file system, with a gate that can hold one object's read
 * back, so a test sees what the client received while the store is still being read.
 */
function gatedStore(disk: ObjectStore) {
  let gate: { key: string; open: () => void; reached: boolean } | null = null;
  const reads: string[] = [];
  const store: ObjectStore = {
    put: (key, body) => disk.put(key, body),
    delete: (key) => disk.delete(key),
    list: (prefix) => disk.list(prefix),
    async get(key) {
      reads.push(key);
      if (gate && gate.key === key) {
        gate.reached = true;
        await new Promise<void>((resolve) => { gate!.open = resolve; });
        gate = null; // held once
      }
      return disk.get(key);
    },
  };
  return {
    store, reads,
    hold(key: string) { gate = { key, open: () => undefined, reached: false }; return gate; },
  };
}

let server: TestServer;
let objectsDir: string;
let owner: string;
let foreign: string;
let gated: ReturnType<typeof gatedStore>;
let start: number;
const delivered: string[] = [];
let undelivered: string;
let foreignDelivered: string;

async function deliver(orderId: string): Promise<void> {
  await moveOrder(server, orderId, 'PICKED_UP');
  await moveOrder(server, orderId, 'DELIVERED');
}

beforeAll(async () => {
  objectsDir = await mkdtemp(join(tmpdir(), 'proof-objects-'));
  gated = gatedStore(createFileObjectStore(objectsDir));
  server = await startServer({ COURIER_SIM_SPEED: '0' }, { objectStore: gated.store });
  owner = await server.login('vendor@example.com');
  foreign = await server.login('other@example.com');
  start = server.app.clock.nowS();
  for (let i = 0; i < 3; i += 1) delivered.push(await placeOrder(server, owner, SA_OLAYA));
  undelivered = await placeOrder(server, owner, SA_OLAYA);
  foreignDelivered = await placeSingaporeOrder(server, foreign);
  for (const orderId of [...delivered, foreignDelivered]) await deliver(orderId);
  await vi.waitFor(async () => {
    const rows = await server.app.db.selectFrom('proof_archive').select('order_id').execute();
    expect(rows).toHaveLength(8);
  }, SOON);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  if (objectsDir) await rm(objectsDir, { recursive: true, force: true });
});

describe('POST /proofs/export', () => {
  it("holds every delivered order's proofs of the period and an index of them, and nothing of another vendor", async () => {
    const answer = await download(server, owner, 'POST', '/proofs/export', { vendor_id: SA_OLAYA, from: start - HOUR, to: start + HOUR });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/zip');
    const entries = await unzip(answer.zip);
    expect(entries[0]?.name).toBe('index.csv');
    const index = indexLines(entries);
    expect(index[0]).toBe(HEADER);
    expect(index).toHaveLength(1 + delivered.length * 2);
    for (const orderId of delivered) {
      const files = [`${orderId}/pickup-photo.svg`, `${orderId}/pickup.json`, `${orderId}/delivery-photo.svg`, `${orderId}/delivery-signature.svg`, `${orderId}/delivery.json`];
      for (const file of files) expect(entries.map((entry) => entry.name)).toContain(file);
      const line = index.find((row) => row.startsWith(`${orderId},delivery,`));
      expect(line).toMatch(new RegExp(`^${orderId},delivery,DELIVERED,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,Sara Al-Harbi,${orderId}/delivery-photo\\.svg ${orderId}/delivery-signature\\.svg ${orderId}/delivery\\.json$`));
      // The photo and the signature are the courier's, byte for byte; the name is the one the rider recorded.
      const order = resultOf<{ proofs: { delivery: string; signatures: { delivery: string }; received_by: { delivery: string } } }>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: owner })).body);
      const photo = entries.find((entry) => entry.name === `${orderId}/delivery-photo.svg`)?.data;
      expect(`data:image/svg+xml;base64,${photo?.toString('base64')}`).toBe(order.proofs.delivery);
      const signature = entries.find((entry) => entry.name === `${orderId}/delivery-signature.svg`)?.data;
      expect(signature?.toString('utf8')).toMatch(/^<svg [^>]*>.*<path /);
      expect(`data:image/svg+xml;base64,${signature?.toString('base64')}`).toBe(order.proofs.signatures.delivery);
      expect(order.proofs.received_by.delivery).toBe('Sara Al-Harbi');
    }
    const everything = entries.map((entry) => `${entry.name}\n${entry.data.toString('utf8')}`).join('\n');
    expect(everything).not.toContain(undelivered);
    expect(everything).not.toContain(foreignDelivered);

    const audit = await server.app.db.selectFrom('audit_events').select(['action', 'subject', 'vendor_id', 'actor']).where('subject', '=', 'proofs').execute();
    expect(audit).toEqual([{ action: 'export.downloaded', subject: 'proofs', vendor_id: SA_OLAYA, actor: 'vendor@example.com' }]);
  });

  it('answers an index with its header only for a period without proofs', async () => {
    const answer = await download(server, owner, 'POST', '/proofs/export', { vendor_id: SA_OLAYA, from: start - 48 * HOUR, to: start - 24 * HOUR });
    expect(answer.status).toBe(200);
    const entries = await unzip(answer.zip);
    expect(entries.map((entry) => entry.name)).toEqual(['index.csv']);
    expect(indexLines(entries)).toEqual([HEADER]);
  });

  it("refuses another vendor's period and a reversed one", async () => {
    expect((await server.call('POST', '/proofs/export', { auth: foreign, body: { vendor_id: SA_OLAYA, from: start - HOUR, to: start + HOUR } })).status).toBe(403);
    const reversed = await server.call('POST', '/proofs/export', { auth: owner, body: { vendor_id: SA_OLAYA, from: start + HOUR, to: start - HOUR } });
    expect(reversed.status).toBe(400);
  });

  it('streams: the client has the index and the first files while later files are still unread', async () => {
    const rows = await server.app.db.selectFrom('proof_archive').select(['photo_key', 'record_key']).where('vendor_id', '=', SA_OLAYA).orderBy('proved_at').orderBy('order_id').orderBy('kind').execute();
    const last = rows.at(-1)?.photo_key ?? '';
    const gate = gated.hold(last);
    gated.reads.length = 0;
    const response = await fetch(`${server.api}/proofs/export`, {
      method: 'POST', headers: { authorization: owner, 'content-type': 'application/json' }, body: JSON.stringify({ vendor_id: SA_OLAYA, from: start - HOUR, to: start + HOUR }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const received: Uint8Array[] = [];
    // Read until the store is held at the last photo: everything received so far came before it was read.
    await vi.waitFor(async () => {
      if (!gate.reached) {
        const chunk = await reader.read();
        if (chunk.value) received.push(chunk.value);
      }
      expect(gate.reached).toBe(true);
    }, SOON);
    expect(received.length).toBeGreaterThan(0);
    expect(Buffer.from(received[0]!).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(gated.reads.at(-1)).toBe(last);
    expect(gated.reads).not.toContain(rows.at(-1)?.record_key);
    gate.open();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received.push(chunk.value);
    }
    const entries = await unzip(Buffer.concat(received));
    expect(entries.map((entry) => entry.name)).toContain(last.split('/').slice(-2).join('/'));
  });
});

describe('GET /order/:orderId/proofs', () => {
  it("answers the order's proofs; another vendor's order like a missing one (403), an order without proofs 404", async () => {
    const orderId = delivered[0]!;
    const answer = await download(server, owner, 'GET', `/order/${orderId}/proofs`);
    expect(answer.status).toBe(200);
    const entries = await unzip(answer.zip);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['index.csv', ...['delivery-photo.svg', 'delivery-signature.svg', 'delivery.json', 'pickup-photo.svg', 'pickup.json'].map((name) => `${orderId}/${name}`)]);
    expect(JSON.parse(entries.find((entry) => entry.name === `${orderId}/delivery.json`)?.data.toString('utf8') ?? '{}')).toMatchObject({
      order_id: orderId, kind: 'delivery', status: 'DELIVERED', receiver_name: 'Sara Al-Harbi', photo: 'delivery-photo.svg', signature: 'delivery-signature.svg',
    });
    // A pickup has a photo and no signature.
    expect(indexLines(entries).find((row) => row.startsWith(`${orderId},pickup,`))).toMatch(new RegExp(`,${orderId}/pickup-photo\\.svg ${orderId}/pickup\\.json$`));

    const foreignAnswer = await server.call('GET', `/order/${foreignDelivered}/proofs`, { auth: owner });
    const missingAnswer = await server.call('GET', '/order/no-such-order/proofs', { auth: owner });
    expect(foreignAnswer.status).toBe(403);
    expect(foreignAnswer.body).toEqual(missingAnswer.body);
    expect(foreignAnswer.text).not.toContain('svg');
    expect((await server.call('GET', `/order/${orderId}/proofs`, { auth: foreign })).status).toBe(403);
    expect((await server.call('GET', `/order/${undelivered}/proofs`, { auth: owner })).status).toBe(404);
  });
});
