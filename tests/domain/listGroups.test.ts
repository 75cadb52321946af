import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELAYED_COLLECTED_EVIDENCE,
  LIST_GROUPS,
  ORDER_STATUSES,
  listGroupOf,
  matchesStatusFilter,
  sortNewestFirst,
  type OrderStatus,
} from '../../domain';
import { NOON_UTC_2026_03_10 as NOW, anOrder } from './anOrder';

const HOUR = 3600;

describe('list grouping (SPEC §4)', () => {
  it.each([
    ['NEW', 'new'],
    ['PAYMENT_COMMITTED', 'new'],
    ['NEAR_VENDOR', 'new'],
    ['MODIFIED', 'new'],
    ['INITIATED', 'new'],
    ['PICKED_UP', 'collected'],
    ['RETURN_INITIATED', 'collected'],
    ['DELIVERED', 'delivered'],
    ['RETURNED_TO_VENDOR', 'delivered'],
    ['CANCELLED', 'cancelled'],
    ['STALLED', 'cancelled'],
    ['PAYMENT_FAILED', 'cancelled'],
  ] as const)('an instant order in %s is listed as %s', (status, group) => {
    expect(listGroupOf(anOrder().withStatus(status).build(), NOW)).toBe(group);
  });

  it.each(['NEW', 'RECEIVED', 'ACCEPTED_BY_VENDOR', 'WAITING_FOR_TRANSPORT'] as const)(
    'a pre-order in the future at %s (at or before WAITING_FOR_TRANSPORT) is a pre-order',
    (status) => {
      expect(listGroupOf(anOrder().withStatus(status).preorderedFor(NOW + HOUR).build(), NOW)).toBe('preorder');
    },
  );

  it('a future pre-order past WAITING_FOR_TRANSPORT is new again', () => {
    expect(listGroupOf(anOrder().withStatus('ASSIGNED_TO_TRANSPORT').preorderedFor(NOW + HOUR).build(), NOW)).toBe('new');
  });

  it('a pre-order whose time is now (not in the future) is new', () => {
    expect(listGroupOf(anOrder().withStatus('NEW').preorderedFor(NOW).build(), NOW)).toBe('new');
    expect(listGroupOf(anOrder().withStatus('NEW').preorderedFor(NOW + 1).build(), NOW)).toBe('preorder');
  });

  it('a cancelled future pre-order is cancelled, not a pre-order', () => {
    expect(listGroupOf(anOrder().withStatus('CANCELLED').preorderedFor(NOW + HOUR).build(), NOW)).toBe('cancelled');
  });

  it.each(DELAYED_COLLECTED_EVIDENCE.map((evidence) => [evidence]))('a DELAYED order whose history holds %s is collected', (evidence) => {
    const order = anOrder().withHistory(['NEW', 'ASSIGNED_TO_TRANSPORT', evidence]).withStatus('DELAYED').build();
    expect(listGroupOf(order, NOW)).toBe('collected');
  });

  it('a DELAYED order after pickup (picked up, left the vendor, near the customer) is collected, not new', () => {
    const order = anOrder().withHistory(['NEW', 'NEAR_VENDOR', 'PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER']).withStatus('DELAYED').build();
    expect(listGroupOf(order, NOW)).toBe('collected');
    expect(matchesStatusFilter(order, 'COLLECTED', NOW)).toBe(true);
    expect(matchesStatusFilter(order, 'NEW', NOW)).toBe(false);
  });

  it('a DELAYED order whose history has none of the collected, cancelled and delivered-or-returned statuses is new', () => {
    const order = anOrder().withHistory(['NEW', 'RECEIVED', 'ASSIGNED_TO_TRANSPORT', 'NEAR_VENDOR', 'MODIFIED']).withStatus('DELAYED').build();
    expect(listGroupOf(order, NOW)).toBe('new');
    expect(listGroupOf(anOrder().withStatus('DELAYED').build(), NOW)).toBe('new');
  });

  it('the DELAYED evidence is the union of the three groups', () => {
    expect([...DELAYED_COLLECTED_EVIDENCE].sort()).toEqual(
      ['PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER', 'RETURN_INITIATED', 'CANCELLED', 'PAYMENT_CANCELLED', 'STALLED', 'PAYMENT_FAILED', 'DELIVERED', 'RETURNED_TO_VENDOR'].sort(),
    );
  });

  it('every order lands in exactly one list, whatever its status, history and pre-order time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.array(fc.constantFrom(...ORDER_STATUSES), { maxLength: 12 }),
        fc.option(fc.integer({ min: -3 * 86400, max: 3 * 86400 })),
        (status: OrderStatus, history: OrderStatus[], offset) => {
          const order = anOrder().withHistory(history).currently(status).preorderedFor(offset === null ? null : NOW + offset).build();
          const group = listGroupOf(order, NOW);
          expect(LIST_GROUPS).toContain(group);
          const filters = (['NEW', 'COLLECTED', 'DELIVERED', 'CANCELLED'] as const).filter((f) => matchesStatusFilter(order, f, NOW));
          expect(filters).toHaveLength(1);
          expect(matchesStatusFilter(order, 'ANY', NOW)).toBe(true);
        },
      ),
    );
  });
});

describe('sortNewestFirst', () => {
  it('returns a new array, newest created_at first', () => {
    const older = anOrder().withId('a').createdAt(NOW - 100).build();
    const newer = anOrder().withId('b').createdAt(NOW).build();
    const input = [older, newer];
    const sorted = sortNewestFirst(input);
    expect(sorted.map((o) => o.order_id)).toEqual(['b', 'a']);
    expect(input.map((o) => o.order_id)).toEqual(['a', 'b']);
  });
});
