import { countryConfig, isSupportedCountry } from '../../../domain/countries';
import { usePreferences } from '../preferences/PreferencesContext';
import { useVendors } from './VendorsContext';

/**
 * The zone of the selected vendor's country, in which its days begin (SPEC.md §4: date ranges "in the
 * country's timezone"; the server names exports and counts trend days in it too). An account may hold
 * vendors of other countries than the build's. The vendor `vendorId` when known, else the selected
 * one, else (no vendors: guests, public pages) the build's zone.
 */
export function useVendorTimeZone(vendorId?: string): string {
  const { timeZone } = usePreferences();
  const { vendors, selected } = useVendors();
  const vendor = (vendorId !== undefined ? vendors.find((candidate) => candidate.vendor_id === vendorId) : undefined) ?? selected;
  const country = vendor?.vendor_information.location.country_code;
  return country && isSupportedCountry(country) ? countryConfig(country).timeZone : timeZone;
}
