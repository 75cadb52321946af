// The remote proof fetch through the whole server (issue #27): a started server whose courier reports
// a delivery's proof as http URLs on a local "courier platform" (the ops move with `proof`, as a real
// platform reports it) archives the bytes it serves; a URL that redirects to a private address, or a
// photo above PROOF_FETCH_MAX_BYTES, is refused and the order keeps its URL. The SSRF guard refuses
// loopback, so the server is built allowing exactly the platform's host:port, as remoteProofArchive.test.ts does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/types';
import { startServer, type TestServer } from './harness';
import { placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

const PHOTO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="1"/></svg>');
const SIGNATURE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L5 9"/></svg>');
const MAX_BYTES = 4096;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let platform: Server;
let platformOrigin: string;
/** A service on loopback the platform's redirect points at: the guard must never let the server reach it. */
let internal: Server;
const internalRequests: string[] = [];
let server: TestServer;
let auth: string;
const logLines: string[] = [];

beforeAll(async () => {
  internal = createServer((request, response) => {
    internalRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(PHOTO);
  });
  const internalHost = await listen(internal);
  platform = createServer((request, response) => {
    if (request.url === '/photo.svg') return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(PHOTO);
    if (request.url === '/signature.svg') return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SIGNATURE);
    if (request.url === '/big.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(MAX_BYTES + 1));
    if (request.url === '/moved.svg') return response.writeHead(302, { location: `http://${internalHost}/admin/photo.svg` }).end();
    return response.writeHead(404).end();
  });
  const platformHost = await listen(platform);
  platformOrigin = `http://${platformHost}`;
  const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { logLines.push(chunk.toString()); done(); } });
  server = await startServer(
    { COURIER_SIM_SPEED: '0', LOG_LEVEL: 'warn', PROOF_FETCH_MAX_BYTES: String(MAX_BYTES) },
    { proofFetchAllowedPrivateHosts: [platformHost], logStream },
  );
  auth = await server.login('vendor@example.com');
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([platform, internal].map((one) => new Promise((resolve) => one?.close(resolve))));
});

/** Places an order and has the courier deliver it with the proof at these URLs. */
async function deliveredWith(proof: { photo: string; signature?: string; received_by?: string }): Promise<string> {
  const orderId = await placeOrder(server, auth);
  const moved = await server.call('POST', `/ops/orders/${orderId}/status`, { auth: `Ops ${server.opsToken}`, body: { status: 'DELIVERED', proof } });
  expect(moved.status).toBe(200);
  return orderId;
}

const archived = (orderId: string) => server.app.db.selectFrom('proof_archive').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const orderOf = async (orderId: string) => resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
/** The server's warning that it will not archive the order's proof: its reason. */
const refusalOf = (orderId: string): string | undefined => logLines.map((line) => JSON.parse(line) as { msg?: string; order_id?: string; reason?: string })
  .find((line) => line.msg === 'proof not archived' && line.order_id === orderId)?.reason;

describe('a proof the courier reports as http URLs', { timeout: 60_000 }, () => {
  it('is fetched and archived: the photo, the signature and the receiver\'s name', async () => {
    const orderId = await deliveredWith({ photo: `${platformOrigin}/photo.svg`, signature: `${platformOrigin}/signature.svg`, received_by: 'Omar (neighbour)' });
    await vi.waitFor(async () => expect(await archived(orderId)).toBeDefined(), { timeout: 30_000, interval: 50 });
    const row = (await archived(orderId))!;
    expect(row).toMatchObject({ kind: 'delivery', receiver_name: 'Omar (neighbour)' });
    expect(await text((await server.app.proofStore.get(row.photo_key))!)).toBe(PHOTO.toString());
    expect(await text((await server.app.proofStore.get(row.signature_key!))!)).toBe(SIGNATURE.toString());
    expect(refusalOf(orderId)).toBeUndefined();
  });

  it('is refused when the platform redirects to a private address: nothing is fetched from there, and the order keeps its URL', async () => {
    const photo = `${platformOrigin}/moved.svg`;
    const orderId = await deliveredWith({ photo });
    await vi.waitFor(() => expect(refusalOf(orderId)).toMatch(/private address/), { timeout: 30_000, interval: 50 });
    expect(internalRequests).toEqual([]);
    expect(await archived(orderId)).toBeUndefined();
    expect((await orderOf(orderId)).proofs?.delivery).toBe(photo);
  });

  it('is refused above PROOF_FETCH_MAX_BYTES, and the order keeps its URL', async () => {
    const photo = `${platformOrigin}/big.png`;
    const orderId = await deliveredWith({ photo });
    await vi.waitFor(() => expect(refusalOf(orderId)).toBe(`larger than ${MAX_BYTES} bytes`), { timeout: 30_000, interval: 50 });
    expect(await archived(orderId)).toBeUndefined();
    expect((await orderOf(orderId)).proofs?.delivery).toBe(photo);
  });

  it('comes only with a status that has a proof', async () => {
    const orderId = await placeOrder(server, auth);
    const moved = await server.call('POST', `/ops/orders/${orderId}/status`, { auth: `Ops ${server.opsToken}`, body: { status: 'COURIER_ACCEPTED_DELIVERY', proof: { photo: `${platformOrigin}/photo.svg` } } });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ errors: [{ field: 'proof' }] });
  });
});
