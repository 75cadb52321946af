// Prints the mutation score of each top-level folder (domain/, machines/) from StrykerJS's JSON
// report, so `npm run test:mutation` ends with the two numbers issue #21 sets aims for. Stryker's
// own table nests them among the files; this is the one line a QA engineer compares.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The slice of mutation-testing-report-schema this script reads. */
interface MutationReport {
  files: Record<string, { mutants: { status: string }[] }>;
}

export interface FolderScore {
  folder: string;
  detected: number;
  undetected: number;
  ignored: number;
  /** Killed (or timed out) over killed + survived + not covered, in percent; null with no valid mutant. */
  score: number | null;
}

// Stryker's definition of the score: compile and runtime errors are not counted, ignored mutants
// (static ones when `ignoreStatic` is on, `// Stryker disable` lines) are reported apart.
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** `byFile`: one line per mutated file instead (the per-machine scores of docs/qa.md). */
export function scoreByFolder(report: MutationReport, { byFile = false } = {}): FolderScore[] {
  const folders = new Map<string, FolderScore>();
  for (const [path, file] of Object.entries(report.files)) {
    const normalised = path.replace(/\\/g, '/');
    const folder = byFile ? normalised : `${normalised.split('/')[0]}/`;
    const entry = folders.get(folder) ?? { folder, detected: 0, undetected: 0, ignored: 0, score: null };
    for (const { status } of file.mutants) {
      if (DETECTED.has(status)) entry.detected += 1;
      else if (UNDETECTED.has(status)) entry.undetected += 1;
      else if (status === 'Ignored') entry.ignored += 1;
    }
    folders.set(folder, entry);
  }
  return [...folders.values()]
    .map((entry) => {
      const valid = entry.detected + entry.undetected;
      return { ...entry, score: valid === 0 ? null : (100 * entry.detected) / valid };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

export function formatScores(scores: FolderScore[]): string {
  const line = scores
    .map(({ folder, score }) => `${folder}: ${score === null ? 'n/a' : `${score.toFixed(1)}%`}`)
    .join('   ');
  const detail = scores.map(
    ({ folder, detected, undetected, ignored }) =>
      `  ${folder} ${detected} killed, ${undetected} survived or not covered, ${ignored} ignored`,
  );
  return [...detail, line].join('\n');
}

//   tsx scripts/mutation/scoreByFolder.ts [report.json] [--by-file]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--')) ?? 'reports/mutation/mutation.json';
  const report = JSON.parse(readFileSync(file, 'utf8')) as MutationReport;
  console.log(formatScores(scoreByFolder(report, { byFile: args.includes('--by-file') })));
}
