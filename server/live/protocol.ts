import type { Order } from '../../domain/types';

/** API.md "Live updates": what the browser sends. */
export type SubscribeMessage =
  | { action: 'subscribeToVendor'; vendor_id: string }
  /** A guest session: the orders it created (also what subscribeToVendor 'vendorID' means for a guest). */
  | { action: 'subscribeToGuest' };

export type ServerMessage =
  | { type: 'subscribe_ok'; vendor_id: string }
  | { type: 'order_update'; order: Order }
  | { type: 'error'; message: string };

/** Parses one client frame; null for anything that is not a subscribe request. */
export function parseClientMessage(raw: string): SubscribeMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { action, vendor_id } = value as Record<string, unknown>;
    if (action === 'subscribeToGuest') return { action };
    return action === 'subscribeToVendor' && typeof vendor_id === 'string' && vendor_id !== '' ? { action, vendor_id } : null;
  } catch {
    return null;
  }
}
