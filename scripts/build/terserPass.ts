// A second minification of the build's JavaScript with terser, after Vite's esbuild one: about 3.4 kB
// gzip less in the first load of every page (docs/decisions/0004-first-load.md). Terser alone, as
// Vite's `minify: 'terser'`, saved less (2.8 kB) and re-minified the map engines too, doubling the
// build's CPU. Each chunk's source map is carried through, so it still points at the sources.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';

/** Chunks that come minified by their publishers (the map engines, 3 MB): a second pass gains little and costs most. */
const ALREADY_MINIFIED = /^(maplibre|mapbox)-/;

export interface TerserPassResult {
  files: number;
  bytesBefore: number;
  bytesAfter: number;
}

/** Minifies again, in place, each JavaScript file of `assetsDir` and its `.map` beside it. */
export async function terseDirectory(assetsDir: string): Promise<TerserPassResult> {
  const result: TerserPassResult = { files: 0, bytesBefore: 0, bytesAfter: 0 };
  for (const name of readdirSync(assetsDir)) {
    if (!name.endsWith('.js') || ALREADY_MINIFIED.test(name)) continue;
    const file = join(assetsDir, name);
    const code = readFileSync(file, 'utf8');
    const mapFile = `${file}.map`;
    const inputMap = existsSync(mapFile) ? readFileSync(mapFile, 'utf8') : undefined;
    const output = await minify(code, {
      // ES modules: top-level names are local too, as esbuild already treats them.
      module: true,
      sourceMap: inputMap === undefined ? false : { content: inputMap, url: `${name}.map`, includeSources: true },
    });
    if (output.code === undefined) throw new Error(`terser gave no code for ${name}`);
    writeFileSync(file, output.code);
    if (inputMap !== undefined && typeof output.map === 'string') writeFileSync(mapFile, output.map);
    result.files += 1;
    result.bytesBefore += Buffer.byteLength(code);
    result.bytesAfter += Buffer.byteLength(output.code);
  }
  return result;
}
