// Where a run's time goes: after a run of many files, the slowest files are printed (wall time each
// spent in its worker: environment, imports, setup, tests and hooks), and every file's figures are
// written to test-results/file-durations.json, to compare two runs file by file (a whole run's
// duration on a shared machine says little).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;
/** A run of a few files needs no summary. */
const MIN_FILES = 20;

interface FileDuration {
  file: string;
  project: string;
  seconds: number;
  testsSeconds: number;
  importSeconds: number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: FileDuration[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        seconds: seconds(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        testsSeconds: seconds(d.duration),
        importSeconds: seconds(d.collectDuration),
      };
    }).sort((a, b) => b.seconds - a.seconds);
    if (files.length < MIN_FILES) return;
    const dir = join(process.cwd(), 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'file-durations.json'), `${JSON.stringify(files, null, 2)}\n`);
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    const lines = files.slice(0, SHOWN).map((file) => `${file.seconds.toFixed(1).padStart(7)} s  ${file.file} (${file.project})`);
    console.log(`\nSlowest test files (${files.length} files, ${Math.round(total)} s of worker time; all in test-results/file-durations.json):\n${lines.join('\n')}`);
  }
}
