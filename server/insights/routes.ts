// GET /vendor/{vendorId}/insights (server/README.md, an addition to API.md): the
// Insights page's figures for a period, with the order list's tenancy (API.md "Tenancy") and its
// include_outlets rule, computed by the database (./aggregates.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { countryConfig, dateRangeFor, DateRangeError, trendDayCount } from '../../domain';
import { Insights, InsightsQuery, Result, VendorIdParams } from '../../domain/api';
import { assertVendorAccess, canReachVendor, requireAuth } from '../auth/tenancy';
import { badRequest, forbidden } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { listedVendorIds } from '../orders/outlets';
import { computeInsights } from './aggregates';

export async function insightsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/vendor/:vendorId/insights', {
    schema: { params: VendorIdParams, querystring: InsightsQuery, response: { 200: Result(Insights), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const principal = requireAuth(request);
    // Insights are for signed-in vendors: a guest has no vendor whose business to look at.
    if (principal.kind === 'guest') throw forbidden('error.forbidden', 'vendor_id');
    const vendor = await assertVendorAccess(request, app.db, request.params.vendorId);
    const { from, to } = request.query;
    if ((from === undefined) !== (to === undefined)) throw badRequest('error.invalid-date-range', from === undefined ? 'from' : 'to');
    // Days and hours are the vendor's country's, as the History filters compute them.
    const timeZone = countryConfig(vendor.country_code).timeZone;
    const range = from !== undefined && to !== undefined ? { from, to } : dateRangeFor('PastMonth', app.clock.nowS(), timeZone);
    try {
      trendDayCount({ ...range, timeZone }); // refuses a reversed or too long period before touching the database
    } catch (error) {
      if (error instanceof DateRangeError) throw badRequest(error.code, 'to');
      throw error;
    }
    const vendorIds = await listedVendorIds(app.db, vendor, request.query.include_outlets === true, (id) => canReachVendor(principal, id));
    const named = await app.db.selectFrom('vendors').select(['vendor_id', 'name']).where('vendor_id', 'in', vendorIds).execute();
    const names = new Map(named.map((row) => [row.vendor_id, row.name]));
    const currency = vendor.currency || countryConfig(vendor.country_code).currency;
    return { result: await computeInsights(app.db, { vendorIds, ...range, timeZone }, names, currency) };
  });
}
