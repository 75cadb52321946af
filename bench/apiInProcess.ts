// Server CPU per request without the network and without a load generator (`npm run bench:api-inprocess`):
// the list of 30 and the create go through the whole app with `app.inject` (hooks, auth, tenancy,
// validation, query, serialisation), one request at a time, beside a bare Fastify route injected with
// the same bytes and the list's store query alone, interleaved in blocks of 250 calls so that other work
// on the machine weighs on each alike. Only this process's CPU is counted, so the figures
// move far less with other work on the machine than bench:api's; use them to compare two versions of
// the code, and bench:api for what HTTP and concurrency add. The floor here is mostly inject's own
// cost (light-my-request), not HTTP's, so its ratios are not those of the aims (bench:api prints those). Profile a route with
//   BENCH_ONLY=create BENCH_CPU_PROFILE=prof npx tsx bench/apiInProcess.ts
// (a V8 CPU profile of each measured loop alone, without seeding and warm-up, as prof/{name}.cpuprofile;
// open it in Chrome DevTools or speedscope).
//   BENCH_ORDERS=20000 BENCH_REQUESTS=3000 npx tsx bench/apiInProcess.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_VENDORS } from '../server/db/seed';
import { listOrderDocuments } from '../server/orders/repository';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const runs = (scenario: 'list' | 'create') => ONLY === undefined || ONLY.includes(scenario);
const VENDOR = DEMO_VENDORS.saOlaya;
const API = '/orders/api/v1';
/** Untimed calls first, so the JIT and the statement caches are warm when counting starts. */
const WARM_UP = 300;

const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;

/** CPU milliseconds of this process per call of `run`, over `count` sequential calls (profiled as `name` with BENCH_CPU_PROFILE). */
async function cpuPerCall(name: string, count: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const profiler = PROFILE_DIR === undefined ? null : new Session();
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await run();
  const used = process.cpuUsage(before);
  if (profiler && PROFILE_DIR !== undefined) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
  return (used.user + used.system) / 1000 / count;
}

/**
 * Calls per block when scenarios are interleaved. A block pays for the garbage collections that happen
 * in it, whoever made the garbage: blocks of 50 lists (a few MB) often ran no scavenge of their own and
 * left it to the next scenario's block (the floor measured 0.28 ms beside lists, 0.10 ms beside
 * creates). 250 calls run several scavenges each.
 */
const BLOCK = 250;

/**
 * CPU milliseconds per call of each scenario, over `count` calls each. The scenarios run interleaved in
 * blocks of BLOCK calls, so other work on a shared machine weighs on each of them alike and their ratios
 * hold; with BENCH_CPU_PROFILE each runs alone instead, in one profiled loop.
 */
async function cpuPerCallOf<Name extends string>(count: number, scenarios: Record<Name, () => Promise<unknown>>): Promise<Record<Name, number>> {
  const names = Object.keys(scenarios) as Name[];
  const perCall = {} as Record<Name, number>;
  if (PROFILE_DIR !== undefined) {
    for (const name of names) perCall[name] = await cpuPerCall(name, count, scenarios[name]);
    return perCall;
  }
  const usedUs = {} as Record<Name, number>;
  for (const name of names) {
    for (let i = 0; i < WARM_UP; i++) await scenarios[name]();
    usedUs[name] = 0;
  }
  for (let done = 0; done < count; done += BLOCK) {
    for (const name of names) {
      const before = process.cpuUsage();
      for (let i = 0; i < Math.min(BLOCK, count - done); i++) await scenarios[name]();
      const used = process.cpuUsage(before);
      usedUs[name] += used.user + used.system;
    }
  }
  for (const name of names) perCall[name] = usedUs[name] / 1000 / count;
  return perCall;
}

function seededRow(i: number, nowS: number) {
  const createdAt = nowS - 60 * 86_400 + Math.floor((i / ORDERS) * 60 * 86_400);
  const orderId = `${VENDOR}-bench-${String(i).padStart(8, '0')}`;
  const order = {
    order_id: orderId, vendor_id: VENDOR, created_at: createdAt, updated_at: createdAt, status: 'DELIVERED',
    status_history: [{ status: 'NEW', created_at: createdAt }, { status: 'DELIVERED', created_at: createdAt + 1800 }],
    preordered_for: null,
    customer: { name: `Customer ${i}`, phone_number: '+966501234567', location: { address: `${i % 50}, Al Malaz, Riyadh`, notes: '', latitude: 24.66, longitude: 46.73 } },
    order: { amount: 50, description: 'Bench order', payment_method: 'CASH_ON_DELIVERY' },
    delivery_fee: 15, discount: 0, total_amount: 65, currency: 'SAR', outlet_name: 'Riyadh Fresh Bakery - Olaya',
  };
  return { order_id: orderId, vendor_id: VENDOR, guest_id: null, created_at: createdAt, updated_at: createdAt, status: 'DELIVERED' as const, preordered_for: null, customer_phone: '+966501234567', document: JSON.stringify(order) };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-inprocess-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600', DIST_DIR: join(dataDir, 'no-dist') });
  const app = await buildApp(config, { logger: false, tenantQuota: false });
  const bare = Fastify({ logger: false });
  try {
    const nowS = Math.floor(Date.now() / 1000);
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ORDERS; i += 500) {
        await trx.insertInto('orders').values(Array.from({ length: Math.min(500, ORDERS - i) }, (_, k) => seededRow(i + k, nowS))).execute();
      }
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: `${API}/login`, payload: { email_address: DEMO_ACCOUNTS.vendor.email, password: DEMO_PASSWORD } });
    const tokens = (login.json() as { result: { AccessToken: string; IdToken: string } }).result;
    const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;

    const listUrl = `${API}/vendor/${VENDOR}/orders?count=30`;
    const listed = await app.inject({ method: 'GET', url: listUrl, headers: { authorization } });
    if (listed.statusCode !== 200) throw new Error(`list answered ${listed.statusCode}: ${listed.body}`);
    const listBody = listed.body;
    bare.get('/', async (_request, reply) => reply.type('application/json').send(listBody));
    await bare.ready();

    const floorCall = () => bare.inject({ method: 'GET', url: '/' });
    console.log(`${ORDERS} orders, ${REQUESTS} sequential requests each, CPU of this process per request${PROFILE_DIR === undefined ? ` (the list's three interleaved in blocks of ${BLOCK})` : ''}\n`);
    let floorOfList: number | null = null;
    if (runs('list')) {
      const { floor, query, list } = await cpuPerCallOf(REQUESTS, {
        floor: floorCall,
        query: () => listOrderDocuments(app.db, { vendorIds: [VENDOR], count: 30 }),
        list: () => app.inject({ method: 'GET', url: listUrl, headers: { authorization } }),
      });
      console.log(`floor: bare Fastify, same bytes  ${floor.toFixed(3)} ms`);
      console.log(`store query: list of 30           ${query.toFixed(3)} ms`);
      console.log(`list of 30                        ${list.toFixed(3)} ms = ${(list / (floor + query)).toFixed(2)}x (floor + query), ${(list / floor).toFixed(2)}x floor`);
      floorOfList = floor;
    }
    if (runs('create')) {
      const vendor = (await app.inject({ method: 'GET', url: `${API}/vendor/${VENDOR}`, headers: { authorization } })).json() as { result: { vendor_information: { location: { latitude: number; longitude: number } } } };
      const source = { latitude: vendor.result.vendor_information.location.latitude, longitude: vendor.result.vendor_information.location.longitude };
      const destination = { latitude: 24.6636, longitude: 46.7369 };
      const quoted = await app.inject({ method: 'POST', url: `${API}/delivery/fee`, headers: { authorization }, payload: { source, destination, vendor_id: VENDOR, delivery_type: 'food' } });
      const quote = (quoted.json() as { result: { fee: number; signature: string } }).result;
      const payload = JSON.stringify({
        vendor_id: VENDOR,
        customer: { location: { ...destination, address: 'Al Malaz, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Bench Customer' },
        order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: 'Bench', cold_bag_needed: false },
        delivery_fee: quote.fee, signature: quote.signature,
      });
      const headers = { authorization, 'content-type': 'application/json' };
      const first = await app.inject({ method: 'POST', url: `${API}/order`, headers, payload });
      if (first.statusCode !== 200) throw new Error(`create answered ${first.statusCode}: ${first.body}`);
      // Creates run the background relay of each change too; fewer of them keep the table small.
      // Not interleaved: each create leaves relay work running in the background, which would land in
      // the floor's blocks. The floor is the list's, or measured alone first.
      const floor = floorOfList ?? await cpuPerCall('floor', REQUESTS, floorCall);
      if (floorOfList === null) console.log(`floor: bare Fastify, same bytes  ${floor.toFixed(3)} ms`);
      const create = await cpuPerCall('create', Math.ceil(REQUESTS / 3), () => app.inject({ method: 'POST', url: `${API}/order`, headers, payload }));
      console.log(`create                            ${create.toFixed(3)} ms = ${(create / floor).toFixed(2)}x floor`);
    }
  } finally {
    await bare.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
