// The flag service: GET /flags?country&brand&vendor_id → {flags: {FlagName: variation}}, and the
// fallback file GET /flags.json (public/flags.json) for when the service cannot be reached.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assertVendorAccess } from '../auth/tenancy';
import { FlagsAnswer, FlagsQuery } from '../../domain/api';
import { errorAnswers } from '../http/openapi';

export async function flagRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: FlagsQuery }>('/flags', {
    schema: { querystring: FlagsQuery, response: { 200: FlagsAnswer, ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const { country, brand, vendor_id: vendorId } = request.query;
    // Vendor-scoped variations are only for callers who reach that vendor.
    if (vendorId) await assertVendorAccess(request, app.db, vendorId);
    const flags = await app.flags.evaluateAll({
      country: country ?? app.config.country, brand: brand ?? app.config.brand, vendorId: vendorId ?? null,
    });
    return { flags };
  });
}

/** GET /flags.json from public/ (unless the built app in dist/ already serves its copy). */
export async function flagFileRoute(app: FastifyInstance, options: { file?: string }): Promise<void> {
  const file = options.file ?? resolve('public/flags.json');
  app.get('/flags.json', async (_request, reply) => {
    const text = await readFile(file, 'utf8');
    return reply.type('application/json').header('cache-control', 'no-cache').send(text);
  });
}
