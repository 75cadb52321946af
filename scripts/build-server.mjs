// Bundles the server for `npm start`: server/main.ts and everything it imports from this repository
// into .server-dist/main.mjs, and the operator CLI into .server-dist/cli.mjs (npm packages stay external, loaded from node_modules), so production
// runs plain JavaScript on node. Running through tsx instead costs ~50 MiB more resident memory (its
// in-process TypeScript transform and module hooks) and a slower start; `npm run dev` keeps tsx.
// Files a module reads next to itself via import.meta.url are copied to the same place relative to
// the bundle. Run: node scripts/build-server.mjs [outDir]. The tests that start child servers build
// into a directory of their own run (tests/server/runBundle.ts), never reusing a bundle of older
// source; it must sit inside this repository so the bundle's external packages resolve from node_modules.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ? resolve(process.argv[2]) : join(root, '.server-dist');
/** Data files read at run time through `new URL('./data/…', import.meta.url)` in server/geo. */
const RUNTIME_FILES = [['server/geo/data/cities.tsv.gz', 'data/cities.tsv.gz']];

rmSync(outDir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // main.mjs the server; cli.mjs the operator CLI (server/cli/index.ts), run with plain node too.
  entryPoints: { main: 'server/main.ts', cli: 'server/cli/index.ts' },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // A map for `node --enable-source-maps` when a stack trace needs TypeScript lines.
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const [from, to] of RUNTIME_FILES) {
  mkdirSync(dirname(join(outDir, to)), { recursive: true });
  copyFileSync(join(root, from), join(outDir, to));
}
// A build output: keep it out of git without touching the repository's .gitignore.
writeFileSync(join(outDir, '.gitignore'), '*\n');
console.log(`server bundle: ${join(outDir, 'main.mjs')}`);
