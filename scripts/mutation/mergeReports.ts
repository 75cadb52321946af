// Merges StrykerJS reports of separate slices into the incremental file. Stryker rewrites
// `stryker-incremental.json` with only the files the run mutated, so a run over one slice
// (`--mutate domain/statuses.ts`, needed on a shared two-core machine) would drop every other
// file's results; merging keeps them, so the next full run re-tests only changed code.
//   tsx scripts/mutation/mergeReports.ts stryker-incremental.json saved-slice-1.json saved-slice-2.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of mutation-testing-report-schema this script reads; the rest is taken from the newest report. */
interface Mutant {
  coveredBy?: string[];
  killedBy?: string[];
  [key: string]: unknown;
}
interface TestDefinition {
  id: string;
  name: string;
  [key: string]: unknown;
}
interface Report {
  files: Record<string, { mutants?: Mutant[]; [key: string]: unknown } | unknown>;
  testFiles?: Record<string, { tests?: TestDefinition[]; [key: string]: unknown } | unknown>;
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `tests/machines/vendors.test.ts` for `machines/vendors.ts`: the test file named after a source file. */
const ownTestFile = (sourceFile: string) => `tests/${sourceFile.replace(/\.ts$/, '.test.ts')}`;

/**
 * Stryker numbers the tests of each run from 0, so two slices reuse the same ids for different
 * tests, and a mutant of one slice would point at another slice's test once merged (its incremental
 * differ then reuses a kill by a test that never ran on it). The merged report names each test by
 * its file and name instead: the same test in two slices gets the same id, two tests never share one.
 * An id a report already gives to tests of several files (a file merged before this fix) is read as
 * the test of the mutated file's own test file when it is one of them; otherwise the reference is
 * dropped, so Stryker re-tests that mutant instead of trusting a test that may never have run on it.
 */
export function withStableTestIds(report: Report): Report {
  const candidates = new Map<string, string[]>();
  const testFiles = Object.fromEntries(
    Object.entries(report.testFiles ?? {}).map(([file, testFile]) => {
      if (!isObject(testFile) || !Array.isArray(testFile.tests)) return [file, testFile];
      const tests = (testFile.tests as TestDefinition[]).map((test) => {
        const id = `${file}#${test.name}`;
        candidates.set(test.id, [...(candidates.get(test.id) ?? []), id]);
        return { ...test, id };
      });
      return [file, { ...testFile, tests }];
    }),
  );
  const resolve = (sourceFile: string) => (id: string) => {
    const named = candidates.get(id);
    if (!named) return [id];
    if (named.length === 1) return named;
    return named.filter((stable) => stable.startsWith(`${ownTestFile(sourceFile)}#`)).slice(0, 1);
  };
  const files = Object.fromEntries(
    Object.entries(report.files).map(([file, result]) => {
      if (!isObject(result) || !Array.isArray(result.mutants)) return [file, result];
      const renamed = (ids: string[] | undefined) => ids?.flatMap(resolve(file));
      const mutants = (result.mutants as Mutant[]).map((mutant) => ({
        ...mutant,
        ...(mutant.coveredBy ? { coveredBy: renamed(mutant.coveredBy) } : {}),
        ...(mutant.killedBy ? { killedBy: renamed(mutant.killedBy) } : {}),
      }));
      return [file, { ...result, mutants }];
    }),
  );
  return { ...report, files, ...(report.testFiles ? { testFiles } : {}) };
}

/** Later reports win for a file both hold: they were run on the newer code. */
export function mergeReports(reports: Report[]): Report {
  const [first, ...rest] = reports.map(withStableTestIds);
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
