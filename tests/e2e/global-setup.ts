// Before the end-to-end tests: Chromium installed, and the web app built for the real server to serve
// (dist/). The build runs in the background (tests/e2e/support/appBuild.ts) while the unit files run;
// every e2e file waits for it (tests/e2e/support/waitForAppBuild.ts). E2E_SKIP_BUILD=1 reuses dist/.
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startAppBuild } from './support/appBuild';

export default function setup(project: TestProject): (() => void) | undefined {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD === '1') {
    project.vitest.provide('appBuildStatus', null);
    return undefined;
  }
  const build = startAppBuild(process.cwd());
  // Given to every project: tests/security/csp.test.ts (unit) loads the built app too.
  project.vitest.provide('appBuildStatus', build.statusFile);
  return () => build.stop();
}
