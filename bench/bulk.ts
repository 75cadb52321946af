// Bulk-upload benchmark (`npm run bench:bulk`): builds a workbook of just under 5 MB at the row cap
// (10 000 rows whose rider notes are random text, so the file does not compress away), uploads it
// to the real server (`server/main.ts` in a child process, on loopback: archive checks, streaming
// parse, validation, geocoding, fees) and places it (POST /bulk-job/place-orders). Prints the file's
// size and row count, rows per second for each phase, and the server process's peak memory (its
// VmHWM, reset before each phase) apart from the benchmark's own (which builds the workbook and is
// not the server's cost). The server's geocoder is warmed first: its gazetteer loads on first use
// whatever asks for it, so the figures show that cost on its own line, not inside the first upload.
//   BENCH_BULK_ROWS=10000 BENCH_BULK_BYTES=5000000 npx tsx bench/bulk.ts
// With TEST_DATABASE_URL set (an admin URL, as for the tests) the server runs on a fresh
// PostgreSQL database made for the run and dropped after it, instead of its SQLite file.
// The server runs as tests/server/cluster-process.ts starts it: through tsx. `npm start` runs the
// bundle (scripts/build-server.mjs) with --max-old-space-size=768, which measured ~50 MiB less idle
// and a 263-271 MiB peak here where tsx peaks ~320-380 MiB (server/main.ts says why).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { BulkJob } from '../domain/types';
import { MAX_DATA_ROWS } from '../server/bulk/limits';
import { DEMO_PASSWORD } from '../server/db/seed';
import { upload, validRow, xlsx } from '../tests/fixtures/bulk/workbooks';
import { BUNDLED_SERVER, startServerProcess } from '../tests/server/cluster-process';
import { createScratchDatabase, testDatabaseUrl } from '../tests/server/pg-database';
import type { TestServer } from '../tests/server/harness';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? MAX_DATA_ROWS);
const TARGET_BYTES = Number(process.env.BENCH_BULK_BYTES ?? 5_000_000);
const MB = 1024 * 1024;
const SAMPLE_MS = 20;

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

/** A /proc/<pid>/status field in bytes (VmRSS: now, VmHWM: peak since start or the last resetPeak). */
function procMemory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Starts a new VmHWM measurement (Linux: writing 5 to clear_refs resets the peak to the current RSS). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const mib = (bytes: number) => `${(bytes / MB).toFixed(0)} MiB`;

async function main(): Promise<void> {
  // Built before the server starts, so the benchmark's own work does not compete with it.
  const file = await workbookOfSize(ROWS, TARGET_BYTES);
  console.log(`file: ${(file.length / MB).toFixed(2)} MiB (${file.length} bytes), ${ROWS} rows`);

  const adminUrl = testDatabaseUrl();
  const database = adminUrl ? await createScratchDatabase(adminUrl) : null;
  console.log(`store: ${database ? 'PostgreSQL' : 'SQLite'}`);
  // Measured as `npm start` runs it: the bundled server with its heap cap.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const server = await startServerProcess({ SEED_DEMO: '1', LOG_LEVEL: 'silent', COURIER_SIM_SPEED: '0', ...(database ? { DATABASE_URL: database.url } : {}) }, BUNDLED_SERVER);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  let clientPeakRss = 0;
  const sampler = setInterval(() => { clientPeakRss = Math.max(clientPeakRss, process.memoryUsage().rss); }, SAMPLE_MS);

  try {
    const login = await fetch(`${server.api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: 'vendor@example.com', password: DEMO_PASSWORD }) });
    const { result } = (await login.json()) as { result: { AccessToken: string; IdToken: string } };
    const auth = `Bearer ${result.AccessToken}|${result.IdToken}`;
    const startedRss = procMemory(pid, 'VmRSS');
    const startedPeak = procMemory(pid, 'VmHWM');
    resetPeak(pid);
    const warm = await fetch(`${server.api}/geolocator/autocomplete?${new URLSearchParams({ query: 'Al Malaz, Riyadh', country: 'SA' })}`, { headers: { authorization: auth } });
    if (warm.status !== 200) throw new Error(`geocoder warm-up: ${warm.status}`);
    const warmPeak = procMemory(pid, 'VmHWM');
    const idleRss = procMemory(pid, 'VmRSS');
    console.log(`server memory: started ${mib(startedRss)} (peak ${mib(startedPeak)}); first geocode (gazetteer load) peak ${mib(warmPeak)}, then ${mib(idleRss)}`);
    resetPeak(pid);

    let started = performance.now();
    const created = await upload({ baseUrl: server.baseUrl } as TestServer, auth, file);
    const preprocessS = (performance.now() - started) / 1000;
    if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text.slice(0, 300)}`);
    const job = (created.body as { body: { bulk_job: BulkJob } }).body.bulk_job;
    const preprocessPeak = procMemory(pid, 'VmHWM');
    console.log(`preprocess: ${job.totals.rows} rows (${job.totals.orders_to_be_placed} valid) in ${preprocessS.toFixed(2)} s = ${Math.round(job.totals.rows / preprocessS)} rows/s, server peak RSS ${mib(preprocessPeak)} (+${mib(preprocessPeak - idleRss)})`);
    const beforePlaceRss = procMemory(pid, 'VmRSS');
    resetPeak(pid);

    started = performance.now();
    const placed = await fetch(`${server.api}/bulk-job/place-orders/${job.bulk_job_id}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' });
    const placeS = (performance.now() - started) / 1000;
    if (placed.status !== 200) throw new Error(`place: ${placed.status} ${(await placed.text()).slice(0, 300)}`);
    const done = ((await placed.json()) as { body: BulkJob }).body;
    const placePeak = procMemory(pid, 'VmHWM');
    console.log(`place: ${done.totals.orders_placed} orders (${done.status}) in ${placeS.toFixed(2)} s = ${Math.round(done.totals.orders_placed / placeS)} rows/s, server peak RSS ${mib(placePeak)} (+${mib(placePeak - beforePlaceRss)})`);
    console.log(`server peak RSS over both phases: ${mib(Math.max(preprocessPeak, placePeak))}`);
    console.log(`benchmark client: peak RSS ${mib(clientPeakRss)} (holds the workbook it built; not the server's)`);
  } finally {
    clearInterval(sampler);
    await server.kill();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
