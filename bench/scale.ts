// Scale-out benchmark (`npm run bench:scale`, issue 11): order-list and order-create load against one
// server process and against two on one PostgreSQL database, with the throughput ratio and where the
// CPU went, then websocket fan-out latency (POST /order until each subscriber has the order_update)
// for BENCH_SUBSCRIBERS subscribers spread over the two processes.
//   BENCH_SECONDS=5 BENCH_WARMUP_SECONDS=2 BENCH_ROUNDS=3 BENCH_CONCURRENCY=32 BENCH_PIPELINING=1 \
//   BENCH_ORDERS=20000 BENCH_SUBSCRIBERS=2000 BENCH_UPDATES=20 [BENCH_CPU_PROFILE=dir] npx tsx bench/scale.ts
// PostgreSQL: BENCH_DATABASE_URL (an account that may CREATE DATABASE), else the local one that
// scripts/pg/ensure-postgres.sh starts.
//
// Fairness (docs/decisions/0002 "Benchmark"): both servers start once and serve both measurements
// (one process = all load to the first, the second idle), so data, caches and JIT are the same; every
// measurement is preceded by a warm-up; rounds alternate one/two processes and the median is kept, as
// other work on the machine comes and goes. The load generator is undici (a Pool per server, keep-alive)
// in its own process: a fraction of the CPU fetch() needs. The per-caller request budget is off, as in
// bench/api.ts, since the whole load comes from one token. CPU seconds per process are read from /proc.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import type { Order } from '../domain/types';
import { createDb } from '../server/db/connect';
import { DEMO_VENDORS } from '../server/db/seed';
import { benchOrder } from './benchOrder';
import { newOrderId } from '../server/orders/ids';
import { createScratchDatabase } from '../tests/server/pg-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20);
const VENDOR = DEMO_VENDORS.saOlaya;
const SERVE_FLAG = '--serve';

// ---------------------------------------------------------------------------------------------
// Server role: `tsx bench/scale.ts --serve` is server/main.ts without the per-caller request budget.

async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const config = loadConfig();
  const app = await buildApp(config, { tenantQuota: false });
  await app.listen({ port: config.port, host: config.host });
  process.on('SIGTERM', () => { void app.close().finally(() => process.exit(0)); });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc: seconds of user + system time per process, and the machine's busy time.

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function processCpuS(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S; // utime, stime
  } catch {
    return 0; // gone
  }
}

function postgresPids(): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

/** All cores' busy seconds (everything but idle and iowait), whoever used them. */
function machineBusyS(): number {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
  return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / CLOCK_TICKS_PER_S;
}

interface CpuSnapshot { at: number; servers: number[]; postgres: Map<number, number>; generator: number; bench: number; machine: number }

function cpuSnapshot(serverPids: number[], generatorPid: number): CpuSnapshot {
  return {
    at: performance.now(),
    servers: serverPids.map(processCpuS),
    postgres: new Map(postgresPids().map((pid) => [pid, processCpuS(pid)])),
    generator: processCpuS(generatorPid),
    bench: processCpuS(process.pid),
    machine: machineBusyS(),
  };
}

/** Cores used over the window (1.0 = one core busy all the time), per process group. */
interface CpuUse { servers: number[]; postgres: number; generator: number; bench: number; others: number; machine: number }

function cpuUse(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const postgres = [...after.postgres].reduce((sum, [pid, cpu]) => sum + cpu - (before.postgres.get(pid) ?? 0), 0);
  const servers = after.servers.map((cpu, i) => (cpu - (before.servers[i] ?? 0)) / seconds);
  const generator = (after.generator - before.generator) / seconds;
  const bench = (after.bench - before.bench) / seconds;
  const machine = (after.machine - before.machine) / seconds;
  const ours = servers.reduce((sum, s) => sum + s, 0) + postgres / seconds + generator + bench;
  return { servers, postgres: postgres / seconds, generator, bench, others: Math.max(0, machine - ours), machine };
}

// ---------------------------------------------------------------------------------------------
// The load generator: plain JavaScript in its own process, undici Pools, a closed loop of CONCURRENCY
// requests in flight spread evenly over the servers. Prints WARM once warmed up, then its result.

const GENERATOR = `
const { Pool } = require('undici');
const { origins, path, method, headers, body, seconds, warmupSeconds, concurrency, pipelining } = JSON.parse(process.argv[1]);
const pools = origins.map((origin) => new Pool(origin, { connections: Math.ceil(concurrency / origins.length / pipelining), pipelining }));
let measuring = false, requests = 0, errors = 0; const latencies = []; const statuses = {};
async function worker(pool, end) {
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const r = await pool.request({ path, method, headers, body });
      await r.body.dump();
      if (measuring) { statuses[r.statusCode] = (statuses[r.statusCode] || 0) + 1; if (r.statusCode >= 400) errors++; }
    } catch { if (measuring) errors++; }
    if (measuring) { requests++; latencies.push(performance.now() - t0); }
  }
}
const run = (s) => { const end = performance.now() + s * 1000; return Promise.all(Array.from({ length: concurrency }, (_, i) => worker(pools[i % pools.length], end))); };
(async () => {
  await run(warmupSeconds);
  measuring = true;
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  process.stdout.write('WARM\\n');
  await run(seconds);
  const elapsedS = (performance.now() - t0) / 1000; const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p / 100 * latencies.length))] ?? NaN;
  process.stdout.write(JSON.stringify({ requests, errors, statuses, elapsedS, p50: at(50), p99: at(99), cpuS: (cpu.user + cpu.system) / 1e6 }) + '\\n');
  await Promise.all(pools.map((p) => p.close()));
})();
`;

interface LoadRequest { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }
interface LoadResult { requests: number; errors: number; statuses: Record<string, number>; rps: number; p50: number; p99: number; cpu: CpuUse }

async function load(servers: Server[], allServers: Server[], request: LoadRequest): Promise<LoadResult> {
  const options = { ...request, origins: servers.map((s) => s.origin), seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, concurrency: CONCURRENCY, pipelining: PIPELINING };
  const child = spawn(process.execPath, ['-e', GENERATOR, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'], detached: OWN_SESSIONS });
  started.add(child);
  const pids = allServers.map((s) => s.child.pid ?? 0);
  let before: CpuSnapshot | null = null;
  let after: CpuSnapshot | null = null;
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (!before && out.includes('WARM\n')) before = cpuSnapshot(pids, child.pid ?? 0);
    if (!after && out.trimEnd().endsWith('}')) after = cpuSnapshot(pids, child.pid ?? 0);
  });
  await new Promise((done) => child.on('close', done));
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line || !before || !after) throw new Error(`load generator failed:\n${out}`);
  const result = JSON.parse(line) as { requests: number; errors: number; statuses: Record<string, number>; elapsedS: number; p50: number; p99: number };
  return { ...result, rps: result.requests / result.elapsedS, cpu: cpuUse(before, after) };
}

// ---------------------------------------------------------------------------------------------
// Servers, data and the demo vendor's credentials.

interface Server { origin: string; api: string; wsUrl: string; child: ChildProcess; dataDir: string }

/**
 * Linux shares CPU between sessions (autogroups: sched_autogroup_enabled), not between processes: in
 * this shell's session, a second server process would split the first one's share instead of adding
 * its own, while everything else on a shared machine keeps its shares. So each server and the load
 * generator get a session of their own (detached), as separate machines would give them their own
 * CPU. BENCH_OWN_SESSIONS=0 keeps them all in this session.
 */
const OWN_SESSIONS = process.env.BENCH_OWN_SESSIONS !== '0';
/** Children to end if the bench itself is interrupted: detached ones would outlive it. */
const started = new Set<ChildProcess>();
function stopChildrenOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
      process.exit(130);
    });
  }
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  // BENCH_CPU_PROFILE=dir: each server writes a V8 CPU profile there when it stops (where its CPU went).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROFILE)] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', resolve('bench/scale.ts'), SERVE_FLAG], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), DIST_DIR: join(dataDir, 'no-dist') },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: OWN_SESSIONS,
  });
  started.add(child);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${origin}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('bench server did not start');
    await delay(200);
  }
  return { origin, api: `${origin}/orders/api/v1`, wsUrl: `ws://127.0.0.1:${port}/ws`, child, dataDir };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}

function adminUrl(): string {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  if (given) return given;
  return execFileSync('bash', [resolve('scripts/pg/ensure-postgres.sh')], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }).trim().split('\n').at(-1) ?? '';
}

async function seedOrders(databaseUrl: string): Promise<void> {
  const db = createDb({ dataDir: '.', databaseUrl });
  const now = Math.floor(Date.now() / 1000);
  try {
    for (let i = 0; i < ORDERS; i += 500) {
      await db.insertInto('orders').values(Array.from({ length: Math.min(500, ORDERS - i) }, (_, k) => {
        const createdAt = now - 60 * 86_400 + Math.floor(((i + k) / ORDERS) * 60 * 86_400);
        const order: Order = {
          order_id: newOrderId(VENDOR), vendor_id: VENDOR, created_at: createdAt, updated_at: createdAt, status: 'DELIVERED',
          status_history: [{ status: 'NEW', created_at: createdAt }, { status: 'DELIVERED', created_at: createdAt + 1800 }],
          preordered_for: null,
          customer: { name: `Customer ${i + k}`, phone_number: '+966501234567', location: { address: 'Al Malaz, Riyadh', notes: '', latitude: 24.66, longitude: 46.73 } },
          order: { amount: 50, description: 'Bench order', payment_method: 'CASH_ON_DELIVERY' },
        };
        return { order_id: order.order_id, vendor_id: VENDOR, guest_id: null, created_at: createdAt, updated_at: createdAt, status: order.status, preordered_for: null, customer_phone: order.customer.phone_number, document: JSON.stringify(order) };
      })).execute();
    }
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Fan-out: SUBSCRIBERS sockets over the servers; each POST /order (through the first server) is timed
// until every subscriber has its order_update. All subscribers share this process, so its own work
// (2 000 frames per update) delays arrivals too: it reads only the order id out of each frame, and its
// CPU per update is printed next to the servers'.

const UPDATE_PREFIX = Buffer.from('{"type":"order_update"');
const ORDER_ID_KEY = Buffer.from('"order_id":"');

/** The order id of an order_update frame, read from the bytes without decoding or parsing the rest. */
function updatedOrderId(frame: Buffer): string | null {
  if (frame.compare(UPDATE_PREFIX, 0, UPDATE_PREFIX.length, 0, UPDATE_PREFIX.length) !== 0) return null;
  const start = frame.indexOf(ORDER_ID_KEY);
  if (start < 0) return null;
  const from = start + ORDER_ID_KEY.length;
  return frame.toString('utf8', from, frame.indexOf(0x22, from)); // up to the closing quote
}

interface FanOutResult { local: number[]; remote: number[]; cpu: CpuUse; seconds: number }

async function fanOut(servers: Server[], headers: Record<string, string>, createBody: string): Promise<FanOutResult> {
  const auth = encodeURIComponent(headers.authorization ?? '');
  const arrivals = new Map<string, { at: number; remote: boolean }[]>();
  const sockets: WebSocket[] = [];
  const open = async (index: number) => {
    const server = servers[index % servers.length];
    if (!server) return;
    // The server's frames are trusted here: skipping UTF-8 validation keeps the client's share small.
    const socket = new WebSocket(`${server.wsUrl}?Authorization=${auth}`, { skipUTF8Validation: true });
    await new Promise<void>((done, fail) => { socket.once('open', () => done()); socket.once('error', fail); });
    const remote = index % servers.length !== 0;
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      const orderId = updatedOrderId(data);
      if (!orderId) return;
      const list = arrivals.get(orderId) ?? [];
      list.push({ at, remote });
      arrivals.set(orderId, list);
    });
    socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: VENDOR }));
    sockets.push(socket);
  };
  for (let i = 0; i < SUBSCRIBERS; i += 100) await Promise.all(Array.from({ length: Math.min(100, SUBSCRIBERS - i) }, (_, k) => open(i + k)));
  await delay(1_000);
  const local: number[] = [];
  const remote: number[] = [];
  const pids = servers.map((s) => s.child.pid ?? 0);
  const before = cpuSnapshot(pids, 0); // no generator: the subscribers live in this process (counted as bench)
  for (let u = 0; u < UPDATES; u += 1) {
    const t0 = performance.now();
    const response = await fetch(`${servers[0]?.api ?? ''}/order`, { method: 'POST', headers, body: createBody });
    const orderId = ((await response.json()) as { result: { order_id: string } }).result.order_id;
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(orderId)?.length ?? 0) < SUBSCRIBERS && Date.now() < deadline) await delay(2);
    for (const arrival of arrivals.get(orderId) ?? []) (arrival.remote ? remote : local).push(arrival.at - t0);
    const missing = SUBSCRIBERS - (arrivals.get(orderId)?.length ?? 0);
    if (missing > 0) console.warn(`update ${u}: ${missing} subscribers got nothing within 10 s`);
    await delay(50);
  }
  const after = cpuSnapshot(pids, 0);
  for (const socket of sockets) socket.close();
  return { local: local.sort((x, y) => x - y), remote: remote.sort((x, y) => x - y), cpu: cpuUse(before, after), seconds: (after.at - before.at) / 1000 };
}

// ---------------------------------------------------------------------------------------------

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
const median = (values: readonly number[]): number => percentile([...values].sort((x, y) => x - y), 50);
const cores = (value: number) => value.toFixed(2).padStart(5);

const MACHINE_CORES = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || 1;

/**
 * The best two/one ratio this machine allows, a model from measured costs (not a measurement): one
 * process is capped by its single JavaScript thread (1 s / its CPU per request) and by the machine
 * (cores / the CPU a request costs everywhere: servers, PostgreSQL, load generator); two processes by
 * twice the first cap and the same machine cap.
 */
function ratioCeiling(results: LoadResult[]): number {
  const msPerRequest = (pick: (cpu: CpuUse) => number) => median(results.map((r) => (pick(r.cpu) * 1000) / r.rps));
  const server = msPerRequest((cpu) => cpu.servers.reduce((sum, s) => sum + s, 0));
  const everywhere = server + msPerRequest((cpu) => cpu.postgres) + msPerRequest((cpu) => cpu.generator);
  const machineCap = (1000 * MACHINE_CORES) / everywhere;
  return Math.min(2000 / server, machineCap) / Math.min(1000 / server, machineCap);
}

function describeCpu(cpu: CpuUse): string {
  const servers = cpu.servers.map((s, i) => `server${i + 1} ${cores(s)}`).join('  ');
  return `${servers}  postgres ${cores(cpu.postgres)}  generator ${cores(cpu.generator)}  other work ${cores(cpu.others)}  | machine ${cores(cpu.machine)}`;
}

async function main(): Promise<void> {
  stopChildrenOnInterrupt();
  const database = await createScratchDatabase(adminUrl());
  const shared = {
    DATABASE_URL: database.url, JWT_SECRET: randomUUID(), FEE_SIGNING_SECRET: randomUUID(), LINK_SIGNING_SECRET: randomUUID(),
    COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600', LOG_LEVEL: 'error',
  };
  const servers: Server[] = [];
  try {
    servers.push(await startServer({ ...shared, SEED_DEMO: '1' }));
    servers.push(await startServer({ ...shared, SEED_DEMO: '0' }));
    await seedOrders(database.url);
    const { headers, createBody } = await benchOrder(servers[0]?.api ?? '', VENDOR);
    const list: LoadRequest = { path: `/orders/api/v1/vendor/${VENDOR}/orders?count=30`, method: 'GET', headers };
    const create: LoadRequest = { path: '/orders/api/v1/order', method: 'POST', headers, body: createBody };

    const runs: { kind: 'list' | 'create'; processes: number; round: number; result: LoadResult }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [kind, request] of [['list', list], ['create', create]] as const) {
        for (const processes of round % 2 === 1 ? [1, 2] : [2, 1]) {
          const result = await load(servers.slice(0, processes), servers, request);
          runs.push({ kind, processes, round, result });
          console.log(`round ${round} ${kind.padEnd(6)} ${processes} process${processes > 1 ? 'es' : '  '}: ${result.rps.toFixed(0).padStart(6)} req/s  p50/p99 ${result.p50.toFixed(1)}/${result.p99.toFixed(1)} ms  errors ${result.errors}  cores: ${describeCpu(result.cpu)}`);
        }
      }
    }
    const fan = await fanOut(servers, headers, createBody);

    console.log(`\nPostgreSQL, ${ORDERS} orders seeded, ${CONCURRENCY} requests in flight (pipelining ${PIPELINING}), ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per measurement, median of ${ROUNDS} rounds; ${CLOCK_TICKS_PER_S === 100 ? '' : `${CLOCK_TICKS_PER_S} ticks/s, `}cores = CPU seconds per second (this machine has ${MACHINE_CORES})\n`);
    console.log('load    processes | req/s (median) | p50/p99 ms  | errors | server cores | server CPU ms/request | postgres cores | generator cores | other work cores');
    const ratios: string[] = [];
    const ceilings: string[] = [];
    for (const kind of ['list', 'create'] as const) {
      const rps: Record<number, number> = {};
      for (const processes of [1, 2]) {
        const mine = runs.filter((r) => r.kind === kind && r.processes === processes).map((r) => r.result);
        rps[processes] = median(mine.map((r) => r.rps));
        const serverCores = median(mine.map((r) => r.cpu.servers.reduce((sum, s) => sum + s, 0)));
        const msPerRequest = median(mine.map((r) => (r.cpu.servers.reduce((sum, s) => sum + s, 0) * 1000) / r.rps));
        console.log(`${kind.padEnd(7)} ${String(processes).padStart(9)} | ${rps[processes].toFixed(0).padStart(14)} | ${`${median(mine.map((r) => r.p50)).toFixed(1)}/${median(mine.map((r) => r.p99)).toFixed(1)}`.padStart(11)} | ${String(mine.reduce((sum, r) => sum + r.errors, 0)).padStart(6)} | ${serverCores.toFixed(2).padStart(12)} | ${msPerRequest.toFixed(2).padStart(21)} | ${median(mine.map((r) => r.cpu.postgres)).toFixed(2).padStart(14)} | ${median(mine.map((r) => r.cpu.generator)).toFixed(2).padStart(15)} | ${median(mine.map((r) => r.cpu.others)).toFixed(2).padStart(16)}`);
      }
      ratios.push(`${kind} ${((rps[2] ?? 0) / (rps[1] ?? 1)).toFixed(2)}x`);
      ceilings.push(`${kind} ${ratioCeiling(runs.filter((r) => r.kind === kind).map((r) => r.result)).toFixed(2)}x`);
    }
    console.log(`\nratio two processes / one: ${ratios.join(', ')}`);
    console.log(`ceiling of that ratio on ${MACHINE_CORES} cores, from the CPU each request cost (servers + PostgreSQL + generator), had the benchmark the machine to itself: ${ceilings.join(', ')}`);
    const all = [...fan.local, ...fan.remote].sort((x, y) => x - y);
    const ms = (sorted: number[]) => `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
    console.log(`fan-out, ${SUBSCRIBERS} subscribers over ${servers.length} processes, ${UPDATES} updates (${all.length} deliveries): all ${ms(all)}; same process as the POST ${ms(fan.local)}; other process ${ms(fan.remote)}`);
    // CPU per update is what the servers spend whatever else runs on the machine: comparable between runs.
    const perUpdate = fan.cpu.servers.map((cores, i) => `server${i + 1} ${((cores * fan.seconds * 1000) / UPDATES).toFixed(1)}`).join(', ');
    console.log(`fan-out server CPU ms per update (POST + delivery to ${SUBSCRIBERS / servers.length} sockets each): ${perUpdate}; subscriber client ${((fan.cpu.bench * fan.seconds * 1000) / UPDATES).toFixed(1)}; other work during fan-out ${fan.cpu.others.toFixed(2)} cores`);
  } finally {
    for (const server of servers) await stopServer(server);
    await database.drop();
  }
}

if (process.argv.includes(SERVE_FLAG)) {
  serve().catch((error: unknown) => {
    console.error('bench server failed to start:', error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
