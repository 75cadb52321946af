// The dependency check that replaces `npm audit` (unreachable here): every package installed by
// package-lock.json, at any depth, against security/forbidden-packages.json. Run it with
// `npx tsx security/checkDependencies.ts`; tests/security/dependencies.test.ts runs it in CI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ForbiddenPackage { name: string; range: string; reason: string }
export interface InstalledPackage { name: string; version: string; path: string }

/** Every package the lock file installs (lockfileVersion 2/3 `packages`), scoped names included. */
export function installedPackages(lock: { packages?: Record<string, { version?: string; name?: string }> }): InstalledPackage[] {
  return Object.entries(lock.packages ?? {})
    .filter(([path]) => path.includes('node_modules/'))
    .map(([path, entry]) => ({ name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version ?? '', path }));
}

/** Numeric major.minor.patch comparison; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('-', 2);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const difference = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** `*`, an exact version, or comparators that must all hold (`<8.17.1`, `>=7.0.0 <7.5.10`): an
 * advisory fixed on several release lines names one range per line. */
export function matchesRange(version: string, range: string): boolean {
  if (range === '*') return true;
  if (!/^[<>]/.test(range)) return version === range;
  return range.split(/\s+/).every((comparator) => {
    if (comparator.startsWith('>=')) return compareVersions(version, comparator.slice(2)) >= 0;
    if (comparator.startsWith('<')) return compareVersions(version, comparator.slice(1)) < 0;
    throw new Error(`unsupported version comparator: ${comparator}`);
  });
}

export function forbiddenFound(installed: readonly InstalledPackage[], forbidden: readonly ForbiddenPackage[]): string[] {
  return installed.flatMap((pkg) => forbidden
    .filter((rule) => rule.name === pkg.name && matchesRange(pkg.version, rule.range))
    .map((rule) => `${pkg.name}@${pkg.version} (${pkg.path}): ${rule.reason}`));
}

export function checkRepository(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Parameters<typeof installedPackages>[0];
  const { forbidden } = JSON.parse(readFileSync(join(root, 'security/forbidden-packages.json'), 'utf8')) as { forbidden: ForbiddenPackage[] };
  return forbiddenFound(installedPackages(lock), forbidden);
}

if (process.argv[1]?.endsWith('checkDependencies.ts')) {
  const problems = checkRepository(process.cwd());
  for (const problem of problems) console.error(`forbidden: ${problem}`);
  console.log(problems.length === 0 ? 'dependencies: no forbidden package in package-lock.json' : `${problems.length} forbidden package(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
