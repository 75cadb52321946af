// SPEC.md §4 list grouping and §9 pre-orders: a pre-order is held by the courier platform until it
// looks for a rider; until then the vendor sees its slot, not delivery estimates counted from now.
import { describe, expect, it } from 'vitest';
import { isAwaitingDispatch, type OrderStatus } from '../../domain';
import { NOON_UTC_2026_03_10 as T0 } from './anOrder';

const preorder = (status: OrderStatus) => ({ status, preordered_for: T0 + 3600 });

describe('isAwaitingDispatch (SPEC §4 pre-orders)', () => {
  it.each(['INITIATED', 'PAYMENT_COMMITTED', 'NEW', 'RECEIVED', 'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR'] as const)(
    'a pre-order in %s, before the platform looks for a rider, awaits dispatch',
    (status) => {
      expect(isAwaitingDispatch(preorder(status))).toBe(true);
    },
  );

  it.each(['WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'DELAYED', 'PICKED_UP', 'DELIVERED'] as const)(
    'a pre-order in %s has been dispatched',
    (status) => {
      expect(isAwaitingDispatch(preorder(status))).toBe(false);
    },
  );

  it.each(['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'] as const)('a cancelled pre-order (%s) awaits nothing', (status) => {
    expect(isAwaitingDispatch(preorder(status))).toBe(false);
  });

  it('an order without a pre-order time is never awaiting dispatch', () => {
    expect(isAwaitingDispatch({ status: 'NEW', preordered_for: null })).toBe(false);
  });
});
