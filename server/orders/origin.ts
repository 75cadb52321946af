import type { GeoPoint, Order } from '../../domain/types';
import type { Db } from '../db/connect';

/** Where an order is collected: kept on the order at creation (`pickup`), else the vendor's coordinates. */
export async function originOfOrder(db: Db, order: Order): Promise<GeoPoint | null> {
  if (order.pickup) return { latitude: order.pickup.latitude, longitude: order.pickup.longitude };
  const row = await db.selectFrom('vendors').select(['latitude', 'longitude']).where('vendor_id', '=', order.vendor_id).executeTakeFirst();
  return row && row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
}
