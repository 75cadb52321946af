// The tenancy layer's role (issue #27): every route declares what it needs (routeCapabilities.ts)
// and, for a signed-in member, the vendors it reaches on this request narrow to those where its role
// allows that. Every check downstream (the tenancy guard, assertVendorAccess, list filters) then
// sees only those vendors, so no handler has to remember the role. A member whose role allows the
// route at none of its vendors is refused outright, with a key of its own the app translates.
import type { FastifyRequest, RouteOptions } from 'fastify';
import { roleCan } from '../../domain/teams';
import { ApiError } from '../http/errors';
import { routeAccess, type RouteAccess } from './routeCapabilities';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller's role must allow (set for every route by attachRouteAccess). */
    access?: RouteAccess;
  }
}

export const ROLE_FORBIDDEN = 'error.role-forbidden';

export const roleForbidden = (field?: string) => new ApiError(403, ROLE_FORBIDDEN, field === undefined ? {} : { field });

/** onRoute hook: the route's entry of the capability table goes into its config. */
export function attachRouteAccess(route: RouteOptions): void {
  const method = Array.isArray(route.method) ? route.method.find((m) => m !== 'HEAD') ?? 'GET' : route.method;
  route.config = { ...(route.config ?? {}), access: routeAccess(method, route.url) };
}

/**
 * onRequest hook, after the principal is resolved. A member is narrowed by its own role; an API key
 * by its creator's, so a key never does what the member who made it may not do now.
 */
export async function narrowToRole(request: FastifyRequest): Promise<void> {
  const principal = request.principal;
  const access = request.routeOptions.config?.access;
  if (access === undefined || access === 'none') return;
  if (principal?.kind !== 'user' && principal?.kind !== 'apiKey') return;
  const roles = principal.kind === 'user' ? principal.roles : principal.creatorRoles;
  const allowed = principal.vendorIds.filter((vendorId) => roleCan(roles[vendorId], access));
  if (allowed.length === 0 && principal.vendorIds.length > 0) throw roleForbidden();
  request.principal = { ...principal, vendorIds: allowed };
}
