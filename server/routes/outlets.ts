// Collection points (outlets) of a parent vendor: create and edit (SPEC.md §5 "Collection point
// form"). Editing locks the parent and the collection point id; outlets whose id starts with
// `a-` or `b-` come from another system and cannot be edited here.
import type { FastifyInstance } from 'fastify';
import type { CollectionPointForm } from '../../domain/types';
import { validateCollectionPoint } from '../../domain';
import { OutletBody, Result, Vendor, VendorIdParams } from '../../domain/api';
import { assertVendorAccess, requireAuth, type AuthenticatedPrincipal } from '../auth/tenancy';
import { IDEMPOTENCY_HEADER, runIdempotent } from '../idempotency/run';
import { principalKey } from '../orders/principalKey';
import type { VendorsTable } from '../db/schema';
import { unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { toVendor, type VendorRow } from '../http/vendorView';
import { auditedChange } from '../teams/audit';

/** Ids issued by other systems (SPEC.md §5): read-only here. */
export const isExternallyManagedOutlet = (vendorId: string) => /^[ab]-/i.test(vendorId);

function toForm(body: OutletBody, isEditMode: boolean, vendorId: string): CollectionPointForm {
  const hasLocation = body.address.trim() !== '' && body.latitude !== null && body.longitude !== null;
  return {
    parentVendorId: body.parent_vendor_id,
    clientVendorId: body.client_vendor_id,
    name: body.name,
    unitNo: body.unit ?? '',
    building: body.building ?? '',
    phone: body.phone_number,
    riderInstructions: body.rider_instructions ?? '',
    owners: body.users ?? [],
    location: hasLocation ? {
      formatted_address: body.address, latitude: body.latitude as number, longitude: body.longitude as number,
      city: body.city ?? '', countryCode: body.country_code, zipcode: body.postal_code ?? '', street: body.street ?? '',
      streetNumber: body.street_number ?? '',
    } : null,
    isEditMode,
    vendorId,
  };
}

function assertValidForm(form: CollectionPointForm): void {
  const first = Object.entries(validateCollectionPoint(form)).find((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (first) throw unprocessable(first[1], first[0]);
}

function outletColumns(body: OutletBody) {
  return {
    name: body.name.trim(),
    business_name: body.name.trim(),
    contact_phone: body.phone_number.replace(/[^\d+]/g, ''),
    owners_json: JSON.stringify((body.users ?? []).map((u) => u.trim()).filter(Boolean)),
    address_text: body.address.trim(),
    building: body.building ?? '',
    city: body.city ?? '',
    latitude: body.latitude,
    longitude: body.longitude,
    postal_code: body.postal_code ?? '',
    street: body.street ?? '',
    street_number: body.street_number ?? '',
    unit: body.unit ?? '',
    rider_instructions: body.rider_instructions ?? '',
  } satisfies Partial<VendorsTable>;
}

async function assertFlagOn(app: FastifyInstance, flag: 'AddVendorOutlet' | 'EditVendorOutlet', vendor: VendorRow): Promise<void> {
  const flags = await app.flags.evaluateAll({ country: vendor.country_code, brand: app.config.brand, vendorId: vendor.vendor_id });
  if (flags[flag] !== true) throw unprocessable('error.feature-disabled', flag);
}

export async function outletRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Body: OutletBody }>('/outlet', {
    schema: { body: OutletBody, response: { 200: Result(Vendor), ...errorAnswers(400, 401, 403, 409, 422) } },
  }, async (request, reply) => {
    const parent = await assertVendorAccess(request, db, request.body.parent_vendor_id);
    // API.md: the same Idempotency-Key with the same body within 24 h creates one outlet.
    const response = await runIdempotent({
      store: app.orders.idempotency,
      scope: `${principalKey(requireAuth(request))}|${parent.vendor_id}`,
      key: request.headers[IDEMPOTENCY_HEADER] as string | undefined,
      route: 'POST /outlet',
      body: request.body,
      nowUnix: () => app.clock.nowS(),
      work: async () => ({ statusCode: 200, body: { result: await createOutlet(requireAuth(request), parent, request.body) } }),
    });
    return reply.status(response.statusCode).send(response.body);
  });

  async function createOutlet(principal: AuthenticatedPrincipal, parent: VendorRow, body: OutletBody): Promise<Vendor> {
    if (parent.is_parent !== 1) throw unprocessable('error.not-a-parent-vendor', 'parent_vendor_id');
    await assertFlagOn(app, 'AddVendorOutlet', parent);
    if (body.country_code.toUpperCase() !== parent.country_code) throw unprocessable('error.address-country-mismatch', 'country_code');
    assertValidForm(toForm(body, false, ''));
    const taken = await db.selectFrom('vendors').select('vendor_id')
      .where('parent_vendor_id', '=', parent.vendor_id).where('client_vendor_id', '=', body.client_vendor_id.trim()).executeTakeFirst();
    if (taken) throw unprocessable('error.collection-point-id-taken', 'client_vendor_id');
    const now = app.clock.nowS();
    const vendorId = `${parent.country_code.toLowerCase()}-${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const created = await auditedChange(db, principal, now, async (trx) => {
      await trx.insertInto('vendors').values({
        ...outletColumns(body),
        vendor_id: vendorId, parent_vendor_id: parent.vendor_id, client_vendor_id: body.client_vendor_id.trim(),
        is_parent: 0, is_active: 1, is_registered: 1, vendor_code: null, vat_number: parent.vat_number, currency: parent.currency,
        country_code: parent.country_code, payment_methods: parent.payment_methods, estimation_pick_up_time: parent.estimation_pick_up_time,
        created_at: now, updated_at: now,
      }).execute();
      return trx.selectFrom('vendors').selectAll().where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
    }, () => [{ vendorId: parent.vendor_id, action: 'collection-point.changed', subject: vendorId, detail: { change: 'created' } }]);
    return toVendor(created);
  }

  app.put<{ Params: VendorIdParams; Body: OutletBody }>('/outlet/:vendorId', {
    schema: { params: VendorIdParams, body: OutletBody, response: { 200: Result(Vendor), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const outlet = await assertVendorAccess(request, db, request.params.vendorId);
    const body = request.body;
    if (isExternallyManagedOutlet(outlet.vendor_id)) throw unprocessable('error.outlet-not-editable', 'vendor_id');
    if (outlet.parent_vendor_id === null) throw unprocessable('error.not-an-outlet', 'vendor_id');
    if (body.parent_vendor_id !== outlet.parent_vendor_id) throw unprocessable('error.parent-vendor-locked', 'parent_vendor_id');
    if (body.client_vendor_id.trim() !== outlet.client_vendor_id) throw unprocessable('error.collection-point-id-locked', 'client_vendor_id');
    await assertFlagOn(app, 'EditVendorOutlet', outlet);
    if (body.country_code.toUpperCase() !== outlet.country_code) throw unprocessable('error.address-country-mismatch', 'country_code');
    assertValidForm(toForm(body, true, outlet.vendor_id));
    const now = app.clock.nowS();
    const updated = await auditedChange(db, requireAuth(request), now, async (trx) => {
      await trx.updateTable('vendors').set({ ...outletColumns(body), updated_at: now }).where('vendor_id', '=', outlet.vendor_id).execute();
      return trx.selectFrom('vendors').selectAll().where('vendor_id', '=', outlet.vendor_id).executeTakeFirstOrThrow();
    }, () => [{ vendorId: outlet.vendor_id, action: 'collection-point.changed', subject: outlet.vendor_id, detail: { change: 'updated' } }]);
    return { result: toVendor(updated) };
  });
}
