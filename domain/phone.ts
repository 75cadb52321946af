// Phone numbers (SPEC.md §2, §5): input sanitising and the "possible number" check, via libphonenumber-js.
import { isPossiblePhoneNumber, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

/** The phone inputs keep digits and '+' only. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/[^\d+]/g, '');
}

/** Whether the number could exist in the country (length check), national or international form. */
export function isPossiblePhone(phone: string, countryCode: string): boolean {
  const country = countryCode.toUpperCase();
  if (!isSupportedCountry(country)) return false;
  const compact = phone.replace(/\s+/g, '');
  if (compact === '') return false;
  return isPossiblePhoneNumber(compact, country as CountryCode);
}
