// Order statuses, their progress ranking and the status groups of SPEC.md §4.
import type { OrderStatus } from './types';

/** Progress order, low to high, exactly as SPEC.md §4 lists it. */
export const STATUS_PROGRESS = [
  'INITIATED',
  'PAYMENT_INITIATED',
  'PAYMENT_COMMITTED',
  'NEW',
  'STALLED',
  'RECEIVED',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'MODIFIED',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'RETURN_INITIATED',
  'RETURNED_TO_VENDOR',
] as const satisfies readonly OrderStatus[];

/** Statuses that rank below every other status, all at the same rank (SPEC.md §4). */
export const RANKED_BELOW_ALL = ['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'] as const satisfies readonly OrderStatus[];

const BELOW_ALL_RANK = -1;

/**
 * The spec's progress list leaves DELAYED out. A delay is reported while the rider is on the way
 * to the vendor, so DELAYED ranks right after NEAR_VENDOR and before PICKED_UP.
 */
const RANKED = [
  ...STATUS_PROGRESS.slice(0, STATUS_PROGRESS.indexOf('NEAR_VENDOR') + 1),
  'DELAYED',
  ...STATUS_PROGRESS.slice(STATUS_PROGRESS.indexOf('NEAR_VENDOR') + 1),
] as const satisfies readonly OrderStatus[];

/** The rank of a status: -1 for the statuses below all, otherwise its place in the progress order. */
export function statusRank(status: OrderStatus): number {
  if ((RANKED_BELOW_ALL as readonly OrderStatus[]).includes(status)) return BELOW_ALL_RANK;
  return (RANKED as readonly OrderStatus[]).indexOf(status);
}

/** Negative when a is behind b, 0 when at the same rank, positive when a is ahead. */
export function compareStatusProgress(a: OrderStatus, b: OrderStatus): number {
  return statusRank(a) - statusRank(b);
}

export const STATUS_GROUPS = {
  new: [
    'PAYMENT_COMMITTED',
    'NEW',
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'ASSIGNED_TO_TRANSPORT',
    'RECEIVED_BY_VENDOR',
    'ACCEPTED_BY_VENDOR',
    'MODIFIED',
    'NEAR_VENDOR',
  ],
  collected: ['PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER', 'RETURN_INITIATED'],
  cancelled: ['CANCELLED', 'PAYMENT_CANCELLED', 'STALLED', 'PAYMENT_FAILED'],
  active: [
    'NEW',
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'ASSIGNED_TO_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'RECEIVED_BY_VENDOR',
    'ACCEPTED_BY_VENDOR',
    'NEAR_VENDOR',
    'PICKED_UP',
    'NEAR_CUSTOMER',
    'DELAYED',
  ],
  old: ['DELIVERED', 'CANCELLED'],
  deliveredOrReturned: ['DELIVERED', 'RETURNED_TO_VENDOR'],
} as const satisfies Record<string, readonly OrderStatus[]>;

export type StatusGroupName = keyof typeof STATUS_GROUPS;

export function isInStatusGroup(status: OrderStatus, group: StatusGroupName): boolean {
  return (STATUS_GROUPS[group] as readonly OrderStatus[]).includes(status);
}

/** Status filter categories of the order lists (SPEC.md §4); ANY is the default (§9). */
export const STATUS_FILTERS = ['ANY', 'NEW', 'COLLECTED', 'DELIVERED', 'CANCELLED'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** List types of the order screens (SPEC.md §4). */
export const LIST_TYPES = ['Active', 'Past'] as const;
export type ListType = (typeof LIST_TYPES)[number];
