// GET /get-country-parameter/{name}?vendor_id= → {result: string}.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CountryParameterParams, CountryParameterQuery, Result } from '../../domain/api';
import { assertVendorAccess } from '../auth/tenancy';
import { countryParameter } from '../flags/country-parameters';
import { errorAnswers } from '../http/openapi';

export async function countryParameterRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/get-country-parameter/:name', {
    schema: {
      params: CountryParameterParams,
      querystring: CountryParameterQuery,
      response: { 200: Result(Type.String({ description: 'Values are strings on the wire (JSON for lists and service hours).' })), ...errorAnswers(400, 401, 403) },
    },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, app.db, request.query.vendor_id);
    return { result: await countryParameter(app.db, request.params.name, vendor) };
  });
}
