// The flag service: GET /flags?country&brand&vendor_id → {flags: {FlagName: variation}}, and the
// fallback file GET /flags.json (public/flags.json) for when the service cannot be reached.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { assertVendorAccess } from '../auth/tenancy';
import { queryObject } from '../http/validation';

const flagsQuery = queryObject({
  country: { type: 'string', maxLength: 8 },
  brand: { type: 'string', maxLength: 32 },
  vendor_id: { type: 'string', maxLength: 128 },
});

export async function flagRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { country?: string; brand?: string; vendor_id?: string } }>('/flags', {
    schema: { querystring: flagsQuery },
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
