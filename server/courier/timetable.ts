import { createHash } from 'node:crypto';
import type { OrderStatus } from '../../domain/types';

/** One move of the simulated fleet: reach `status` this many realistic seconds after the previous one. */
export interface PlannedStep {
  status: OrderStatus;
  afterSeconds: number;
}

/** Statuses the simulated fleet never moves on from. */
export const FINAL_STATUSES: readonly OrderStatus[] = [
  'DELIVERED',
  'RETURNED_TO_VENDOR',
  'CANCELLED',
  'PAYMENT_CANCELLED',
  'PAYMENT_FAILED',
  'STALLED',
];

/** Statuses that wait for a payment before the courier platform hears of the order. */
const AWAITING_PAYMENT: readonly OrderStatus[] = ['INITIATED', 'PAYMENT_INITIATED'];

const TO_PICKUP: PlannedStep[] = [
  { status: 'NEW', afterSeconds: 0 },
  { status: 'RECEIVED', afterSeconds: 20 },
  { status: 'WAITING_FOR_TRANSPORT', afterSeconds: 40 },
  { status: 'ASSIGNED_TO_TRANSPORT', afterSeconds: 90 },
  { status: 'COURIER_ACCEPTED_DELIVERY', afterSeconds: 30 },
];
const DELAY: PlannedStep[] = [{ status: 'DELAYED', afterSeconds: 180 }];
const PICKUP: PlannedStep[] = [
  { status: 'NEAR_VENDOR', afterSeconds: 360 },
  { status: 'PICKED_UP', afterSeconds: 180 },
  { status: 'NEAR_CUSTOMER', afterSeconds: 600 },
];
const DELIVER: PlannedStep[] = [{ status: 'DELIVERED', afterSeconds: 180 }];
const RETURN: PlannedStep[] = [
  { status: 'RETURN_INITIATED', afterSeconds: 300 },
  { status: 'RETURNED_TO_VENDOR', afterSeconds: 900 },
];

/** A stable number in [0, 1) per order and purpose, so a restart replays the same plan. */
export function stableFraction(orderId: string, purpose: string): number {
  const digest = createHash('sha256').update(`${purpose}:${orderId}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/** About one order in six is DELAYED on the way to the vendor; about one in twelve is returned. */
export function planFor(orderId: string): PlannedStep[] {
  const delayed = stableFraction(orderId, 'delayed') < 1 / 6;
  const returned = stableFraction(orderId, 'returned') < 1 / 12;
  return [...TO_PICKUP, ...(delayed ? DELAY : []), ...PICKUP, ...(returned ? RETURN : DELIVER)];
}

/** Seconds of wall-clock time for a realistic duration at the given speed (speed 60 = minutes become seconds). */
export function scaledSeconds(realisticSeconds: number, speed: number): number {
  return speed > 0 ? realisticSeconds / speed : Number.POSITIVE_INFINITY;
}

/**
 * The next move from the current status, or null when the order is final, awaits payment, or is in
 * a status off the plan that has no later step (an /ops move to an unplanned status keeps the plan:
 * the fleet resumes from the first planned status after it in the plan's order).
 */
export function nextStep(plan: readonly PlannedStep[], current: OrderStatus): PlannedStep | null {
  if (FINAL_STATUSES.includes(current) || AWAITING_PAYMENT.includes(current)) return null;
  const index = plan.findIndex((step) => step.status === current);
  if (index >= 0) return plan[index + 1] ?? null;
  // Off-plan but moving (MODIFIED, RECEIVED_BY_VENDOR, PAYMENT_COMMITTED ...): continue at the step
  // that follows the matching stage of the journey.
  const resumeAfter: Partial<Record<OrderStatus, OrderStatus>> = {
    PAYMENT_COMMITTED: 'NEW',
    MODIFIED: 'RECEIVED',
    RECEIVED_BY_VENDOR: 'COURIER_ACCEPTED_DELIVERY',
    ACCEPTED_BY_VENDOR: 'COURIER_ACCEPTED_DELIVERY',
    COURIER_LEFT_VENDOR: 'PICKED_UP',
    DELAYED: 'COURIER_ACCEPTED_DELIVERY',
  };
  const anchor = resumeAfter[current];
  if (!anchor) return null;
  const anchorIndex = plan.findIndex((step) => step.status === anchor);
  return anchorIndex >= 0 ? (plan[anchorIndex + 1] ?? null) : null;
}

/** Realistic seconds the plan still needs from `current` until `target` (0 when already past it). */
export function plannedSecondsUntil(plan: readonly PlannedStep[], current: OrderStatus, target: OrderStatus): number {
  let total = 0;
  let step = nextStep(plan, current);
  let guard = plan.length + 1;
  while (step && guard > 0) {
    total += step.afterSeconds;
    if (step.status === target) return total;
    step = nextStep(plan, step.status);
    guard -= 1;
  }
  return 0;
}
