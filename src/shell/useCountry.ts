import type { CountryConfig } from '../../domain/countries';
import { usePreferences } from '../app/preferences/PreferencesContext';

/** This deployment's country configuration (SPEC §1, §9). */
export function useCountry(): CountryConfig {
  return usePreferences().countryConfig;
}
