// Bulk-upload benchmark (`npm run bench:bulk`): builds a workbook of just under 5 MB at the row cap
// (10 000 rows whose rider notes are random text, so the file does not compress away), uploads it
// to a real server on loopback (POST /bulk-job/create: archive checks, streaming parse, validation,
// geocoding, fees) and places it (POST /bulk-job/place-orders). Prints the file's size and row
// count, rows per second for each phase and the process's peak memory.
//   BENCH_BULK_ROWS=10000 BENCH_BULK_BYTES=5000000 npx tsx bench/bulk.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BulkJob } from '../domain/types';
import { buildApp } from '../server/app';
import { MAX_DATA_ROWS } from '../server/bulk/limits';
import { loadConfig } from '../server/config';
import { DEMO_PASSWORD } from '../server/db/seed';
import { upload, validRow, xlsx } from '../tests/fixtures/bulk/workbooks';
import type { TestServer } from '../tests/server/harness';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? MAX_DATA_ROWS);
const TARGET_BYTES = Number(process.env.BENCH_BULK_BYTES ?? 5_000_000);
const MB = 1024 * 1024;

function randomText(length: number): string {
  return randomBytes(length).toString('base64').slice(0, length);
}

async function workbookOfSize(rows: number, targetBytes: number): Promise<Buffer> {
  const build = (notesLength: number) => xlsx(Array.from({ length: rows }, () => validRow({ riderNotes: randomText(notesLength) })));
  // Random base64 compresses to ~3/4; two passes find a notes length that lands near the target.
  let notesLength = 400;
  let file = await build(notesLength);
  for (let pass = 0; pass < 2; pass += 1) {
    notesLength = Math.min(1000, Math.max(1, Math.floor(notesLength * (targetBytes / file.length))));
    file = await build(notesLength);
  }
  return file;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DIST_DIR: join(dataDir, 'no-dist'), COURIER_SIM_SPEED: '0' });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const api = `${baseUrl}/orders/api/v1`;

  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.external);
  }, 20);

  try {
    const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: 'vendor@example.com', password: DEMO_PASSWORD }) });
    const { result } = (await login.json()) as { result: { AccessToken: string; IdToken: string } };
    const auth = `Bearer ${result.AccessToken}|${result.IdToken}`;

    const file = await workbookOfSize(ROWS, TARGET_BYTES);
    console.log(`file: ${(file.length / MB).toFixed(2)} MiB (${file.length} bytes), ${ROWS} rows`);
    const baselineRss = process.memoryUsage().rss;
    peakRss = baselineRss;

    let started = performance.now();
    const created = await upload({ baseUrl } as TestServer, auth, file);
    const preprocessS = (performance.now() - started) / 1000;
    if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text.slice(0, 300)}`);
    const job = (created.body as { body: { bulk_job: BulkJob } }).body.bulk_job;
    console.log(`preprocess: ${job.totals.rows} rows (${job.totals.orders_to_be_placed} valid) in ${preprocessS.toFixed(2)} s = ${Math.round(job.totals.rows / preprocessS)} rows/s`);

    started = performance.now();
    const placed = await fetch(`${api}/bulk-job/place-orders/${job.bulk_job_id}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' });
    const placeS = (performance.now() - started) / 1000;
    const done = ((await placed.json()) as { body: BulkJob }).body;
    console.log(`place: ${done.totals.orders_placed} orders (${done.status}) in ${placeS.toFixed(2)} s = ${Math.round(done.totals.orders_placed / placeS)} rows/s`);
    console.log(`memory: peak RSS ${(peakRss / MB).toFixed(0)} MiB (+${((peakRss - baselineRss) / MB).toFixed(0)} MiB over the idle server), peak heap+external ${(peakHeap / MB).toFixed(0)} MiB`);
  } finally {
    clearInterval(sampler);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
