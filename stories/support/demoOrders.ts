// Orders the tracking and history stories list: one per list group of SPEC §4 (new, scheduled,
// collected, delivered, cancelled) today, and a few from earlier days for history.
import type { Order, OrderStatus, PaymentMethod, StatusHistoryEntry } from '../../domain/types';
import { PARENT_VENDOR } from './demoVendors';
import { minutesAgo } from './storyClock';

interface OrderSketch {
  id: string;
  /** Statuses reached, oldest first, with minutes before the story's instant. */
  history: readonly (readonly [OrderStatus, number])[];
  customer: string;
  phone: string;
  address: string;
  amount: number;
  payment?: PaymentMethod;
  preorderedInMinutes?: number;
  rider?: boolean;
  cancelReason?: string;
}

const RIYADH = { latitude: 24.7136, longitude: 46.6753 };

function orderOf(sketch: OrderSketch): Order {
  const statusHistory: StatusHistoryEntry[] = sketch.history.map(([status, minutes]) => ({ status, created_at: minutesAgo(minutes) }));
  const first = statusHistory[0];
  const last = statusHistory[statusHistory.length - 1];
  if (!first || !last) throw new Error(`order ${sketch.id} has no status history`);
  const deliveryFee = 12.5;
  return {
    order_id: `${PARENT_VENDOR.vendor_id}-${sketch.id}`,
    vendor_id: PARENT_VENDOR.vendor_id,
    created_at: first.created_at,
    updated_at: last.created_at,
    status: last.status,
    status_history: statusHistory,
    preordered_for: sketch.preorderedInMinutes === undefined ? null : minutesAgo(-sketch.preorderedInMinutes),
    customer: {
      name: sketch.customer,
      phone_number: sketch.phone,
      location: { address: sketch.address, latitude: RIYADH.latitude - 0.03, longitude: RIYADH.longitude + 0.02, notes: 'Ring twice' },
    },
    order: { amount: sketch.amount, description: 'Two boxes of pastries', payment_method: sketch.payment ?? 'CASH_ON_DELIVERY' },
    outlet_name: PARENT_VENDOR.name,
    unit_number: '4',
    building: 'Al Faisaliah Residences',
    delivery_fee: deliveryFee,
    discount: 0,
    total_amount: sketch.amount + deliveryFee,
    currency: 'SAR',
    estimated_pickup_min: 10,
    estimated_delivery_min: 25,
    rider: sketch.rider
      ? {
          name: 'Faisal Al-Harbi',
          phone: '+966501112233',
          latitude: RIYADH.latitude - 0.01,
          longitude: RIYADH.longitude + 0.01,
          eta_to_vendor_min: 4,
          eta_to_customer_min: 18,
          updated_at: last.created_at,
        }
      : null,
    cancel_reason: sketch.cancelReason ?? null,
    proofs: {},
    tracking_token: `token-${sketch.id}`,
    pickup: { address: PARENT_VENDOR.vendor_information.location.address_text, ...RIYADH },
  };
}

const DAY = 24 * 60;

export const TODAYS_ORDERS: readonly Order[] = [
  orderOf({ id: '0101', history: [['NEW', 6], ['RECEIVED', 5]], customer: 'Sara Ali', phone: '+966501234567', address: 'Olaya Street, Al Olaya, Riyadh', amount: 85 }),
  orderOf({
    id: '0102',
    history: [['NEW', 20], ['RECEIVED', 19], ['WAITING_FOR_TRANSPORT', 18], ['COURIER_ACCEPTED_DELIVERY', 14], ['NEAR_VENDOR', 2]],
    customer: 'Omar Khalid',
    phone: '+966502345678',
    address: 'Tahlia Street, As Sulimaniyah, Riyadh',
    amount: 140,
    rider: true,
  }),
  orderOf({ id: '0103', history: [['NEW', 30], ['RECEIVED', 29]], customer: 'Noura Saad', phone: '+966503456789', address: 'Prince Sultan Road, Al Muhammadiyah, Riyadh', amount: 60, preorderedInMinutes: 180 }),
  orderOf({
    id: '0104',
    history: [['NEW', 45], ['RECEIVED', 44], ['COURIER_ACCEPTED_DELIVERY', 40], ['PICKED_UP', 25], ['NEAR_CUSTOMER', 3]],
    customer: 'Khalid Yousef',
    phone: '+966504567890',
    address: 'Imam Saud Road, Al Nakheel, Riyadh',
    amount: 230,
    payment: 'PAID',
    rider: true,
  }),
  orderOf({
    id: '0105',
    history: [['NEW', 90], ['RECEIVED', 89], ['COURIER_ACCEPTED_DELIVERY', 80], ['PICKED_UP', 60], ['DELIVERED', 35]],
    customer: 'Lama Ahmed',
    phone: '+966505678901',
    address: 'Takhassusi Street, Ar Rahmaniyah, Riyadh',
    amount: 75,
    rider: true,
  }),
  orderOf({
    id: '0106',
    history: [['NEW', 120], ['RECEIVED', 119], ['CANCELLED', 110]],
    customer: 'Fahad Nasser',
    phone: '+966506789012',
    address: 'Northern Ring Road, Al Wadi, Riyadh',
    amount: 50,
    cancelReason: 'Customer changed their mind',
  }),
];

export const PAST_ORDERS: readonly Order[] = [
  orderOf({
    id: '0091',
    history: [['NEW', DAY + 60], ['RECEIVED', DAY + 59], ['PICKED_UP', DAY + 40], ['DELIVERED', DAY + 20]],
    customer: 'Reem Faisal',
    phone: '+966507890123',
    address: 'Al Urubah Road, Al Wurud, Riyadh',
    amount: 110,
    rider: true,
  }),
  orderOf({
    id: '0085',
    history: [['NEW', 3 * DAY], ['RECEIVED', 3 * DAY - 1], ['CANCELLED', 3 * DAY - 10]],
    customer: 'Majed Saleh',
    phone: '+966508901234',
    address: 'Makkah Road, Al Maather, Riyadh',
    amount: 45,
    cancelReason: 'Rider could not reach the collection point',
  }),
  orderOf({
    id: '0077',
    history: [['NEW', 5 * DAY], ['RECEIVED', 5 * DAY - 1], ['PICKED_UP', 5 * DAY - 20], ['RETURN_INITIATED', 5 * DAY - 40], ['RETURNED_TO_VENDOR', 5 * DAY - 70]],
    customer: 'Hind Abdullah',
    phone: '+966509012345',
    address: 'Khurais Road, Ar Rawdah, Riyadh',
    amount: 300,
    payment: 'PAID',
    rider: true,
  }),
];

export const ALL_DEMO_ORDERS: readonly Order[] = [...TODAYS_ORDERS, ...PAST_ORDERS];
