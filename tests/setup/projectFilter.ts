// Which Vitest projects a command line names (`--project unit`, `--project=unit`), for vitest.config.ts.
// The server contract files are a project of their own (`server`, sharing one module graph per worker),
// yet the long-standing one-file command `npx vitest run --project unit tests/server/x.test.ts` must
// keep finding them: when a command names `unit` and not `server`, the `unit` project takes them back.

/** The project names given with --project on a Vitest command line, in order. */
export function namedProjects(argv: readonly string[]): string[] {
  const names: string[] = [];
  argv.forEach((arg, index) => {
    if (arg === '--project' && index + 1 < argv.length) names.push(argv[index + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names;
}

/** True when the command names the `unit` project but not the `server` one. */
export function unitTakesServerFiles(argv: readonly string[]): boolean {
  const names = namedProjects(argv);
  return names.includes('unit') && !names.includes('server');
}

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
