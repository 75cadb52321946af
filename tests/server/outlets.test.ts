// Collection points: create under a parent, edit with the locks of SPEC §5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vendor } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { signedInPair, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({}, {}, { listen: false }));
});
afterAll(async () => { await server?.stop(); });

const outlet = (overrides: Record<string, unknown> = {}) => ({
  parent_vendor_id: DEMO_VENDORS.saParent, client_vendor_id: 'RFB-SULI', name: 'Riyadh Fresh Bakery - Sulimaniyah',
  address: 'Tahlia Street, Al Sulimaniyah, Riyadh', latitude: 24.7035, longitude: 46.706, rider_instructions: 'Back entrance',
  phone_number: '+966 11 234 5699', city: 'Riyadh', users: ['manager@example.com'], unit: '2', building: 'Al Tahlia Plaza',
  street: 'Tahlia Street', street_number: '15', postal_code: '12241', country_code: 'SA', ...overrides,
});

const errorOf = (body: unknown) => body as { message: string; errors: { field?: string }[] };

describe('POST /outlet', () => {
  let created: Vendor;

  it('creates an outlet under the parent that the account then reaches', async () => {
    const response = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet() });
    expect(response.status).toBe(200);
    created = (response.body as { result: Vendor }).result;
    expect(created).toMatchObject({ parent_vendor_id: DEMO_VENDORS.saParent, client_vendor_id: 'RFB-SULI', is_parent: false });
    expect(created.vendor_information.contact.phone).toBe('+966112345699');
    expect(created.vendor_information.owners).toEqual(['manager@example.com']);
    const list = (await server.call('GET', '/vendors', { auth: vendorAuth })).body as { result: { vendors: Vendor[] } };
    expect(list.result.vendors.map((v) => v.vendor_id)).toContain(created.vendor_id);
  });

  it('refuses a taken collection point id, missing fields of the form, a bad owner email and a non-parent', async () => {
    expect(errorOf((await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet() })).body).errors[0]?.field).toBe('client_vendor_id');
    const noName = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet({ client_vendor_id: 'X2', name: '' }) });
    expect(noName.status).toBe(422);
    expect(errorOf(noName.body).errors[0]?.field).toBe('name');
    const noAddress = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet({ client_vendor_id: 'X3', latitude: null }) });
    expect(errorOf(noAddress.body).errors[0]?.field).toBe('location');
    const badOwner = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet({ client_vendor_id: 'X4', users: ['not-an-email'] }) });
    expect(badOwner.status).toBe(422);
    const notParent = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet({ client_vendor_id: 'X5', parent_vendor_id: DEMO_VENDORS.saOlaya }) });
    expect(notParent.status).toBe(422);
  });

  it('answers 403 for a parent of another account', async () => {
    const response = await server.call('POST', '/outlet', { auth: otherAuth, body: outlet({ client_vendor_id: 'X6' }) });
    expect(response.status).toBe(403);
  });

  it('PUT edits the outlet but not its parent or collection point id', async () => {
    const edited = await server.call('PUT', `/outlet/${created.vendor_id}`, { auth: vendorAuth, body: outlet({ name: 'Sulimaniyah (renamed)' }) });
    expect(edited.status).toBe(200);
    expect((edited.body as { result: Vendor }).result.name).toBe('Sulimaniyah (renamed)');
    const movedParent = await server.call('PUT', `/outlet/${created.vendor_id}`, { auth: vendorAuth, body: outlet({ parent_vendor_id: DEMO_VENDORS.saOlaya }) });
    expect(movedParent.status).toBe(422);
    expect(errorOf(movedParent.body).errors[0]?.field).toBe('parent_vendor_id');
    const newClientId = await server.call('PUT', `/outlet/${created.vendor_id}`, { auth: vendorAuth, body: outlet({ client_vendor_id: 'OTHER' }) });
    expect(newClientId.status).toBe(422);
    expect(errorOf(newClientId.body).errors[0]?.field).toBe('client_vendor_id');
  });

  it('PUT refuses outlets managed elsewhere (ids a-/b-) with 422 and foreign outlets with 403', async () => {
    const partner = await server.call('PUT', `/outlet/${DEMO_VENDORS.saPartnerManaged}`, { auth: vendorAuth, body: outlet({ client_vendor_id: DEMO_VENDORS.saPartnerManaged }) });
    expect(partner.status).toBe(422);
    expect(errorOf(partner.body).message).toBe('error.outlet-not-editable');
    expect((await server.call('PUT', `/outlet/${created.vendor_id}`, { auth: otherAuth, body: outlet() })).status).toBe(403);
  });

  it('honours the AddVendorOutlet flag', async () => {
    await server.call('PUT', '/ops/flags/AddVendorOutlet', { auth: `Ops ${server.opsToken}`, body: { variation: false, vendor_id: DEMO_VENDORS.saParent } });
    const refused = await server.call('POST', '/outlet', { auth: vendorAuth, body: outlet({ client_vendor_id: 'X7' }) });
    expect(refused.status).toBe(422);
    expect(errorOf(refused.body).message).toBe('error.feature-disabled');
    await server.call('PUT', '/ops/flags/AddVendorOutlet', { auth: `Ops ${server.opsToken}`, body: { variation: true, vendor_id: DEMO_VENDORS.saParent } });
  });
});

describe('POST /outlet with Idempotency-Key', () => {
  it('creates one outlet for a repeated key and body, and answers 409 for the key with another body', async () => {
    const headers = { 'idempotency-key': 'outlet-key-1' };
    const first = await server.call('POST', '/outlet', { auth: vendorAuth, headers, body: outlet({ client_vendor_id: 'IDEM-1' }) });
    const second = await server.call('POST', '/outlet', { auth: vendorAuth, headers, body: outlet({ client_vendor_id: 'IDEM-1' }) });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const conflicting = await server.call('POST', '/outlet', { auth: vendorAuth, headers, body: outlet({ client_vendor_id: 'IDEM-2' }) });
    expect(conflicting.status).toBe(409);
    const list = (await server.call('GET', '/vendors', { auth: vendorAuth })).body as { result: { vendors: Vendor[] } };
    expect(list.result.vendors.filter((v) => v.client_vendor_id.startsWith('IDEM-'))).toHaveLength(1);
  });
});
