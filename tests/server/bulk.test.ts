// POST /bulk-job/create, GET /bulk-job/example-file, /bulk-job/all and /bulk-job/detail over real
// HTTP (issue 8). Files are written by the tests with exceljs or crafted byte by byte.
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig, zonedAt } from '../../domain';
import type { ApiErrorBody, BulkJob, BulkJobRow } from '../../domain/types';
import { BULK_COLUMNS } from '../../server/bulk/columns';
import {
  entriesOf, HEADERS, SA_NO_COORDINATES, SA_OLAYA, SA_PARENT, tamper, upload, validRow, xlsx, zip, zipBomb,
} from '../fixtures/bulk/workbooks';
import { signedInPair, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;

beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
});
afterAll(async () => { await server?.stop(); });

interface Created { body: { bulk_job: BulkJob; orders: BulkJobRow[] } }
const created = (body: unknown) => (body as Created).body;
const errorOf = (body: unknown) => body as ApiErrorBody;

async function expectRefused(file: Buffer, status: number, key: string, options: Parameters<typeof upload>[3] = {}): Promise<ApiErrorBody> {
  const response = await upload(server, vendorAuth, file, options);
  expect(response.status, response.text).toBe(status);
  const body = errorOf(response.body);
  expect(body.message).toBe(key);
  expect(body.errors[0]?.meta?.translation_key).toBe(key);
  return body;
}

/**
 * A time one day from now (whole minutes) and its wall clock in the Saudi vendor's time zone (the
 * domain's country configuration): as text, as a Date whose UTC fields are the wall clock (how
 * exceljs writes date cells) and as an Excel serial number.
 */
function saudiTimeInOneDay(): { unix: number; text: string; wallClock: Date; serial: number } {
  const unix = Math.floor(Date.now() / 60_000) * 60 + 24 * 3600;
  const local = zonedAt(unix, countryConfig('SA').timeZone).toLocalDateTime();
  const pad = (n: number) => String(n).padStart(2, '0');
  const wallClock = new Date(Date.UTC(local.year(), local.monthValue() - 1, local.dayOfMonth(), local.hour(), local.minute()));
  return {
    unix,
    text: `${local.year()}-${pad(local.monthValue())}-${pad(local.dayOfMonth())} ${pad(local.hour())}:${pad(local.minute())}`,
    wallClock,
    serial: wallClock.getTime() / 86_400_000 + 25_569,
  };
}

describe('GET /bulk-job/example-file', () => {
  it('is Template.xlsx with the header, an example row, notes and drop-down lists, and is accepted back as it is', async () => {
    const response = await fetch(`${server.api}/bulk-job/example-file`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=Template.xlsx');
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = await response.arrayBuffer();
    const file = Buffer.from(bytes);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = sheet.getRow(1);
    expect(BULK_COLUMNS.map((_c, i) => header.getCell(i + 1).value)).toEqual(HEADERS);
    expect(BULK_COLUMNS.every((_c, i) => typeof header.getCell(i + 1).note !== 'undefined')).toBe(true);
    expect(sheet.getRow(2).getCell(1).value).toBe('sa-1001');
    const xml = (await entriesOf(file)).get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    expect(xml).toMatch(/<dataValidation type="list"[^>]*sqref="J2:J10001"><formula1>&quot;PAID,CASH_ON_DELIVERY,ONLINE_PAYMENT&quot;<\/formula1>/);
    expect(xml).toMatch(/<dataValidation type="list"[^>]*sqref="K2:K10001"><formula1>&quot;instant,scheduled&quot;<\/formula1>/);

    const back = await upload(server, vendorAuth, file, { fileName: 'Template.xlsx' });
    expect(back.status, back.text).toBe(200);
    const { bulk_job, orders } = created(back.body);
    expect(bulk_job.status).toBe('PREPROCESS_SUCCESS');
    expect(orders).toHaveLength(1);
  });
});

describe('POST /bulk-job/create: rows', () => {
  it('accepts valid rows: Arabic names, scheduled times as a date cell, an Excel serial and text, and formulas with a cached result', async () => {
    const inOneDay = saudiTimeInOneDay();
    const file = await xlsx([
      validRow(),
      validRow({ customerName: 'محمد العتيبي', dropOffAddress: 'الملز، الرياض' }),
      validRow({ deliveryType: 'scheduled', scheduledTime: inOneDay.wallClock }),
      validRow({ deliveryType: 'Scheduled', scheduledTime: inOneDay.serial }),
      validRow({ deliveryType: 'scheduled', scheduledTime: inOneDay.text }),
      validRow({ amount: { formula: '20+25.5', result: 45.5 }, paymentMethod: 'paid' }),
    ], { formats: { scheduledTime: 'yyyy-mm-dd hh:mm' } });
    const response = await upload(server, vendorAuth, file);
    expect(response.status, response.text).toBe(200);
    const { bulk_job, orders } = created(response.body);
    expect(orders.map((o) => [o.row_number, o.status, o.error])).toEqual([2, 3, 4, 5, 6, 7].map((n) => [n, 'PREPROCESS_SUCCESS', null]));
    expect(bulk_job).toMatchObject({
      status: 'PREPROCESS_SUCCESS', job_type: 'ORDER_CREATION', vendor_id: SA_PARENT, created_by: 'vendor@example.com', file_name: 'orders.xlsx',
      totals: { rows: 6, orders_to_be_placed: 6, orders_placed: 0, errors: 0 }, preprocess: { metadata: { success_row_count: 6 } },
    });
    expect(orders[1]?.customer_name).toBe('محمد العتيبي');
    expect(orders.every((o) => typeof o.delivery_fee === 'number' && o.delivery_fee > 0)).toBe(true);
    expect(orders.slice(2, 5).map((o) => o.scheduled_for)).toEqual([inOneDay.unix, inOneDay.unix, inOneDay.unix]);
    expect(orders[0]?.scheduled_for).toBeNull();
    expect(orders[5]).toMatchObject({ amount: 45.5, payment_method: 'PAID' });
  });

  it('stores one translation key per failing row and keeps the good ones', async () => {
    const inThreeDays = new Date(saudiTimeInOneDay().wallClock.getTime() + 2 * 86_400_000);
    const cases: [ExcelJS.CellValue[], string][] = [
      [validRow({ collectionPoint: 'sa-9999' }), 'bulk-order-upload.error.unknown-collection-point'],
      [validRow({ collectionPoint: SA_NO_COORDINATES }), 'bulk-order-upload.error.collection-point-without-address'],
      [validRow({ customerName: '' }), 'validation.fill-customer-name'],
      [validRow({ customerName: 'Sara 2' }), 'validation.wrong-customer-name'],
      [validRow({ customerPhone: '12' }), 'validation.phone-incorrect'],
      [validRow({ dropOffAddress: 'Nowhere Street, Atlantis' }), 'validation.invalid-coordinates'],
      [validRow({ dropOffAddress: 'Al Shati, Jeddah' }), 'request.error.undeliverable-address'],
      [validRow({ amount: null }), 'validation.fill-amount'],
      [validRow({ amount: 'lots' }), 'validation.fill-amount'],
      [validRow({ paymentMethod: 'BITCOIN' }), 'bulk-order-upload.error.invalid-payment-method'],
      [validRow({ paymentMethod: 'ONLINE_PAYMENT' }), 'bulk-order-upload.error.online-payment-not-supported'],
      [validRow({ deliveryType: 'tomorrow' }), 'bulk-order-upload.error.invalid-delivery-type'],
      [validRow({ deliveryType: 'scheduled' }), 'bulk-order-upload.error.missing-scheduled-time'],
      [validRow({ deliveryType: 'scheduled', scheduledTime: 'next tuesday' }), 'bulk-order-upload.error.invalid-scheduled-time'],
      [validRow({ deliveryType: 'scheduled', scheduledTime: inThreeDays }), 'validation.invalid-preorder-time'],
      [validRow({ amount: { formula: 'A1*2', result: undefined } as ExcelJS.CellFormulaValue }), 'bulk-order-upload.error.formula-without-value'],
      [validRow({ description: 'x'.repeat(201) }), 'validation.fill-description'],
      // Over 1000 bytes within 1000 characters: the column's own rule; longer than any column allows: cut as read.
      [validRow({ riderNotes: 'é'.repeat(501) }), 'address.error.notes-too-long'],
      [validRow({ riderNotes: 'x'.repeat(1001) }), 'bulk-order-upload.error.cell-too-long'],
      [validRow(), ''],
    ];
    const response = await upload(server, vendorAuth, await xlsx(cases.map(([row]) => row), { formats: { scheduledTime: 'yyyy-mm-dd hh:mm' } }));
    expect(response.status, response.text).toBe(200);
    const { bulk_job, orders } = created(response.body);
    expect(orders.map((o) => o.error ?? '')).toEqual(cases.map(([, key]) => key));
    expect(orders.at(-1)?.status).toBe('PREPROCESS_SUCCESS');
    expect(orders.slice(0, -1).every((o) => o.status === 'PREPROCESS_FAIL' && o.delivery_fee === null)).toBe(true);
    expect(bulk_job.status).toBe('PREPROCESS_SUCCESS_WITH_ERROR');
    expect(bulk_job.totals).toEqual({ rows: cases.length, orders_to_be_placed: 1, orders_placed: 0, errors: cases.length - 1 });

    const detail = async (filter: string) => {
      const res = await server.call('GET', `/bulk-job/detail/${SA_PARENT}/${bulk_job.bulk_job_id}?filter=${filter}`, { auth: vendorAuth });
      expect(res.status, res.text).toBe(200);
      return (res.body as { body: BulkJob }).body;
    };
    expect((await detail('ALL')).rows).toHaveLength(cases.length);
    expect((await detail('PREPROCESS_SUCCESS')).rows?.map((r) => r.row_number)).toEqual([cases.length + 1]);
    expect((await detail('PREPROCESS_FAIL')).rows).toHaveLength(cases.length - 1);
    expect((await server.call('GET', `/bulk-job/detail/${SA_PARENT}/${bulk_job.bulk_job_id}?filter=SOME`, { auth: vendorAuth })).status).toBe(400);
  });

  it('marks rows covered by merged cells instead of guessing their values', async () => {
    const file = await xlsx([validRow(), validRow(), validRow()], { merges: ['A3:A4'] });
    const response = await upload(server, vendorAuth, file);
    expect(response.status, response.text).toBe(200);
    expect(created(response.body).orders.map((o) => o.error)).toEqual([null, 'bulk-order-upload.error.merged-cells', 'bulk-order-upload.error.merged-cells']);
  });

  it('is PREPROCESS_FAIL when no row is valid, and such a job cannot be placed', async () => {
    const response = await upload(server, vendorAuth, await xlsx([validRow({ customerName: '' }), validRow({ amount: null })]));
    expect(response.status, response.text).toBe(200);
    const { bulk_job } = created(response.body);
    expect(bulk_job.status).toBe('PREPROCESS_FAIL');
    const place = await server.call('POST', `/bulk-job/place-orders/${bulk_job.bulk_job_id}`, { auth: vendorAuth, body: {} });
    expect(place.status).toBe(409);
    expect(errorOf(place.body).message).toBe('bulk-order-upload.place-order-error');
  });

  it('skips blank rows and finds the columns whatever their order and case', async () => {
    const header = [...HEADERS].reverse().map((h) => `  ${h.toUpperCase()} `);
    const row = [...validRow()].reverse();
    const response = await upload(server, vendorAuth, await xlsx([[], row, [], row], { header }));
    expect(response.status, response.text).toBe(200);
    expect(created(response.body).orders.map((o) => [o.row_number, o.status])).toEqual([[3, 'PREPROCESS_SUCCESS'], [5, 'PREPROCESS_SUCCESS']]);
  });
});

describe('POST /bulk-job/create: files', () => {
  it('accepts a workbook whatever the order and storage of its parts (the worksheet before the workbook part, every part stored)', async () => {
    // exceljs's one-pass reader lost the parts queued behind the worksheet whenever the unzipping ran
    // ahead of it (exceljs#3064), and stored parts unzip at once: this file was refused 422
    // invalid-file-format in 16 reads of 20 before the sheet's parts were opened by name. Four uploads.
    const entries = await entriesOf(await xlsx([validRow(), validRow()]));
    const file = zip([...entries].filter(([name]) => !name.endsWith('/')).map(([name, data]) => ({ name, data, stored: true })));
    for (const _attempt of [1, 2, 3, 4]) {
      const response = await upload(server, vendorAuth, file);
      expect(response.status, response.text).toBe(200);
      expect(created(response.body).orders.map((o) => o.status)).toEqual(['PREPROCESS_SUCCESS', 'PREPROCESS_SUCCESS']);
    }
  });

  it('refuses what is not XLSX', async () => {
    await expectRefused(Buffer.from('a,b\n1,2\n'), 422, 'bulk-order-upload.invalid-file-format', { fileName: 'orders.csv', type: 'text/csv' });
    await expectRefused(Buffer.from('name,phone\nSara,1\n'), 422, 'bulk-order-upload.invalid-file-format');
    await expectRefused(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }, { name: '[Content_Types].xml', data: Buffer.from('<Types/>') }]), 422, 'bulk-order-upload.invalid-file-format');
    const truncated = (await xlsx([validRow()])).subarray(0, 2000);
    await expectRefused(truncated, 422, 'bulk-order-upload.invalid-file-format');
  });

  it('refuses a file over 5 MB with 413 and takes one of exactly 5 MB to the format check', async () => {
    const atLimit = Buffer.alloc(5_242_880, 0x41);
    await expectRefused(atLimit, 422, 'bulk-order-upload.invalid-file-format');
    await expectRefused(Buffer.alloc(5_242_881, 0x41), 413, 'bulk-order-upload.file-too-large');
  });

  it('answers 413 to a chunked upload (no Content-Length) as soon as it passes 5 MB, without waiting for the rest', async () => {
    const boundary = 'bulkboundary';
    const { port } = new URL(server.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (data: Buffer) => {
        text += data.toString('utf8');
        if (text.includes('\r\n\r\n{')) resolve(text);
      });
    });
    const chunked = (data: Buffer | string) => {
      const bytes = Buffer.from(data);
      socket.write(`${bytes.length.toString(16)}\r\n`);
      socket.write(bytes);
      socket.write('\r\n');
    };
    socket.write(`POST /orders/api/v1/bulk-job/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${vendorAuth}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    chunked(`--${boundary}\r\nContent-Disposition: form-data; name="vendor_id"\r\n\r\n${SA_PARENT}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    // Six megabytes of a file that never ends: the body is never completed.
    for (let i = 0; i < 6; i += 1) chunked(Buffer.alloc(1024 * 1024, 0x41));
    let text: string;
    // The 5 s guard is cancelled once answered: it is a ceiling, not a wait.
    const guard = new AbortController();
    try {
      text = await Promise.race([answer, delay(5000, 'no answer within 5 s', { signal: guard.signal }).catch(() => 'cancelled')]);
    } finally {
      guard.abort();
      socket.destroy();
    }
    expect(text.startsWith('HTTP/1.1 413')).toBe(true);
    expect(text).toContain('"message":"bulk-order-upload.file-too-large"');
  });

  it('refuses an empty file and a sheet with only its header', async () => {
    await expectRefused(Buffer.alloc(0), 422, 'bulk-order-upload.empty-file');
    await expectRefused(await xlsx([]), 422, 'bulk-order-upload.empty-file');
  });

  it('names the missing or renamed columns', async () => {
    const header = HEADERS.map((h) => (h === 'Customer phone' ? 'Phone' : h)).filter((h) => h !== 'Payment method');
    const body = await expectRefused(await xlsx([validRow()], { header }), 422, 'bulk-order-upload.missing-columns');
    expect(body.errors[0]?.field).toBe('Customer phone,Payment method');
  });

  it('refuses more than 10 000 rows and accepts exactly 10 000', async () => {
    const rows = Array.from({ length: 10_000 }, () => validRow());
    const accepted = await upload(server, vendorAuth, await xlsx(rows));
    expect(accepted.status, accepted.text).toBe(200);
    expect(created(accepted.body).bulk_job.totals.orders_to_be_placed).toBe(10_000);
    rows.push(validRow());
    await expectRefused(await xlsx(rows), 422, 'bulk-order-upload.too-many-rows');
  }, 120_000);

  it('refuses workbooks with macros', async () => {
    const valid = await xlsx([validRow()]);
    await expectRefused(await tamper(valid, (e) => e.set('xl/vbaProject.bin', Buffer.from('macro'))), 422, 'bulk-order-upload.macros-not-allowed');
    await expectRefused(
      await tamper(valid, (e) => e.set('[Content_Types].xml', Buffer.from((e.get('[Content_Types].xml') ?? Buffer.alloc(0)).toString().replace('sheet.main+xml', 'sheet.macroEnabled.main+xml')))),
      422, 'bulk-order-upload.macros-not-allowed', { fileName: 'orders.xlsx' },
    );
  });

  it('refuses zip-slip names, entity declarations and archives with too many entries', async () => {
    const valid = await xlsx([validRow()]);
    for (const name of ['../../etc/evil.xml', '/abs/evil.xml', 'xl\\worksheets\\evil.xml', 'C:/evil.xml']) {
      await expectRefused(await tamper(valid, (e) => e.set(name, Buffer.from('<x/>'))), 422, 'bulk-order-upload.unsafe-file');
    }
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>';
    await expectRefused(
      await tamper(valid, (e) => e.set('xl/worksheets/sheet1.xml', Buffer.from((e.get('xl/worksheets/sheet1.xml') ?? Buffer.alloc(0)).toString().replace(/^<\?xml[^>]*\?>/, laughs)))),
      422, 'bulk-order-upload.unsafe-file',
    );
    await expectRefused(await tamper(valid, (e) => { for (let i = 0; i < 600; i += 1) e.set(`xl/media/image${i}.png`, Buffer.from('x')); }), 422, 'bulk-order-upload.unsafe-file');
  });

  it('refuses a zip bomb (a few hundred KB unpacking to ~147 MB) over HTTP at once', async () => {
    const bomb = await zipBomb();
    const started = performance.now();
    await expectRefused(bomb, 422, 'bulk-order-upload.file-too-large-unpacked');
    expect(performance.now() - started).toBeLessThan(1000);
  }, 30_000);

  it('answers every file error in the one error shape, never 5xx', async () => {
    const samples = [Buffer.from('PK\u0003\u0004garbage'), Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), zip([])];
    for (const sample of samples) {
      const response = await upload(server, vendorAuth, sample);
      expect(response.status).toBe(422);
      expect(errorOf(response.body).message).toBe('bulk-order-upload.invalid-file-format');
    }
  });
});

describe('tenancy and routes', () => {
  it('answers 401 without a caller and 403 for a foreign vendor or job', async () => {
    const file = await xlsx([validRow()]);
    expect((await upload(server, null, file)).status).toBe(401);
    const foreign = await upload(server, otherAuth, file);
    expect(foreign.status).toBe(403);
    const mine = created((await upload(server, vendorAuth, file)).body).bulk_job;
    expect((await server.call('GET', `/bulk-job/all/${SA_PARENT}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/bulk-job/detail/${SA_PARENT}/${mine.bulk_job_id}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/bulk-job/detail/sg-2000/${mine.bulk_job_id}`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('GET', `/bulk-job/detail/${SA_PARENT}/bulk-doesnotexist`, { auth: vendorAuth })).status).toBe(403);
    expect((await server.call('POST', `/bulk-job/place-orders/${mine.bulk_job_id}`, { auth: otherAuth, body: {} })).status).toBe(403);
    expect((await server.call('POST', '/bulk-job/place-orders/bulk-doesnotexist', { auth: vendorAuth, body: {} })).status).toBe(403);
  });

  it('lists the vendor\'s jobs newest first under both service prefixes', async () => {
    const first = created((await upload(server, vendorAuth, await xlsx([validRow()]), { prefix: '/hurrier/api/v1' })).body).bulk_job;
    const second = created((await upload(server, vendorAuth, await xlsx([validRow(), validRow()]))).body).bulk_job;
    const list = await server.call('GET', `/bulk-job/all/${SA_PARENT}`, { auth: vendorAuth });
    expect(list.status).toBe(200);
    const { code, body } = list.body as { code: number; body: BulkJob[] };
    expect(code).toBe(200);
    const ids = body.map((job) => job.bulk_job_id);
    expect(ids.indexOf(second.bulk_job_id)).toBeLessThan(ids.indexOf(first.bulk_job_id));
    expect(body.find((job) => job.bulk_job_id === second.bulk_job_id)?.totals.rows).toBe(2);
    expect(body.every((job) => job.rows === undefined)).toBe(true);
  });

  it('answers 400 without vendor_id or file, 415 for a JSON body and 403 to a guest', async () => {
    const file = await xlsx([validRow()]);
    const form = (parts: [string, string | Blob, string?][]) => {
      const data = new FormData();
      for (const [name, value, fileName] of parts) {
        if (typeof value === 'string') data.append(name, value);
        else data.append(name, value, fileName);
      }
      return data;
    };
    const post = (body: FormData | string, auth = vendorAuth, headers: Record<string, string> = {}) =>
      fetch(`${server.api}/bulk-job/create`, { method: 'POST', body, headers: { authorization: auth, ...headers } });
    const noVendor = await post(form([['file', new Blob([new Uint8Array(file)]), 'orders.xlsx']]));
    expect([noVendor.status, ((await noVendor.json()) as ApiErrorBody).errors[0]?.field]).toEqual([400, 'vendor_id']);
    const noFile = await post(form([['vendor_id', SA_PARENT]]));
    expect([noFile.status, ((await noFile.json()) as ApiErrorBody).message]).toEqual([400, 'bulk-order-upload.missing-file']);
    expect((await post(JSON.stringify({ vendor_id: SA_PARENT }), vendorAuth, { 'content-type': 'application/json' })).status).toBe(415);
    const guest = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'guest@example.com', phone_number: '+966501234567', country_code: 'SA' } });
    const guestAuth = `Bearer ${(guest.body as { result: { token: string } }).result.token}`;
    expect((await upload(server, guestAuth, file, { vendorId: 'vendorID' })).status).toBe(403);
  });

  it('only accepts collection points of the uploading vendor', async () => {
    const response = await upload(server, vendorAuth, await xlsx([validRow({ collectionPoint: 'sg-2000' }), validRow({ collectionPoint: SA_OLAYA })]));
    expect(created(response.body).orders.map((o) => o.error)).toEqual(['bulk-order-upload.error.unknown-collection-point', null]);
  });
});
