// Three months of past orders for the Saudi demo vendor, so Insights has something to show
// on `npm start`: days 31 to 92 before today, beside the seed's last month (seed.ts), which the tests
// rely on and which stays as it is. Deterministic (a seeded generator) and relative to the server
// clock. Behind SEED_HISTORY (on in `npm start` and `npm run dev`, off in the tests, which build
// their own sets): about 900 orders.
import { CANCEL_REASONS } from '../../domain/cancellation';
import type { CancelledBy, Order, OrderStatus, PaymentMethod, StatusHistoryEntry, UnixSeconds } from '../../domain/types';
import { newOrderId } from '../orders/ids';
import { insertOrder } from '../orders/repository';
import type { Db } from './connect';

/** The outlets that take orders, their share of them, and where they collect. */
const OUTLETS = [
  { vendorId: 'sa-1001', name: 'Riyadh Fresh Bakery - Olaya', weight: 5, pickup: { address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.6908, longitude: 46.6853 } },
  { vendorId: 'sa-1002', name: 'Riyadh Fresh Bakery - Al Malaz (08:00-20:00)', weight: 3, pickup: { address: 'Salahuddin Al Ayyubi Road, Al Malaz, Riyadh', latitude: 24.6644, longitude: 46.7325 } },
  { vendorId: 'sa-1004', name: 'Riyadh Fresh Bakery - Diriyah', weight: 2, pickup: { address: 'Imam Abdulaziz Road, Diriyah, Riyadh', latitude: 24.7343, longitude: 46.5753 } },
  { vendorId: 'sa-1000', name: 'Riyadh Fresh Bakery', weight: 2, pickup: { address: 'King Fahd Road, Al Olaya, Riyadh', latitude: 24.7136, longitude: 46.6753 } },
] as const;

/** Drop-off districts with their share: the map shows a few dense areas and a long tail. */
const DISTRICTS = [
  { name: 'Al Yasmin', lat: 24.8245, lng: 46.639, weight: 6 }, { name: 'Al Nakheel', lat: 24.746, lng: 46.6257, weight: 5 },
  { name: 'Al Sulimaniyah', lat: 24.7035, lng: 46.706, weight: 5 }, { name: 'Al Rawdah', lat: 24.735, lng: 46.77, weight: 3 },
  { name: 'Hittin', lat: 24.762, lng: 46.604, weight: 3 }, { name: 'Al Wurud', lat: 24.725, lng: 46.667, weight: 4 },
  { name: 'Al Malqa', lat: 24.8104, lng: 46.6113, weight: 3 }, { name: 'Al Murabba', lat: 24.6545, lng: 46.7106, weight: 2 },
  { name: 'Al Narjis', lat: 24.8466, lng: 46.6702, weight: 2 }, { name: 'Irqah', lat: 24.6921, lng: 46.5912, weight: 1 },
] as const;

/** Orders per local hour of the day (Riyadh bakery: breakfast, lunch and evening peaks), 07:00-23:00. */
const HOURLY = [0, 0, 0, 0, 0, 0, 0, 3, 6, 5, 3, 4, 7, 7, 4, 3, 3, 4, 7, 8, 7, 5, 3, 1];
/** Orders per weekday, Sunday first: the Saudi weekend (Friday, Saturday) is busier. */
const WEEKDAY_ORDERS = [12, 12, 13, 13, 16, 20, 18];

const FIRST_DAY = 31;
const LAST_DAY = 92;
/** Asia/Dubai, SPEC §1's zone for Saudi Arabia (domain/countries.ts): no summer time. */
const ZONE_OFFSET_S = 4 * 3600;

/** A small deterministic generator, so every fresh database gets the same history. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

function weighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let left = random() * total;
  for (const item of items) {
    left -= weightOf(item);
    if (left < 0) return item;
  }
  return items[items.length - 1] as T;
}

const hourOfDay = (random: Random) => weighted(random, HOURLY.map((weight, hour) => ({ hour, weight })), (h) => h.weight).hour;

/** How the order ended and, for a cancellation, why and by whom. */
function fateOf(random: Random): { final: OrderStatus; reason: string | null; by: CancelledBy | null } {
  const roll = random();
  if (roll < 0.8) return { final: 'DELIVERED', reason: null, by: null };
  if (roll < 0.85) return { final: 'RETURNED_TO_VENDOR', reason: null, by: null };
  if (roll < 0.87) return { final: 'PAYMENT_FAILED', reason: null, by: null };
  const by: CancelledBy = random() < 0.7 ? 'vendor' : 'courier';
  const reasons = by === 'courier' ? ['cancel.reason.rider-too-late', 'cancel.reason.other'] : CANCEL_REASONS;
  return { final: 'CANCELLED', reason: reasons[Math.floor(random() * reasons.length)] ?? 'cancel.reason.other', by };
}

/** The statuses and their times, from the request to the end; pickup and delivery vary around the ETAs. */
function lifeOf(random: Random, final: OrderStatus, createdAt: UnixSeconds, dispatchAt: UnixSeconds, pickupMin: number, deliveryMin: number): StatusHistoryEntry[] {
  const at = (status: OrderStatus, time: number) => ({ status, created_at: Math.round(time) });
  const start = [at('NEW', createdAt), at('RECEIVED', createdAt + 20), at('WAITING_FOR_TRANSPORT', dispatchAt + 40)];
  if (final === 'PAYMENT_FAILED') return [at('INITIATED', createdAt), at('PAYMENT_INITIATED', createdAt + 5), at('PAYMENT_FAILED', createdAt + 65)];
  if (final === 'CANCELLED') return [...start, at('CANCELLED', dispatchAt + 60 + random() * 900)];
  const accepted = dispatchAt + 90 + random() * 240;
  // Most riders pick up within the estimate; a few are held up.
  const pickedUp = dispatchAt + pickupMin * 60 * (0.6 + random() * (random() < 0.15 ? 1.2 : 0.5));
  const legS = (deliveryMin - pickupMin) * 60 * (0.7 + random() * (random() < 0.2 ? 1 : 0.45));
  const collected = [at('COURIER_ACCEPTED_DELIVERY', accepted), at('NEAR_VENDOR', pickedUp - 90), at('PICKED_UP', pickedUp)];
  if (final === 'RETURNED_TO_VENDOR') return [...start, ...collected, at('RETURN_INITIATED', pickedUp + legS), at('RETURNED_TO_VENDOR', pickedUp + 2 * legS)];
  return [...start, ...collected, at('NEAR_CUSTOMER', pickedUp + legS - 120), at('DELIVERED', pickedUp + legS)];
}

/** One past order of the demo bakery requested at `createdAt` (also the insights benchmark's orders). */
export function historyOrder(random: Random, createdAt: UnixSeconds): Order {
  const outlet = weighted(random, OUTLETS, (o) => o.weight);
  const district = weighted(random, DISTRICTS, (d) => d.weight);
  const { final, reason, by } = fateOf(random);
  const scheduled = final !== 'PAYMENT_FAILED' && random() < 0.15;
  const pickupMin = 15 + Math.floor(random() * 11);
  const deliveryMin = pickupMin + 10 + Math.floor(random() * 21);
  // A scheduled order is dispatched so that it arrives in its slot (a quarter hour, 3 to 27 hours ahead).
  const slot = scheduled ? Math.ceil((createdAt + (3 + random() * 24) * 3600) / 900) * 900 : null;
  const dispatchAt = slot === null ? createdAt : slot - deliveryMin * 60;
  const history = lifeOf(random, final, createdAt, dispatchAt, pickupMin, deliveryMin);
  const method: PaymentMethod = final === 'PAYMENT_FAILED' ? 'ONLINE_PAYMENT' : weighted(random, [['CASH_ON_DELIVERY', 5], ['PAID', 3], ['ONLINE_PAYMENT', 2]] as const, (m) => m[1])[0];
  const amount = Math.round(20 + random() * 180);
  const fee = Math.round((12 + random() * 10) * 100) / 100;
  // One order in ten used a voucher: WELCOME10 (10 % off the fee) or FLAT5 (5 off).
  const voucher = random() < 0.1 ? (random() < 0.5 ? { code: 'WELCOME10', amount: 10, type: 'PERCENT' as const } : { code: 'FLAT5', amount: 5, type: 'FIXED' as const }) : null;
  const discount = voucher === null ? 0 : voucher.type === 'PERCENT' ? Math.round(fee * voucher.amount) / 100 : Math.min(fee, voucher.amount);
  const spread = () => (random() + random() - 1) * 0.012;
  return {
    order_id: newOrderId(outlet.vendorId),
    vendor_id: outlet.vendorId,
    created_at: createdAt,
    updated_at: history[history.length - 1]?.created_at ?? createdAt,
    status: final,
    status_history: history,
    preordered_for: slot,
    customer: {
      name: 'Demo customer',
      phone_number: `+9665${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
      location: { address: `${1 + Math.floor(random() * 60)}, ${district.name}, Riyadh`, latitude: district.lat + spread(), longitude: district.lng + spread(), notes: '' },
    },
    order: { amount, description: 'Bakery order', payment_method: method },
    outlet_name: outlet.name,
    delivery_fee: fee,
    discount,
    total_amount: Math.round((amount + fee - discount) * 100) / 100,
    currency: 'SAR',
    estimated_pickup_min: pickupMin,
    estimated_delivery_min: deliveryMin,
    rider: null,
    cancel_reason: reason,
    cancelled_by: by,
    proofs: {},
    pickup: outlet.pickup,
    voucher,
  };
}

/** The history's orders for a server whose clock reads `nowS`. */
export function historyOrders(nowS: UnixSeconds): Order[] {
  const random = mulberry32(26);
  const localMidnight = nowS - ((nowS + ZONE_OFFSET_S) % 86_400);
  const orders: Order[] = [];
  for (let day = FIRST_DAY; day <= LAST_DAY; day += 1) {
    const dayStart = localMidnight - day * 86_400;
    const weekday = new Date((dayStart + ZONE_OFFSET_S) * 1000).getUTCDay();
    const count = Math.round((WEEKDAY_ORDERS[weekday] ?? 12) * (0.8 + random() * 0.4));
    for (let n = 0; n < count; n += 1) {
      orders.push(historyOrder(random, dayStart + hourOfDay(random) * 3600 + Math.floor(random() * 3600)));
    }
  }
  return orders;
}

/** Adds the history once: a database that already has orders two months old keeps what it has. */
export async function seedHistory(db: Db, { nowS }: { nowS: UnixSeconds }): Promise<void> {
  const vendorIds = OUTLETS.map((outlet) => outlet.vendorId);
  const old = await db.selectFrom('orders').select('order_id').where('vendor_id', 'in', vendorIds)
    .where('created_at', '<', nowS - 60 * 86_400).limit(1).executeTakeFirst();
  if (old) return;
  await db.transaction().execute(async (trx) => {
    for (const order of historyOrders(nowS)) await insertOrder(trx, order);
  });
}
