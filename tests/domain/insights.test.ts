// Insights rules (issue 26): "on-time rate (delivered by the promised time: ETA at dispatch for ASAP
// orders, the slot for scheduled ones)", "average and p90", "returns", "cancellations by reason and by
// who cancelled", "spend (fees, discounts, cash collected)", "busiest hours ... in the vendor's time zone".
import { describe, expect, it } from 'vitest';
import {
  isDeliveredOnTime, localBuckets, nearestRankIndex, nearestRankPercentile, offsetSegments, orderFactsOf, orderOutcome, promisedDeliveryAt,
  type Order,
} from '../../domain';
import { anOrder, NOON_UTC_2026_03_10 as T } from './anOrder';

const utc = (y: number, m: number, d: number, hh = 0, mm = 0) => Date.UTC(y, m - 1, d, hh, mm) / 1000;

describe('promised time and on time', () => {
  it('an ASAP order is promised at its creation plus the delivery ETA it was given', () => {
    expect(promisedDeliveryAt({ created_at: T, preordered_for: null, estimated_delivery_min: 42 })).toBe(T + 42 * 60);
  });
  it('an ASAP order without an ETA is promised within SPEC\'s 60 minutes', () => {
    expect(promisedDeliveryAt({ created_at: T, preordered_for: null, estimated_delivery_min: null })).toBe(T + 3600);
    expect(promisedDeliveryAt({ created_at: T, preordered_for: null })).toBe(T + 3600);
  });
  it('a scheduled order is promised for its slot, whatever its ETA', () => {
    expect(promisedDeliveryAt({ created_at: T, preordered_for: T + 86_400, estimated_delivery_min: 42 })).toBe(T + 86_400);
  });
  it('delivered in the promised second is on time, one second later is late', () => {
    expect(isDeliveredOnTime(T, T)).toBe(true);
    expect(isDeliveredOnTime(T + 1, T)).toBe(false);
  });
});

describe('p90 by nearest rank', () => {
  it('is the ceil(0.9 N)-th smallest value', () => {
    expect(nearestRankIndex(10, 90)).toBe(8);
    expect(nearestRankIndex(11, 90)).toBe(9);
    expect(nearestRankIndex(1, 90)).toBe(0);
    expect(nearestRankIndex(0, 90)).toBeNull();
    expect(nearestRankPercentile([5, 1, 4, 2, 3, 10, 9, 8, 7, 6], 90)).toBe(9);
    expect(nearestRankPercentile([300], 90)).toBe(300);
  });
  it('refuses a percentile outside (0, 100]', () => {
    expect(() => nearestRankIndex(10, 0)).toThrow(RangeError);
    expect(() => nearestRankIndex(10, 101)).toThrow(RangeError);
  });
});

describe('outcome', () => {
  it('a return is its own outcome; failed payments and stalled orders count as cancelled', () => {
    expect(orderOutcome('DELIVERED')).toBe('delivered');
    expect(orderOutcome('RETURN_INITIATED')).toBe('returned');
    expect(orderOutcome('RETURNED_TO_VENDOR')).toBe('returned');
    expect(orderOutcome('PAYMENT_FAILED')).toBe('cancelled');
    expect(orderOutcome('STALLED')).toBe('cancelled');
    expect(orderOutcome('PICKED_UP')).toBe('in_progress');
  });
});

const delivered = (changes: Partial<Order> = {}): Order => ({
  ...anOrder().withHistory([
    { status: 'NEW', created_at: T },
    { status: 'PICKED_UP', created_at: T + 900 },
    { status: 'DELIVERED', created_at: T + 2400 },
  ]).currently('DELIVERED').build(),
  delivery_fee: 20, discount: 5, total_amount: 135, estimated_delivery_min: 45,
  ...changes,
});

describe('facts of one order', () => {
  it('a cash order delivered on time: durations, spend and the drop-off', () => {
    expect(orderFactsOf(delivered())).toMatchObject({
      outcome: 'delivered', promised_at: T + 2700, picked_up_at: T + 900, delivered_at: T + 2400, on_time: 1,
      request_to_pickup_s: 900, pickup_to_delivery_s: 1500, fee: 20, discount: 5, cash_collected: 135,
      cancel_reason: null, cancelled_by: null, drop_cell_lat: 2471, drop_cell_lng: 4668,
    });
  });
  it('late when delivered after the ETA; a prepaid order collects no cash', () => {
    const facts = orderFactsOf(delivered({ estimated_delivery_min: 30, order: { amount: 120, description: 'x', payment_method: 'PAID' } }));
    expect(facts).toMatchObject({ on_time: 0, cash_collected: 0, fee: 20 });
  });
  it('pay at pick-up collects the charged fee once picked up', () => {
    const facts = orderFactsOf(delivered({ order: { amount: 120, description: 'x', payment_method: 'PAY_AT_PICKUP' } }));
    expect(facts.cash_collected).toBe(15);
  });
  it('a cancelled order: its reason key and who cancelled, no spend, no on-time verdict', () => {
    const order = anOrder().withHistory(['NEW', 'RECEIVED', 'CANCELLED']).currently('CANCELLED').build();
    expect(orderFactsOf({ ...order, delivery_fee: 20, cancel_reason: 'cancel.reason.rider-too-late', cancelled_by: 'vendor' })).toMatchObject({
      outcome: 'cancelled', on_time: null, cancel_reason: 'cancel.reason.rider-too-late', cancelled_by: 'vendor', fee: 0, cash_collected: 0,
    });
    // A free-text reason groups under "Other"; a cancellation from before who cancelled was kept is 'unknown'.
    expect(orderFactsOf({ ...order, cancel_reason: 'the cat ate it' })).toMatchObject({ cancel_reason: 'cancel.reason.other', cancelled_by: 'unknown' });
  });
  it('a returned order was picked up, never delivered', () => {
    const order = anOrder().withHistory(['NEW', 'PICKED_UP', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR']).currently('RETURNED_TO_VENDOR').build();
    expect(orderFactsOf(order)).toMatchObject({ outcome: 'returned', picked_up_at: T + 60, delivered_at: null, on_time: null, pickup_to_delivery_s: null });
  });
});

describe('local buckets in the vendor\'s zone', () => {
  it('Asia/Dubai has one offset (+4 h) over a whole period', () => {
    expect(offsetSegments(utc(2026, 1, 1), utc(2026, 4, 1), 'Asia/Dubai')).toEqual([{ from: utc(2026, 1, 1), to: utc(2026, 4, 1), offsetS: 14_400 }]);
  });
  it('Europe/Sofia\'s period is cut where summer time starts (2026-03-29 01:00 UTC)', () => {
    const change = utc(2026, 3, 29, 1);
    expect(offsetSegments(utc(2026, 3, 28), utc(2026, 3, 30), 'Europe/Sofia')).toEqual([
      { from: utc(2026, 3, 28), to: change - 1, offsetS: 7200 },
      { from: change, to: utc(2026, 3, 30), offsetS: 10_800 },
    ]);
  });
  it('weekday (Monday 0) and hour of local seconds', () => {
    // 2026-03-10 12:00 UTC is a Tuesday; 16:00 in Dubai.
    const { weekday, hour } = localBuckets(T + 14_400);
    expect([weekday, hour]).toEqual([1, 16]);
    // 1970-01-01 was a Thursday.
    expect(localBuckets(0)).toEqual({ epochDay: 0, weekday: 3, hour: 0 });
  });
});
