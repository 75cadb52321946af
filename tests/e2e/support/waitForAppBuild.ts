// Setup file of the e2e project: before a file's own hooks, wait for the app build the global setup
// started (tests/e2e/support/appBuild.ts), so every e2e file, a new one too, serves a complete dist/.
import { beforeAll, inject } from 'vitest';
import { appBuilt } from './appBuild';

/** A Vite build on a busy two-core machine has taken several minutes. */
const BUILD_WAIT_MS = 600_000;

beforeAll(async () => {
  const statusFile = inject('appBuildStatus');
  if (statusFile) await appBuilt(statusFile);
}, BUILD_WAIT_MS);
