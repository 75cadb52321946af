// Vitest global setup of the projects whose files start child servers (vitest.config.ts): an empty
// directory of this run for the server bundle (runBundle.ts builds it there on first use), removed at
// the end. Inside node_modules so the bundle's external packages resolve from the repository's
// node_modules; a name of its own per run so a later run never reuses it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const parent = join(process.cwd(), 'node_modules', '.cache', 'server-bundles');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  project.provide('serverBundleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
