// Which Vitest projects a command line names (`--project unit`, `--project=unit`), for vitest.config.ts.
// Besides `unit` (each file in a fresh module graph) three projects share one module graph per worker:
// `server` (the server contract files, and the security files that start servers the same way), `pure`
// (domain rules, machines, the i18n checks and the DOM-free tests/web files: no server, no DOM, no
// module mocks) and `web` (the tests/web files with a DOM, which also share one jsdom per worker). The
// long-standing one-file command `npx vitest run --project unit tests/<folder>/x.test.ts` must keep
// finding their files: when a command names `unit` and not the project that holds a file, `unit`
// takes it back.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The files of the `pure` project: no server, no DOM (`@vitest-environment`), no vi.mock (and the DOM-free tests/web files, webTestFiles). */
export const PURE_PROJECT_FILES = ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/i18n/**/*.test.ts'];

/** The tests/web files, by the project that runs them. */
export interface WebTestFiles {
  /** A DOM and no module mock: the `web` project (one module graph and one jsdom per worker). */
  dom: string[];
  /** No DOM, no module mock: the `pure` project. */
  node: string[];
  /** A module mock (vi.mock and the like) needs a module graph of its own: they stay in `unit`. */
  own: string[];
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Vitest reads the environment from the file's first comment (`// @vitest-environment jsdom`). */
const JSDOM_PRAGMA = /^\s*(?:\/\/|\*|\/\*+)\s*@vitest-environment\s+jsdom\b/m;
/** Calls that change the module graph itself: the next file in a shared graph would inherit them. */
const MODULE_MOCK = /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|resetModules)\s*\(/;

/** Which of a test file's text puts it in `web`, `pure` or `unit` (see WebTestFiles). */
export function webProjectOf(source: string): keyof WebTestFiles {
  if (MODULE_MOCK.test(source)) return 'own';
  const head = source.split('\n').slice(0, 10).join('\n');
  return JSDOM_PRAGMA.test(head) ? 'dom' : 'node';
}

/**
 * The test files under tests/web (paths from the repository root), sorted by what their text says,
 * so a new file lands in its project without being listed: read once per Vitest start (about 50 small files).
 */
export function webTestFiles(root: string = ROOT): WebTestFiles {
  const files: WebTestFiles = { dom: [], node: [], own: [] };
  const dir = join(root, 'tests/web');
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.test\.tsx?$/.test(name)) continue;
    files[webProjectOf(readFileSync(join(dir, name), 'utf8'))].push(`tests/web/${name}`);
  }
  return files;
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
