// GET /get-country-parameter/{name}?vendor_id= → {result: string}.
import type { FastifyInstance } from 'fastify';
import { assertVendorAccess } from '../auth/tenancy';
import { COUNTRY_PARAMETER_NAMES, countryParameter, type CountryParameterName } from '../flags/country-parameters';
import { queryObject, strictObject } from '../http/validation';

export async function countryParameterRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: CountryParameterName }; Querystring: { vendor_id: string } }>('/get-country-parameter/:name', {
    schema: {
      params: strictObject({ name: { type: 'string', enum: [...COUNTRY_PARAMETER_NAMES] } }),
      querystring: queryObject({ vendor_id: { type: 'string', minLength: 1, maxLength: 128 } }, ['vendor_id']),
    },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, app.db, request.query.vendor_id);
    return { result: await countryParameter(app.db, request.params.name, vendor) };
  });
}
