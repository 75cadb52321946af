// The flag service inside the server (DESIGN.md "Flags"): code defaults overridden by stored
// variations scoped by country, brand and vendor. The most specific matching override wins:
// vendor beats country, country beats brand, a scoped one beats the global one.
import type { Db } from '../db/connect';
import { FLAG_DEFAULTS, type FlagName, type FlagVariation } from './flag-defaults';

export interface FlagContext {
  country?: string | null;
  brand?: string | null;
  vendorId?: string | null;
}

export interface FlagOverride {
  variation: FlagVariation;
  country?: string | null;
  brand?: string | null;
  vendorId?: string | null;
}

export interface FlagService {
  evaluateAll(context: FlagContext): Promise<Record<FlagName, FlagVariation>>;
  set(name: FlagName, override: FlagOverride, nowS: number): Promise<void>;
}

const norm = (v: string | null | undefined) => (v ?? '').trim();

export function createFlagService(db: Db): FlagService {
  return {
    async evaluateAll(context) {
      const country = norm(context.country).toUpperCase();
      const brand = norm(context.brand).toUpperCase();
      const vendorId = norm(context.vendorId);
      const rows = await db.selectFrom('feature_flags').selectAll()
        .where('country', 'in', ['', country]).where('brand', 'in', ['', brand]).where('vendor_id', 'in', ['', vendorId])
        .execute();
      const specificity = (row: (typeof rows)[number]) =>
        (row.vendor_id ? 4 : 0) + (row.country ? 2 : 0) + (row.brand ? 1 : 0);
      const best = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const current = best.get(row.name);
        if (!current || specificity(row) > specificity(current)) best.set(row.name, row);
      }
      const flags: Record<string, FlagVariation> = { ...FLAG_DEFAULTS };
      for (const [name, row] of best) {
        if (Object.hasOwn(FLAG_DEFAULTS, name)) flags[name] = JSON.parse(row.variation_json) as FlagVariation;
      }
      return flags as Record<FlagName, FlagVariation>;
    },

    async set(name, override, nowS) {
      const row = {
        name,
        country: norm(override.country).toUpperCase(),
        brand: norm(override.brand).toUpperCase(),
        vendor_id: norm(override.vendorId),
        variation_json: JSON.stringify(override.variation),
        updated_at: nowS,
      };
      await db.insertInto('feature_flags').values(row)
        .onConflict((oc) => oc.columns(['name', 'country', 'brand', 'vendor_id'])
          .doUpdateSet({ variation_json: row.variation_json, updated_at: nowS }))
        .execute();
    },
  };
}
