// SPEC.md §1: the product is branded per hub entity; the brand key picks the names injected into texts.
import { describe, expect, it } from 'vitest';
import { BRAND_KEYS, brandNamed, isBrandKey } from '../../domain';

describe('brands (SPEC §1)', () => {
  it('knows exactly the eight brand keys of the spec', () => {
    for (const key of ['TALABAT', 'FOODPANDA', 'FOODORA', 'PANDASEND', 'HUNGER_STATION', 'EFOOD', 'FOODY', 'GLOVO']) expect(isBrandKey(key)).toBe(true);
    expect(BRAND_KEYS).toHaveLength(8);
    expect(isBrandKey('UBER')).toBe(false);
    expect(isBrandKey('talabat')).toBe(false);
  });

  it('names a brand from a configured key in any case and with stray spaces', () => {
    expect(brandNamed(' glovo ')).toMatchObject({ key: 'GLOVO', productName: 'Glovo On-Demand', platformName: 'Glovo' });
    expect(brandNamed('Talabat').key).toBe('TALABAT');
  });

  it('falls back to the Saudi reference brand, or to the fallback given, for an unknown key', () => {
    expect(brandNamed('UBER').key).toBe('HUNGER_STATION');
    expect(brandNamed('', 'FOODPANDA').key).toBe('FOODPANDA');
  });
});
