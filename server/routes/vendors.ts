// Vendors the caller reaches (API.md "Vendors and collection points").
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ADDRESS_MESSAGES } from '../../domain/address';
import { IdParams, Result, Vendor, VendorAddressBody, VendorList } from '../../domain/api';
import { assertStoredVendorAccess, assertVendorAccess, requireAuth } from '../auth/tenancy';
import { unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { sortParentsFirst, toVendor } from '../http/vendorView';
import { auditedChange } from '../teams/audit';

export async function vendorRoutes(fastify: FastifyInstance): Promise<void> {
  // Request and answer types come from the route schemas (domain/api) themselves.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get('/vendors', { schema: { response: { 200: Result(VendorList), ...errorAnswers(401) } } }, async (request) => {
    const principal = requireAuth(request);
    const ids = principal.kind === 'user' || principal.kind === 'apiKey' ? principal.vendorIds : principal.kind === 'godroid' ? [principal.vendorId] : [];
    const rows = ids.length === 0 ? [] : await db.selectFrom('vendors').selectAll().where('vendor_id', 'in', ids).execute();
    // A member's role at each vendor, so the app can hide what the role does not allow.
    const roleAt = (vendorId: string) => (principal.kind === 'user' ? principal.roles[vendorId] : undefined);
    return { result: { vendors: sortParentsFirst(rows.map((row) => {
      const role = roleAt(row.vendor_id);
      return role === undefined ? toVendor(row) : { ...toVendor(row), role };
    })) } };
  });

  app.get('/vendor/:id', { schema: { params: IdParams, response: { 200: Result(Vendor), ...errorAnswers(400, 401, 403) } } }, async (request) => {
    const row = await assertVendorAccess(request, db, request.params.id);
    return { result: toVendor(row) };
  });

  app.put('/vendor/:id/address', {
    schema: { params: IdParams, body: VendorAddressBody, response: { 200: Result(Vendor), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const row = await assertStoredVendorAccess(request, db, request.params.id);
    const body = request.body;
    if (Buffer.byteLength(body.address_text) > 255) throw unprocessable(ADDRESS_MESSAGES.addressTooLong, 'address_text');
    if (Buffer.byteLength(body.rider_instructions ?? '') > 1000) throw unprocessable(ADDRESS_MESSAGES.notesTooLong, 'rider_instructions');
    if (body.latitude === null || body.longitude === null) throw unprocessable('No coordinates for that address', 'latitude');
    if (body.country_code.toUpperCase() !== row.country_code) throw unprocessable('error.address-country-mismatch', 'country_code');
    const now = app.clock.nowS();
    const updated = await auditedChange(db, requireAuth(request), now, async (trx) => {
      await trx.updateTable('vendors').set({
        address_text: body.address_text.trim(), building: body.building ?? '', unit: body.unit ?? '', city: body.city,
        latitude: body.latitude, longitude: body.longitude, postal_code: body.postal_code ?? '', street: body.street ?? '',
        street_number: body.street_number ?? '', rider_instructions: body.rider_instructions ?? row.rider_instructions, updated_at: now,
      }).where('vendor_id', '=', row.vendor_id).execute();
      return trx.selectFrom('vendors').selectAll().where('vendor_id', '=', row.vendor_id).executeTakeFirstOrThrow();
    }, () => [{ vendorId: row.vendor_id, action: 'collection-point.changed', subject: row.vendor_id, detail: { change: 'address' } }]);
    return { result: toVendor(updated) };
  });
}
