// Insights benchmark (`npm run bench:insights`, issue 26): 100 000 orders for one vendor over the
// longest period the page allows (92 days), then the time for the Insights page's data: GET
// /vendor/{id}/insights over HTTP (auth, tenancy and every aggregate), for the whole period and for
// the past 30 days, next to the aim (300 ms), with the CPU time the process spent (on a machine
// shared with other work, wall time also counts the waits for a core). Prints figures; tests never
// time anything.
//   BENCH_ORDERS=100000 BENCH_RUNS=15 npx tsx bench/insights.ts
// With TEST_DATABASE_URL set (scripts/pg/ensure-postgres.sh), the same on a fresh PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { orderFactsOf } from '../domain/insights';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_VENDORS } from '../server/db/seed';
import { historyOrder, mulberry32 } from '../server/db/seedHistory';
import { benchOrder } from './benchOrder';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const AIM_MS = 300;
const VENDOR = DEMO_VENDORS.saOlaya;
const DAYS = 92;
const DAY_S = 86_400;
/** Rows per INSERT: 17 columns x 500 stays under SQLite's 32 766 bound parameters. */
const BATCH = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.9) - 1] ?? Number.NaN;

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_insights_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-insights-'));
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  const scratch = adminUrl ? await scratchPostgres(adminUrl) : null;
  const config = loadConfig({
    DATA_DIR: dataDir, SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', COURIER_SIM_SPEED: '0', DIST_DIR: join(dataDir, 'no-dist'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const app = await buildApp(config, { logger: false, tenantQuota: false });
  try {
    const now = app.clock.nowS();
    const seedStart = performance.now();
    const random = mulberry32(100_000);
    // The period's first second to now: 92 calendar days in any zone at most.
    const start = now - (DAYS - 1) * DAY_S;
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ORDERS; i += BATCH) {
        const orders = Array.from({ length: Math.min(BATCH, ORDERS - i) }, (_, k) => {
          // Spread evenly over the period, the demo bakery's mix of outcomes, slots and places.
          const order = historyOrder(random, start + Math.floor(((i + k) / ORDERS) * (now - start)));
          return { ...order, vendor_id: VENDOR, order_id: `${VENDOR}-bench-${i + k}` };
        });
        await trx.insertInto('orders').values(orders.map((order) => ({
          order_id: order.order_id, vendor_id: order.vendor_id, guest_id: null, created_at: order.created_at, updated_at: order.updated_at,
          status: order.status, preordered_for: order.preordered_for, customer_phone: order.customer.phone_number, document: JSON.stringify(order),
        }))).execute();
        await trx.insertInto('order_facts').values(orders.map(orderFactsOf)).execute();
      }
    });
    console.log(`seeded ${ORDERS} orders for ${VENDOR} over ${DAYS} days in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${scratch ? 'PostgreSQL' : 'SQLite'})`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP port');
    const api = `http://127.0.0.1:${address.port}/orders/api/v1`;
    const { headers } = await benchOrder(api, VENDOR);

    const periods = [
      { name: `${DAYS} days (every order)`, query: `from=${start}&to=${now}` },
      { name: 'past 30 days (the default)', query: '' },
    ];
    for (const period of periods) {
      const url = `${api}/vendor/${VENDOR}/insights?${period.query}`;
      const timings: number[] = [];
      const cpu: number[] = [];
      let orders = 0;
      let bytes = 0;
      for (let run = 0; run <= RUNS; run += 1) {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        const body = await response.text();
        const elapsed = performance.now() - t0;
        const used = process.cpuUsage(cpu0);
        if (response.status !== 200) throw new Error(`GET insights: ${response.status} ${body.slice(0, 200)}`);
        if (run === 0) {
          orders = (JSON.parse(body) as { result: { totals: { orders: number } } }).result.totals.orders;
          bytes = body.length;
          console.log(`${period.name}: first request ${elapsed.toFixed(0)} ms`);
          continue; // the first run warms the statement cache and the page cache
        }
        timings.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
      const m = median(timings);
      console.log(`${period.name}: ${orders} orders, ${(bytes / 1024).toFixed(1)} KiB; median ${m.toFixed(0)} ms, p90 ${p90(timings).toFixed(0)} ms over ${RUNS} runs (aim < ${AIM_MS} ms: ${m < AIM_MS ? 'met' : 'NOT met'}); CPU of this process (server and client) median ${median(cpu).toFixed(0)} ms, which other processes on a busy machine do not inflate`);
    }
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
