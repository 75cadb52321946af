// Dependencies (issue 12): no known-bad package or version anywhere in package-lock.json, and no
// runtime dependency that security/reviewed-dependencies.md has not reviewed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRepository, compareVersions, forbiddenFound, installedPackages, matchesRange } from '../../security/checkDependencies';

describe('the lock file', () => {
  it('installs no forbidden package (npm xlsx, hijacked releases, versions with known advisories)', () => {
    expect(checkRepository(process.cwd())).toEqual([]);
  });

  it('lists every runtime dependency in the reviewed list', () => {
    const reviewed = readFileSync('security/reviewed-dependencies.md', 'utf8');
    const runtime = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    const missing = runtime.filter((name) => !reviewed.includes(name.replace(/^@[^/]+\//, '')));
    expect(missing).toEqual([]);
  });
});

describe('the checker finds what it must (so the green result means something)', () => {
  const lock = {
    packages: {
      '': {},
      'node_modules/xlsx': { version: '0.18.5' },
      'node_modules/exceljs/node_modules/minimist': { version: '1.2.5' },
      'node_modules/@scope/pkg': { version: '1.0.0' },
      'node_modules/ws': { version: '8.23.0' },
    },
  };

  it('reads nested and scoped packages', () => {
    expect(installedPackages(lock).map((p) => p.name)).toEqual(['xlsx', 'minimist', '@scope/pkg', 'ws']);
  });

  it('flags npm xlsx 0.18.x anywhere and old versions by range, and passes fixed ones', () => {
    const found = forbiddenFound(installedPackages(lock), [
      { name: 'xlsx', range: '*', reason: 'r' }, { name: 'minimist', range: '<1.2.6', reason: 'r' }, { name: 'ws', range: '<8.17.1', reason: 'r' },
    ]);
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('xlsx@0.18.5');
    expect(found[1]).toContain('minimist@1.2.5');
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.2.10', '1.2.9')).toBeGreaterThan(0);
    expect(compareVersions('8.17.0', '8.17.1')).toBeLessThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(matchesRange('0.24.2', '<0.25.0')).toBe(true);
    expect(matchesRange('0.25.0', '<0.25.0')).toBe(false);
    expect(matchesRange('1.4.44-liberty-2', '1.4.44-liberty-2')).toBe(true);
    // An advisory fixed on several release lines: only the unfixed part of each line matches.
    expect(matchesRange('7.5.9', '>=7.0.0 <7.5.10')).toBe(true);
    expect(matchesRange('7.5.14', '>=7.0.0 <7.5.10')).toBe(false);
    expect(matchesRange('8.16.0', '>=7.0.0 <7.5.10')).toBe(false);
  });
});
