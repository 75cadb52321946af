// The vendor's address book of customers: search (2 characters minimum, SPEC.md §5) and save.
// A saved entry with the same phone number replaces the earlier one (one entry per customer).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ADDRESS_MESSAGES } from '../../domain/address';
import { AddressBookEntry, AddressBookEntryBody, AddressBookSearchQuery, Body, VendorIdParams } from '../../domain/api';
import { assertStoredVendorAccess, assertVendorAccess } from '../auth/tenancy';
import type { AddressBookTable } from '../db/schema';
import { unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';

export const ADDRESS_BOOK_SEARCH_MIN_CHARS = 2;
const SEARCH_RESULTS_MAX = 10;
const NOTES_MAX_BYTES = 1000;

const toEntry = (row: AddressBookTable): AddressBookEntry => ({
  id: row.entry_id, name: row.name, phone_number: row.phone_number, latitude: row.latitude, longitude: row.longitude,
  address: row.address, notes: row.notes,
});

/** A LIKE pattern matching `text` literally anywhere (with ESCAPE '\'). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function addressBookRoutes(fastify: FastifyInstance): Promise<void> {
  // Request types come from the route schemas (domain/api) themselves.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get('/addressbook/search-customers/:vendorId', {
    schema: {
      params: VendorIdParams, querystring: AddressBookSearchQuery,
      response: { 200: Body(Type.Array(AddressBookEntry)), ...errorAnswers(400, 401, 403) },
    },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, db, request.params.vendorId);
    const query = (request.query.query ?? '').trim();
    if ([...query].length < ADDRESS_BOOK_SEARCH_MIN_CHARS) return { body: [] };
    const pattern = containsPattern(query);
    const digits = query.replace(/[^\d]/g, '');
    const rows = await db.selectFrom('address_book').selectAll()
      .where('vendor_id', '=', vendor.vendor_id)
      .where((eb) => eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(address)`, 'like', sql`${pattern} escape '\\'`),
        ...(digits.length >= ADDRESS_BOOK_SEARCH_MIN_CHARS ? [eb('phone_number', 'like', `%${digits}%`)] : []),
      ]))
      .orderBy('created_at', 'desc').limit(SEARCH_RESULTS_MAX).execute();
    return { body: rows.map(toEntry) };
  });

  app.post('/addressbook/:vendorId', {
    schema: { params: VendorIdParams, body: AddressBookEntryBody, response: { 200: Body(AddressBookEntry), ...errorAnswers(400, 401, 403, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const body = request.body;
    const notes = body.notes ?? '';
    if (Buffer.byteLength(notes) > NOTES_MAX_BYTES) throw unprocessable(ADDRESS_MESSAGES.notesTooLong, 'notes');
    const phone = body.phone_number.replace(/[^\d+]/g, '');
    if (phone === '') throw unprocessable('validation.fill-customer-phone', 'phone_number');
    const now = app.clock.nowS();
    const values = { name: body.name.trim(), phone_number: phone, latitude: body.latitude, longitude: body.longitude, address: body.address.trim(), notes };
    const existing = await db.selectFrom('address_book').select('entry_id')
      .where('vendor_id', '=', vendor.vendor_id).where('phone_number', '=', phone).executeTakeFirst();
    const entryId = existing?.entry_id ?? crypto.randomUUID();
    if (existing) {
      await db.updateTable('address_book').set({ ...values, created_at: now }).where('entry_id', '=', entryId).execute();
    } else {
      await db.insertInto('address_book').values({ ...values, entry_id: entryId, vendor_id: vendor.vendor_id, created_at: now }).execute();
    }
    const row = await db.selectFrom('address_book').selectAll().where('entry_id', '=', entryId).executeTakeFirstOrThrow();
    return { body: toEntry(row) };
  });
}
