// Which files the PostgreSQL pass of .ci/run runs (docs/testing.md, "The PostgreSQL pass"): the
// tests/server files that can reach the store. A test reaches a database only through something that
// opens one: the harness's startServer, a helper of tests/ that does (pg-database.ts, the process
// helpers), server/db/ or buildApp. Any other file (a parser, the geocoder, the mailer) runs the same
// on either store, so a second run on PostgreSQL proves nothing. A file that reaches the store but
// whose subject it is not (served files, map tiles, the API docs) says so with a line
// `// PostgreSQL pass: skipped, <why>`. Everything else, including every new server test that starts
// a server, is in the pass without anyone having to list it.
//   npx tsx scripts/pg/storeTests.ts   prints the files, one per line
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const STORE_TESTS_DIR = 'tests/server';
/** Modules that open a database (relative to the repository). */
const OPENS_A_DATABASE = [/^server\/db\//, /^server\/app\.ts$/];
/** The opt-out line, with its reason. */
export const SKIP_MARKER = /^\/\/ PostgreSQL pass: skipped, (.+)$/m;

/** Relative, non-type imports and re-exports of a file, resolved to repository paths. */
function valueImports(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)].map((match) => match[1] ?? '');
  return specifiers.flatMap((specifier) => {
    const base = resolve(ROOT, dirname(file), specifier);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((path) => existsSync(path) && statSync(path).isFile());
    return found ? [relative(ROOT, found)] : [];
  });
}

/** Whether a file, or a test helper it imports (transitively), opens a database or reads TEST_DATABASE_URL. */
export function reachesStore(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (OPENS_A_DATABASE.some((pattern) => pattern.test(file))) return true;
  if (!file.startsWith('tests/')) return false; // the server's own modules count only through the entries above
  if (readFileSync(join(ROOT, file), 'utf8').includes('TEST_DATABASE_URL')) return true;
  return valueImports(file).some((imported) => reachesStore(imported, seen));
}

/** Why a file of tests/server stays out of the pass, or null when it runs on PostgreSQL too. */
export function skipReason(file: string): string | null {
  if (!reachesStore(file)) return 'opens no database';
  const marker = SKIP_MARKER.exec(readFileSync(join(ROOT, file), 'utf8'));
  return marker?.[1] ?? null;
}

/** The test files of tests/server, and which of them the PostgreSQL pass runs. */
export function storeTestFiles(): { run: string[]; skipped: { file: string; reason: string }[] } {
  const files = readdirSync(join(ROOT, STORE_TESTS_DIR))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `${STORE_TESTS_DIR}/${name}`);
  const run: string[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const file of files) {
    const reason = skipReason(file);
    if (reason === null) run.push(file);
    else skipped.push({ file, reason });
  }
  return { run, skipped };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { run, skipped } = storeTestFiles();
  for (const { file, reason } of skipped) console.error(`PostgreSQL pass skips ${file}: ${reason}`);
  console.log(run.join('\n'));
}
