// API.md "Tenancy": a user reaches its linked vendors and their outlets, a GoDroid token its one
// vendor, a guest only the guest placeholder. Foreign and missing ids both answer 403 so ids
// cannot be probed.
import type { FastifyRequest } from 'fastify';
import { countryConfig } from '../../domain';
import { GUEST_VENDOR_ID } from '../../domain/types';
import type { Db } from '../db/connect';
import { preparedQuery, type Placeholder } from '../db/preparedQuery';
import { forbidden, unauthorized } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import type { Principal } from './principal';
import { roleForbidden } from './roleGuard';

export type AuthenticatedPrincipal = Exclude<Principal, null>;

export function requireAuth(request: FastifyRequest): AuthenticatedPrincipal {
  if (request.principal === null) throw unauthorized('NotAuthorizedException');
  return request.principal;
}

export function requireUser(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const principal = requireAuth(request);
  if (principal.kind !== 'user') throw forbidden();
  return principal;
}

/**
 * The refusal for a vendor the caller does not reach on this route: a member's own vendor that its
 * role does not allow (or, for an API key, its creator's role) names the role (the app says so);
 * anything else is the plain 403.
 */
export function vendorRefusal(principal: AuthenticatedPrincipal, vendorId: string, field: string) {
  const roles = principal.kind === 'user' ? principal.roles : principal.kind === 'apiKey' ? principal.creatorRoles : {};
  return Object.hasOwn(roles, vendorId) ? roleForbidden(field) : forbidden('error.forbidden', field);
}

export function canReachVendor(principal: AuthenticatedPrincipal, vendorId: string): boolean {
  switch (principal.kind) {
    case 'user': return principal.vendorIds.includes(vendorId);
    case 'godroid': return principal.vendorId === vendorId;
    case 'guest': return vendorId === GUEST_VENDOR_ID;
    case 'apiKey': return principal.vendorIds.includes(vendorId);
  }
}

/**
 * The guest placeholder vendor (SPEC.md §3) is not stored: it is built from the guest session's
 * country, with no coordinates so the request flow asks for the origin address.
 */
function guestPlaceholder(countryCode: string, currency: string, nowS: number): VendorRow {
  return {
    vendor_id: GUEST_VENDOR_ID, parent_vendor_id: null, client_vendor_id: GUEST_VENDOR_ID, is_parent: 0, is_active: 1,
    is_registered: 0, name: 'guest', business_name: 'guest', vendor_code: null, vat_number: null, currency,
    contact_phone: '', owners_json: '[]', address_text: '', building: '', city: '', country_code: countryCode,
    latitude: null, longitude: null, postal_code: '', street: '', street_number: '', unit: '', rider_instructions: '',
    payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT', estimation_pick_up_time: 15, created_at: nowS, updated_at: nowS,
  };
}

/** Every vendor-scoped request reads its vendor's row: compiled once (db/preparedQuery.ts). */
const vendorRows = preparedQuery((db, value: Placeholder<{ vendorId: string }>) =>
  db.selectFrom('vendors').selectAll().where('vendor_id', '=', value('vendorId')));

/**
 * Checks the caller may touch `vendorId` and returns its row: 401 without a caller, 403 for a
 * foreign or unknown vendor. Call it before anything else in a handler.
 */
export async function assertVendorAccess(request: FastifyRequest, db: Db, vendorId: unknown): Promise<VendorRow> {
  const principal = requireAuth(request);
  if (typeof vendorId !== 'string') throw forbidden('error.forbidden', 'vendor_id');
  if (!canReachVendor(principal, vendorId)) throw vendorRefusal(principal, vendorId, 'vendor_id');
  if (principal.kind === 'guest') {
    return guestPlaceholder(principal.countryCode, countryConfig(principal.countryCode).currency, request.server.clock.nowS());
  }
  const [row] = await vendorRows(db, { vendorId });
  if (!row) throw forbidden('error.forbidden', 'vendor_id');
  return row;
}

/**
 * assertVendorAccess for a handler that needs only the vendor's id: the same checks and refusals, but a
 * member's or an API key's reach was read from the vendors table for this very request (principal.ts,
 * apiKeys/repository.ts), so a vendor it reaches exists and its row is not read a second time. A
 * GoDroid token names its vendor in a claim, so that vendor's row is still read.
 */
export async function assertVendorReach(request: FastifyRequest, db: Db, vendorId: unknown): Promise<string> {
  const principal = requireAuth(request);
  if ((principal.kind === 'user' || principal.kind === 'apiKey') && typeof vendorId === 'string' && canReachVendor(principal, vendorId)) return vendorId;
  return (await assertVendorAccess(request, db, vendorId)).vendor_id;
}

/**
 * assertVendorAccess for writes to a vendor's own stored data (its address, its address book): the
 * guest placeholder `vendorID` is no stored vendor (a guest's origin comes with each order), so a
 * guest gets 403 in API.md's shape, never a foreign-key 500.
 */
export async function assertStoredVendorAccess(request: FastifyRequest, db: Db, vendorId: unknown): Promise<VendorRow> {
  const row = await assertVendorAccess(request, db, vendorId);
  if (request.principal?.kind === 'guest') throw forbidden('error.forbidden', 'vendor_id');
  return row;
}
