import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Import circles are kept at zero by `npm run lint:cycles` (dependency-cruiser, .dependency-cruiser.cjs,
// part of `npm run checks`; docs/decisions/0003). This file checks the rule itself: it must count
// type-only imports (ESLint's import-x/no-cycle does not, the reason we chose dependency-cruiser),
// let a lazy import() pass, and run over every layer as part of the checks.

const ROOT = resolve(__dirname, '../..');
const FIXTURE = 'tests/structure/circles-fixture';
const LAYERS = ['domain', 'machines', 'adapters', 'server', 'src'];

interface CruiseResult { summary: { violations: { rule: { name: string }; cycle?: { name: string }[] }[] } }

/** The project's rule run over `paths`, as `npm run lint:cycles` runs it. */
function cruise(...paths: string[]): CruiseResult {
  const run = spawnSync(resolve(ROOT, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.cjs', '--no-cache', '--output-type', 'json', ...paths], {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error).toBeUndefined();
  return JSON.parse(run.stdout) as CruiseResult;
}

describe('the import-circle rule (npm run lint:cycles)', () => {
  it('finds circles of value imports, of type-only imports and of both mixed, and lets a lazy import() pass', () => {
    const circles = cruise(FIXTURE).summary.violations
      .filter((violation) => violation.rule.name === 'no-circular')
      .map((violation) => (violation.cycle ?? []).map((step) => step.name.replace(`${FIXTURE}/`, '')).sort().join(' '));
    expect([...new Set(circles)].sort()).toEqual(['mixedA.ts mixedB.ts', 'typeA.ts typeB.ts', 'valueA.ts valueB.ts']);
  }, 60_000);

  it('runs over every layer as part of `npm run checks` (and so of `npm test`)', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const command = scripts['lint:cycles'] ?? '';
    expect(command).toMatch(/^depcruise --config \.dependency-cruiser\.cjs /);
    expect(command.split(' ')).toEqual(expect.arrayContaining(LAYERS));
    expect(scripts.checks?.split(' ')).toContain('lint:cycles');
    expect(scripts.test).toMatch(/^npm run checks && /);
  });
});
