// Vendors the caller reaches (API.md "Vendors and collection points").
import type { FastifyInstance } from 'fastify';
import { ADDRESS_MESSAGES } from '../../domain/address';
import { assertStoredVendorAccess, assertVendorAccess, requireAuth } from '../auth/tenancy';
import { unprocessable } from '../http/errors';
import { strictObject } from '../http/validation';
import { sortParentsFirst, toVendor } from '../http/vendor-view';

const vendorIdParams = strictObject({ id: { type: 'string', minLength: 1, maxLength: 128 } });

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const latitude = { type: ['number', 'null'], minimum: -90, maximum: 90 } as const;
const longitude = { type: ['number', 'null'], minimum: -180, maximum: 180 } as const;

const addressBody = {
  type: 'object',
  additionalProperties: false,
  required: ['address_text', 'city', 'country_code', 'latitude', 'longitude'],
  properties: {
    address_text: text(255), building: text(200), unit: text(200), city: text(200), country_code: text(2),
    latitude, longitude, postal_code: text(32), street: text(255), street_number: text(32), rider_instructions: text(1000),
  },
} as const;

interface AddressBody {
  address_text: string; building?: string; unit?: string; city: string; country_code: string;
  latitude: number | null; longitude: number | null; postal_code?: string; street?: string; street_number?: string;
  rider_instructions?: string;
}

export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/vendors', async (request) => {
    const principal = requireAuth(request);
    const ids = principal.kind === 'user' || principal.kind === 'apiKey' ? principal.vendorIds : principal.kind === 'godroid' ? [principal.vendorId] : [];
    const rows = ids.length === 0 ? [] : await db.selectFrom('vendors').selectAll().where('vendor_id', 'in', ids).execute();
    return { result: { vendors: sortParentsFirst(rows.map(toVendor)) } };
  });

  app.get<{ Params: { id: string } }>('/vendor/:id', { schema: { params: vendorIdParams } }, async (request) => {
    const row = await assertVendorAccess(request, db, request.params.id);
    return { result: toVendor(row) };
  });

  app.put<{ Params: { id: string }; Body: AddressBody }>('/vendor/:id/address', {
    schema: { params: vendorIdParams, body: addressBody },
  }, async (request) => {
    const row = await assertStoredVendorAccess(request, db, request.params.id);
    const body = request.body;
    if (Buffer.byteLength(body.address_text) > 255) throw unprocessable(ADDRESS_MESSAGES.addressTooLong, 'address_text');
    if (Buffer.byteLength(body.rider_instructions ?? '') > 1000) throw unprocessable(ADDRESS_MESSAGES.notesTooLong, 'rider_instructions');
    if (body.latitude === null || body.longitude === null) throw unprocessable('No coordinates for that address', 'latitude');
    if (body.country_code.toUpperCase() !== row.country_code) throw unprocessable('error.address-country-mismatch', 'country_code');
    const now = app.clock.nowS();
    await db.updateTable('vendors').set({
      address_text: body.address_text.trim(), building: body.building ?? '', unit: body.unit ?? '', city: body.city,
      latitude: body.latitude, longitude: body.longitude, postal_code: body.postal_code ?? '', street: body.street ?? '',
      street_number: body.street_number ?? '', rider_instructions: body.rider_instructions ?? row.rider_instructions, updated_at: now,
    }).where('vendor_id', '=', row.vendor_id).execute();
    const updated = await db.selectFrom('vendors').selectAll().where('vendor_id', '=', row.vendor_id).executeTakeFirstOrThrow();
    return { result: toVendor(updated) };
  });
}
