// Guest checkout keeps its sender details and its order list on the device (SPEC.md §1, §6).
import type { KeyValueStorage } from '../ports';
import { hasStrings, isRecord, readJson, writeJson } from './jsonItem';
import { STORAGE_KEYS } from './storageKeys';

/** The sender block of the order payload comes from these when the vendor has no origin address. */
export interface GuestCredentials {
  name: string;
  email: string;
  phone_number: string;
  country_code: string;
  location: { latitude: number; longitude: number; address: string; notes: string } | null;
}

export interface GuestOrderRef {
  order_id: string;
  vendor_id: string;
  created_at: number;
}

function isGuestCredentials(value: unknown): value is GuestCredentials {
  if (!isRecord(value) || !hasStrings(value, ['name', 'email', 'phone_number', 'country_code'])) return false;
  const location = value.location;
  return (
    location === null ||
    (isRecord(location) &&
      typeof location.latitude === 'number' &&
      typeof location.longitude === 'number' &&
      hasStrings(location, ['address', 'notes']))
  );
}

function isGuestOrderRef(value: unknown): value is GuestOrderRef {
  return isRecord(value) && hasStrings(value, ['order_id', 'vendor_id']) && typeof value.created_at === 'number';
}

function isGuestOrderList(value: unknown): value is GuestOrderRef[] {
  return Array.isArray(value) && value.every(isGuestOrderRef);
}

export function readGuestCredentials(storage: KeyValueStorage): GuestCredentials | null {
  return readJson(storage, STORAGE_KEYS.guestCredentials, isGuestCredentials);
}

export function writeGuestCredentials(storage: KeyValueStorage, credentials: GuestCredentials): void {
  writeJson(storage, STORAGE_KEYS.guestCredentials, credentials);
}

export function readGuestOrders(storage: KeyValueStorage): GuestOrderRef[] {
  return readJson(storage, STORAGE_KEYS.guestOrders, isGuestOrderList) ?? [];
}

/** Newest first, one entry per order id. */
export function addGuestOrder(storage: KeyValueStorage, order: GuestOrderRef): GuestOrderRef[] {
  const orders = [order, ...readGuestOrders(storage).filter((known) => known.order_id !== order.order_id)];
  writeJson(storage, STORAGE_KEYS.guestOrders, orders);
  return orders;
}

/** On login success the stored guest order list is cleared (SPEC.md §4 Session). */
export function clearGuestOrders(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.guestOrders);
}
