// The vendor answers serialise through the Vendor schema, which drops what it does not declare: every
// vendor the caller reaches must come out of GET /vendors, GET /vendor/{id} and PUT /vendor/{id}/address
// exactly as the store's row maps to it (server/http/vendorView.ts), every field the app reads included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vendor, VendorList } from '../../domain/api';
import { toVendor } from '../../server/http/vendorView';
import { startServer, type TestServer } from './harness';
import { resultOf, SA_OLAYA } from './orders-fixtures';

let server: TestServer;
let auth: string;

beforeAll(async () => {
  server = await startServer({}, {}, { listen: false });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const stored = async (vendorId: string) =>
  toVendor(await server.app.db.selectFrom('vendors').selectAll().where('vendor_id', '=', vendorId).executeTakeFirstOrThrow());

describe('vendor answers', () => {
  it('GET /vendors and GET /vendor/{id} answer each vendor as stored, with every field', async () => {
    const list = await server.call('GET', '/vendors', { auth });
    expect(list.status).toBe(200);
    const { vendors } = resultOf<VendorList>(list.body);
    expect(vendors.length).toBeGreaterThan(1);
    for (const vendor of vendors) {
      const expected = await stored(vendor.vendor_id);
      // The list adds the caller's team role (the demo account owns its vendors).
      expect(vendor).toEqual({ ...expected, role: 'owner' });
      const one = await server.call('GET', `/vendor/${vendor.vendor_id}`, { auth });
      expect(resultOf<Vendor>(one.body)).toEqual(expected);
    }
    // What the app reads is there: the parent's code, the VAT number, owners and the address's parts.
    expect(vendors.some((vendor) => vendor.vendor_code !== undefined)).toBe(true);
    expect(vendors[0]).toMatchObject({
      vendor_information: { owners: expect.any(Array), contact: { phone: expect.any(String) }, location: { rider_instructions: expect.any(String), street_number: expect.any(String) } },
      flags: { payment_methods: expect.any(Array) },
      vat_number: expect.toBeOneOf([expect.any(String), null]),
    });
  });

  it('PUT /vendor/{id}/address answers the updated vendor as stored', async () => {
    const before = await stored(SA_OLAYA);
    const { location } = before.vendor_information;
    const body = {
      address_text: 'King Fahd Road, Riyadh', building: 'B7', unit: '3', city: 'Riyadh', country_code: 'SA',
      latitude: location.latitude, longitude: location.longitude, postal_code: '12211', street: 'King Fahd Road', street_number: '7', rider_instructions: 'Back door',
    };
    const answer = await server.call('PUT', `/vendor/${SA_OLAYA}/address`, { auth, body });
    expect(answer.status).toBe(200);
    expect(resultOf<Vendor>(answer.body)).toEqual(await stored(SA_OLAYA));
    expect(resultOf<Vendor>(answer.body).vendor_information.location).toMatchObject({ building: 'B7', rider_instructions: 'Back door' });
  });
});
