// The demo businesses whose past orders seedHistory.ts writes: each its outlets, currency, zone, city
// districts and the shape of its day and week, so every Insights figure looks like a real business's.
import type { PaymentMethod } from '../../domain/types';

export interface HistoryOutlet {
  vendorId: string;
  name: string;
  /** The outlet's share of the business's orders. */
  weight: number;
  pickup: { address: string; latitude: number; longitude: number };
}

export interface HistoryVendor {
  city: string;
  currency: string;
  /** The country's zone offset in seconds (domain/countries.ts); none of these zones has summer time. */
  zoneOffsetS: number;
  /** The bounds every drop-off stays in, for the tests: [south, west, north, east]. */
  bounds: readonly [number, number, number, number];
  outlets: readonly HistoryOutlet[];
  /** Drop-off districts with their share: the map shows a few dense areas and a long tail. */
  districts: readonly { name: string; lat: number; lng: number; weight: number }[];
  /** Relative orders per local hour of the day, 0 to 23. */
  hourly: readonly number[];
  /** Orders per weekday, Sunday first, for the whole business. */
  weekday: readonly number[];
  methods: readonly (readonly [PaymentMethod, number])[];
  /** Item value and delivery fee ranges in the currency, and its minor-unit digits. */
  amount: readonly [number, number];
  fee: readonly [number, number];
  decimals: number;
  /** A fixed-amount voucher, its value in the currency (the other voucher is WELCOME10, 10 % off the fee). */
  flatVoucher: { code: string; amount: number };
  description: string;
  phone: (random: () => number) => string;
}

const digits = (random: () => number, count: number) => String(Math.floor(random() * 10 ** count)).padStart(count, '0');

/** Riyadh Fresh Bakery, the parent vendor@example.com signs in as, and three of its outlets. */
export const RIYADH_BAKERY: HistoryVendor = {
  city: 'Riyadh',
  currency: 'SAR',
  zoneOffsetS: 4 * 3600, // Asia/Dubai, SPEC §1's zone for Saudi Arabia
  bounds: [24.55, 46.48, 24.95, 46.88],
  outlets: [
    { vendorId: 'sa-1001', name: 'Riyadh Fresh Bakery - Olaya', weight: 5, pickup: { address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.6908, longitude: 46.6853 } },
    { vendorId: 'sa-1002', name: 'Riyadh Fresh Bakery - Al Malaz (08:00-20:00)', weight: 3, pickup: { address: 'Salahuddin Al Ayyubi Road, Al Malaz, Riyadh', latitude: 24.6644, longitude: 46.7325 } },
    { vendorId: 'sa-1004', name: 'Riyadh Fresh Bakery - Diriyah', weight: 2, pickup: { address: 'Imam Abdulaziz Road, Diriyah, Riyadh', latitude: 24.7343, longitude: 46.5753 } },
    { vendorId: 'sa-1000', name: 'Riyadh Fresh Bakery', weight: 2, pickup: { address: 'King Fahd Road, Al Olaya, Riyadh', latitude: 24.7136, longitude: 46.6753 } },
  ],
  districts: [
    { name: 'Al Yasmin', lat: 24.8245, lng: 46.639, weight: 6 }, { name: 'Al Nakheel', lat: 24.746, lng: 46.6257, weight: 5 },
    { name: 'Al Sulimaniyah', lat: 24.7035, lng: 46.706, weight: 5 }, { name: 'Al Rawdah', lat: 24.735, lng: 46.77, weight: 3 },
    { name: 'Hittin', lat: 24.762, lng: 46.604, weight: 3 }, { name: 'Al Wurud', lat: 24.725, lng: 46.667, weight: 4 },
    { name: 'Al Malqa', lat: 24.8104, lng: 46.6113, weight: 3 }, { name: 'Al Murabba', lat: 24.6545, lng: 46.7106, weight: 2 },
    { name: 'Al Narjis', lat: 24.8466, lng: 46.6702, weight: 2 }, { name: 'Irqah', lat: 24.6921, lng: 46.5912, weight: 1 },
  ],
  // Breakfast, lunch and evening peaks, 07:00 to 23:00.
  hourly: [0, 0, 0, 0, 0, 0, 0, 3, 6, 5, 3, 4, 7, 7, 4, 3, 3, 4, 7, 8, 7, 5, 3, 1],
  // A chain of four outlets: tens of orders a day, more on the Saudi weekend (Friday, Saturday).
  weekday: [34, 33, 35, 36, 42, 52, 46],
  methods: [['CASH_ON_DELIVERY', 5], ['PAID', 3], ['ONLINE_PAYMENT', 2]],
  amount: [20, 200],
  fee: [12, 22],
  decimals: 2,
  flatVoucher: { code: 'FLAT5', amount: 5 },
  description: 'Bakery order',
  phone: (random) => `+9665${digits(random, 8)}`,
};

/** Marina Flowers (other@example.com): a florist, busy at weekends and before the evening. */
const MARINA_FLOWERS: HistoryVendor = {
  city: 'Singapore',
  currency: 'SGD',
  zoneOffsetS: 8 * 3600,
  bounds: [1.22, 103.68, 1.42, 104.0],
  outlets: [{ vendorId: 'sg-2000', name: 'Marina Flowers', weight: 1, pickup: { address: '10 Bayfront Avenue, Singapore', latitude: 1.2834, longitude: 103.8607 } }],
  districts: [
    { name: 'Marina Bay', lat: 1.2816, lng: 103.8545, weight: 5 }, { name: 'Tanjong Pagar', lat: 1.2764, lng: 103.8458, weight: 5 },
    { name: 'Orchard', lat: 1.3048, lng: 103.8318, weight: 4 }, { name: 'Tiong Bahru', lat: 1.2857, lng: 103.8269, weight: 3 },
    { name: 'Novena', lat: 1.3204, lng: 103.8438, weight: 3 }, { name: 'Katong', lat: 1.3051, lng: 103.9051, weight: 3 },
    { name: 'Toa Payoh', lat: 1.3343, lng: 103.8563, weight: 2 }, { name: 'Bukit Timah', lat: 1.3294, lng: 103.8021, weight: 2 },
    { name: 'Holland Village', lat: 1.311, lng: 103.7958, weight: 2 }, { name: 'Tampines', lat: 1.3496, lng: 103.9568, weight: 1 },
  ],
  hourly: [0, 0, 0, 0, 0, 0, 0, 0, 2, 5, 6, 6, 5, 4, 4, 5, 6, 6, 4, 2, 1, 0, 0, 0],
  weekday: [22, 12, 12, 13, 14, 18, 24],
  methods: [['PAID', 4], ['CASH_ON_DELIVERY', 1]],
  amount: [35, 180],
  fee: [6, 12],
  decimals: 2,
  flatVoucher: { code: 'FLAT3', amount: 3 },
  description: 'Flower bouquet',
  phone: (random) => `+65${8 + Math.floor(random() * 2)}${digits(random, 7)}`,
};

/** Lahore Tikka House (other@example.com): lunch and a long late dinner, cash only. */
const LAHORE_TIKKA: HistoryVendor = {
  city: 'Lahore',
  currency: 'PKR',
  zoneOffsetS: 5 * 3600,
  bounds: [31.35, 74.15, 31.65, 74.5],
  outlets: [{ vendorId: 'pk-3000', name: 'Lahore Tikka House', weight: 1, pickup: { address: 'MM Alam Road, Gulberg III, Lahore', latitude: 31.5102, longitude: 74.3441 } }],
  districts: [
    { name: 'Gulberg', lat: 31.5204, lng: 74.3487, weight: 6 }, { name: 'DHA Phase 5', lat: 31.4637, lng: 74.4084, weight: 5 },
    { name: 'Model Town', lat: 31.4835, lng: 74.3254, weight: 4 }, { name: 'Johar Town', lat: 31.4697, lng: 74.2728, weight: 4 },
    { name: 'Garden Town', lat: 31.5057, lng: 74.3236, weight: 3 }, { name: 'Faisal Town', lat: 31.4789, lng: 74.3028, weight: 2 },
    { name: 'Shadman', lat: 31.5366, lng: 74.3333, weight: 2 }, { name: 'Iqbal Town', lat: 31.5077, lng: 74.2887, weight: 2 },
    { name: 'Cantt', lat: 31.5138, lng: 74.3891, weight: 2 }, { name: 'Bahria Town', lat: 31.3674, lng: 74.1856, weight: 1 },
  ],
  hourly: [3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 6, 6, 3, 2, 2, 3, 6, 9, 10, 8, 5],
  weekday: [30, 20, 20, 21, 22, 28, 32],
  methods: [['CASH_ON_DELIVERY', 1]],
  amount: [800, 6000],
  fee: [120, 250],
  decimals: 0,
  flatVoucher: { code: 'FLAT100', amount: 100 },
  description: 'Tikka platter',
  phone: (random) => `+923${digits(random, 9)}`,
};

/** Salmiya Sweets (other@example.com): afternoons and evenings, more on the Kuwaiti weekend. */
const SALMIYA_SWEETS: HistoryVendor = {
  city: 'Salmiya',
  currency: 'KWD',
  zoneOffsetS: 3 * 3600,
  bounds: [29.2, 47.9, 29.45, 48.15],
  outlets: [{ vendorId: 'kw-4000', name: 'Salmiya Sweets', weight: 1, pickup: { address: 'Salem Al Mubarak Street, Salmiya', latitude: 29.3339, longitude: 48.0766 } }],
  districts: [
    { name: 'Salmiya', lat: 29.3375, lng: 48.0713, weight: 6 }, { name: 'Hawalli', lat: 29.3328, lng: 48.0286, weight: 4 },
    { name: 'Rumaithiya', lat: 29.3113, lng: 48.0752, weight: 4 }, { name: 'Jabriya', lat: 29.3164, lng: 48.0177, weight: 3 },
    { name: 'Bayan', lat: 29.2985, lng: 48.0458, weight: 2 }, { name: 'Salwa', lat: 29.2958, lng: 48.0783, weight: 3 },
    { name: 'Mishref', lat: 29.2757, lng: 48.0663, weight: 2 }, { name: 'Shaab', lat: 29.3526, lng: 48.0305, weight: 2 },
    { name: 'Kuwait City', lat: 29.3759, lng: 47.9774, weight: 1 },
  ],
  hourly: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 8, 7, 6, 4, 2],
  weekday: [16, 14, 14, 15, 18, 24, 22],
  methods: [['PAID', 3], ['CASH_ON_DELIVERY', 2]],
  amount: [3, 25],
  fee: [0.5, 1.25],
  decimals: 3,
  flatVoucher: { code: 'FLAT250FILS', amount: 0.25 },
  description: 'Sweets box',
  phone: (random) => `+965${5 + Math.floor(random() * 5)}${digits(random, 7)}`,
};

export const HISTORY_VENDORS: readonly HistoryVendor[] = [RIYADH_BAKERY, MARINA_FLOWERS, LAHORE_TIKKA, SALMIYA_SWEETS];
