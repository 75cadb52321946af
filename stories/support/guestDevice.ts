// A guest's device: the sender details and order list guest checkout keeps in storage (SPEC §1),
// written with the app's own storage functions so the keys and shapes are the real ones.
import { addGuestOrder, writeGuestCredentials, type GuestCredentials } from '../../adapters/storage/guestStorage';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { Order } from '../../domain/types';

export const DEMO_GUEST: GuestCredentials = {
  name: 'Huda Saleh',
  email: 'huda@example.com',
  phone_number: '+966551234567',
  country_code: 'SA',
  location: { latitude: 24.7743, longitude: 46.7386, address: 'Al Yasmin, Riyadh', notes: 'Villa 12' },
};

/** The storage items of a guest who checked out before and placed `orders`. */
export function guestDevice(orders: readonly Order[] = []): Record<string, string> {
  const storage = createMemoryStorage();
  writeGuestCredentials(storage, DEMO_GUEST);
  for (const order of orders) addGuestOrder(storage, { order_id: order.order_id, vendor_id: order.vendor_id, created_at: order.created_at });
  return storage.dump();
}
