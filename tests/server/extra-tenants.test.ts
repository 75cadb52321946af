// The e2e fixture tests/e2e/support/extraTenants.ts against the real server over HTTP: group@ reaches
// both parents and their outlets, fees are quoted in Croatia and Bulgaria, allOutletOrders follows each
// country, and the demo account reaches none of it (nor group@ the demo vendors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vendor } from '../../domain/types';
import { GROUP_EMAIL, GROUP_VENDORS, GROUP_VENDOR_SEEDS, addGroupTenant } from '../e2e/support/extraTenants';
import { startServer, type TestServer } from './harness';
import { quoteFee, resultOf, SA_PARENT } from './orders-fixtures';

let server: TestServer;
let group: string;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  await addGroupTenant(server.config);
  group = await server.login(GROUP_EMAIL);
});
afterAll(async () => { await server?.stop(); });

const seedOf = (vendorId: string) => GROUP_VENDOR_SEEDS.find((seed) => seed.vendor_id === vendorId);
/** A point about 1.7 km north of the vendor: inside every country's delivery limit. */
const near = (vendorId: string) => ({ latitude: (seedOf(vendorId)?.latitude ?? 0) + 0.015, longitude: seedOf(vendorId)?.longitude ?? 0 });

describe('extra tenants fixture (group@: a Croatian and a Bulgarian parent)', () => {
  it('lists both parents first, then their outlets', async () => {
    const vendors = resultOf<{ vendors: Vendor[] }>((await server.call('GET', '/vendors', { auth: group })).body).vendors;
    expect(vendors.map((vendor) => vendor.vendor_id).sort()).toEqual(Object.values(GROUP_VENDORS).sort());
    expect(vendors.slice(0, 2).every((vendor) => vendor.is_parent)).toBe(true);
    const lozenets = vendors.find((vendor) => vendor.vendor_id === GROUP_VENDORS.bgLozenets);
    expect(lozenets?.parent_vendor_id).toBe(GROUP_VENDORS.bgParent);
  });

  it.each([
    [GROUP_VENDORS.hrMaksimir, 'true'],
    [GROUP_VENDORS.hrParent, 'true'],
    [GROUP_VENDORS.bgParent, 'false'],
    [GROUP_VENDORS.bgLozenets, 'false'],
  ])('allOutletOrders for %s is %s', async (vendorId, expected) => {
    const response = await server.call('GET', `/get-country-parameter/allOutletOrders?vendor_id=${vendorId}`, { auth: group });
    expect(response.status, response.text).toBe(200);
    expect(resultOf<string>(response.body)).toBe(expected);
  });

  it.each([GROUP_VENDORS.hrTresnjevka, GROUP_VENDORS.bgLozenets])('quotes a signed fee for %s (default price scheme, in euro)', async (vendorId) => {
    const quote = await quoteFee(server, group, vendorId, near(vendorId));
    // 10 plus 1 per started km (domain DEFAULT_PRICE_SCHEME): 2 started km.
    expect(quote.fee).toBe(12);
    expect(quote.signature).not.toBe('');
  });

  it('keeps the tenants apart both ways', async () => {
    const demo = await server.login('vendor@example.com');
    expect((await server.call('GET', `/vendor/${GROUP_VENDORS.hrParent}`, { auth: demo })).status).toBe(403);
    expect((await server.call('GET', `/vendor/${GROUP_VENDORS.bgLozenets}`, { auth: demo })).status).toBe(403);
    expect((await server.call('GET', `/vendor/${SA_PARENT}`, { auth: group })).status).toBe(403);
  });
});
