// Merges StrykerJS reports of separate slices into the incremental file. Stryker rewrites
// `stryker-incremental.json` with only the files the run mutated, so a run over one slice
// (`--mutate domain/statuses.ts`, needed on a shared two-core machine) would drop every other
// file's results; merging keeps them, so the next full run re-tests only changed code.
//   tsx scripts/mutation/mergeReports.ts stryker-incremental.json saved-slice-1.json saved-slice-2.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of mutation-testing-report-schema that are keyed by file; the rest is taken from the newest report. */
interface Report {
  files: Record<string, unknown>;
  testFiles?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Later reports win for a file both hold: they were run on the newer code. */
export function mergeReports(reports: Report[]): Report {
  const [first, ...rest] = reports;
  if (!first) throw new Error('mergeReports needs at least one report');
  return rest.reduce<Report>(
    (merged, next) => ({
      ...merged,
      ...next,
      files: { ...merged.files, ...next.files },
      testFiles: { ...merged.testFiles, ...next.testFiles },
    }),
    first,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [target, ...sources] = process.argv.slice(2);
  if (!target || sources.length === 0) throw new Error('usage: mergeReports.ts <incremental file> <report>...');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Report;
  const reports = [...(existsSync(target) ? [read(target)] : []), ...sources.map(read)];
  writeFileSync(target, `${JSON.stringify(mergeReports(reports), null, 2)}\n`);
}
