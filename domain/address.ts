// Address rules (SPEC.md §5 "Address and delivery") and the customer address format (§3).
import { LIMITS } from './limits';
import { isBlank, utf8ByteLength } from './text';

/** Message keys of the address rules, with the spec's English text. */
export const ADDRESS_MESSAGES = {
  noCoordinates: 'address.error.no-coordinates', // 'No coordinates for that address'
  notesTooLong: 'address.error.notes-too-long', // 'Notes are too long'
  addressTooLong: 'address.error.address-too-long', // 'Address is too long'
} as const;
export type AddressMessageKey = (typeof ADDRESS_MESSAGES)[keyof typeof ADDRESS_MESSAGES];

export const ADDRESS_DEFAULT_TEXTS: Readonly<Record<AddressMessageKey, string>> = {
  'address.error.no-coordinates': 'No coordinates for that address',
  'address.error.notes-too-long': 'Notes are too long',
  'address.error.address-too-long': 'Address is too long',
};

export interface AddressInput {
  streetAddress: string;
  notes: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

export function hasCoordinates(latitude: number | null | undefined, longitude: number | null | undefined): boolean {
  return typeof latitude === 'number' && Number.isFinite(latitude) && typeof longitude === 'number' && Number.isFinite(longitude);
}

/** The first failing address rule, or null. Lengths are UTF-8 bytes, not characters. */
export function validateAddress({ streetAddress, notes, latitude, longitude }: AddressInput): AddressMessageKey | null {
  if (!hasCoordinates(latitude, longitude)) return ADDRESS_MESSAGES.noCoordinates;
  if (utf8ByteLength(notes) > LIMITS.notesMaxBytes) return ADDRESS_MESSAGES.notesTooLong;
  if (utf8ByteLength(streetAddress) > LIMITS.streetAddressMaxBytes) return ADDRESS_MESSAGES.addressTooLong;
  return null;
}

/** "unit, building, text address", skipping empty parts (SPEC.md §3 order payload and address book). */
export function joinCustomerAddress(unit: string | null | undefined, building: string | null | undefined, text: string | null | undefined): string {
  return [unit, building, text]
    .filter((part): part is string => !isBlank(part))
    .map((part) => part.trim())
    .join(', ');
}

/**
 * The unit number of a joined customer address (joinCustomerAddress), as far as the text tells: its
 * first part when it has two or more. The parts are not marked, so a text address that holds a
 * comma itself reads as having a unit; what this never does is lose a unit that was joined in (a
 * unit and a text address always make two parts), so a server check built on it never refuses an
 * order the form accepted, and refuses a Singapore address sent without any unit part.
 */
export function unitOfJoinedAddress(joined: string): string {
  const parts = joined.split(',').map((part) => part.trim());
  return parts.length >= 2 ? parts[0] ?? '' : '';
}
