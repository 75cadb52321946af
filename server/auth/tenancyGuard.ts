// Tenancy "before anything else" (API.md), enforced for every route by its shape rather than by
// each handler remembering: a vendor id in the path (`:vendorId`, `/vendor/:id`), the query
// (`vendor_id`, `vendorId`) or the JSON body (`vendor_id`, `parent_vendor_id`) must be one the
// caller reaches, checked before validation (so a foreign id is 403 even with a bad body).
// Handlers still call assertVendorAccess to load the row.
import type { FastifyRequest, RouteOptions } from 'fastify';
import { unauthorized } from '../http/errors';
import { canReachVendor, vendorRefusal } from './tenancy';

type Part = 'params' | 'query' | 'body';
export interface VendorIdSource { part: Part; key: string }

const QUERY_KEYS = ['vendor_id', 'vendorId'];
const BODY_KEYS = ['vendor_id', 'parent_vendor_id'];

const propertiesOf = (schema: unknown): string[] =>
  Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});

/** Where a route carries vendor ids; [] for routes without one (and for /ops, which is trusted). */
export function vendorIdSources(route: Pick<RouteOptions, 'url' | 'schema'>): VendorIdSource[] {
  if (route.url.startsWith('/ops')) return [];
  const sources: VendorIdSource[] = [];
  for (const match of route.url.matchAll(/:([A-Za-z_]+)/g)) {
    const name = match[1] ?? '';
    if (name === 'vendorId' || name === 'vendorID' || (name === 'id' && /\/vendor\/:id(\/|$)/.test(route.url))) sources.push({ part: 'params', key: name });
  }
  for (const key of propertiesOf(route.schema?.querystring)) if (QUERY_KEYS.includes(key)) sources.push({ part: 'query', key });
  for (const key of propertiesOf(route.schema?.body)) if (BODY_KEYS.includes(key)) sources.push({ part: 'body', key });
  return sources;
}

export function tenancyGuard(sources: VendorIdSource[]) {
  return async function guardVendorIds(request: FastifyRequest): Promise<void> {
    for (const { part, key } of sources) {
      const container = request[part] as Record<string, unknown> | undefined | null;
      const value = container && typeof container === 'object' ? container[key] : undefined;
      // Absent or non-string ids are the validator's business (400), not tenancy's.
      if (typeof value !== 'string' || value === '') continue;
      if (request.principal === null) throw unauthorized('NotAuthorizedException');
      if (!canReachVendor(request.principal, value)) throw vendorRefusal(request.principal, value, key);
    }
  };
}

/** onRoute hook: prepends the guard to the route's preValidation hooks. */
export function attachTenancyGuard(route: RouteOptions): void {
  const sources = vendorIdSources(route);
  if (sources.length === 0) return;
  const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
  route.preValidation = [tenancyGuard(sources), ...existing];
}
