// The app build the end-to-end tests drive (dist/), and Storybook's static build that
// tests/e2e/storybook.e2e.ts checks (storybook-static/). The e2e global setup starts them one after the
// other in the background and returns at once, so the unit files run while they build (every test of a
// whole run used to wait for the app build, and the Storybook build ran inside its e2e file); each e2e
// file waits for the app build before its own hooks (waitForAppBuild.ts), the Storybook file for its
// own. tests/security/csp.test.ts, a unit file that loads the real app when it is built, waits for the
// app build too when the run has one.
import { join } from 'node:path';
import { built, startBackgroundBuild, type BackgroundBuild } from './backgroundBuild';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The outcome file of the app build this run started, or null when it reuses dist/ (E2E_SKIP_BUILD=1). */
    appBuildStatus: string | null;
    /** The outcome file of this run's Storybook build, or null when it reuses storybook-static/. */
    storybookBuildStatus: string | null;
  }
}

/** Starts `vite build` of the production app into dist/ (through a scratch folder) in the background. */
export function startAppBuild(root: string, after?: BackgroundBuild): BackgroundBuild {
  return startBackgroundBuild(root, {
    name: 'dist',
    outDir: 'dist',
    script: join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    args: (scratch) => ['build', '--logLevel', 'warn', '--outDir', scratch, '--emptyOutDir'],
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle (dev-only brand
    // switcher, React's development build): the tests drive what `npm start` serves.
    env: { NODE_ENV: 'production' },
  }, after);
}

/**
 * Starts `storybook build --test` into storybook-static/ in the background. --test: the same stories
 * without docs pages, docgen, source maps or tree shaking, a third less work.
 */
export function startStorybookBuild(root: string, after?: BackgroundBuild): BackgroundBuild {
  return startBackgroundBuild(root, {
    name: 'storybook',
    outDir: 'storybook-static',
    script: join(root, 'node_modules', 'storybook', 'dist', 'bin', 'dispatcher.js'),
    args: (scratch) => ['build', '--test', '-o', scratch, '--quiet'],
    env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
  }, after);
}

/** Resolves once the app build named by `statusFile` succeeded; rejects with its reason when it failed. */
export function appBuilt(statusFile: string): Promise<void> {
  return built(statusFile, 'the app build for the end-to-end tests');
}

/** Resolves once the Storybook build named by `statusFile` succeeded; rejects with its reason when it failed. */
export function storybookBuilt(statusFile: string): Promise<void> {
  return built(statusFile, 'the Storybook build for tests/e2e/storybook.e2e.ts');
}
