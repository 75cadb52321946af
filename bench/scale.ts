// Scale-out benchmark (`npm run bench:scale`, issue 11): the same list and create load against one
// server process and against two on one PostgreSQL database (the load spread over both), with the
// throughput ratio, then websocket fan-out latency (POST /order until each subscriber has the
// order_update) for BENCH_SUBSCRIBERS subscribers spread over the processes.
//   BENCH_SECONDS=5 BENCH_CONCURRENCY=16 BENCH_ORDERS=20000 BENCH_SUBSCRIBERS=2000 npx tsx bench/scale.ts
// PostgreSQL: BENCH_DATABASE_URL (an account that may CREATE DATABASE), else the local one that
// scripts/pg/ensure-postgres.sh starts. On a 2-core machine the load generator competes with the
// servers for CPU, so the ratio understates what two machines would give.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import type { Order } from '../domain/types';
import { createDb } from '../server/db/connect';
import { DEMO_PASSWORD, DEMO_VENDORS } from '../server/db/seed';
import { newOrderId } from '../server/orders/ids';
import { startServerProcess, type ServerProcess } from '../tests/server/cluster-process';
import { createScratchDatabase, type ScratchDatabase } from '../tests/server/pg-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20);
const VENDOR = DEMO_VENDORS.saOlaya;

interface Stats { requests: number; errors: number; rps: number; p50: number; p99: number }

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);

/** The load generator, plain JavaScript in a separate process: CONCURRENCY loops, each on its own URL in turn. */
const CLIENT = `
const { urls, method, headers, body, seconds, concurrency } = JSON.parse(process.argv[1]);
const latencies = []; let errors = 0;
const end = performance.now() + seconds * 1000;
async function loop(i) {
  const url = urls[i % urls.length];
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const r = await fetch(url, { method, headers, body });
      await r.arrayBuffer();
      if (r.status >= 400) errors++;
    } catch { errors++; }
    latencies.push(performance.now() - t0);
  }
}
const started = performance.now();
Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i))).then(() => {
  process.stdout.write(JSON.stringify({ latencies, errors, elapsedS: (performance.now() - started) / 1000 }));
});
`;

async function load(request: { urls: string[]; method: string; headers: Record<string, string>; body?: string }): Promise<Stats> {
  const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify({ ...request, seconds: SECONDS, concurrency: CONCURRENCY })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  await new Promise((done) => child.on('close', done));
  const { latencies, errors, elapsedS } = JSON.parse(out) as { latencies: number[]; errors: number; elapsedS: number };
  const sorted = [...latencies].sort((x, y) => x - y);
  return { requests: sorted.length, errors, rps: sorted.length / elapsedS, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
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

interface Cluster { processes: ServerProcess[]; database: ScratchDatabase; headers: Record<string, string>; createBody: string }

async function startCluster(admin: string, size: number): Promise<Cluster> {
  const database = await createScratchDatabase(admin);
  const shared = {
    DATABASE_URL: database.url, JWT_SECRET: randomUUID(), FEE_SIGNING_SECRET: randomUUID(), LINK_SIGNING_SECRET: randomUUID(),
    COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600', LOG_LEVEL: 'error',
  };
  const processes = [await startServerProcess({ ...shared, SEED_DEMO: '1' })];
  for (let i = 1; i < size; i += 1) processes.push(await startServerProcess({ ...shared, SEED_DEMO: '0' }));
  await seedOrders(database.url);
  const api = processes[0]?.api ?? '';
  const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: 'vendor@example.com', password: DEMO_PASSWORD }) });
  const tokens = ((await login.json()) as { result: { AccessToken: string; IdToken: string } }).result;
  const headers = { authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}`, 'content-type': 'application/json' };
  const vendor = ((await (await fetch(`${api}/vendor/${VENDOR}`, { headers })).json()) as { result: { vendor_information: { location: { latitude: number; longitude: number } } } }).result;
  const source = { latitude: vendor.vendor_information.location.latitude, longitude: vendor.vendor_information.location.longitude };
  const destination = { latitude: 24.6636, longitude: 46.7369 };
  const quote = ((await (await fetch(`${api}/delivery/fee`, { method: 'POST', headers, body: JSON.stringify({ source, destination, vendor_id: VENDOR, delivery_type: 'food' }) })).json()) as { result: { fee: number; signature: string } }).result;
  const createBody = JSON.stringify({
    vendor_id: VENDOR,
    customer: { location: { ...destination, address: 'Al Malaz, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Bench Customer' },
    order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: 'Bench', cold_bag_needed: false },
    delivery_fee: quote.fee, signature: quote.signature,
  });
  return { processes, database, headers, createBody };
}

async function stopCluster(cluster: Cluster): Promise<void> {
  for (const server of cluster.processes) await server.kill();
  await cluster.database.drop();
}

/** POST /order through the first process; time until every subscriber (on any process) has the update. */
async function fanOut(cluster: Cluster): Promise<{ all: number[]; remote: number[] }> {
  const auth = cluster.headers.authorization ?? '';
  const sockets: { socket: WebSocket; remote: boolean }[] = [];
  const arrivals = new Map<string, number[]>();
  const remoteArrivals = new Map<string, number[]>();
  for (let i = 0; i < SUBSCRIBERS; i += 1) {
    const index = i % cluster.processes.length;
    const server = cluster.processes[index];
    if (!server) continue;
    const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`);
    await new Promise<void>((done, fail) => { socket.once('open', () => done()); socket.once('error', fail); });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; order?: Order };
      if (message.type !== 'order_update' || !message.order) return;
      const at = performance.now();
      const list = arrivals.get(message.order.order_id) ?? [];
      list.push(at);
      arrivals.set(message.order.order_id, list);
      if (index > 0) remoteArrivals.set(message.order.order_id, [...(remoteArrivals.get(message.order.order_id) ?? []), at]);
    });
    socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: VENDOR }));
    sockets.push({ socket, remote: index > 0 });
  }
  await new Promise((done) => setTimeout(done, 500));
  const all: number[] = [];
  const remote: number[] = [];
  for (let u = 0; u < UPDATES; u += 1) {
    const t0 = performance.now();
    const response = await fetch(`${cluster.processes[0]?.api ?? ''}/order`, { method: 'POST', headers: cluster.headers, body: cluster.createBody });
    const orderId = ((await response.json()) as { result: { order_id: string } }).result.order_id;
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(orderId)?.length ?? 0) < SUBSCRIBERS && Date.now() < deadline) await new Promise((done) => setTimeout(done, 5));
    all.push(...(arrivals.get(orderId) ?? []).map((at) => at - t0));
    remote.push(...(remoteArrivals.get(orderId) ?? []).map((at) => at - t0));
  }
  for (const { socket } of sockets) socket.close();
  return { all: all.sort((x, y) => x - y), remote: remote.sort((x, y) => x - y) };
}

async function main(): Promise<void> {
  const admin = adminUrl();
  const rows: { processes: number; list: Stats; create: Stats; fan: { all: number[]; remote: number[] } }[] = [];
  for (const size of [1, 2]) {
    const cluster = await startCluster(admin, size);
    try {
      const list = await load({ urls: cluster.processes.map((p) => `${p.api}/vendor/${VENDOR}/orders?count=30`), method: 'GET', headers: cluster.headers });
      const create = await load({ urls: cluster.processes.map((p) => `${p.api}/order`), method: 'POST', headers: cluster.headers, body: cluster.createBody });
      const fan = await fanOut(cluster);
      rows.push({ processes: size, list, create, fan });
    } finally {
      await stopCluster(cluster);
    }
  }
  console.log(`\nPostgreSQL, ${ORDERS} orders seeded, ${CONCURRENCY} connections for ${SECONDS} s per load, ${SUBSCRIBERS} websocket subscribers x ${UPDATES} updates\n`);
  console.log('processes | list rps | list p50/p99 ms | create rps | create p50/p99 ms | errors | fan-out p50/p99 ms (all) | (other process)');
  for (const row of rows) {
    const ms = (s: Stats) => `${s.p50.toFixed(1)}/${s.p99.toFixed(1)}`.padStart(15);
    const fan = `${percentile(row.fan.all, 50).toFixed(1)}/${percentile(row.fan.all, 99).toFixed(1)} (${row.fan.all.length})`;
    const remote = row.fan.remote.length > 0 ? `${percentile(row.fan.remote, 50).toFixed(1)}/${percentile(row.fan.remote, 99).toFixed(1)}` : '-';
    console.log(`${String(row.processes).padStart(9)} | ${row.list.rps.toFixed(0).padStart(8)} | ${ms(row.list)} | ${row.create.rps.toFixed(0).padStart(10)} | ${ms(row.create).padStart(17)} | ${String(row.list.errors + row.create.errors).padStart(6)} | ${fan.padStart(24)} | ${remote}`);
  }
  const [one, two] = rows;
  if (one && two) console.log(`\nratio two/one: list ${(two.list.rps / one.list.rps).toFixed(2)}, create ${(two.create.rps / one.create.rps).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
