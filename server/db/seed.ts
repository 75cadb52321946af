// The demo seed (idempotent): the Saudi Arabia reference build of DESIGN.md. Two accounts that
// never share a vendor, an unregistered vendor code to try registration, the demo vouchers, and
// a month of past orders so History is not empty.
import type { Order, OrderStatus, PaymentMethod, StatusHistoryEntry } from '../../domain/types';
import { hashPassword } from '../auth/passwords';
import { newOrderId } from '../orders/ids';
import { insertOrder } from '../orders/repository';
import { seedVouchers } from '../vouchers/repository';
import type { Db } from './connect';
import type { VendorsTable } from './schema';

export const DEMO_PASSWORD = 'Portal!2026';
export const DEMO_ACCOUNTS = {
  vendor: { email: 'vendor@example.com', vendorIds: ['sa-1000'] },
  other: { email: 'other@example.com', vendorIds: ['sg-2000', 'pk-3000', 'kw-4000'] },
} as const;
export const DEMO_UNREGISTERED_VENDOR_CODE = 'SA-NEW-1';

/** Ids the demo and the tests rely on. */
export const DEMO_VENDORS = {
  saParent: 'sa-1000',
  saOlaya: 'sa-1001',
  saMalazNightClosed: 'sa-1002',
  saNoCoordinates: 'sa-1003',
  saDiriyah: 'sa-1004',
  saPartnerManaged: 'a-1005',
  singapore: 'sg-2000',
  pakistan: 'pk-3000',
  kuwait: 'kw-4000',
  saUnregistered: 'sa-5000',
} as const;

type VendorSeed = Pick<VendorsTable, 'vendor_id' | 'name' | 'country_code' | 'currency'> & Partial<VendorsTable>;

const riyadh = (street: string, district: string, latitude: number | null, longitude: number | null) => ({
  address_text: `${street}, ${district}, Riyadh`, street, city: 'Riyadh', latitude, longitude, postal_code: '12211',
});

const VENDORS: VendorSeed[] = [
  {
    vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery', country_code: 'SA', currency: 'SAR', is_parent: 1, vendor_code: 'SA-BAKERY-1',
    vat_number: '31000001', contact_phone: '+966112345678', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT|PAID',
    ...riyadh('King Fahd Road', 'Al Olaya', 24.7136, 46.6753),
  },
  {
    vendor_id: DEMO_VENDORS.saOlaya, parent_vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery - Olaya', country_code: 'SA', currency: 'SAR',
    contact_phone: '+966112345601', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT|PAID', rider_instructions: 'Pick up at the side door.',
    ...riyadh('Olaya Street', 'Al Olaya', 24.6908, 46.6853), building: 'Tower B', unit: '12',
  },
  {
    vendor_id: DEMO_VENDORS.saMalazNightClosed, parent_vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery - Al Malaz (08:00-20:00)', country_code: 'SA',
    currency: 'SAR', contact_phone: '+966112345602', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT',
    ...riyadh('Salahuddin Al Ayyubi Road', 'Al Malaz', 24.6644, 46.7325),
  },
  {
    vendor_id: DEMO_VENDORS.saNoCoordinates, parent_vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery - New branch (no address yet)', country_code: 'SA',
    currency: 'SAR', contact_phone: '+966112345603', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT', address_text: '', city: 'Riyadh',
    latitude: null, longitude: null,
  },
  {
    vendor_id: DEMO_VENDORS.saDiriyah, parent_vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery - Diriyah', country_code: 'SA', currency: 'SAR',
    contact_phone: '+966112345604', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT', ...riyadh('Imam Abdulaziz Road', 'Diriyah', 24.7343, 46.5753),
  },
  {
    vendor_id: DEMO_VENDORS.saPartnerManaged, parent_vendor_id: DEMO_VENDORS.saParent, name: 'Riyadh Fresh Bakery - Airport kiosk (partner managed)',
    country_code: 'SA', currency: 'SAR', contact_phone: '+966112345605', payment_methods: 'CASH_ON_DELIVERY',
    ...riyadh('Airport Road', 'King Khalid International Airport', 24.9576, 46.6988),
  },
  {
    vendor_id: DEMO_VENDORS.singapore, name: 'Marina Flowers', country_code: 'SG', currency: 'SGD', contact_phone: '+6561234567',
    payment_methods: 'PAID|CASH_ON_DELIVERY', address_text: '10 Bayfront Avenue, Singapore', street: 'Bayfront Avenue', street_number: '10',
    city: 'Singapore', latitude: 1.2834, longitude: 103.8607, postal_code: '018956', unit: '#01-02',
  },
  {
    vendor_id: DEMO_VENDORS.pakistan, name: 'Lahore Tikka House', country_code: 'PK', currency: 'PKR', contact_phone: '+924235761234',
    payment_methods: 'CASH_ON_DELIVERY', address_text: 'MM Alam Road, Gulberg III, Lahore', street: 'MM Alam Road', city: 'Lahore',
    latitude: 31.5102, longitude: 74.3441,
  },
  {
    vendor_id: DEMO_VENDORS.kuwait, name: 'Salmiya Sweets', country_code: 'KW', currency: 'KWD', contact_phone: '+96522212345',
    payment_methods: 'CASH_ON_DELIVERY|PAID', address_text: 'Salem Al Mubarak Street, Salmiya', street: 'Salem Al Mubarak Street', city: 'Salmiya',
    latitude: 29.3339, longitude: 48.0766,
  },
  {
    vendor_id: DEMO_VENDORS.saUnregistered, name: 'Jeddah Corniche Cafe', country_code: 'SA', currency: 'SAR', vendor_code: DEMO_UNREGISTERED_VENDOR_CODE,
    is_registered: 0, contact_phone: '+966126543210', payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT',
    address_text: 'Corniche Road, Al Shati, Jeddah', street: 'Corniche Road', city: 'Jeddah', latitude: 21.5433, longitude: 39.1728,
  },
];

function vendorRow(seed: VendorSeed, nowS: number): VendorsTable {
  return {
    parent_vendor_id: null, client_vendor_id: seed.vendor_id, is_parent: 0, is_active: 1, is_registered: 1, business_name: seed.name,
    vendor_code: null, vat_number: null, contact_phone: '', owners_json: '[]', address_text: '', building: '', city: '', latitude: null,
    longitude: null, postal_code: '', street: '', street_number: '', unit: '', rider_instructions: '', payment_methods: 'CASH_ON_DELIVERY',
    estimation_pick_up_time: 15, created_at: nowS, updated_at: nowS,
    ...seed,
  };
}

/** Country parameters of the reference build; the Al Malaz outlet closes at night. */
const PARAMETERS = [
  { name: 'onlinePaymentActivated', country_code: 'SA', vendor_id: '', value: 'true' },
  { name: 'allOutletOrders', country_code: 'SA', vendor_id: '', value: 'true' },
  { name: 'orderItemValueExceedLimit', country_code: 'SA', vendor_id: '', value: '1000' },
  { name: 'serviceHours', country_code: '', vendor_id: DEMO_VENDORS.saMalazNightClosed, value: '0800:2000' },
  { name: 'onlinePaymentActivated', country_code: 'SG', vendor_id: '', value: 'true' },
];

/** A small deterministic generator, so every fresh database gets the same history. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CUSTOMERS = ['Sara Al Qahtani', 'Omar Al Harbi', 'Noura Al Otaibi', 'Fahad Al Dosari', 'Layla Al Shehri', 'Khalid Al Ghamdi', 'Reem Al Mutairi', 'Abdullah Al Zahrani'];
const DISTRICTS = [
  { name: 'Al Yasmin', lat: 24.8245, lng: 46.6390 }, { name: 'Al Nakheel', lat: 24.7460, lng: 46.6257 },
  { name: 'Al Sulimaniyah', lat: 24.7035, lng: 46.7060 }, { name: 'Al Rawdah', lat: 24.7350, lng: 46.7700 },
  { name: 'Hittin', lat: 24.7620, lng: 46.6040 }, { name: 'Al Wurud', lat: 24.7250, lng: 46.6670 },
];
const DESCRIPTIONS = ['Birthday cake', 'Box of pastries', 'Bread basket', 'Coffee and croissants', 'Catering tray'];

/** The life of a finished order, ending in `final`. */
function historyOf(final: OrderStatus, createdAt: number): StatusHistoryEntry[] {
  const delivered: OrderStatus[] = ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELIVERED'];
  const path: Record<string, OrderStatus[]> = {
    DELIVERED: delivered,
    CANCELLED: ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'CANCELLED'],
    RETURNED_TO_VENDOR: ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR'],
    PAYMENT_FAILED: ['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED'],
  };
  return (path[final] ?? delivered).map((status, i) => ({ status, created_at: createdAt + i * 240 }));
}

/** Where a seeded outlet's orders are collected, as POST /order records it; null without coordinates. */
function pickupOf(vendorId: string): Order['pickup'] {
  const outlet = VENDORS.find((seed) => seed.vendor_id === vendorId);
  const { address_text: address, latitude, longitude } = outlet ?? {};
  if (address === undefined || typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return { address, latitude, longitude };
}

function pastOrders(nowS: number): Order[] {
  const random = mulberry32(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const outlets = [DEMO_VENDORS.saOlaya, DEMO_VENDORS.saMalazNightClosed, DEMO_VENDORS.saDiriyah, DEMO_VENDORS.saParent];
  const finals: OrderStatus[] = ['DELIVERED', 'DELIVERED', 'DELIVERED', 'DELIVERED', 'CANCELLED', 'RETURNED_TO_VENDOR', 'PAYMENT_FAILED'];
  const startOfToday = nowS - (nowS % 86400);
  const orders: Order[] = [];
  for (let day = 1; day <= 30; day += 1) {
    const perDay = 1 + Math.floor(random() * 3);
    for (let n = 0; n < perDay; n += 1) {
      const vendorId = pick(outlets);
      const createdAt = startOfToday - day * 86400 + Math.floor(8 * 3600 + random() * 12 * 3600);
      const district = pick(DISTRICTS);
      const status = pick(finals);
      const history = historyOf(status, createdAt);
      const paymentMethod: PaymentMethod = status === 'PAYMENT_FAILED' ? 'ONLINE_PAYMENT' : pick(['CASH_ON_DELIVERY', 'PAID'] as const);
      const amount = Math.round(20 + random() * 180);
      const fee = Math.round((12 + random() * 10) * 100) / 100;
      const customer = pick(CUSTOMERS);
      orders.push({
        order_id: newOrderId(vendorId),
        vendor_id: vendorId,
        created_at: createdAt,
        updated_at: history[history.length - 1]?.created_at ?? createdAt,
        status,
        status_history: history,
        preordered_for: null,
        customer: {
          name: customer,
          phone_number: `+9665${String(Math.floor(10_000_000 + random() * 89_999_999))}`,
          location: {
            address: `${Math.ceil(random() * 40)}, ${district.name}, Riyadh`,
            latitude: district.lat + (random() - 0.5) * 0.01,
            longitude: district.lng + (random() - 0.5) * 0.01,
            notes: '',
          },
        },
        order: { amount, description: pick(DESCRIPTIONS), payment_method: paymentMethod },
        delivery_fee: fee,
        discount: 0,
        total_amount: paymentMethod === 'CASH_ON_DELIVERY' ? amount + fee : fee,
        currency: 'SAR',
        // As POST /order stores them: the collection point the rider went to, its name and place
        // (without the place, past orders' maps showed the drop-off alone).
        outlet_name: VENDORS.find((seed) => seed.vendor_id === vendorId)?.name,
        pickup: pickupOf(vendorId),
        cancel_reason: status === 'CANCELLED' ? 'Customer changed their mind' : null,
      });
    }
  }
  return orders;
}

export async function seedDemo(db: Db, { nowS }: { nowS: number }): Promise<void> {
  await seedVouchers(db, nowS);
  const already = await db.selectFrom('vendors').select('vendor_id').where('vendor_id', '=', DEMO_VENDORS.saParent).executeTakeFirst();
  if (already) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    // Parents before outlets (foreign key).
    for (const seed of [...VENDORS].sort((a, b) => Number(Boolean(a.parent_vendor_id)) - Number(Boolean(b.parent_vendor_id)))) {
      await trx.insertInto('vendors').values(vendorRow(seed, nowS)).execute();
    }
    for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
      const accountId = `demo-${key}`;
      await trx.insertInto('accounts').values({
        account_id: accountId, email: account.email, password_hash: passwordHash, phone_number: '', verified_at: nowS,
        sessions_revoked_at: null, created_at: nowS,
      }).execute();
      for (const vendorId of account.vendorIds) await trx.insertInto('account_vendors').values({ account_id: accountId, vendor_id: vendorId }).execute();
    }
    for (const parameter of PARAMETERS) await trx.insertInto('country_parameters').values(parameter).execute();
    for (const order of pastOrders(nowS)) await insertOrder(trx, order);
  });
}
