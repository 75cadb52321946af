import { createContext, useContext } from 'react';
import type { CountryConfig } from '../../../domain/countries';
import type { BrandKey } from '../../theme/brandKey';

/** The user's language and (in development) brand, plus the deployment's country. */
export interface Preferences {
  /** The deployment country's configuration (from index.html: src/app/deploymentCountry.ts); its code is `countryConfig.code`. */
  countryConfig: CountryConfig;
  locale: string;
  /** The country's languages, for the language picker. */
  locales: readonly string[];
  setLocale: (locale: string) => void;
  brand: BrandKey;
  /** Only in development builds: the brand switcher. */
  setBrand: ((brand: BrandKey) => void) | null;
  timeZone: string;
  currency: string;
}

export const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const preferences = useContext(PreferencesContext);
  if (!preferences) throw new Error('usePreferences outside PreferencesContext');
  return preferences;
}
