// Business rules POST /order must hold whatever the body says (issue "Accounts and business rules"):
// the delivery area /delivery/area/validate answers, SPEC.md §5's name and VAT rules through the
// domain functions the browser uses; nothing is created when a rule refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, OrderRequestPayload } from '../../domain/types';
import { startServer, type TestServer } from '../server/harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, vendorPoint } from '../server/orders-fixtures';
import { inject, isApiErrorBody, SERVICE } from './support';

let server: TestServer;
let auth: string;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600' }, { tenantQuota: false }, { listen: false });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const orderCount = async () => {
  const row = await server.app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
};
const keyOf = (body: unknown) => (body as ApiErrorBody).errors[0]?.meta?.translation_key;

async function refused(payload: OrderRequestPayload): Promise<{ status: number; key: string | undefined; field: string | undefined }> {
  const before = await orderCount();
  const answer = await inject(server.app, 'POST', `${SERVICE}/order`, { auth, body: payload });
  expect(await orderCount()).toBe(before);
  if (answer.status < 400) return { status: answer.status, key: undefined, field: undefined };
  expect(isApiErrorBody(answer.body, answer.status)).toBe(true);
  return { status: answer.status, key: keyOf(answer.body), field: (answer.body as ApiErrorBody).errors[0]?.field };
}

describe('the delivery area', () => {
  it('refuses a destination /delivery/area/validate calls UNDELIVERABLE (0,0), creating nothing, although a fee was signed for it', async () => {
    const nowhere = { latitude: 0, longitude: 0 };
    const source = await vendorPoint(server, auth, SA_OLAYA);
    const area = await inject(server.app, 'POST', `${SERVICE}/delivery/area/validate`, {
      auth, body: { location: { lat: 0, lng: 0 }, vendor_location: source, vendor_id: SA_OLAYA },
    });
    expect(resultOf(area.body)).toBe('UNDELIVERABLE');
    const quote = await quoteFee(server, auth, SA_OLAYA, nowhere, source);
    const payload = orderPayload(SA_OLAYA, quote);
    payload.customer.location = { ...payload.customer.location, ...nowhere };
    expect(await refused(payload)).toEqual({ status: 422, key: 'request.error.undeliverable-address', field: 'customer.location' });
  });

  it('still places an order inside the area (control)', async () => {
    const before = await orderCount();
    const answer = await inject(server.app, 'POST', `${SERVICE}/order`, { auth, body: orderPayload(SA_OLAYA, await quoteFee(server, auth, SA_OLAYA)) });
    expect(answer.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('a guest writing vendor data', () => {
  it('gets a 4xx in API.md\'s shape, not a 500, on POST /addressbook/vendorID and PUT /vendor/vendorID/address', async () => {
    const session = await inject(server.app, 'POST', `${SERVICE}/guest/session`, { body: { name: 'Guest', email: 'guest@example.com', phone_number: '+966501111111', country_code: 'SA' } });
    const guest = `Bearer ${resultOf<{ token: string }>(session.body).token}`;
    const entry = { name: 'Sara', phone_number: '+966501234567', latitude: 24.66, longitude: 46.73, address: 'Al Malaz, Riyadh', notes: '' };
    const book = await inject(server.app, 'POST', `${SERVICE}/addressbook/vendorID`, { auth: guest, body: entry });
    expect(book.status).toBe(403);
    expect(isApiErrorBody(book.body, 403)).toBe(true);
    const address = await inject(server.app, 'PUT', `${SERVICE}/vendor/vendorID/address`, {
      auth: guest, body: { address_text: 'Olaya Street, Riyadh', city: 'Riyadh', country_code: 'SA', latitude: 24.69, longitude: 46.68 },
    });
    expect(address.status).toBe(403);
    expect(isApiErrorBody(address.body, 403)).toBe(true);
    // The vendor's own writes still work (control).
    expect((await inject(server.app, 'POST', `${SERVICE}/addressbook/${SA_OLAYA}`, { auth, body: entry })).status).toBe(200);
  });
});

describe('SPEC.md §5 on the server (the browser\'s domain rules)', () => {
  it('refuses invisible, control-character and broken customer names, creating nothing', async () => {
    const quote = await quoteFee(server, auth, SA_OLAYA);
    const cases: [string, string][] = [
      ['\u200b', 'validation.fill-customer-name'],
      ['\u0000', 'validation.fill-customer-name'],
      ['Sara\u0000', 'validation.wrong-customer-name'],
      ['Sara \ud800', 'validation.wrong-customer-name'],
      ['\udc00\ud800', 'validation.wrong-customer-name'],
    ];
    for (const [name, key] of cases) {
      const payload = orderPayload(SA_OLAYA, quote);
      payload.customer.name = name;
      expect(await refused(payload), JSON.stringify(name)).toEqual({ status: 422, key, field: 'customer.name' });
    }
  });

  it('refuses a VAT number that breaks the 8-character rule, and accepts a valid or empty one', async () => {
    const quote = await quoteFee(server, auth, SA_OLAYA);
    for (const vat of ['123', '1234567890', '1234 678', '1234567\u0000', '1234567\u200b', 'x'.repeat(32)]) {
      expect(await refused(orderPayload(SA_OLAYA, quote, { vat_number: vat })), JSON.stringify(vat)).toEqual({ status: 422, key: 'request.vat.invalid', field: 'vat_number' });
    }
    for (const vat of ['12345678', '', null]) {
      const answer = await inject(server.app, 'POST', `${SERVICE}/order`, { auth, body: orderPayload(SA_OLAYA, await quoteFee(server, auth, SA_OLAYA), { vat_number: vat }) });
      expect(answer.status, JSON.stringify(vat)).toBe(200);
    }
  });
});
