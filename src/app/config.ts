import { countryConfig, isSupportedCountry, REFERENCE_COUNTRY_CODE } from '../../domain/countries';
import { chooseBrand } from '../theme/chooseBrand';
import type { BrandKey } from '../theme/brandKey';

/** What the build and the address bar decide before anything renders. */
export interface AppConfig {
  brand: BrandKey;
  /** ISO country of this deployment; the reference build is SA (SPEC §1). */
  country: string;
  /** Development builds show the brand switcher. */
  development: boolean;
}

interface ConfigSources {
  env: { VITE_BRAND?: string; VITE_COUNTRY?: string; DEV: boolean };
  location: { hostname: string; search: string };
  /** The brand the development switcher last chose, if any. */
  storedBrand: string | null;
}

export function readAppConfig({ env, location, storedBrand }: ConfigSources): AppConfig {
  const queryBrand = new URLSearchParams(location.search).get('brand');
  const override = env.DEV ? (queryBrand ?? storedBrand) : null;
  const requestedCountry = (env.VITE_COUNTRY ?? REFERENCE_COUNTRY_CODE).toUpperCase();
  const country = isSupportedCountry(requestedCountry) ? requestedCountry : REFERENCE_COUNTRY_CODE;
  return {
    brand: chooseBrand({ override, configured: env.VITE_BRAND, hostname: location.hostname, countryBrand: countryConfig(country).brand }),
    country,
    development: env.DEV,
  };
}
