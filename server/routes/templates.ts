// Saved order templates per outlet (issue #27): list, create, update, delete. Only the vendors the
// caller reaches (tenancy.ts); another vendor's template answers exactly like a missing one.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ADDRESS_MESSAGES } from '../../domain/address';
import { Body, OrderTemplate, OrderTemplateBody, TemplateParams, VendorIdParams } from '../../domain/api';
import { assertStoredVendorAccess } from '../auth/tenancy';
import type { OrderTemplatesTable } from '../db/schema';
import { notFound, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';

const NOTES_MAX_BYTES = 1000;
/** Enough for every regular delivery of an outlet, few enough to pick from one list. */
const TEMPLATES_PER_VENDOR_MAX = 200;

const toTemplate = ({ template_id: id, ...row }: OrderTemplatesTable): OrderTemplate => ({ id, ...row });

/** The body as stored: trimmed text, the phone as digits and +. */
function valuesOf(body: OrderTemplateBody) {
  if (Buffer.byteLength(body.notes) > NOTES_MAX_BYTES) throw unprocessable(ADDRESS_MESSAGES.notesTooLong, 'notes');
  const phone = body.phone_number.replace(/[^\d+]/g, '');
  if (phone === '') throw unprocessable('validation.fill-customer-phone', 'phone_number');
  const name = body.name.trim();
  if (name === '') throw unprocessable('templates.error.name-required', 'name');
  return {
    ...body,
    name,
    customer_name: body.customer_name.trim(),
    phone_number: phone,
    address: body.address.trim(),
    description: body.description.trim(),
  };
}

export async function templateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get('/templates/:vendorId', {
    schema: { params: VendorIdParams, response: { 200: Body(Type.Array(OrderTemplate)), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const rows = await db.selectFrom('order_templates').selectAll().where('vendor_id', '=', vendor.vendor_id).orderBy('name').orderBy('template_id').execute();
    return { body: rows.map(toTemplate) };
  });

  app.post('/templates/:vendorId', {
    schema: { params: VendorIdParams, body: OrderTemplateBody, response: { 200: Body(OrderTemplate), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const values = valuesOf(request.body);
    const { count } = await db.selectFrom('order_templates').select((eb) => eb.fn.countAll<number>().as('count'))
      .where('vendor_id', '=', vendor.vendor_id).executeTakeFirstOrThrow();
    if (Number(count) >= TEMPLATES_PER_VENDOR_MAX) throw unprocessable('templates.error.too-many', 'name');
    const now = app.clock.nowS();
    const row: OrderTemplatesTable = { ...values, template_id: crypto.randomUUID(), vendor_id: vendor.vendor_id, created_at: now, updated_at: now };
    await db.insertInto('order_templates').values(row).execute();
    return { body: toTemplate(row) };
  });

  app.put('/templates/:vendorId/:templateId', {
    schema: { params: TemplateParams, body: OrderTemplateBody, response: { 200: Body(OrderTemplate), ...errorAnswers(400, 401, 403, 404, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const values = valuesOf(request.body);
    const updated = await db.updateTable('order_templates').set({ ...values, updated_at: app.clock.nowS() })
      .where('template_id', '=', request.params.templateId).where('vendor_id', '=', vendor.vendor_id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('error.not-found', 'templateId');
    const row = await db.selectFrom('order_templates').selectAll().where('template_id', '=', request.params.templateId).executeTakeFirstOrThrow();
    return { body: toTemplate(row) };
  });

  app.delete('/templates/:vendorId/:templateId', {
    schema: { params: TemplateParams, response: { 200: Body(Type.Boolean()), ...errorAnswers(400, 401, 403, 404) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const deleted = await db.deleteFrom('order_templates')
      .where('template_id', '=', request.params.templateId).where('vendor_id', '=', vendor.vendor_id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('error.not-found', 'templateId');
    return { body: true };
  });
}
