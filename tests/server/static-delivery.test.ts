// The built app as a phone gets it: compressed bytes made at build time, hashed assets cached for
// good, and everything whose name survives a deploy revalidated by ETag.
// PostgreSQL pass: skipped, the subject is how dist/ files are served
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/build/precompress';
import { cacheControlFor } from '../../server/http/webApp';
import { startServer, type TestServer } from './harness';

const script = `export const greeting = ${JSON.stringify('مرحبا '.repeat(400))};\n`;
const shell = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`;

function aBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'index.html'), shell);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(dist, 'locales', 'en.json'), JSON.stringify({ greeting: 'Hello '.repeat(300) }));
  writeFileSync(join(dist, 'tiny.txt'), 'ok');
  return dist;
}

describe('precompressing a build', () => {
  it('writes a brotli and a gzip copy of each text file worth it (not index.html, which deployments rewrite), which decompress to the same bytes', () => {
    const dist = aBuild();
    const result = precompressDirectory(dist);
    expect(result.files).toBe(2); // the script and the catalogue; index.html is sent as it is
    const original = readFileSync(join(dist, 'assets', 'index-AbC123.js'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-AbC123.js.br')))).toEqual(original);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-AbC123.js.gz')))).toEqual(original);
    expect(result.brotliBytes).toBeLessThan(result.bytes / 4);
    expect(() => readFileSync(join(dist, 'tiny.txt.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'index.html.br'))).toThrow();
  });
});

describe('cache rules', () => {
  it.each([
    ['assets/index-AbC123.js', 'public, max-age=31536000, immutable'],
    ['assets/index-AbC123.js.br', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-cache'],
    ['index.html.gz', 'no-cache'],
    ['version.json', 'no-cache'],
    ['locales/ar-SA.json', 'no-cache'],
  ])('%s: %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('serving the built app', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = aBuild();
    precompressDirectory(dist);
    server = await startServer({ DIST_DIR: dist });
  });
  afterAll(() => server.stop());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and plain bytes otherwise', async () => {
    const brotli = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(await brotli.text()).toBe(script); // fetch decodes: the bytes are the script's

    const gzip = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('caches hashed assets for good and has the browser revalidate the shell and the catalogues', async () => {
    const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const index = await get('/', { 'accept-encoding': 'br' });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-encoding')).toBeNull();
    const etag = index.headers.get('etag');
    expect(etag).toBeTruthy();
    // Not fetch: the fetch standard adds `cache-control: no-cache` to a request with If-None-Match,
    // which (rightly) forces a full answer. A browser revalidating a no-cache page sends neither.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      httpGet(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag ?? '' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);

    const catalogue = await get('/locales/en.json', { 'accept-encoding': 'gzip' });
    expect(catalogue.headers.get('cache-control')).toBe('no-cache');
    expect(catalogue.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a deep link with the shell, never cached for good', async () => {
    const deepLink = await get('/order-tracking/v1', { 'accept-encoding': 'br' });
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect(await deepLink.text()).toBe(shell);
  });
});
