// Brotli and gzip copies of every compressible file of a build, written beside it (app.js →
// app.js.br, app.js.gz), so the server sends compressed bytes without compressing per request
// (@fastify/static `preCompressed`). Node's own zlib: no library needed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.wasm']);
/** index.html is a couple of kilobytes, and a deployment may rewrite it (its country is written in
 * it, src/app/deploymentCountry.ts): a stale compressed copy would win over the rewritten page. */
const SENT_AS_IT_IS = new Set(['index.html']);
/** Below this a compressed copy saves less than the headers it costs. */
const SMALLEST_WORTH_COMPRESSING = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)).filter((file) => statSync(file).isFile());
}

export function precompressDirectory(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || SENT_AS_IT_IS.has(basename(file))) continue;
    const bytes = readFileSync(file);
    if (bytes.length < SMALLEST_WORTH_COMPRESSING) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // The top quality costs seconds per megabyte; large data files take a near-top one.
        [constants.BROTLI_PARAM_QUALITY]: bytes.length > 512 * 1024 ? 9 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
    result.files += 1;
    result.bytes += bytes.length;
    result.brotliBytes += brotli.length;
    result.gzipBytes += gzip.length;
  }
  return result;
}
