// The copy on arrival of proofs a real courier platform sends as http(s) URLs (issue #27): the photo
// and the signature are fetched (server/proofs/remoteProof.ts) and archived like the simulator's
// data: URLs; a refusal that retrying cannot mend is skipped (the order keeps its URL), one worth
// retrying (a 5xx) throws, so the order-change outbox keeps the change and tries again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/types';
import { proofCopier } from '../../server/proofs/copyOnArrival';
import { PROOF_FETCH_GIVE_UP_AFTER_S } from '../../server/proofs/fetchLimits';
import { fetchRemoteProof } from '../../server/proofs/remoteProof';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

const PHOTO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
const SIGNATURE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L9 9"/></svg>');
let platform: Server;
let origin: string;
let signatureFails = true;
let server: TestServer;
let delivered: Order;

beforeAll(async () => {
  platform = createServer((request, response) => {
    if (request.url === '/photo.svg') return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(PHOTO);
    if (request.url === '/signature.svg' && !signatureFails) return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SIGNATURE);
    if (request.url === '/signature.svg') return response.writeHead(503).end();
    return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>login</p>');
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  server = await startServer({ COURIER_SIM_SPEED: '0' });
  const auth = await server.login('vendor@example.com');
  const orderId = await placeOrder(server, auth);
  await moveOrder(server, orderId, 'DELIVERED');
  delivered = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
  // The server's own outbox archives the simulator's proof of this delivery: wait for it, so it cannot
  // land in the middle of a test below (it did on PostgreSQL).
  await vi.waitFor(async () => expect(await archivedRow()).toBeDefined(), { timeout: 30_000, interval: 50 });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => platform.close(resolve));
});

function copier(skipped: string[], nowS: () => number = server.app.clock.nowS) {
  return proofCopier({
    db: server.app.db, store: server.app.proofStore, nowS,
    onSkipped: (_order, _kind, reason) => skipped.push(reason),
    fetchRemote: (url) => fetchRemoteProof(url, { allowedPrivateHosts: [new URL(origin).host] }),
  });
}

const withRemoteProofs = (photo: string, signature: string): Order => ({
  ...delivered, proofs: { ...delivered.proofs, delivery: photo, signatures: { delivery: signature }, received_by: { delivery: 'Omar (neighbour)' } },
});
const archivedRow = () => server.app.db.selectFrom('proof_archive').selectAll().where('order_id', '=', delivered.order_id).where('kind', '=', 'delivery').executeTakeFirst();

describe('archiving remote proofs', { timeout: 30_000 }, () => {
  it('skips a proof whose URL is not an image, and keeps nothing of it', async () => {
    await server.app.db.deleteFrom('proof_archive').execute();
    const skipped: string[] = [];
    await copier(skipped)(withRemoteProofs(`${origin}/login`, `${origin}/signature.svg`), async () => delivered);
    expect(skipped).toEqual(['not an image (text/html)']);
    expect(await archivedRow()).toBeUndefined();
  });

  it('gives up on a host still failing a quarter of an hour after the proof, so the order\'s later changes go on', async () => {
    await server.app.db.deleteFrom('proof_archive').execute();
    const provedAt = delivered.status_history.at(-1)!.created_at;
    const order = withRemoteProofs(`${origin}/photo.svg`, `${origin}/signature.svg`);
    const skipped: string[] = [];
    await expect(copier(skipped, () => provedAt + PROOF_FETCH_GIVE_UP_AFTER_S - 1)(order, async () => order)).rejects.toMatchObject({ transient: true });
    await copier(skipped, () => provedAt + PROOF_FETCH_GIVE_UP_AFTER_S)(order, async () => order);
    expect(skipped).toEqual(['signature: gave up after 15 minutes: answered 503']);
    expect(await archivedRow()).toBeUndefined();
  });

  it('throws on a failure worth retrying, then archives the photo, the signature and the name once the platform answers', async () => {
    await server.app.db.deleteFrom('proof_archive').execute();
    const skipped: string[] = [];
    const order = withRemoteProofs(`${origin}/photo.svg`, `${origin}/signature.svg`);
    await expect(copier(skipped)(order, async () => order)).rejects.toMatchObject({ reason: 'answered 503', transient: true });
    expect(await archivedRow()).toBeUndefined();

    signatureFails = false;
    await copier(skipped)(order, async () => order);
    expect(skipped).toEqual([]);
    const row = await archivedRow();
    expect(row).toMatchObject({ receiver_name: 'Omar (neighbour)', photo_key: expect.stringMatching(/delivery-photo\.svg$/), signature_key: expect.stringMatching(/delivery-signature\.svg$/) });
    expect(await text((await server.app.proofStore.get(row!.photo_key))!)).toBe(PHOTO.toString());
    expect(await text((await server.app.proofStore.get(row!.signature_key!))!)).toBe(SIGNATURE.toString());
  });
});
