// Which Vitest projects a command line names (`--project unit`, `--project=unit`), for vitest.config.ts.
// Besides `unit` (each file in a fresh module graph) two projects share one module graph per worker:
// `server` (the server contract files, and the security files that start servers the same way) and
// `pure` (domain rules, machines and the i18n checks: no server, no DOM, no module mocks). The
// long-standing one-file command `npx vitest run --project unit tests/<folder>/x.test.ts` must keep
// finding their files: when a command names `unit` and not the project that holds a file, `unit`
// takes it back.

/** The project names given with --project on a Vitest command line, in order. */
export function namedProjects(argv: readonly string[]): string[] {
  const names: string[] = [];
  argv.forEach((arg, index) => {
    if (arg === '--project' && index + 1 < argv.length) names.push(argv[index + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names;
}

/** True when the command names the `unit` project but not `project`, so `unit` runs that project's files. */
export function unitTakesFilesOf(project: string, argv: readonly string[]): boolean {
  const names = namedProjects(argv);
  return names.includes('unit') && !names.includes(project);
}

/** True when the command names the `unit` project but not the `server` one. */
export function unitTakesServerFiles(argv: readonly string[]): boolean {
  return unitTakesFilesOf('server', argv);
}

/**
 * The files of the `server` project: the contract tests and the security tests, but apiKeyHash.test.ts,
 * whose vi.mock of node:crypto needs a module graph of its own (it stays in `unit`).
 */
export const SERVER_PROJECT_FILES = ['tests/server/**/*.test.ts', 'tests/security/**/!(apiKeyHash).test.ts'];

/** The files of the `pure` project: no server, no DOM (`@vitest-environment`), no vi.mock. */
export const PURE_PROJECT_FILES = ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/i18n/**/*.test.ts'];

/** The jsdom story file of `npm run test:fast` (tests/stories/stories.test.ts). */
export const JSDOM_STORIES = 'tests/stories/**';

/**
 * True when the command names tests/stories (or a file in it). The jsdom story plays run only then:
 * tests/e2e/storybook.e2e.ts runs every story in Chromium with the same checks (it renders, its play
 * passes, something shows, no console error) and more, so a whole run would check them twice.
 */
export function namesJsdomStories(argv: readonly string[]): boolean {
  return argv.some((arg) => !arg.startsWith('-') && arg.replace(/^\.\//, '').startsWith('tests/stories'));
}
