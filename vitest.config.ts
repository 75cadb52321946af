import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import {
  JSDOM_STORIES,
  namesJsdomStories,
  PURE_PROJECT_FILES,
  SERVER_PROJECT_FILES,
  unitTakesFilesOf,
  webTestFiles,
} from './tests/setup/projectFilter';
import { SlowFirstSequencer } from './tests/setup/slowFirstSequencer';

// Five projects: the unit tests (each file in a module graph of its own), the pure tests (domain,
// machines, i18n, DOM-free web checks), the web tests with a DOM and the server contract tests (the files
// of one worker sharing one module graph), and the end-to-end tests in Debian's Chromium.
// Files run side by side up to the machine's cores (Vitest's own default leaves one core idle, which on
// a two-core machine ran every file one at a time); TEST_WORKERS=1 runs them one by one.
const workers = Number(process.env.TEST_WORKERS) || availableParallelism();
/** Demo seeds and logins hash with cheap argon2 parameters (server/auth/passwords.ts); production's stay. */
const env = { TEST_CHEAP_PASSWORD_HASHES: '1' };
/** `--project unit tests/server/x.test.ts` (without `--project server`) finds the file in `unit` (projectFilter.ts). */
const serverFilesInUnit = unitTakesFilesOf('server', process.argv);
/** The same for the `pure` project's files: `--project unit tests/machines/x.test.ts` keeps working. */
const pureFilesInUnit = unitTakesFilesOf('pure', process.argv);
/** And for the `web` project's: `--project unit tests/web/x.test.tsx` keeps working. */
const webFilesInUnit = unitTakesFilesOf('web', process.argv);
/** The tests/web files by project: with a DOM (`web`), without (`pure`), with a module mock (`unit`). */
const webFiles = webTestFiles();
/** The jsdom story plays run when named (`npm run test:fast`); a whole run checks the stories in Chromium (projectFilter.ts). */
const jsdomStories = namesJsdomStories(process.argv);
const unitOptions = {
  environment: 'node',
  env,
  testTimeout: 20_000,
  hookTimeout: 60_000,
  maxWorkers: workers,
  // A directory per run for the server bundle the child-server tests start (tests/server/runBundle.ts).
  globalSetup: 'tests/server/runBundleDir.ts',
} as const;

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    // The default output, then the slowest files of a large run (tests/setup/slowestFiles.ts).
    reporters: ['default', './tests/setup/slowestFiles.ts'],
    projects: [
      {
        test: {
          ...unitOptions,
          name: 'unit',
          // The files left here need a module graph of their own: a vi.mock, a DOM outside tests/web, fake timers.
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [
            'tests/e2e/**',
            'node_modules/**',
            ...(serverFilesInUnit ? [] : SERVER_PROJECT_FILES),
            ...(pureFilesInUnit ? [] : [...PURE_PROJECT_FILES, ...webFiles.node]),
            ...(webFilesInUnit ? [] : webFiles.dom),
            ...(jsdomStories ? [] : [JSDOM_STORIES]),
          ],
          setupFiles: ['tests/setup/testing-library.ts', 'tests/setup/fixedSleeps.ts'],
        },
      },
      {
        test: {
          ...unitOptions,
          name: 'server',
          include: SERVER_PROJECT_FILES,
          // The files of one worker share one module graph instead of each loading the whole server
          // again (about 2 s of imports per file; tests/server took 253 s of CPU isolated, 138 to 153 s not).
          // Every server and security test starts its own server, store and data dir, so no file sees
          // another's state; the folders pass with --sequence.shuffle.files (README, Tests).
          isolate: false,
          setupFiles: ['tests/setup/fixedSleeps.ts'],
        },
      },
      {
        test: {
          ...unitOptions,
          name: 'pure',
          include: [...PURE_PROJECT_FILES, ...webFiles.node],
          // Domain rules, machines and i18n checks: pure functions and actors created per test, no module
          // state, no DOM, no vi.mock, so one module graph per worker serves them all (xstate, the
          // machines, the domain and the catalogues loaded once per worker instead of once per file).
          isolate: false,
          setupFiles: ['tests/setup/fixedSleeps.ts'],
        },
      },
      {
        test: {
          ...unitOptions,
          name: 'web',
          include: webFiles.dom,
          // The screens and components in jsdom: React, the router, react-intl, styled-components and the
          // screens loaded once per worker instead of once per file, and one jsdom per worker instead of
          // one per file. What a file leaves in the page, the window, storage or the timers is reset
          // before the next (tests/setup/sharedDom.ts); a file with a vi.mock stays in `unit`.
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['tests/setup/testing-library.ts', 'tests/setup/sharedDom.ts', 'tests/setup/fixedSleeps.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          env,
          testTimeout: 90_000,
          hookTimeout: 240_000,
          // Each file starts its own server (port 0, its own data dir) and browser, and writes
          // screenshots under names of its own, so files can share the machine; they run after the
          // unit files (a group of their own) so browsers do not compete with them.
          maxWorkers: workers,
          // The files of one worker share one module graph (playwright-core, the server, the harness): about
          // 4.6 s of CPU less per file than a graph of its own (docs/decisions/0005-e2e-cpu.md, session 19).
          // Each file launches or borrows its own browser and server in its hooks, so none sees another's.
          isolate: false,
          sequence: { groupOrder: 1 },
          // The app build starts here and runs beside the unit files; each e2e file waits for it first.
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/support/waitForAppBuild.ts', 'tests/setup/fixedSleeps.ts'],
        },
      },
    ],
  },
});
