// Brand keys of SPEC.md §1 with the names injected into texts.

export const BRAND_KEYS = [
  'TALABAT',
  'FOODPANDA',
  'FOODORA',
  'PANDASEND',
  'HUNGER_STATION',
  'EFOOD',
  'FOODY',
  'GLOVO',
] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];

export interface Brand {
  key: BrandKey;
  /** The courier product's name shown in titles and texts. */
  productName: string;
  /** The delivery platform (the hub entity) the product belongs to. */
  platformName: string;
}

export const BRANDS: Readonly<Record<BrandKey, Brand>> = {
  TALABAT: { key: 'TALABAT', productName: 'talabat go', platformName: 'talabat' },
  FOODPANDA: { key: 'FOODPANDA', productName: 'pandago', platformName: 'foodpanda' },
  FOODORA: { key: 'FOODORA', productName: 'foodora go', platformName: 'foodora' },
  PANDASEND: { key: 'PANDASEND', productName: 'pandasend', platformName: 'foodpanda' },
  HUNGER_STATION: { key: 'HUNGER_STATION', productName: 'HungerStation Send', platformName: 'HungerStation' },
  EFOOD: { key: 'EFOOD', productName: 'efood go', platformName: 'efood' },
  FOODY: { key: 'FOODY', productName: 'Foody go', platformName: 'Foody' },
  GLOVO: { key: 'GLOVO', productName: 'Glovo On-Demand', platformName: 'Glovo' },
};

export function isBrandKey(value: string): value is BrandKey {
  return (BRAND_KEYS as readonly string[]).includes(value);
}

/** The brand a configured or requested key names (any case), or `fallback` for an unknown one. */
export function brandNamed(value: string, fallback: BrandKey = 'HUNGER_STATION'): Brand {
  const key = value.trim().toUpperCase();
  return BRANDS[isBrandKey(key) ? key : fallback];
}
