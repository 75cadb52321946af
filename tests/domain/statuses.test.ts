import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  STATUS_GROUPS,
  STATUS_PROGRESS,
  compareStatusProgress,
  isInStatusGroup,
  type OrderStatus,
} from '../../domain';

const status = fc.constantFrom(...ORDER_STATUSES);

describe('progress order (SPEC §4)', () => {
  it('lists the progress order low to high exactly as the spec', () => {
    expect(STATUS_PROGRESS).toEqual([
      'INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW', 'STALLED', 'RECEIVED',
      'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT',
      'COURIER_ACCEPTED_DELIVERY', 'MODIFIED', 'NEAR_VENDOR', 'PICKED_UP', 'COURIER_LEFT_VENDOR',
      'NEAR_CUSTOMER', 'DELIVERED', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR',
    ]);
  });

  it('knows all 23 statuses', () => {
    expect(ORDER_STATUSES).toHaveLength(23);
  });

  it('ranks each listed status (except STALLED) above the previous one', () => {
    const listed = STATUS_PROGRESS.filter((s) => s !== 'STALLED');
    for (let i = 1; i < listed.length; i += 1) {
      expect(compareStatusProgress(listed[i] as OrderStatus, listed[i - 1] as OrderStatus)).toBeGreaterThan(0);
    }
  });

  it.each(['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'] as const)('%s ranks below every other status', (low) => {
    for (const other of ORDER_STATUSES) {
      if (['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'].includes(other)) {
        expect(compareStatusProgress(low, other)).toBe(0);
      } else {
        expect(compareStatusProgress(low, other)).toBeLessThan(0);
      }
    }
  });

  it('ranks STALLED below INITIATED even though the list shows it after NEW', () => {
    expect(compareStatusProgress('STALLED', 'INITIATED')).toBeLessThan(0);
  });

  it('ranks DELAYED (absent from the list) between NEAR_VENDOR and PICKED_UP', () => {
    expect(compareStatusProgress('DELAYED', 'NEAR_VENDOR')).toBeGreaterThan(0);
    expect(compareStatusProgress('DELAYED', 'PICKED_UP')).toBeLessThan(0);
  });

  it('is a total preorder: reflexive, antisymmetric in sign, transitive, total', () => {
    fc.assert(
      fc.property(status, status, status, (a, b, c) => {
        expect(compareStatusProgress(a, a)).toBe(0);
        expect(Math.sign(compareStatusProgress(a, b))).toBe(-Math.sign(compareStatusProgress(b, a)) || 0);
        if (compareStatusProgress(a, b) <= 0 && compareStatusProgress(b, c) <= 0) {
          expect(compareStatusProgress(a, c)).toBeLessThanOrEqual(0);
        }
        expect(compareStatusProgress(a, b) <= 0 || compareStatusProgress(b, a) <= 0).toBe(true);
      }),
    );
  });
});

describe('status groups (SPEC §4)', () => {
  it.each([
    ['new', ['PAYMENT_COMMITTED', 'NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'ASSIGNED_TO_TRANSPORT', 'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR', 'MODIFIED', 'NEAR_VENDOR']],
    ['collected', ['PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER', 'RETURN_INITIATED']],
    ['cancelled', ['CANCELLED', 'PAYMENT_CANCELLED', 'STALLED', 'PAYMENT_FAILED']],
    ['active', ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR', 'NEAR_VENDOR', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELAYED']],
    ['old', ['DELIVERED', 'CANCELLED']],
    ['deliveredOrReturned', ['DELIVERED', 'RETURNED_TO_VENDOR']],
  ] as const)('%s holds exactly its statuses', (group, members) => {
    expect([...STATUS_GROUPS[group]].sort()).toEqual([...members].sort());
    for (const s of ORDER_STATUSES) expect(isInStatusGroup(s, group)).toBe((members as readonly string[]).includes(s));
  });
});
