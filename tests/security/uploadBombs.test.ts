// Upload bombs of issue 18, each against the real server in a child process (so its memory is its
// own, measured from /proc) started as `npm start` starts it, with a 768 MiB heap: one vendor uploads
// a crafted workbook while another account keeps calling GET /vendors. Each file must get its
// proper answer, store no oversized row, leave the server up, and barely move the other account's
// latency; a FIGURE line gives the server's peak RSS and the other account's worst latency (aims:
// under 400 MiB and under 250 ms). The latency bound asserted is deliberately generous (a busy
// shared CI machine); before the fix these files took 18 s to minutes or killed the server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS } from '../../server/bulk/limits';
import { loginTo, startChild, type ChildServer } from '../faults/childServer';
import { SA_PARENT, VALID_ROW } from '../fixtures/bulk/workbooks';
import { allowFixedSleeps } from '../setup/sleepBudget';
import { craftedRow, craftedXlsx } from './craftedWorkbooks';
import { figure } from './support';
import { freePort } from '../server/freePort';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MIB = 1024 * 1024;
/** Between two calls of the other account: ~40 a second, inside its request budget. */
const PROBE_INTERVAL_MS = 25;
// The other account's calls are paced while each upload runs (measured 2.2 s of pauses in all).
allowFixedSleeps(3_000, 'the probes of the other account are paced every 25 ms during each upload');
/**
 * Generous on purpose: the aim is 250 ms (printed), but on a shared two-core machine under load the
 * server process itself waits for a core; before the fix these files took 48 s to minutes.
 */
const WORST_LATENCY_BOUND_MS = 2000;
/** The server's peak resident memory bound asserted (aim: 400 MiB; a 768 MiB heap cannot hold these files' expansions). */
const PEAK_RSS_BOUND = 700 * MIB;

let server: ChildServer;
let dataDir: string;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-upload-bombs-'));
  server = await startChild(dataDir, await freePort(), { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=768`.trim() });
  vendorAuth = await loginTo(server, 'vendor@example.com');
  otherAuth = await loginTo(server, 'other@example.com');
  // The geocoder builds its gazetteer index on first use (~1.5 s of one core, whoever asks first):
  // a cost of its own, not of any file, so it is paid before the files are measured.
  const warm = await fetch(`${server.api}/geolocator/autocomplete?${new URLSearchParams({ query: 'Al Malaz, Riyadh', country: 'SA' })}`, { headers: { authorization: vendorAuth } });
  expect(warm.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const procField = (field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface UploadAnswer { status: number; body: unknown }

async function upload(file: Buffer): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('vendor_id', SA_PARENT);
  form.append('file', new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), 'orders.xlsx');
  try {
    const response = await fetch(`${server.api}/bulk-job/create`, { method: 'POST', body: form, headers: { authorization: vendorAuth } });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    // The server died (or answered something that is not JSON).
    return { status: 0, body: null };
  }
}

async function otherAccountCall(): Promise<number> {
  const response = await fetch(`${server.api}/vendors`, { headers: { authorization: otherAuth } });
  await response.text();
  return response.status;
}

interface Attack { answer: UploadAnswer; peakRss: number; worstLatencyMs: number; probes: number; probeStatuses: Set<number> }

/** Uploads the file while the other account calls GET /vendors; the server's peak RSS and that account's worst latency. */
async function underAttack(file: Buffer): Promise<Attack> {
  await otherAccountCall();
  // Linux: writing 5 resets VmHWM to the current RSS, so VmHWM afterwards is this upload's peak.
  writeFileSync(`/proc/${server.process.pid}/clear_refs`, '5');
  let uploading = true;
  const latencies: number[] = [];
  const probeStatuses = new Set<number>();
  const probing = (async () => {
    while (uploading) {
      const started = performance.now();
      probeStatuses.add(await otherAccountCall().catch(() => 0));
      latencies.push(performance.now() - started);
      await pause(PROBE_INTERVAL_MS);
    }
  })();
  const answer = await upload(file);
  uploading = false;
  await probing;
  const alive = server.process.exitCode === null && server.process.signalCode === null;
  return { answer, peakRss: alive ? procField('VmHWM') : Number.NaN, worstLatencyMs: Math.max(...latencies), probes: latencies.length, probeStatuses };
}

function report(name: string, file: Buffer, attack: Attack): void {
  figure(`upload bomb ${name}`, `${(file.length / 1024).toFixed(0)} KiB file -> ${attack.answer.status}; server peak RSS ${(attack.peakRss / MIB).toFixed(0)} MiB; `
    + `other tenant worst ${attack.worstLatencyMs.toFixed(0)} ms over ${attack.probes} GET /vendors`);
}

const translationKey = (body: unknown) => (body as { errors?: { meta?: { translation_key?: string } }[] } | null)?.errors?.[0]?.meta?.translation_key;
const jobIdOf = (body: unknown) => (body as { body: { bulk_job: { bulk_job_id: string } } }).body.bulk_job.bulk_job_id;

interface StoredRow { row_number: number; status: string; error: string | null; size: number; document: string }

function storedRows(jobId: string): StoredRow[] {
  const db = new SQLite(join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT row_number, status, error, length(document) AS size, document FROM bulk_job_rows WHERE bulk_job_id = ? ORDER BY row_number').all(jobId) as StoredRow[];
  } finally {
    db.close();
  }
}

function storedJobCount(): number {
  const db = new SQLite(join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS jobs FROM bulk_jobs').get() as { jobs: number }).jobs;
  } finally {
    db.close();
  }
}

function expectServerStillServesOthers(attack: Attack): void {
  expect(attack.probeStatuses).toEqual(new Set([200]));
  expect(attack.worstLatencyMs).toBeLessThan(WORST_LATENCY_BOUND_MS);
  expect(attack.peakRss).toBeLessThan(PEAK_RSS_BOUND);
}

describe('crafted workbooks do not stall or kill the server', () => {
  it('refuses a 30 MiB shared string referenced by 300 rows before expanding it', async () => {
    const file = await craftedXlsx({
      sharedStrings: ['A'.repeat(30 * MIB)],
      rows: Array.from({ length: 300 }, () => craftedRow({ description: { shared: 0 } })),
    });
    const jobsBefore = storedJobCount();
    const attack = await underAttack(file);
    report('(a) 30 MiB shared string x 300 rows', file, attack);
    expect([attack.answer.status, translationKey(attack.answer.body)]).toEqual([422, 'bulk-order-upload.part-too-large']);
    expect(storedJobCount()).toBe(jobsBefore);
    expectServerStillServesOthers(attack);
  }, 180_000);

  it('refuses a sheet with one 50 MiB inline cell instead of storing it', async () => {
    const file = await craftedXlsx({ rows: [craftedRow({ description: 'B'.repeat(50 * MIB) })] });
    const jobsBefore = storedJobCount();
    const attack = await underAttack(file);
    report('(b) one 50 MiB inline cell', file, attack);
    expect([attack.answer.status, translationKey(attack.answer.body)]).toEqual([422, 'bulk-order-upload.part-too-large']);
    expect(storedJobCount()).toBe(jobsBefore);
    expectServerStillServesOthers(attack);
  }, 180_000);

  it('reads 20 000 merged ranges down to row 50 000 at the cost of the rows that exist', async () => {
    const rows = Array.from({ length: 300 }, () => craftedRow());
    const file = await craftedXlsx({ rows, merges: Array.from({ length: 20_000 }, (_unused, k) => `A${k + 2}:A50000`) });
    const attack = await underAttack(file);
    report('(c) 20 000 merged ranges A{k}:A50000', file, attack);
    expect(attack.answer.status).toBe(200);
    const stored = storedRows(jobIdOf(attack.answer.body));
    expect(stored).toHaveLength(300);
    expect(new Set(stored.map((row) => row.error))).toEqual(new Set(['bulk-order-upload.error.merged-cells']));
    expectServerStillServesOthers(attack);
  }, 180_000);

  it('cuts over-long cells within the budgets to a row error, storing no copy and losing nothing of the valid rows', async () => {
    const longDescription = 'C'.repeat(12 * MIB);
    const file = await craftedXlsx({
      sharedStrings: [longDescription],
      rows: [
        ...Array.from({ length: 3 }, (_unused, i) => craftedRow({ description: `valid ${i}` })),
        ...Array.from({ length: 300 }, () => craftedRow({ description: { shared: 0 } })),
        craftedRow({ riderNotes: 'D'.repeat(MIB) }),
        craftedRow({ description: 'valid last' }),
      ],
    });
    const attack = await underAttack(file);
    report('(d) 12 MiB shared string x 300 rows + 1 MiB inline notes', file, attack);
    expect(attack.answer.status).toBe(200);
    const stored = storedRows(jobIdOf(attack.answer.body));
    expect(stored).toHaveLength(305);
    const valid = stored.filter((row) => row.status === 'PREPROCESS_SUCCESS');
    expect(valid.map((row) => (JSON.parse(row.document) as { description: string }).description)).toEqual(['valid 0', 'valid 1', 'valid 2', 'valid last']);
    for (const row of valid) {
      const document = JSON.parse(row.document) as Record<string, unknown>;
      expect(document).toMatchObject({ customer_name: VALID_ROW.customerName, drop_off_address: VALID_ROW.dropOffAddress, rider_notes: VALID_ROW.riderNotes });
    }
    const tooLong = stored.filter((row) => row.status !== 'PREPROCESS_SUCCESS');
    expect(tooLong).toHaveLength(301);
    expect(new Set(tooLong.map((row) => row.error))).toEqual(new Set(['bulk-order-upload.error.cell-too-long']));
    // Each stored row holds at most one cell's worth of the long text.
    expect(Math.max(...stored.map((row) => row.size))).toBeLessThan(MAX_CELL_CHARS + 1024);
    figure('upload bomb (d) stored rows', `largest stored row document ${Math.max(...stored.map((row) => row.size))} bytes`);
    expectServerStillServesOthers(attack);
  }, 180_000);
});
