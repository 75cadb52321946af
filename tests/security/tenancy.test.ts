// Tenant isolation at volume (issue 12): every route x method of the server's own route table,
// called by callers of another tenant with foreign vendor ids, foreign order ids and missing ids,
// >= 10 000 requests through app.inject; the WebSocket subscription over a real socket; randomised
// list, search and export filters (fast-check) that must never return a foreign row.
// tests/server/tenancy.test.ts checks one request per route; this one checks the whole matrix,
// that a foreign existing order answers exactly like a missing one, and that nothing leaks.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { RegisteredRoute } from '../../server/http/appContext';
import { startServer, type TestServer } from '../server/harness';
import { moveOrder, orderPayload, placeOrder, quoteFee, resultOf } from '../server/orders-fixtures';
import { demoCallers, figure, inject, SERVICE, type Callers } from './support';

let server: TestServer;
let callers: Callers;
/** The first account's vendors (the victims) and orders. */
const SA_VENDORS = ['sa-1000', 'sa-1001', 'sa-1002', 'sa-1003', 'sa-1004', 'a-1005'];
const OTHER_VENDORS = ['sg-2000', 'pk-3000', 'kw-4000'];
let saOrders: string[] = [];
const sgOrders: string[] = [];

beforeAll(async () => {
  // Volume is the point here: the per-caller budget is off (tests/security/rateLimits.test.ts covers it).
  server = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: false });
  callers = await demoCallers(server);
  saOrders = (await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', 'in', SA_VENDORS).execute()).map((r) => r.order_id);
  // The other account's own orders, so its lists are not trivially empty.
  for (let i = 0; i < 3; i += 1) {
    const destination = { latitude: 1.31 + i / 1000, longitude: 103.86 };
    const quote = await quoteFee(server, callers.other, 'sg-2000', destination);
    const body = orderPayload('sg-2000', quote, {
      customer: { location: { ...destination, address: `${i}, Orchard Road, Singapore`, notes: '' }, phone_number: '+6581234567', name: 'Tan Wei' },
    });
    const answer = await server.call('POST', '/order', { auth: callers.other, body });
    if (answer.status !== 200) throw new Error(`sg order: ${answer.status} ${answer.text}`);
    sgOrders.push(resultOf<{ order_id: string }>(answer.body).order_id);
  }
}, 60_000);
afterAll(async () => { await server?.stop(); });

const VENDOR_PARAMS = new Set(['vendorId', 'vendorID', 'id']);
const ORDER_PARAMS = new Set(['orderId', 'orderID']);
const VENDOR_KEYS = new Set(['vendor_id', 'vendorId', 'parent_vendor_id']);
/** Answer without a caller by design (an unguessable id plus a link token), probed separately. */
const PUBLIC_BY_TOKEN = [/\/tracking\/:orderId$/, /\/order\/:orderId\/receipt$/];

type Target = { vendorId: string; orderId: string };

function namesTenantResource(route: RegisteredRoute): boolean {
  if (route.url.startsWith('/ops') || route.url === '/ws' || route.url.startsWith('/payments-sandbox')) return false;
  if (PUBLIC_BY_TOKEN.some((p) => p.test(route.url))) return false;
  return route.params.some((p) => ORDER_PARAMS.has(p) || (VENDOR_PARAMS.has(p) && (p !== 'id' || route.url.includes('/vendor/:id'))) || p === 'jobId')
    || route.query.some((q) => VENDOR_KEYS.has(q) || q === 'orderId')
    || route.body.some((b) => VENDOR_KEYS.has(b) || b === 'order_id');
}

/** A request of `route` aimed at `target` (foreign or missing), with a plausible body. */
function aim(route: RegisteredRoute, target: Target): { url: string; body: Record<string, unknown> | undefined } {
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => {
    if (ORDER_PARAMS.has(param)) return encodeURIComponent(target.orderId);
    if (VENDOR_PARAMS.has(param)) return encodeURIComponent(target.vendorId);
    if (param === 'jobId') return `${target.vendorId}-job-${randomBytes(4).toString('hex')}`;
    if (param === 'name') return 'serviceHours';
    if (param === 'code') return 'WELCOME10';
    return 'x';
  });
  const query = new URLSearchParams();
  for (const key of route.query) {
    if (VENDOR_KEYS.has(key)) query.set(key, target.vendorId);
    if (key === 'orderId') query.set(key, target.orderId);
  }
  if ([...query].length > 0) url += `?${query.toString()}`;
  if (route.method === 'GET' || route.method === 'DELETE') return { url, body: undefined };
  const body: Record<string, unknown> = {};
  for (const key of route.body) {
    if (key === 'parent_vendor_id') body[key] = 'sa-1000';
    else if (VENDOR_KEYS.has(key)) body[key] = target.vendorId;
    else if (key === 'order_id') body[key] = target.orderId;
    else if (key === 'reason') body[key] = 'CHANGE_OF_PLANS';
  }
  return { url, body };
}

const missingOrderId = (vendorId: string) => `${vendorId}-${randomBytes(10).toString('hex')}`;

describe('cross-tenant matrix (route table x callers x foreign and missing ids)', () => {
  it('answers no foreign success over >= 10 000 requests, and never shows a foreign id', async () => {
    const routes = server.app.routeTable.filter(namesTenantResource);
    expect(routes.length).toBeGreaterThan(20);
    const attackers = [callers.other, callers.godroidOther, callers.guest];
    const targets: Target[] = [];
    // Foreign existing orders (each with its own vendor) and missing ids under foreign vendors.
    for (const orderId of saOrders) targets.push({ vendorId: orderId.slice(0, orderId.lastIndexOf('-')), orderId });
    for (const vendorId of SA_VENDORS) for (let i = 0; i < 8; i += 1) targets.push({ vendorId, orderId: missingOrderId(vendorId) });
    let requests = 0;
    const successes: string[] = [];
    const statuses = new Map<number, number>();
    const foreignIds = [...saOrders];
    while (requests < 10_000) {
      for (const route of routes) {
        for (const auth of attackers) {
          const target = targets[(requests + route.url.length) % targets.length] as Target;
          const { url, body } = aim(route, target);
          const answer = await inject(server.app, route.method, url, { auth, ...(body ? { body } : {}) });
          requests += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 400) successes.push(`${route.method} ${url} -> ${answer.status}`);
          if (foreignIds.some((id) => answer.text.includes(id))) successes.push(`${route.method} ${url} leaked an order id`);
          if (answer.status >= 500) successes.push(`${route.method} ${url} -> ${answer.status}`);
        }
      }
    }
    figure('tenant isolation', `${successes.length} cross-tenant successes in ${requests} requests over ${routes.length} routes (statuses ${JSON.stringify(Object.fromEntries(statuses))})`);
    expect(successes.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(10_000);
  }, 240_000);

  it('answers another vendor\'s existing order exactly like a missing one, on every order route', async () => {
    const routes = server.app.routeTable.filter((r) => namesTenantResource(r) && (r.params.some((p) => ORDER_PARAMS.has(p)) || r.query.includes('orderId') || r.body.includes('order_id')));
    expect(routes.length).toBeGreaterThan(4);
    const differences: string[] = [];
    for (const route of routes) {
      for (const auth of [callers.other, callers.godroidOther, callers.guest]) {
        for (const existing of saOrders.slice(0, 5)) {
          const vendorId = existing.slice(0, existing.lastIndexOf('-'));
          const real = aim(route, { vendorId, orderId: existing });
          const fake = aim(route, { vendorId, orderId: missingOrderId(vendorId) });
          const a = await inject(server.app, route.method, real.url, { auth, ...(real.body ? { body: real.body } : {}) });
          const b = await inject(server.app, route.method, fake.url, { auth, ...(fake.body ? { body: fake.body } : {}) });
          if (a.status !== b.status || a.text !== b.text) differences.push(`${route.method} ${route.url}: ${a.status} ${a.text.slice(0, 80)} vs ${b.status} ${b.text.slice(0, 80)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('answers the public tracking and receipt pages alike for a real order without its token and a missing one', async () => {
    const orderId = saOrders[0] as string;
    for (const prefix of [SERVICE, '/hurrier/api/v1']) {
      for (const page of ['tracking/ID', 'order/ID/receipt']) {
        for (const t of ['', '?t=', `?t=${'a'.repeat(64)}`]) {
          const real = await inject(server.app, 'GET', `${prefix}/${page.replace('ID', orderId)}${t}`);
          const fake = await inject(server.app, 'GET', `${prefix}/${page.replace('ID', missingOrderId('sa-1001'))}${t}`);
          expect(real.status).toBe(403);
          expect([fake.status, fake.text]).toEqual([real.status, real.text]);
        }
      }
    }
  });
});

describe('live updates over a real socket', () => {
  async function open(auth: string): Promise<{ socket: WebSocket; messages: { type: string; vendor_id?: string; message?: string; order?: { order_id: string } }[] }> {
    const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`);
    const messages: { type: string; vendor_id?: string; message?: string; order?: { order_id: string } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    return { socket, messages };
  }

  it('never confirms a foreign subscription nor delivers a foreign order update', async () => {
    let subscribeOk = 0;
    let foreignUpdates = 0;
    // The control for "nothing arrived": the Riyadh vendor's own socket sees each Riyadh update, and
    // each tested socket then answers one more message of its own; a foreign update sent to it would
    // have come before that answer.
    const observer = await open(callers.vendor);
    observer.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: 'sa-1001' }));
    await vi.waitFor(() => expect(observer.messages.some((m) => m.type === 'subscribe_ok')).toBe(true));
    const refusals = (messages: { type: string; message?: string }[]) => messages.filter((m) => m.type === 'error' && m.message !== 'error.invalid-message').length;
    for (const auth of [callers.other, callers.godroidOther, callers.guest]) {
      const { socket, messages } = await open(auth);
      for (let i = 0; i < 100; i += 1) {
        socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SA_VENDORS[i % SA_VENDORS.length] }));
      }
      // A legitimate subscription after the refused ones, as the control: it must still work.
      const own = auth === callers.guest ? null : 'sg-2000';
      if (own) socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: own }));
      await vi.waitFor(() => {
        expect(refusals(messages)).toBe(100);
        if (own) expect(messages.some((m) => m.type === 'subscribe_ok' && m.vendor_id === own)).toBe(true);
      });
      // Updates of foreign orders now: none may reach this socket.
      const victim = saOrders.find((id) => id.startsWith('sa-1001-')) as string;
      await moveOrder(server, victim, 'RECEIVED').catch(() => undefined);
      const control = await placeOrder(server, callers.vendor, 'sa-1001');
      await vi.waitFor(() => expect(observer.messages.some((m) => m.order?.order_id === control)).toBe(true));
      socket.send('not json');
      await vi.waitFor(() => expect(messages.some((m) => m.type === 'error' && m.message === 'error.invalid-message')).toBe(true));
      subscribeOk += messages.filter((m) => m.type === 'subscribe_ok' && m.vendor_id !== own).length;
      foreignUpdates += messages.filter((m) => m.type === 'order_update' && !(m as { order?: { order_id: string } }).order?.order_id.startsWith('sg-')).length;
      if (own) expect(messages.some((m) => m.type === 'subscribe_ok' && m.vendor_id === own)).toBe(true);
      expect(refusals(messages)).toBe(100);
      socket.close();
    }
    observer.socket.close();
    figure('websocket isolation', `${subscribeOk} foreign subscriptions confirmed, ${foreignUpdates} foreign updates delivered, of 300 attempts`);
    expect(subscribeOk).toBe(0);
    expect(foreignUpdates).toBe(0);
  }, 30_000);
});

describe('randomised filters never return a foreign row', () => {
  const ownIds = (auth: string) => (auth === callers.vendor ? SA_VENDORS : OTHER_VENDORS);
  const filters = fc.record({
    from: fc.option(fc.integer({ min: 0, max: 2_000_000_000 }), { nil: undefined }),
    to: fc.option(fc.integer({ min: 0, max: 2_000_000_000 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: -5, max: 500 }), { nil: undefined }),
    include_outlets: fc.option(fc.constantFrom('true', 'false', '1', 'yes'), { nil: undefined }),
    scheduled: fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
    customer_phone_number: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('+966', '%', "' OR 1=1 --", '_')), { nil: undefined }),
    pagination_key: fc.option(fc.oneof(fc.base64String({ maxLength: 60 }), fc.constant(Buffer.from(JSON.stringify([9_999_999_999, 'zz'])).toString('base64url'))), { nil: undefined }),
  });

  it('lists (GET /vendor/{id}/orders) of either account, whatever the filters', async () => {
    let rows = 0;
    await fc.assert(fc.asyncProperty(fc.constantFrom('vendor', 'other'), fc.constantFrom(...SA_VENDORS.slice(0, 2), ...OTHER_VENDORS.slice(0, 1)), filters, async (who, vendorId, filter) => {
      const auth = who === 'vendor' ? callers.vendor : callers.other;
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      const answer = await inject(server.app, 'GET', `${SERVICE}/vendor/${vendorId}/orders?${query.toString()}`, { auth });
      expect(answer.status).toBeLessThan(500);
      if (!ownIds(auth).includes(vendorId)) { expect(answer.status).toBe(403); return; }
      if (answer.status !== 200) return;
      const data = resultOf<{ data: { order_id: string; vendor_id: string }[] }>(answer.body).data;
      rows += data.length;
      for (const order of data) expect(ownIds(auth)).toContain(order.vendor_id);
    }), { numRuns: 300 });
    figure('list filters', `300 random filter sets, ${rows} rows returned, 0 foreign`);
  }, 60_000);

  it('searches the address book and exports with random filters, own rows only', async () => {
    await server.call('POST', '/addressbook/sa-1001', { auth: callers.vendor, body: { name: 'Secret Saudi Customer', phone_number: '+966509999999', latitude: 24.7, longitude: 46.7, address: 'x, Riyadh', notes: '' } });
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('Secret', '%', '_', "' OR '1'='1", '+966')), async (query) => {
      const answer = await inject(server.app, 'GET', `${SERVICE}/addressbook/search-customers/sg-2000?query=${encodeURIComponent(query)}`, { auth: callers.other });
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toContain('Secret Saudi');
    }), { numRuns: 100 });
    let exported = 0;
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...OTHER_VENDORS), fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 0, max: 92 * 86_400 }),
      fc.constantFrom('ANY', 'ACTIVE', 'DELIVERED', 'CANCELLED', undefined), fc.boolean(), fc.constantFrom('csv' as const, 'xlsx' as const),
      async (vendorId, from, span, status, includeOutlets, format) => {
        const now = Math.floor(Date.now() / 1000);
        const start = Math.min(from, now - span);
        const body = { vendor_id: vendorId, from: start, to: start + span, include_outlets: includeOutlets, format, delivery: 'download', ...(status ? { status } : {}) };
        const answer = await server.app.inject({ method: 'POST', url: `${SERVICE}/orders/export`, headers: { authorization: callers.other, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(answer.statusCode).toBeLessThan(500);
        if (answer.statusCode !== 200) return;
        const workbook = new ExcelJS.Workbook();
        const sheet = format === 'csv' ? await workbook.csv.read(Readable.from(answer.rawPayload)) : (await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer), workbook.worksheets[0]);
        sheet?.eachRow((row, index) => {
          if (index === 1) return;
          exported += 1;
          const orderId = String(row.getCell(1).value ?? '');
          expect(OTHER_VENDORS.some((id) => orderId.startsWith(`${id}-`))).toBe(true);
        });
      },
    ), { numRuns: 60 });
    // Wide windows over the whole history must have found the other account's own orders.
    const wide = await server.app.inject({ method: 'POST', url: `${SERVICE}/orders/export`, headers: { authorization: callers.other, 'content-type': 'application/json' }, payload: JSON.stringify({ vendor_id: 'sg-2000', from: Math.floor(Date.now() / 1000) - 3600, to: Math.floor(Date.now() / 1000) + 60, format: 'csv', delivery: 'download' }) });
    expect(wide.body.split('\n').filter((line) => line.startsWith('sg-2000-')).length).toBe(sgOrders.length);
    figure('export filters', `60 random exports, ${exported} rows, 0 foreign`);
  }, 120_000);
});
