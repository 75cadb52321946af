// Three months of past orders for every demo vendor (historyVendors.ts), so Insights has something to
// show on `npm start`: days 1 to 92 before today, on top of the seed's last month (seed.ts), which the
// tests rely on and which stays as it is. Deterministic (a seeded generator per vendor) and relative to
// the server clock. Behind SEED_HISTORY (on in `npm start` and `npm run dev`, off in the tests, which
// build their own sets): about 8 000 orders, written in one transaction.
import { CANCEL_REASONS } from '../../domain/cancellation';
import type { CancelledBy, Order, OrderStatus, PaymentMethod, StatusHistoryEntry, UnixSeconds } from '../../domain/types';
import { newOrderId } from '../orders/ids';
import { insertOrder } from '../orders/repository';
import type { Db } from './connect';
import { HISTORY_VENDORS, RIYADH_BAKERY, type HistoryVendor } from './historyVendors';

/** The first and last day back from today that the history covers: the last three months. */
const FIRST_DAY = 1;
const LAST_DAY = 92;

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

const hourOfDay = (random: Random, hourly: readonly number[]) => weighted(random, hourly.map((weight, hour) => ({ hour, weight })), (h) => h.weight).hour;

/** How the order ended and, for a cancellation, why and by whom. */
function fateOf(random: Random, paysOnline: boolean): { final: OrderStatus; reason: string | null; by: CancelledBy | null } {
  const roll = random();
  if (roll < 0.8) return { final: 'DELIVERED', reason: null, by: null };
  if (roll < 0.85) return { final: 'RETURNED_TO_VENDOR', reason: null, by: null };
  if (roll < 0.87 && paysOnline) return { final: 'PAYMENT_FAILED', reason: null, by: null };
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

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const between = (random: Random, [low, high]: readonly [number, number]) => low + random() * (high - low);

/** One past order of a demo business requested at `createdAt` (the bakery's are also the insights benchmark's orders). */
export function historyOrder(random: Random, createdAt: UnixSeconds, vendor: HistoryVendor = RIYADH_BAKERY): Order {
  const outlet = weighted(random, vendor.outlets, (o) => o.weight);
  const district = weighted(random, vendor.districts, (d) => d.weight);
  const { final, reason, by } = fateOf(random, vendor.methods.some(([method]) => method === 'ONLINE_PAYMENT'));
  // Few orders are scheduled, and for later the same day: slots a day ahead made the average
  // request-to-pickup time read hours on Insights, which no bakery would recognise.
  const scheduled = final !== 'PAYMENT_FAILED' && random() < 0.08;
  const pickupMin = 15 + Math.floor(random() * 11);
  const deliveryMin = pickupMin + 10 + Math.floor(random() * 21);
  // A scheduled order is dispatched so that it arrives in its slot (a quarter hour, 1 to 4 hours ahead).
  const slot = scheduled ? Math.ceil((createdAt + (1 + random() * 3) * 3600) / 900) * 900 : null;
  const dispatchAt = slot === null ? createdAt : slot - deliveryMin * 60;
  const history = lifeOf(random, final, createdAt, dispatchAt, pickupMin, deliveryMin);
  const method: PaymentMethod = final === 'PAYMENT_FAILED' ? 'ONLINE_PAYMENT' : weighted(random, vendor.methods, (m) => m[1])[0];
  const amount = Math.round(between(random, vendor.amount));
  const fee = roundTo(between(random, vendor.fee), vendor.decimals);
  // One order in ten used a voucher: WELCOME10 (10 % off the fee) or the vendor's fixed-amount one.
  const voucher = random() < 0.1 ? (random() < 0.5 ? { code: 'WELCOME10', amount: 10, type: 'PERCENT' as const } : { ...vendor.flatVoucher, type: 'FIXED' as const }) : null;
  const discount = voucher === null ? 0 : voucher.type === 'PERCENT' ? roundTo(fee * voucher.amount / 100, vendor.decimals) : Math.min(fee, voucher.amount);
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
      phone_number: vendor.phone(random),
      location: { address: `${1 + Math.floor(random() * 60)}, ${district.name}, ${vendor.city}`, latitude: district.lat + spread(), longitude: district.lng + spread(), notes: '' },
    },
    order: { amount, description: vendor.description, payment_method: method },
    outlet_name: outlet.name,
    delivery_fee: fee,
    discount,
    total_amount: roundTo(amount + fee - discount, vendor.decimals),
    currency: vendor.currency,
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

/** One business's history for a server whose clock reads `nowS`, days counted in its own zone. */
function vendorHistory(vendor: HistoryVendor, seed: number, nowS: UnixSeconds): Order[] {
  const random = mulberry32(seed);
  const localMidnight = nowS - ((nowS + vendor.zoneOffsetS) % 86_400);
  const orders: Order[] = [];
  for (let day = FIRST_DAY; day <= LAST_DAY; day += 1) {
    const dayStart = localMidnight - day * 86_400;
    const weekday = new Date((dayStart + vendor.zoneOffsetS) * 1000).getUTCDay();
    const count = Math.round((vendor.weekday[weekday] ?? 10) * (0.8 + random() * 0.4));
    for (let n = 0; n < count; n += 1) {
      orders.push(historyOrder(random, dayStart + hourOfDay(random, vendor.hourly) * 3600 + Math.floor(random() * 3600), vendor));
    }
  }
  return orders;
}

/** Every demo business's history for a server whose clock reads `nowS`. */
export function historyOrders(nowS: UnixSeconds): Order[] {
  return HISTORY_VENDORS.flatMap((vendor, index) => vendorHistory(vendor, 26 + index, nowS));
}

/** Adds the history once: a database that already has orders two months old keeps what it has. */
export async function seedHistory(db: Db, { nowS }: { nowS: UnixSeconds }): Promise<void> {
  const vendorIds = HISTORY_VENDORS.flatMap((vendor) => vendor.outlets.map((outlet) => outlet.vendorId));
  const old = await db.selectFrom('orders').select('order_id').where('vendor_id', 'in', vendorIds)
    .where('created_at', '<', nowS - 60 * 86_400).limit(1).executeTakeFirst();
  if (old) return;
  await db.transaction().execute(async (trx) => {
    for (const order of historyOrders(nowS)) await insertOrder(trx, order);
  });
}
