// `npm run bench`: every benchmark in turn, each printing its own figures and ratios.
// Benchmarks measure; tests never time anything. Run one alone with `npm run bench:<name>`.
// BENCH_ONLY=api,bulk limits the run; bench:scale needs PostgreSQL (see README) and is skipped
// unless TEST_DATABASE_URL or BENCH_SCALE=1 is set.
import { spawnSync } from 'node:child_process';

const ALL = ['api', 'bulk', 'ui', 'limits', 'webhooks', 'insights', 'scale'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wantScale = Boolean(process.env.TEST_DATABASE_URL || process.env.BENCH_SCALE === '1');

let failed = 0;
for (const name of ALL) {
  if (only && !only.includes(name)) continue;
  if (name === 'scale' && !wantScale) {
    console.log('\n== bench:scale skipped (needs PostgreSQL: set TEST_DATABASE_URL or BENCH_SCALE=1)');
    continue;
  }
  console.log(`\n== bench:${name}`);
  const run = spawnSync('npx', ['tsx', `bench/${name}.ts`], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.error(`bench:${name} exited with ${run.status}`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
