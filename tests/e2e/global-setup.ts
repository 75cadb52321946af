// Before the end-to-end tests: Chromium installed, the web app built for the real server to serve
// (dist/), and Storybook's static build (storybook-static/). Both builds run in the background, one
// after the other (tests/e2e/support/appBuild.ts), while the unit files run; every e2e file waits for the
// app build (tests/e2e/support/waitForAppBuild.ts), storybook.e2e.ts for Storybook's.
// E2E_SKIP_BUILD=1 reuses dist/, STORYBOOK_SKIP_BUILD=1 reuses storybook-static/ (when it has a build).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAppBuild, startStorybookBuild } from './support/appBuild';
import type { BackgroundBuild } from './support/backgroundBuild';

const STORYBOOK_TEST = 'tests/e2e/storybook.e2e.ts';

export default function setup(project: TestProject): () => void {
  execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
  const root = process.cwd();
  const app = process.env.E2E_SKIP_BUILD === '1' ? undefined : startAppBuild(root);
  // Only a run with the Storybook file builds Storybook (the run's files are known by now).
  const checksStorybook = project.vitest.state.getPaths().some((file) => file.endsWith(STORYBOOK_TEST));
  const reuseStorybook = process.env.STORYBOOK_SKIP_BUILD === '1' && existsSync(join(root, 'storybook-static', 'index.json'));
  const storybook = checksStorybook && !reuseStorybook ? startStorybookBuild(root, app) : undefined;
  // Given to every project: tests/security/csp.test.ts (unit) loads the built app too.
  project.vitest.provide('appBuildStatus', app?.statusFile ?? null);
  project.vitest.provide('storybookBuildStatus', storybook?.statusFile ?? null);
  const builds = [app, storybook].filter((build): build is BackgroundBuild => build !== undefined);
  return () => builds.forEach((build) => build.stop());
}
