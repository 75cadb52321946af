// An account the demo seed lacks, added to an e2e server's temporary database: group@example.com holds
// two parent vendors in the two dual-pricing countries (domain/countries.ts: Croatia and Bulgaria,
// both on the euro with the old currency shown beside it). Written through the server's own store
// (createDb on the same DATA_DIR or DATABASE_URL, the schema's table types) and password hashing,
// so a row the server would reject cannot slip in. The demo seed itself stays as DESIGN.md says.
import { hashPassword } from '../../../server/auth/passwords';
import type { Config } from '../../../server/config';
import { createDb } from '../../../server/db/connect';
import type { CountryParametersTable, VendorsTable } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../../server/db/seed';

export const GROUP_EMAIL = 'group@example.com';
export const GROUP_PASSWORD = DEMO_PASSWORD;

export const GROUP_VENDORS = {
  hrParent: 'hr-6000',
  hrMaksimir: 'hr-6001',
  hrTresnjevka: 'hr-6002',
  bgParent: 'bg-7000',
  bgLozenets: 'bg-7001',
} as const;

type VendorSeed = Pick<VendorsTable, 'vendor_id' | 'name' | 'country_code' | 'currency' | 'city' | 'street' | 'street_number' | 'latitude' | 'longitude' | 'contact_phone'>
  & Partial<VendorsTable>;

// Both countries price in euro (Bulgaria since 1 January 2026); the kuna and the lev are the second
// currencies the DualPricing flag shows, at the fixed conversion rates of domain/countries.ts.
export const GROUP_VENDOR_SEEDS: readonly VendorSeed[] = [
  {
    vendor_id: GROUP_VENDORS.hrParent, name: 'Zagreb Pekarna', country_code: 'HR', currency: 'EUR', is_parent: 1, contact_phone: '+38514567890',
    city: 'Zagreb', street: 'Trg bana Josipa Jelačića', street_number: '1', postal_code: '10000', latitude: 45.8131, longitude: 15.9775,
  },
  {
    vendor_id: GROUP_VENDORS.hrMaksimir, parent_vendor_id: GROUP_VENDORS.hrParent, name: 'Zagreb Pekarna - Maksimir', country_code: 'HR', currency: 'EUR',
    contact_phone: '+38514567891', city: 'Zagreb', street: 'Maksimirska cesta', street_number: '120', postal_code: '10000', latitude: 45.823, longitude: 16.0167,
  },
  {
    vendor_id: GROUP_VENDORS.hrTresnjevka, parent_vendor_id: GROUP_VENDORS.hrParent, name: 'Zagreb Pekarna - Trešnjevka', country_code: 'HR', currency: 'EUR',
    contact_phone: '+38514567892', city: 'Zagreb', street: 'Ozaljska ulica', street_number: '40', postal_code: '10000', latitude: 45.8, longitude: 15.953,
  },
  {
    vendor_id: GROUP_VENDORS.bgParent, name: 'Sofia Banitsa', country_code: 'BG', currency: 'EUR', is_parent: 1, contact_phone: '+35929876543',
    city: 'Sofia', street: 'bulevard Vitosha', street_number: '10', postal_code: '1000', latitude: 42.6925, longitude: 23.3199,
  },
  {
    vendor_id: GROUP_VENDORS.bgLozenets, parent_vendor_id: GROUP_VENDORS.bgParent, name: 'Sofia Banitsa - Lozenets', country_code: 'BG', currency: 'EUR',
    contact_phone: '+35929876544', city: 'Sofia', street: 'ulitsa Krichim', street_number: '3', postal_code: '1407', latitude: 42.678, longitude: 23.323,
  },
];

/** The include-all-outlets toggle is allowed in Croatia only (the code default allows it, so Bulgaria says no). */
export const GROUP_PARAMETERS: readonly CountryParametersTable[] = [
  { name: 'allOutletOrders', country_code: 'HR', vendor_id: '', value: 'true' },
  { name: 'allOutletOrders', country_code: 'BG', vendor_id: '', value: 'false' },
];

function vendorRow(seed: VendorSeed, nowS: number): VendorsTable {
  return {
    parent_vendor_id: null, client_vendor_id: seed.vendor_id, is_parent: 0, is_active: 1, is_registered: 1, business_name: seed.name,
    vendor_code: null, vat_number: null, owners_json: '[]', building: '', postal_code: '', unit: '',
    rider_instructions: '', payment_methods: 'CASH_ON_DELIVERY|PAID', estimation_pick_up_time: 15, created_at: nowS, updated_at: nowS,
    address_text: `${seed.street} ${seed.street_number}, ${seed.city}`,
    ...seed,
  };
}

/**
 * Adds group@ (verified, the demo password), its two parents with their outlets and the country
 * parameters, in one transaction, on the database of a server started with `config`. Run it once
 * per fresh database, after the server has migrated it.
 */
export async function addGroupTenant(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<void> {
  const db = createDb(config);
  const nowS = Math.floor(Date.now() / 1000);
  const passwordHash = await hashPassword(GROUP_PASSWORD);
  try {
    await db.transaction().execute(async (trx) => {
      // Parents before outlets (foreign key).
      for (const seed of [...GROUP_VENDOR_SEEDS].sort((a, b) => Number(Boolean(a.parent_vendor_id)) - Number(Boolean(b.parent_vendor_id)))) {
        await trx.insertInto('vendors').values(vendorRow(seed, nowS)).execute();
      }
      const accountId = 'e2e-group';
      await trx.insertInto('accounts').values({
        account_id: accountId, email: GROUP_EMAIL, password_hash: passwordHash, phone_number: '', verified_at: nowS, sessions_revoked_at: null, created_at: nowS,
      }).execute();
      // Linked to the parents only; the server reaches the outlets through parent_vendor_id.
      for (const vendorId of [GROUP_VENDORS.hrParent, GROUP_VENDORS.bgParent]) {
        await trx.insertInto('account_vendors').values({ account_id: accountId, vendor_id: vendorId }).execute();
      }
      for (const parameter of GROUP_PARAMETERS) await trx.insertInto('country_parameters').values(parameter).execute();
    });
  } finally {
    await db.destroy();
  }
}
