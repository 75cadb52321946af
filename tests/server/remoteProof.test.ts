// Fetching a proof a real courier platform sends as an http(s) URL (server/proofs/remoteProof.ts),
// against a local HTTP server playing a hostile platform: only images, a size cap, a deadline, and no
// way to reach loopback or private addresses (directly, or by a redirect) unless the test allows
// its own server's host:port.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteProof, isPrivateAddress } from '../../server/proofs/remoteProof';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: Server;
let origin: string;
let allowed: string[];
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/photo.png': return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      case '/page.html': return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      case '/huge.png': // no content-length: the cap must hold while reading
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(Buffer.alloc(4096));
      case '/to-self': return response.writeHead(302, { location: '/photo.png' }).end();
      case '/to-other-port': return response.writeHead(302, { location: 'http://127.0.0.1:9/photo.png' }).end();
      case '/to-metadata': return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      case '/missing': return response.writeHead(404).end();
      case '/slow': held.push(response); return undefined; // never answers
      default: return response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allowed = [`127.0.0.1:${port}`];
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const fetchAllowed = (path: string, extra = {}) => fetchRemoteProof(`${origin}${path}`, { allowedPrivateHosts: allowed, ...extra });

describe('fetchRemoteProof', () => {
  it('fetches an image, following a redirect on the same allowed host', async () => {
    expect(await fetchAllowed('/photo.png')).toEqual({ contentType: 'image/png', bytes: PNG });
    expect(await fetchAllowed('/to-self')).toEqual({ contentType: 'image/png', bytes: PNG });
  });

  it('refuses loopback, private and link-local targets, directly or by a redirect', async () => {
    await expect(fetchRemoteProof(`${origin}/photo.png`)).rejects.toMatchObject({ reason: expect.stringMatching(/private address/), transient: false });
    await expect(fetchAllowed('/to-other-port')).rejects.toMatchObject({ reason: '127.0.0.1:9 is a private address' });
    await expect(fetchAllowed('/to-metadata')).rejects.toMatchObject({ reason: '169.254.169.254 is a private address' });
    await expect(fetchRemoteProof('http://localhost:9/photo.png')).rejects.toMatchObject({ reason: 'localhost:9 resolves to a private address' });
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '172.20.0.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2001:4860:4860::8888']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses what is not an image, what is too big, and schemes other than http(s)', async () => {
    await expect(fetchAllowed('/page.html')).rejects.toMatchObject({ reason: 'not an image (text/html)', transient: false });
    await expect(fetchAllowed('/huge.png', { maxBytes: 1000 })).rejects.toMatchObject({ reason: 'larger than 1000 bytes' });
    await expect(fetchRemoteProof('file:///etc/passwd')).rejects.toMatchObject({ reason: 'file: is not http(s)' });
    await expect(fetchAllowed('/missing')).rejects.toMatchObject({ reason: 'answered 404', transient: false });
    await expect(fetchAllowed('/broken')).rejects.toMatchObject({ reason: 'answered 500', transient: true });
  });

  it('gives up on a server that never answers, at its deadline, as worth retrying', async () => {
    await expect(fetchAllowed('/slow', { timeoutMs: 100 })).rejects.toMatchObject({ reason: 'timed out', transient: true });
  });
});
