// Vitest global setup of the projects whose files start child servers (vitest.config.ts): an empty
// directory of this run for the server bundle (runBundle.ts builds it there on first use), removed at
// the end. Inside node_modules so the bundle's external packages resolve from the repository's
// node_modules; a name of its own per run so a later run never reuses it. The name carries the run's
// process id, so a run that was killed before its teardown has its directory removed by the next one.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const RUN_DIR = /^run-(\d+)-/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export default function setup(project: TestProject): () => void {
  const parent = join(process.cwd(), 'node_modules', '.cache', 'server-bundles');
  mkdirSync(parent, { recursive: true });
  for (const entry of readdirSync(parent)) {
    const pid = Number(RUN_DIR.exec(entry)?.[1] ?? 0);
    if (pid && !isRunning(pid)) rmSync(join(parent, entry), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(parent, `run-${process.pid}-`));
  project.provide('serverBundleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
