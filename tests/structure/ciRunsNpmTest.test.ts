import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// .ci/run runs `npm test` in its two halves (the checks beside the native build of better-sqlite3, then
// every Vitest project) instead of calling it. These checks keep the CI honest: it runs exactly what the
// README's command runs, each half once, and builds every package whose install script npm ci skipped.

const ROOT = join(__dirname, '../..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
/** The commands of .ci/run, comments left out. */
const ciCommands = readFileSync(join(ROOT, '.ci/run'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
  .filter((line) => line !== '');

/** How many commands of .ci/run start with `command`. */
const runs = (command: string) => ciCommands.filter((line) => line.startsWith(command)).length;

describe('.ci/run and npm test', () => {
  it('npm test is the checks, then the Vitest projects', () => {
    expect(packageJson.scripts.test).toBe('npm run checks && npm run test:suites');
    expect(packageJson.scripts['test:suites']).toBe('vitest run');
  });

  it('CI runs both halves once each, the checks first, and never npm test again', () => {
    expect(runs('npm run checks')).toBe(1);
    expect(runs('npm run test:suites')).toBe(1);
    expect(ciCommands.findIndex((line) => line.startsWith('npm run checks')))
      .toBeLessThan(ciCommands.findIndex((line) => line.startsWith('npm run test:suites')));
    expect(runs('npm test')).toBe(0);
    expect(runs('vitest') + runs('npx vitest')).toBe(0);
  });

  it('builds every package whose install script npm ci --ignore-scripts left out, before the Vitest projects', () => {
    expect(ciCommands.find((line) => line.startsWith('npm ci'))).toContain('--ignore-scripts');
    const rebuild = ciCommands.findIndex((line) => line.startsWith('npm rebuild'));
    expect(ciCommands[rebuild]).toContain('allowScripts');
    // Every installed package with an install script is allowed one, so none is skipped unbuilt.
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean; optional?: boolean }>;
    };
    const withInstallScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(withInstallScripts).toContain('better-sqlite3');
    expect(Object.keys(packageJson.allowScripts ?? {}).sort()).toEqual([...new Set(withInstallScripts)].sort());
    // Waited for before the Vitest projects start.
    const waitForBuild = ciCommands.findIndex((line) => line.startsWith('wait "$build_pid"'));
    expect(waitForBuild).toBeGreaterThan(rebuild);
    expect(waitForBuild).toBeLessThan(ciCommands.findIndex((line) => line.startsWith('npm run test:suites')));
  });
});
