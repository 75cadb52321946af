// Vendors contract: list (parents first), one vendor, address update, help-centre token and page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vendor } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { signedInPair, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair());
});
afterAll(async () => { await server?.stop(); });

const vendorsOf = (body: unknown) => (body as { result: { vendors: Vendor[] } }).result.vendors;

const address = {
  address_text: 'Prince Sultan Road, Al Muhammadiyah, Riyadh', building: 'Building 7', unit: '3', city: 'Riyadh', country_code: 'SA',
  latitude: 24.7401, longitude: 46.6512, postal_code: '12362', street: 'Prince Sultan Road', street_number: '44', rider_instructions: 'Ring twice',
};

describe('GET /vendors', () => {
  it('lists the parent first, then its outlets, and nothing of the other account', async () => {
    const response = await server.call('GET', '/vendors', { auth: vendorAuth });
    expect(response.status).toBe(200);
    const vendors = vendorsOf(response.body);
    expect(vendors[0]?.vendor_id).toBe(DEMO_VENDORS.saParent);
    expect(vendors[0]?.is_parent).toBe(true);
    expect(vendors.slice(1).every((v) => v.parent_vendor_id === DEMO_VENDORS.saParent)).toBe(true);
    expect(vendors.map((v) => v.vendor_id)).toContain(DEMO_VENDORS.saNoCoordinates);
    expect(vendors.some((v) => v.vendor_information.location.country_code !== 'SA')).toBe(false);
    const others = vendorsOf((await server.call('GET', '/vendors', { auth: otherAuth })).body).map((v) => v.vendor_id).sort();
    expect(others).toEqual([DEMO_VENDORS.kuwait, DEMO_VENDORS.pakistan, DEMO_VENDORS.singapore].sort());
  });

  it('answers 401 without credentials and a GoDroid token sees its one vendor', async () => {
    expect((await server.call('GET', '/vendors')).status).toBe(401);
    const minted = await server.call('POST', '/ops/godroid-token', { auth: `Ops ${server.opsToken}`, body: { vendor_id: DEMO_VENDORS.saOlaya } });
    const token = (minted.body as { token: string }).token;
    const vendors = vendorsOf((await server.call('GET', '/vendors', { auth: `GoDroid ${token}` })).body);
    expect(vendors.map((v) => v.vendor_id)).toEqual([DEMO_VENDORS.saOlaya]);
    expect((await server.call('GET', `/vendor/${DEMO_VENDORS.saParent}`, { auth: `GoDroid ${token}` })).status).toBe(403);
  });
});

describe('GET /vendor/{id}', () => {
  it('answers the Vendor of SPEC §3 with payment methods and pick-up estimate', async () => {
    const response = await server.call('GET', `/vendor/${DEMO_VENDORS.saOlaya}`, { auth: vendorAuth });
    const vendor = (response.body as { result: Vendor }).result;
    expect(vendor).toMatchObject({
      vendor_id: DEMO_VENDORS.saOlaya, parent_vendor_id: DEMO_VENDORS.saParent, is_parent: false, is_active: true,
      vendor_information: { currency: 'SAR', location: { city: 'Riyadh', country_code: 'SA' } },
      estimation_pick_up_time: 15,
    });
    expect(vendor.flags.payment_methods).toContain('CASH_ON_DELIVERY');
    const noCoordinates = (await server.call('GET', `/vendor/${DEMO_VENDORS.saNoCoordinates}`, { auth: vendorAuth })).body as { result: Vendor };
    expect(noCoordinates.result.vendor_information.location.latitude).toBeNull();
  });

  it('answers 403 for a foreign and for a missing vendor alike', async () => {
    const foreign = await server.call('GET', `/vendor/${DEMO_VENDORS.singapore}`, { auth: vendorAuth });
    const missing = await server.call('GET', '/vendor/does-not-exist', { auth: vendorAuth });
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(foreign.body);
  });
});

describe('PUT /vendor/{id}/address', () => {
  it('stores the address and answers the updated vendor', async () => {
    const response = await server.call('PUT', `/vendor/${DEMO_VENDORS.saNoCoordinates}/address`, { auth: vendorAuth, body: address });
    expect(response.status).toBe(200);
    const location = (response.body as { result: Vendor }).result.vendor_information.location;
    expect(location).toMatchObject({ address_text: address.address_text, latitude: 24.7401, longitude: 46.6512, unit: '3', rider_instructions: 'Ring twice' });
  });

  it('refuses missing coordinates, another country and a foreign vendor', async () => {
    const noCoordinates = await server.call('PUT', `/vendor/${DEMO_VENDORS.saDiriyah}/address`, { auth: vendorAuth, body: { ...address, latitude: null } });
    expect(noCoordinates.status).toBe(422);
    expect((noCoordinates.body as { message: string }).message).toBe('No coordinates for that address');
    const wrongCountry = await server.call('PUT', `/vendor/${DEMO_VENDORS.saDiriyah}/address`, { auth: vendorAuth, body: { ...address, country_code: 'KW' } });
    expect(wrongCountry.status).toBe(422);
    const foreign = await server.call('PUT', `/vendor/${DEMO_VENDORS.kuwait}/address`, { auth: vendorAuth, body: address });
    expect(foreign.status).toBe(403);
  });
});

describe('help centre', () => {
  it('issues a 1 h token that init turns into a widget URL serving the country FAQ', async () => {
    const tokenResponse = await server.call('GET', `/vendor/${DEMO_VENDORS.saParent}/hc_jwt_token`, { auth: vendorAuth });
    const token = (tokenResponse.body as { result: string }).result;
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(3600);

    const init = await server.call('POST', '/help-centre-service/conditions-api/v1/init', {
      body: { user_id: 'u', email: 'vendor@example.com', guest: false, name: 'Riyadh Fresh Bakery', brand: 'HUNGER_STATION', global_entity_id: 'HS_SA',
        country: 'SA', locale: 'ar-SA', app_version: '1', verification_token: token, bridge: 'web', service_type: 'courier' },
    });
    expect(init.status).toBe(200);
    const url = (init.body as { url: string }).url;
    expect(url).toContain('/help-centre-service/widget?');
    const page = await fetch(url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Saudi Arabia');
    expect(html).toContain('dir="rtl"');
    // The brand's own spelling (domain BRANDS), not the key split into words.
    expect(html).toContain('HungerStation help centre');
    expect(html).not.toContain('Hunger Station');
  });

  it('refuses init with a forged token and the token of a foreign vendor', async () => {
    const init = await server.call('POST', '/help-centre-service/conditions-api/v1/init', { body: { verification_token: 'forged.token.value' } });
    expect(init.status).toBe(401);
    expect((await server.call('GET', `/vendor/${DEMO_VENDORS.kuwait}/hc_jwt_token`, { auth: vendorAuth })).status).toBe(403);
  });
});
