import { isBrandKey, type BrandKey } from './brandKey';

/** Host names that select a brand when VITE_BRAND is not set (white-label deployments). */
const HOST_HINTS: readonly (readonly [string, BrandKey])[] = [
  ['talabat', 'TALABAT'],
  ['hungerstation', 'HUNGER_STATION'],
  ['pandasend', 'PANDASEND'],
  ['foodpanda', 'FOODPANDA'],
  ['foodora', 'FOODORA'],
  ['efood', 'EFOOD'],
  ['foody', 'FOODY'],
  ['glovo', 'GLOVO'],
];

/** Brand by configuration: an explicit override (the development switcher), then VITE_BRAND, then the
 * host name, then the country's own brand. */
export function chooseBrand(options: { override?: string | null; configured?: string; hostname: string; countryBrand: BrandKey }): BrandKey {
  for (const candidate of [options.override, options.configured]) {
    const key = candidate?.trim().toUpperCase();
    if (key && isBrandKey(key)) return key;
  }
  const host = options.hostname.toLowerCase();
  const hint = HOST_HINTS.find(([fragment]) => host.includes(fragment));
  return hint ? hint[1] : options.countryBrand;
}
