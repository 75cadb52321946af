// The build's second minification (scripts/build/terserPass.ts): smaller chunks that still run the
// same and whose source maps still point at the sources; the map engines' chunks left as they are.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { terseDirectory } from '../../scripts/build/terserPass';

const SOURCE = `
export function totalOf(lines: { price: number; quantity: number }[]): number {
  let total = 0;
  for (const line of lines) {
    const subtotal = line.price * line.quantity;
    if (subtotal > 0) total = total + subtotal;
  }
  return total;
}
export const label = (name: string) => { const greeting = 'Order for ' + name; return greeting; };
`;

/** A chunk as Vite writes it: esbuild-minified, with its source map beside it. */
function aBuiltAssetsDir(): string {
  const assets = join(mkdtempSync(join(tmpdir(), 'portal-terser-')), 'assets');
  mkdirSync(assets);
  const built = transformSync(SOURCE, { loader: 'ts', format: 'esm', minify: true, sourcemap: 'external', sourcefile: '../../src/orders/total.ts' });
  writeFileSync(join(assets, 'index-AbC123.js'), `${built.code}//# sourceMappingURL=index-AbC123.js.map\n`);
  writeFileSync(join(assets, 'index-AbC123.js.map'), built.map);
  writeFileSync(join(assets, 'maplibre-XyZ789.js'), 'export const engine = 1 + 1;\n');
  return assets;
}

const load = async (file: string) => (await import(`data:text/javascript,${encodeURIComponent(readFileSync(file, 'utf8'))}`)) as { totalOf: (lines: { price: number; quantity: number }[]) => number; label: (name: string) => string };

describe('the terser pass over a build', () => {
  it('makes an esbuild-minified chunk smaller and it computes the same', async () => {
    const assets = aBuiltAssetsDir();
    const chunk = join(assets, 'index-AbC123.js');
    const before = await load(chunk);
    const result = await terseDirectory(assets);
    const after = await load(chunk);
    expect(result.files).toBe(1);
    expect(result.bytesAfter).toBeLessThan(result.bytesBefore);
    expect(readFileSync(chunk).length).toBe(result.bytesAfter);
    const lines = [{ price: 2.5, quantity: 4 }, { price: -1, quantity: 3 }, { price: 7, quantity: 1 }];
    expect(after.totalOf(lines)).toBe(before.totalOf(lines));
    expect(after.totalOf(lines)).toBe(17);
    expect(after.label('Ola')).toBe('Order for Ola');
  });

  it('rewrites the source map so positions in the new chunk still point at the original source', async () => {
    const assets = aBuiltAssetsDir();
    await terseDirectory(assets);
    const code = readFileSync(join(assets, 'index-AbC123.js'), 'utf8');
    expect(code).toMatch(/\/\/# sourceMappingURL=index-AbC123\.js\.map\s*$/);
    // Node's own source-map reader; lines and columns from 0.
    const map = new SourceMap(JSON.parse(readFileSync(join(assets, 'index-AbC123.js.map'), 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    const sourceLines = SOURCE.split('\n');
    const line = sourceLines.findIndex((candidate) => candidate.includes("'Order for '"));
    const entry = map.findEntry(0, code.indexOf('"Order for "'));
    expect(entry).toMatchObject({ originalSource: '../../src/orders/total.ts', originalLine: line, originalColumn: sourceLines[line]!.indexOf("'Order for '") });
  });

  it('leaves the map engines, minified by their publishers, as they are', async () => {
    const assets = aBuiltAssetsDir();
    await terseDirectory(assets);
    expect(readFileSync(join(assets, 'maplibre-XyZ789.js'), 'utf8')).toBe('export const engine = 1 + 1;\n');
  });
});
