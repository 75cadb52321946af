// A hand-made set of orders for the Insights tests (server and e2e), with the answers worked out by
// hand in tests/server/insights.test.ts. Two Dubai days, 2026-03-09 (Monday) and 2026-03-10, long
// before the demo seed's past month. Times are written in Dubai wall-clock time (UTC+4).
import type { CancelledBy, Order, OrderStatus, PaymentMethod } from '../../domain/types';

export const DUBAI = 4 * 3600;
/** Unix seconds of a wall-clock time in Dubai. */
export const dubai = (m: number, d: number, hh: number, mm = 0, ss = 0) => Date.UTC(2026, m - 1, d, hh, mm, ss) / 1000 - DUBAI;
/** The period: both Dubai days, inclusive. */
export const PERIOD = { from: dubai(3, 9, 0), to: dubai(3, 11, 0) - 1 };

interface Spec {
  id: string;
  vendorId: string;
  createdAt: number;
  /** Status and seconds after creation, in order; the last is the current status. */
  life: [OrderStatus, number][];
  etaMin?: number | null;
  slot?: number;
  method?: PaymentMethod;
  amount?: number;
  fee?: number;
  discount?: number;
  drop: [number, number];
  reason?: string;
  by?: CancelledBy;
}

function order(spec: Spec): Order {
  const history = spec.life.map(([status, after]) => ({ status, created_at: spec.createdAt + after }));
  const amount = spec.amount ?? 100;
  const fee = spec.fee ?? 20;
  const discount = spec.discount ?? 0;
  return {
    order_id: spec.id,
    vendor_id: spec.vendorId,
    created_at: spec.createdAt,
    updated_at: history[history.length - 1]?.created_at ?? spec.createdAt,
    status: spec.life[spec.life.length - 1]?.[0] ?? 'NEW',
    status_history: history,
    preordered_for: spec.slot ?? null,
    customer: { name: 'Test Customer', phone_number: '+966501234567', location: { address: 'Riyadh', latitude: spec.drop[0], longitude: spec.drop[1], notes: '' } },
    order: { amount, description: 'Cake', payment_method: spec.method ?? 'CASH_ON_DELIVERY' },
    delivery_fee: fee,
    discount,
    total_amount: amount + fee - discount,
    currency: 'SAR',
    estimated_pickup_min: 15,
    estimated_delivery_min: spec.etaMin === undefined ? 40 : spec.etaMin,
    cancel_reason: spec.reason ?? null,
    cancelled_by: spec.by ?? null,
  };
}

const OLAYA = 'sa-1001';
const DIRIYAH = 'sa-1004';

/** A to J (J is another tenant's, H is after the period). */
export function insightsOrders(): Order[] {
  return [
    // A: ASAP, ETA 40 min, picked up after 15 min, delivered at 35 min: on time. Cash 100 + 20.
    order({ id: 'sa-1001-insights-a', vendorId: OLAYA, createdAt: dubai(3, 9, 8), life: [['NEW', 0], ['PICKED_UP', 900], ['DELIVERED', 2100]], etaMin: 40, drop: [24.8245, 46.639] }),
    // B: ASAP, ETA 30 min, delivered at 50 min: late. Prepaid, fee 15 with 5 off.
    order({ id: 'sa-1001-insights-b', vendorId: OLAYA, createdAt: dubai(3, 9, 8, 30), life: [['NEW', 0], ['PICKED_UP', 1200], ['DELIVERED', 3000]], etaMin: 30, method: 'PAID', fee: 15, discount: 5, drop: [24.8248, 46.6393] }),
    // I: still on its way (picked up after 1000 s).
    order({ id: 'sa-1001-insights-i', vendorId: OLAYA, createdAt: dubai(3, 9, 12), life: [['NEW', 0], ['PICKED_UP', 1000]], drop: [24.78, 46.65] }),
    // C: scheduled for 15:00, requested 13:10, picked up 14:30, delivered 14:55: on time. Cash 50 + 18.
    order({ id: 'sa-1001-insights-c', vendorId: OLAYA, createdAt: dubai(3, 10, 13, 10), slot: dubai(3, 10, 15), life: [['NEW', 0], ['RECEIVED', 10], ['PICKED_UP', 4800], ['DELIVERED', 6300]], amount: 50, fee: 18, drop: [24.7035, 46.706] }),
    // D: cancelled by the vendor, duplicate order.
    order({ id: 'sa-1001-insights-d', vendorId: OLAYA, createdAt: dubai(3, 10, 13, 40), life: [['NEW', 0], ['RECEIVED', 30], ['CANCELLED', 300]], reason: 'cancel.reason.duplicate-order', by: 'vendor', drop: [24.7, 46.6] }),
    // E: cancelled by the courier, rider too late.
    order({ id: 'sa-1001-insights-e', vendorId: OLAYA, createdAt: dubai(3, 10, 20), life: [['NEW', 0], ['CANCELLED', 1800]], reason: 'cancel.reason.rider-too-late', by: 'courier', drop: [24.75, 46.7] }),
    // F: returned after a pick-up at 600 s. Prepaid, fee 20.
    order({ id: 'sa-1001-insights-f', vendorId: OLAYA, createdAt: dubai(3, 10, 21), life: [['NEW', 0], ['PICKED_UP', 600], ['RETURN_INITIATED', 1500], ['RETURNED_TO_VENDOR', 2400]], method: 'PAID', drop: [24.76, 46.8] }),
    // G: the Diriyah outlet, the last second of the 9th; no ETA (60 min), delivered at 20 min. Pay at pick-up 10 with 2 off.
    order({ id: 'sa-1004-insights-g', vendorId: DIRIYAH, createdAt: dubai(3, 9, 23, 59, 59), life: [['NEW', 0], ['PICKED_UP', 300], ['DELIVERED', 1200]], etaMin: null, method: 'PAY_AT_PICKUP', fee: 10, discount: 2, drop: [24.74, 46.59] }),
    // H: midnight starting the 11th, after the period.
    order({ id: 'sa-1001-insights-h', vendorId: OLAYA, createdAt: dubai(3, 11, 0), life: [['NEW', 0]], drop: [24.7, 46.7] }),
    // J: another tenant's order in the period.
    order({ id: 'sg-2000-insights-j', vendorId: 'sg-2000', createdAt: dubai(3, 9, 10), life: [['NEW', 0], ['PICKED_UP', 100], ['DELIVERED', 200]], drop: [1.3, 103.85] }),
  ];
}
