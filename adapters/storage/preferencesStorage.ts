// Choices the user expects the app to remember: selected vendor, locale, brand.
import type { KeyValueStorage } from '../ports';
import { STORAGE_KEYS } from './storageKeys';

function readText(storage: KeyValueStorage, key: string): string | null {
  const value = storage.getItem(key);
  return value === null || value === '' ? null : value;
}

function writeText(storage: KeyValueStorage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

export const readSelectedVendorId = (storage: KeyValueStorage) => readText(storage, STORAGE_KEYS.selectedVendor);
export const writeSelectedVendorId = (storage: KeyValueStorage, vendorId: string | null) =>
  writeText(storage, STORAGE_KEYS.selectedVendor, vendorId);

/** The courier app's locale (godroid-locale) wins over the portal's own choice when embedded. */
export const readLocale = (storage: KeyValueStorage) =>
  readText(storage, STORAGE_KEYS.godroidLocale) ?? readText(storage, STORAGE_KEYS.locale);
export const writeLocale = (storage: KeyValueStorage, locale: string | null) => writeText(storage, STORAGE_KEYS.locale, locale);

export const readBrand = (storage: KeyValueStorage) => readText(storage, STORAGE_KEYS.brand);
export const writeBrand = (storage: KeyValueStorage, brand: string | null) => writeText(storage, STORAGE_KEYS.brand, brand);
