// Tenant fairness under a flood (`npm run bench:limits`): how much one vendor flooding the API moves
// another vendor's p99, with the flood at twice its budget and unbounded. A figure, not a test
// (wall-clock on a shared machine is not a test); tests/security/rateLimits.test.ts keeps the
// behaviour: 429 with Retry-After, never 5xx, the other vendor still served.
//   BENCH_SECONDS=6 npx tsx bench/limits.ts
import { spawn } from 'node:child_process';
import { startServer, type TestServer } from '../tests/server/harness';
import { percentile } from '../tests/security/support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** The budget the test suite uses: small, so twice the budget is reached on any machine. */
const SMALL_BUDGET = { ratePerS: 10, burst: 20 };

interface FloodResult { sent: number; limited: number; faults: number }

/** A load generator in another process (so its own work does not slow the measured requests). */
function flood(url: string, auth: string, options: { perSecond: number | null; concurrency: number; seconds: number }): Promise<FloodResult> {
  const script = `
    const { url, auth, perSecond, concurrency, seconds } = JSON.parse(process.argv[1]);
    const end = Date.now() + seconds * 1000; let sent = 0, limited = 0, faults = 0;
    const loop = async (i) => {
      while (Date.now() < end) {
        const started = Date.now();
        const r = await fetch(url, { headers: { authorization: auth } }).catch(() => null);
        await r?.arrayBuffer().catch(() => null);
        sent++; if (r?.status === 429) limited++; if (!r || r.status >= 500) faults++;
        if (perSecond) await new Promise((ok) => setTimeout(ok, Math.max(0, (1000 * concurrency) / perSecond - (Date.now() - started))));
      }
    };
    Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i))).then(() => console.log(JSON.stringify({ sent, limited, faults })));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify({ url, auth, ...options })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('exit', () => { try { resolve(JSON.parse(out) as FloodResult); } catch (error) { reject(error instanceof Error ? error : new Error(String(error))); } });
  });
}

/** Latencies of `count` requests of the other vendor, paced within its own budget (10/s). */
async function victimLatencies(server: TestServer, auth: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${server.api}/vendor/sg-2000/orders?count=30`, { headers: { authorization: auth } });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`the other vendor got ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 110));
  }
  return latencies;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: SMALL_BUDGET, logger: false });
try {
  const vendorAuth = await server.login('vendor@example.com');
  const otherAuth = await server.login('other@example.com');
  const samples = Math.max(10, Math.round((SECONDS * 1000) / 130));
  const baseline = percentile(await victimLatencies(server, otherAuth, samples), 99);
  const target = `${server.api}/vendor/sa-1001/orders?count=200`;
  const atTwice = flood(target, vendorAuth, { perSecond: 2 * SMALL_BUDGET.ratePerS, concurrency: 2, seconds: SECONDS });
  await sleep(500);
  const underTwice = percentile(await victimLatencies(server, otherAuth, samples), 99);
  const twice = await atTwice;
  const unbounded = flood(target, vendorAuth, { perSecond: null, concurrency: 16, seconds: SECONDS });
  await sleep(500);
  const underFlood = percentile(await victimLatencies(server, otherAuth, samples), 99);
  const all = await unbounded;
  console.log(`tenant fairness: other vendor p99 ${baseline.toFixed(1)} ms alone`);
  console.log(`  ${underTwice.toFixed(1)} ms (x${(underTwice / baseline).toFixed(2)}) while one vendor sends 2x its budget (${twice.sent} sent, ${twice.limited} x 429, ${twice.faults} faults)`);
  console.log(`  ${underFlood.toFixed(1)} ms (x${(underFlood / baseline).toFixed(2)}) under an unbounded flood of 16 connections (${all.sent} sent, ${all.limited} x 429 = ${((100 * all.limited) / Math.max(1, all.sent)).toFixed(0)} %, ${all.faults} faults)`);
  if (twice.faults + all.faults > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
