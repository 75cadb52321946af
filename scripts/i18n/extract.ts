// Extracts every message key the code uses and reports those missing from en.json (exit 1 when
// any). Run: npx tsx scripts/i18n/extract.ts [--out keys.json]
//   --out  also writes {used, missing, unused, dynamic} as JSON, e.g. for a translator's batch.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { readCatalogue } from './catalogueFiles';
import { findMessageKeys } from './findMessageKeys';
import { usesByKey } from './missingKeys';
import { REPO_ROOT, createProjectProgram, hasKeyConstants, isBrowserFile, isServerFile } from './projectProgram';

const outIndex = process.argv.indexOf('--out');
const outPath = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;

const { program, files } = createProjectProgram();
const found = findMessageKeys(program, files, { isBrowserFile, isServerFile, hasKeyConstants });
const english = readCatalogue('en');

const at = (use: { file: string; line: number }) => `${relative(REPO_ROOT, use.file)}:${use.line}`;
const byKey = usesByKey(found);

const used = [...byKey.keys()];
const missing = used.filter((key) => !(key in english));
const dynamic = found.dynamic.map((use) => ({ pattern: use.pattern, at: at(use) }));
/** Keys no static use names; a dynamic pattern may still reach them, so this is only a hint. */
const unused = Object.keys(english).filter((key) => !byKey.has(key));

console.log(`${used.length} keys used in code, ${Object.keys(english).length} in en.json.`);
if (dynamic.length > 0) {
  console.log(`\n${dynamic.length} keys only known at run time (server messages, values passed through):`);
  for (const use of dynamic) console.log(`  ${use.pattern}  (${use.at})`);
}
if (unused.length > 0) console.log(`\n${unused.length} en.json keys with no static use (may be reached dynamically): ${unused.join(', ')}`);
if (missing.length > 0) {
  console.log(`\n${missing.length} keys used in code but absent from en.json:`);
  for (const key of missing) console.log(`  ${key}  (${(byKey.get(key) ?? []).map(at).join(', ')})`);
}
if (outPath) writeFileSync(outPath, `${JSON.stringify({ used, missing, unused, dynamic }, null, 2)}\n`);
process.exitCode = missing.length > 0 ? 1 : 0;
