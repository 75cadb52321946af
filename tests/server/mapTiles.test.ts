// MAP_PMTILES: the server serves one PMTiles archive in byte ranges (what the browser's `pmtiles`
// library asks for), names it in GET /client-config, and nothing else of its folder is reachable.
// PostgreSQL pass: skipped, the subject is the PMTiles bytes served from a folder
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetGridArchive, streetGridTile, tileOf } from '../fixtures/pmtiles';
import { startServer, type TestServer } from './harness';

const OLAYA = { lng: 46.683, lat: 24.6985 };
const SECRET = 'not a map: must never be served';

/** A GET with the path sent exactly as written (fetch would resolve the `..` before sending). */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a server with MAP_PMTILES', () => {
  let server: TestServer;
  let folder: string;
  let archive: Uint8Array;
  let url: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'map-tiles-'));
    archive = streetGridArchive(OLAYA);
    const maps = join(folder, 'maps');
    mkdirSync(maps);
    writeFileSync(join(maps, 'riyadh.pmtiles'), archive);
    // Beside the archive and one folder up: files a path escape would reach.
    writeFileSync(join(maps, 'notes.txt'), SECRET);
    writeFileSync(join(folder, 'secret.txt'), SECRET);
    // A built web app, so a miss could fall back to the app shell.
    const dist = join(folder, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    server = await startServer({ MAP_PMTILES: join(maps, 'riyadh.pmtiles'), DIST_DIR: dist });
    url = `${server.baseUrl}/map-tiles/riyadh.pmtiles`;
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('names the archive in /client-config', async () => {
    const response = await server.call('GET', `${server.baseUrl}/client-config`);
    expect(response.body).toMatchObject({ map_pmtiles_url: '/map-tiles/riyadh.pmtiles' });
  });

  it('answers a range with 206, its Content-Range and exactly those bytes', async () => {
    const response = await fetch(url, { headers: { range: 'bytes=0-126' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-126/${archive.length}`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(archive.slice(0, 127));

    const middle = await fetch(url, { headers: { range: 'bytes=200-263' } });
    expect(middle.status).toBe(206);
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(archive.slice(200, 264));
  });

  it('refuses a range past the end with 416', async () => {
    const response = await fetch(url, { headers: { range: `bytes=${archive.length + 10}-${archive.length + 20}` } });
    expect(response.status).toBe(416);
  });

  it('is read by the pmtiles library: header, then a tile by z/x/y', async () => {
    const reader = new PMTiles(new FetchSource(url));
    const header = await reader.getHeader();
    expect({ minZoom: header.minZoom, maxZoom: header.maxZoom }).toEqual({ minZoom: 12, maxZoom: 14 });
    const { x, y } = tileOf(OLAYA.lng, OLAYA.lat, 14);
    const tile = await reader.getZxy(14, x, y);
    expect(new Uint8Array(tile?.data ?? new ArrayBuffer(0))).toEqual(streetGridTile());
    // Far from Riyadh the archive has nothing.
    expect(await reader.getZxy(14, 0, 0)).toBeUndefined();
  });

  it.each([
    '/map-tiles/notes.txt',
    '/map-tiles/../secret.txt',
    '/map-tiles/%2e%2e/secret.txt',
    '/map-tiles/..%2fsecret.txt',
    '/map-tiles/%2e%2e%2fsecret.txt',
    '/map-tiles/riyadh.pmtiles/../notes.txt',
    '/map-tiles/',
  ])('serves nothing else of the folder: %s', async (path) => {
    const response = await rawGet(server.baseUrl, path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('app shell');
  });
});

describe('a server without MAP_PMTILES, or with a missing file', () => {
  it.each<Record<string, string>>([{}, { MAP_PMTILES: join(tmpdir(), 'no-such-folder', 'riyadh.pmtiles') }])('keeps the offline basemap (%o)', async (env) => {
    const server = await startServer(env);
    try {
      const config = await server.call('GET', `${server.baseUrl}/client-config`);
      expect(config.body).toMatchObject({ map_pmtiles_url: null });
      expect((await rawGet(server.baseUrl, '/map-tiles/riyadh.pmtiles')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
