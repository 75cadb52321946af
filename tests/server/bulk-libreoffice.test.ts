// A bulk file produced by another spreadsheet program: LibreOffice (headless) converts a UTF-8 CSV
// to XLSX, and the server must read it like one of ours. Skipped, with a message, when LibreOffice
// is not installed (apt-get install libreoffice-calc-nogui).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig, zonedAt } from '../../domain';
import type { BulkJob, BulkJobRow } from '../../domain/types';
import { HEADERS, upload } from '../fixtures/bulk/workbooks';
import { startServer, type TestServer } from './harness';

const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' });
const hasLibreOffice = soffice.status === 0;
if (!hasLibreOffice) console.warn('bulk-libreoffice.test.ts skipped: LibreOffice (soffice) is not installed; apt-get install libreoffice-calc-nogui to run it.');

/** Wall-clock text one day ahead in the Saudi vendor's zone, and the unix time it stands for. */
function tomorrowInSaudiArabia(): { text: string; unix: number } {
  const unix = Math.floor(Date.now() / 60_000) * 60 + 24 * 3600;
  const local = zonedAt(unix, countryConfig('SA').timeZone).toLocalDateTime();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { unix, text: `${local.year()}-${pad(local.monthValue())}-${pad(local.dayOfMonth())} ${pad(local.hour())}:${pad(local.minute())}` };
}

describe.skipIf(!hasLibreOffice)('an XLSX written by LibreOffice from a CSV', () => {
  let server: TestServer;
  let auth: string;
  const workDir = mkdtempSync(join(tmpdir(), 'bulk-lo-'));

  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
    auth = await server.login('vendor@example.com');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('is read like a file of ours: text phones, Arabic names, a detected date cell', async () => {
    const tomorrow = tomorrowInSaudiArabia();
    const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const rows = [
      ['sa-1001', 'Sara Al-Harbi', '+966501234567', 'Al Malaz, Riyadh', '12', 'Tower A', 'Ring twice', '45.5', 'Two cakes', 'CASH_ON_DELIVERY', 'instant', ''],
      ['sa-1001', 'محمد العتيبي', '+966501234568', 'الملز، الرياض', '', '', '', '30', '', 'PAID', 'scheduled', tomorrow.text],
      ['sa-1001', 'Bad 2', '+966501234569', 'Al Malaz, Riyadh', '', '', '', '30', '', 'PAID', 'instant', ''],
    ];
    const csv = [HEADERS, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
    writeFileSync(join(workDir, 'orders.csv'), csv, 'utf8');
    // Field separator, quote, UTF-8 (76), from line 1, default formats, en-US, quoted fields stay text, detect dates.
    execFileSync('soffice', [
      `-env:UserInstallation=file://${join(workDir, 'profile')}`, '--headless', '--infilter=CSV:44,34,76,1,,1033,true,true',
      '--convert-to', 'xlsx', '--outdir', workDir, join(workDir, 'orders.csv'),
    ], { stdio: 'ignore', timeout: 90_000 });
    const file = readFileSync(join(workDir, 'orders.xlsx'));

    const response = await upload(server, auth, file);
    expect(response.status, response.text).toBe(200);
    const { bulk_job, orders } = (response.body as { body: { bulk_job: BulkJob; orders: BulkJobRow[] } }).body;
    expect(orders.map((o) => [o.row_number, o.status, o.error])).toEqual([
      [2, 'PREPROCESS_SUCCESS', null], [3, 'PREPROCESS_SUCCESS', null], [4, 'PREPROCESS_FAIL', 'validation.wrong-customer-name'],
    ]);
    expect(orders[1]).toMatchObject({ customer_name: 'محمد العتيبي', customer_phone: '+966501234568', delivery_type: 'scheduled', scheduled_for: tomorrow.unix, amount: 30 });
    expect(bulk_job.status).toBe('PREPROCESS_SUCCESS_WITH_ERROR');
  }, 120_000);
});
