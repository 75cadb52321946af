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
