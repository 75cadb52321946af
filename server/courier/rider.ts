import type { GeoPoint, Order, OrderStatus, Rider, UnixSeconds } from '../../domain/types';
import { planFor, plannedSecondsUntil, scaledSeconds, stableFraction } from './timetable';

const RIDER_NAMES = [
  'Ahmed Al-Harbi', 'Faisal Al-Qahtani', 'Omar Haddad', 'Yousef Al-Otaibi', 'Khalid Mansour',
  'Ravi Kumar', 'Imran Sheikh', 'Tan Wei Ming', 'Bilal Hussain', 'Hassan Darwish',
];

type Leg = 'to-vendor' | 'to-customer' | 'returning';

const LEG_OF: Partial<Record<OrderStatus, Leg>> = {
  ASSIGNED_TO_TRANSPORT: 'to-vendor',
  COURIER_ACCEPTED_DELIVERY: 'to-vendor',
  RECEIVED_BY_VENDOR: 'to-vendor',
  ACCEPTED_BY_VENDOR: 'to-vendor',
  DELAYED: 'to-vendor',
  NEAR_VENDOR: 'to-vendor',
  PICKED_UP: 'to-customer',
  COURIER_LEFT_VENDOR: 'to-customer',
  NEAR_CUSTOMER: 'to-customer',
  RETURN_INITIATED: 'returning',
};

const LEG_START: Record<Leg, OrderStatus> = {
  'to-vendor': 'ASSIGNED_TO_TRANSPORT',
  'to-customer': 'PICKED_UP',
  returning: 'RETURN_INITIATED',
};
const LEG_END: Record<Leg, OrderStatus> = {
  'to-vendor': 'PICKED_UP',
  'to-customer': 'DELIVERED',
  returning: 'RETURNED_TO_VENDOR',
};

function lastEntryAt(order: Order, status: OrderStatus): UnixSeconds | null {
  for (let i = order.status_history.length - 1; i >= 0; i -= 1) {
    if (order.status_history[i].status === status) return order.status_history[i].created_at;
  }
  return null;
}

function interpolate(from: GeoPoint, to: GeoPoint, fraction: number): GeoPoint {
  const f = Math.min(1, Math.max(0, fraction));
  return {
    latitude: from.latitude + (to.latitude - from.latitude) * f,
    longitude: from.longitude + (to.longitude - from.longitude) * f,
  };
}

/** Where the rider starts: about 1.5 km from the collection point, in a direction fixed per order. */
function riderStart(orderId: string, vendor: GeoPoint): GeoPoint {
  const bearing = stableFraction(orderId, 'bearing') * 2 * Math.PI;
  return { latitude: vendor.latitude + 0.0135 * Math.cos(bearing), longitude: vendor.longitude + 0.0135 * Math.sin(bearing) };
}

function riderPhone(orderId: string, phonePrefix: string): string {
  const digits = String(Math.floor(stableFraction(orderId, 'phone') * 1e8)).padStart(8, '0');
  return `${phonePrefix}5${digits}`;
}

export function riderName(orderId: string): string {
  return RIDER_NAMES[Math.floor(stableFraction(orderId, 'rider') * RIDER_NAMES.length)];
}

/**
 * The rider of an order at `nowUnix`: position along the path collection point -> customer (or back
 * for a return) and ETAs that count down, derived from the status history and the plan, so nothing
 * per-rider needs storing and a restart continues where it was. Null before a rider is assigned.
 */
export function riderSnapshot(
  order: Order,
  vendor: GeoPoint | null,
  opts: { nowUnix: UnixSeconds; speed: number; phonePrefix: string },
): Rider | null {
  const customer: GeoPoint = order.customer.location;
  const from = vendor ?? customer;
  const base = { name: riderName(order.order_id), phone: riderPhone(order.order_id, opts.phonePrefix), updated_at: opts.nowUnix };
  if (order.status === 'DELIVERED') {
    return { ...base, latitude: customer.latitude, longitude: customer.longitude, eta_to_vendor_min: null, eta_to_customer_min: 0 };
  }
  if (order.status === 'RETURNED_TO_VENDOR') {
    return { ...base, latitude: from.latitude, longitude: from.longitude, eta_to_vendor_min: 0, eta_to_customer_min: null };
  }
  const leg = LEG_OF[order.status];
  if (!leg) return null;

  // ETAs use speed 1 when the fleet is paused (speed 0): they are then what a real rider would need.
  const speed = opts.speed > 0 ? opts.speed : 1;
  const plan = planFor(order.order_id);
  const enteredAt = lastEntryAt(order, order.status) ?? order.updated_at;
  const legStartedAt = lastEntryAt(order, LEG_START[leg]) ?? enteredAt;
  const sinceEntered = Math.max(0, opts.nowUnix - enteredAt);
  const remaining = (target: OrderStatus): number =>
    Math.max(0, scaledSeconds(plannedSecondsUntil(plan, order.status, target), speed) - sinceEntered);
  // A parcel that will be returned reaches the customer's door at RETURN_INITIATED, not DELIVERED.
  const atCustomer: OrderStatus = plan.some((step) => step.status === 'DELIVERED') ? 'DELIVERED' : 'RETURN_INITIATED';
  const legEnd = leg === 'to-customer' ? atCustomer : LEG_END[leg];
  const remainingOnLeg = remaining(legEnd);
  const travelled = Math.max(0, opts.nowUnix - legStartedAt);
  const fraction = travelled + remainingOnLeg > 0 ? travelled / (travelled + remainingOnLeg) : 1;
  const toMinutes = (seconds: number): number => Math.ceil(seconds / 60);

  const path: Record<Leg, [GeoPoint, GeoPoint]> = {
    'to-vendor': [riderStart(order.order_id, from), from],
    'to-customer': [from, customer],
    returning: [customer, from],
  };
  const [start, end] = path[leg];
  const position = interpolate(start, end, fraction);
  return {
    ...base,
    latitude: position.latitude,
    longitude: position.longitude,
    eta_to_vendor_min: leg === 'to-customer' ? null : toMinutes(leg === 'returning' ? remainingOnLeg : remaining('PICKED_UP')),
    eta_to_customer_min: leg === 'returning' ? null : toMinutes(remaining(atCustomer)),
  };
}
