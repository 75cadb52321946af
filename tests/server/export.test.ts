import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig } from '../../domain/countries';
import { zonedAt } from '../../domain/zonedTime';
import { exportFileName, writeOrdersFile, EXPORT_COLUMNS } from '../../server/orders/exportFile';
import { signedInPair, type TestServer } from './harness';
import { placeOrder, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

const TRICKY_DESCRIPTION = '=HYPERLINK("http://evil.example","x"), and "quotes"\nnew line';

async function rowsOf(file: Buffer, format: 'csv' | 'xlsx'): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // map: every CSV field as the text it is, as a spreadsheet's text import shows it.
  const sheet = format === 'csv'
    ? await workbook.csv.read(Readable.from(file), { map: (value: unknown) => value })
    : (await workbook.xlsx.load(file as unknown as ArrayBuffer), workbook.worksheets[0]!);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
    rows.push(values);
  });
  return rows;
}

async function download(server: TestServer, auth: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.api}/orders/export`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('export file (unit)', () => {
  it('makes a safe file name', () => {
    expect(exportFileName('sa-1001/../x', 0, 86400, 'csv', 'UTC')).toBe('orders-sa-1001_.._x-1970-01-01-1970-01-02.csv');
  });

  it('writes one header row and no formula cells', async () => {
    const file = await writeOrdersFile([], 'xlsx');
    const rows = await rowsOf(file, 'xlsx');
    expect(rows).toEqual([EXPORT_COLUMNS.map((c) => c.header)]);
  });
});

describe('POST /orders/export', () => {
  let server: TestServer;
  let auth: string;
  let otherAuth: string;
  let orderId: string;
  const from = Math.floor(Date.now() / 1000) - 3600;
  beforeAll(async () => {
    ({ server, vendor: auth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
    orderId = await placeOrder(server, auth, SA_OLAYA, {
      order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: TRICKY_DESCRIPTION, cold_bag_needed: false },
    });
    await placeOrder(server, auth, SA_OLAYA);
  });
  afterAll(async () => { await server?.stop(); });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`downloads ${format} that parses back with every row and neutralised cells`, async () => {
      const to = Math.floor(Date.now() / 1000) + 60;
      const response = await download(server, auth, { vendor_id: SA_OLAYA, from, to, status: 'ANY', include_outlets: false, format, delivery: 'download' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="orders-${SA_OLAYA}-[0-9-]+\\.${format}"$`));
      const rows = await rowsOf(Buffer.from(await response.arrayBuffer()), format);
      const expected = await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', SA_OLAYA).where('created_at', '>=', from).execute();
      expect(rows).toHaveLength(expected.length + 1);
      const tricky = rows.find((row) => row[0] === orderId);
      expect(tricky?.[EXPORT_COLUMNS.findIndex((c) => c.header === 'Description')]).toBe(`'${TRICKY_DESCRIPTION}`);
      // A phone number is not a formula: no apostrophe in front of it.
      expect(tricky?.[EXPORT_COLUMNS.findIndex((c) => c.header === 'Customer phone')]).toBe('+966501234567');
      // Times in the vendor's zone, named in the header, as the history screen shows them.
      const zone = countryConfig('SA').timeZone;
      const createdColumn = rows[0]!.indexOf(`Created (${zone})`);
      expect(createdColumn).toBeGreaterThan(-1);
      expect(rows[0]).not.toContain('Created (UTC)');
      const order = await server.app.db.selectFrom('orders').select('created_at').where('order_id', '=', orderId).executeTakeFirstOrThrow();
      const local = zonedAt(Number(order.created_at), zone);
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(tricky?.[createdColumn]).toBe(`${local.year()}-${pad(local.monthValue())}-${pad(local.dayOfMonth())} ${pad(local.hour())}:${pad(local.minute())}:${pad(local.second())}`);
    });
  }

  it('types the phone as text and sets readable column widths in xlsx', async () => {
    const to = Math.floor(Date.now() / 1000) + 60;
    const response = await download(server, auth, { vendor_id: SA_OLAYA, from, to, status: 'ANY', include_outlets: false, format: 'xlsx', delivery: 'download' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const phoneColumn = EXPORT_COLUMNS.findIndex((c) => c.header === 'Customer phone') + 1;
    expect(sheet.getRow(2).getCell(phoneColumn).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(phoneColumn).value).toBe('+966501234567');
    for (let column = 1; column <= EXPORT_COLUMNS.length; column += 1) {
      const width = sheet.getColumn(column).width ?? 0;
      const header = String(sheet.getRow(1).getCell(column).value);
      // Every header fits its column, and no column is absurdly wide.
      expect({ header, fits: width >= header.length && width <= 60 }).toEqual({ header, fits: true });
    }
  });

  it('filters by status category and includes outlets for the parent', async () => {
    const to = Math.floor(Date.now() / 1000) + 60;
    const cancelled = await download(server, auth, { vendor_id: SA_OLAYA, from, to, status: 'CANCELLED', format: 'csv', delivery: 'download' });
    expect(await rowsOf(Buffer.from(await cancelled.arrayBuffer()), 'csv')).toHaveLength(1);
    const parent = await download(server, auth, { vendor_id: SA_PARENT, from, to, status: 'ANY', include_outlets: true, format: 'csv', delivery: 'download' });
    const rows = await rowsOf(Buffer.from(await parent.arrayBuffer()), 'csv');
    expect(rows.some((row) => row[0] === orderId)).toBe(true);
  });

  it('mails the file to the signed-in user', async () => {
    const to = Math.floor(Date.now() / 1000) + 60;
    const response = await server.call('POST', '/orders/export', { auth, body: { vendor_id: SA_OLAYA, from, to, format: 'xlsx', delivery: 'email' } });
    expect(response.status).toBe(200);
    expect(resultOf(response.body)).toEqual({ emailed_to: 'vendor@example.com' });
    const mail = (await server.outbox()).at(-1);
    expect(mail?.to).toContain('vendor@example.com');
    expect(mail?.subject).toContain('.xlsx');
  });

  it('refuses other tenants, reversed or too long periods and unknown formats', async () => {
    const to = Math.floor(Date.now() / 1000);
    expect((await server.call('POST', '/orders/export', { auth: otherAuth, body: { vendor_id: SA_OLAYA, from, to, format: 'csv', delivery: 'download' } })).status).toBe(403);
    expect((await server.call('POST', '/orders/export', { auth, body: { vendor_id: SA_OLAYA, from: to, to: from, format: 'csv', delivery: 'download' } })).status).toBe(400);
    expect((await server.call('POST', '/orders/export', { auth, body: { vendor_id: SA_OLAYA, from: 0, to, format: 'csv', delivery: 'download' } })).status).toBe(422);
    expect((await server.call('POST', '/orders/export', { auth, body: { vendor_id: SA_OLAYA, from, to, format: 'pdf', delivery: 'download' } })).status).toBe(400);
  });
});
