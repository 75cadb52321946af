import type { CountryConfig } from '../../domain/countries';
import { chooseBrand } from '../theme/chooseBrand';
import type { BrandKey } from '../theme/brandKey';

/** What the build and the address bar decide before anything renders. */
export interface AppConfig {
  brand: BrandKey;
  /** This deployment's country (the reference build is SA, SPEC §1), read from index.html (deploymentCountry.ts). */
  country: CountryConfig;
  /** Development builds show the brand switcher. */
  development: boolean;
}

interface ConfigSources {
  env: { VITE_BRAND?: string; DEV: boolean };
  country: CountryConfig;
  location: { hostname: string; search: string };
  /** The brand the development switcher last chose, if any. */
  storedBrand: string | null;
}

export function readAppConfig({ env, country, location, storedBrand }: ConfigSources): AppConfig {
  const queryBrand = new URLSearchParams(location.search).get('brand');
  const override = env.DEV ? (queryBrand ?? storedBrand) : null;
  return {
    brand: chooseBrand({ override, configured: env.VITE_BRAND, hostname: location.hostname, countryBrand: country.brand }),
    country,
    development: env.DEV,
  };
}
