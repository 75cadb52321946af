import type { FastifyRequest } from 'fastify';
import { assertVendorAccess, requireAuth } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { ApiError, forbidden } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { findOrder, type StoredOrder } from './repository';

/**
 * API.md "Tenancy" for an order id: 401 without a caller; 403 when the order does not exist, is not
 * of `vendorId` (when the route names one), or the caller may not reach its vendor. A guest reaches
 * only the orders its own session created.
 */
export async function assertOrderAccess(
  request: FastifyRequest,
  db: Db,
  orderId: string,
  vendorId?: string,
): Promise<StoredOrder & { vendor: VendorRow }> {
  const principal = requireAuth(request);
  const stored = await findOrder(db, orderId);
  if (!stored || (vendorId !== undefined && stored.order.vendor_id !== vendorId)) throw forbidden('error.forbidden', 'order_id');
  if (principal.kind === 'guest' && stored.guestId !== principal.guestId) throw forbidden('error.forbidden', 'order_id');
  // A foreign order answers exactly like a missing one (same key, same field), so ids cannot be probed.
  const vendor = await assertVendorAccess(request, db, stored.order.vendor_id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 403) throw forbidden('error.forbidden', 'order_id');
    throw error;
  });
  return { ...stored, vendor };
}
